/**
 * Compile a printed grammar's rule into an anchored JavaScript RegExp: the oracle's verdict.
 *
 * Why a RegExp: the grammars are regular (see recursion.ts), and a backtracking regex engine
 * explores every alternative and every repetition count, so `^(?:...)$` accepts exactly the
 * rule's language. That is the property a PEG lacks (ordered choice commits, repetition is
 * greedy), which is what the oracle is there to catch.
 *
 * Choices:
 * - no `i` flag: ABNF quoted strings are case-insensitive (RFC 2234 §2.3) but `%x` ranges are
 *   exact, so each letter of a case-insensitive literal becomes a `[vV]` class;
 * - every character outside [A-Za-z0-9] is written `\uHHHH` (`\u{HHHHH}` with the `u` flag), so
 *   no metacharacter leaks;
 * - ABNF terminals are characters, not bytes or code units (RFC 2234 §2.3 "characters", RFC 3987
 *   §2.2 "Terminals in the ABNF are characters"), so an ABNF grammar's RegExp has the `u` flag:
 *   the engine reads the input by code point, a surrogate pair is one character and a lone
 *   surrogate one of its own, and `%x10000-1FFFD` is a class. The RFC 822 grammars stay read by
 *   code unit (the 1996 draft's `national` spells its surrogate pairs out: printed-grammars.ts);
 * - alternatives of single characters are merged into one class (smaller, less backtracking).
 *
 * Limits: only for short inputs (the property tests use < 200 characters). Nested
 * quantifiers such as `(?:(?:/[...]*)*` backtrack polynomially, worse on rejected input;
 * never use these regexes on untrusted or long strings.
 */
import { type Grammar, type Node, lookupRule } from './ast.js';
import { expandRule } from './recursion.js';

type Ranges = Array<[number, number]>;

function hex4(code: number, u: boolean): string {
  if (u) return `\\u{${code.toString(16).toUpperCase()}}`;
  if (code > 0xffff) throw new Error(`code point U+${code.toString(16)} needs the u flag (an ABNF grammar)`);
  return '\\u' + code.toString(16).toUpperCase().padStart(4, '0');
}

function escapeChar(code: number, u: boolean): string {
  const c = String.fromCodePoint(code);
  return /[A-Za-z0-9]/.test(c) ? c : hex4(code, u);
}

function normalise(ranges: Ranges): Ranges {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function letterCases(code: number): number[] {
  const c = String.fromCodePoint(code);
  const lower = c.toLowerCase().charCodeAt(0);
  const upper = c.toUpperCase().charCodeAt(0);
  // Only ASCII letters fold: RFC 2234 §2.3 speaks of US-ASCII characters.
  return /[A-Za-z]/.test(c) && lower !== upper ? [lower, upper] : [code];
}

/** The node's language as a set of one-character strings, or null if it is not one. */
export function charSet(node: Node): Ranges | null {
  switch (node.type) {
    case 'range':
      return [[node.lo, node.hi]];
    case 'lit': {
      if ([...node.text].length !== 1) return null;
      const code = node.text.codePointAt(0)!;
      return (node.caseInsensitive ? letterCases(code) : [code]).map((c) => [c, c] as [number, number]);
    }
    case 'alt': {
      const all: Ranges = [];
      for (const item of node.items) {
        const r = charSet(item);
        if (!r) return null;
        all.push(...r);
      }
      return normalise(all);
    }
    case 'seq':
      return node.items.length === 1 ? charSet(node.items[0]!) : null;
    case 'rep':
      return node.min === 1 && node.max === 1 ? charSet(node.item) : null;
    default:
      return null;
  }
}

function classSource(ranges: Ranges, u: boolean): string {
  if (ranges.length === 1 && ranges[0]![0] === ranges[0]![1]) return escapeChar(ranges[0]![0], u);
  const body = ranges.map(([lo, hi]) => (lo === hi ? escapeChar(lo, u) : `${escapeChar(lo, u)}-${escapeChar(hi, u)}`)).join('');
  return `[${body}]`;
}

/**
 * `atom` can take a quantifier as is; `quantified` and `seq` can be concatenated but need a
 * group before another quantifier (`x{1,4}?` would be a lazy quantifier, not an option);
 * `alt` needs a group for both.
 */
interface Src {
  src: string;
  kind: 'atom' | 'quantified' | 'seq' | 'alt' | 'empty';
}

function group(s: Src): string {
  return s.kind === 'atom' || s.kind === 'empty' ? s.src : `(?:${s.src})`;
}

function quantifier(min: number, max: number | null): string {
  if (min === 0 && max === 1) return '?';
  if (min === 0 && max === null) return '*';
  if (min === 1 && max === null) return '+';
  if (max === null) return `{${min},}`;
  return min === max ? `{${min}}` : `{${min},${max}}`;
}

/** The memo of one compilation, and whether it reads code points (the `u` flag). */
interface Ctx {
  memo: Map<Node, Src>;
  u: boolean;
}

function compileNode(node: Node, ctx: Ctx): Src {
  const cached = ctx.memo.get(node);
  if (cached) return cached;
  const result = compileUncached(node, ctx);
  ctx.memo.set(node, result);
  return result;
}

function compileUncached(node: Node, ctx: Ctx): Src {
  const set = charSet(node);
  if (set) return { src: classSource(set, ctx.u), kind: 'atom' };
  switch (node.type) {
    case 'lit': {
      const parts = [...node.text].map((ch) => classSource(
        (node.caseInsensitive ? letterCases(ch.codePointAt(0)!) : [ch.codePointAt(0)!]).map((c) => [c, c] as [number, number]),
        ctx.u,
      ));
      return { src: parts.join(''), kind: parts.length === 1 ? 'atom' : 'seq' };
    }
    case 'seq': {
      const parts = node.items.map((n) => compileNode(n, ctx)).filter((s) => s.kind !== 'empty');
      if (parts.length === 0) return { src: '', kind: 'empty' };
      if (parts.length === 1) return parts[0]!;
      return { src: parts.map((p) => (p.kind === 'alt' ? `(?:${p.src})` : p.src)).join(''), kind: 'seq' };
    }
    case 'alt': {
      const singles: Ranges = [];
      const others: string[] = [];
      for (const item of node.items) {
        const r = charSet(item);
        if (r) singles.push(...r);
        else others.push(compileNode(item, ctx).src);
      }
      const parts = singles.length ? [classSource(normalise(singles), ctx.u), ...others] : others;
      const unique = [...new Set(parts)];
      return unique.length === 1 ? { src: unique[0]!, kind: others.length ? 'alt' : 'atom' } : { src: unique.join('|'), kind: 'alt' };
    }
    case 'rep': {
      if (node.max === 0) return { src: '', kind: 'empty' };
      const item = compileNode(node.item, ctx);
      if (item.kind === 'empty') return item;
      if (node.min === 1 && node.max === 1) return item;
      return { src: group(item) + quantifier(node.min, node.max), kind: 'quantified' };
    }
    default:
      throw new Error(`unexpected ${node.type} node after expansion`);
  }
}

/** The regex source (without anchors) of an expanded expression. */
export function regexSource(node: Node, u = false): string {
  return compileNode(node, { memo: new Map(), u }).src;
}

const cache = new WeakMap<Grammar, Map<string, RegExp>>();

/**
 * The anchored RegExp `^(?:...)$` for `rule`. Throws if the rule is undefined, uses an
 * undefined rule, or is recursive in a way recursion.ts cannot rewrite. Cached per
 * (grammar, rule).
 */
export function compileRule(grammar: Grammar, rule: string): RegExp {
  const canonical = lookupRule(grammar, rule)?.name ?? rule;
  let perGrammar = cache.get(grammar);
  if (!perGrammar) cache.set(grammar, (perGrammar = new Map()));
  let re = perGrammar.get(canonical);
  if (!re) {
    const u = grammar.notation === 'abnf';
    re = new RegExp(`^(?:${regexSource(expandRule(grammar, canonical), u)})$`, u ? 'u' : '');
    perGrammar.set(canonical, re);
  }
  return re;
}
