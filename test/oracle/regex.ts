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
 * - every character outside [A-Za-z0-9] is written `\uHHHH`, so no metacharacter leaks;
 * - alternatives of single characters are merged into one class (smaller, less backtracking).
 *
 * Limits: only for short inputs (the property tests use < 200 characters). Nested
 * quantifiers such as `(?:(?:/[...]*)*` backtrack polynomially, worse on rejected input;
 * never use these regexes on untrusted or long strings.
 */
import { type Grammar, type Node, lookupRule } from './ast.js';
import { expandRule } from './recursion.js';

type Ranges = Array<[number, number]>;

function hex4(code: number): string {
  if (code > 0xffff) throw new Error(`code point U+${code.toString(16)} needs the u flag, unsupported`);
  return '\\u' + code.toString(16).toUpperCase().padStart(4, '0');
}

function escapeChar(code: number): string {
  const c = String.fromCharCode(code);
  return /[A-Za-z0-9]/.test(c) ? c : hex4(code);
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
  const c = String.fromCharCode(code);
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
      if (node.text.length !== 1) return null;
      const code = node.text.charCodeAt(0);
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

function classSource(ranges: Ranges): string {
  if (ranges.length === 1 && ranges[0]![0] === ranges[0]![1]) return escapeChar(ranges[0]![0]);
  const body = ranges.map(([lo, hi]) => (lo === hi ? escapeChar(lo) : `${escapeChar(lo)}-${escapeChar(hi)}`)).join('');
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

function compileNode(node: Node, memo: Map<Node, Src>): Src {
  const cached = memo.get(node);
  if (cached) return cached;
  const result = compileUncached(node, memo);
  memo.set(node, result);
  return result;
}

function compileUncached(node: Node, memo: Map<Node, Src>): Src {
  const set = charSet(node);
  if (set) return { src: classSource(set), kind: 'atom' };
  switch (node.type) {
    case 'lit': {
      const parts = [...node.text].map((ch) => classSource(
        (node.caseInsensitive ? letterCases(ch.charCodeAt(0)) : [ch.charCodeAt(0)]).map((c) => [c, c] as [number, number]),
      ));
      return { src: parts.join(''), kind: parts.length === 1 ? 'atom' : 'seq' };
    }
    case 'seq': {
      const parts = node.items.map((n) => compileNode(n, memo)).filter((s) => s.kind !== 'empty');
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
        else others.push(compileNode(item, memo).src);
      }
      const parts = singles.length ? [classSource(normalise(singles)), ...others] : others;
      const unique = [...new Set(parts)];
      return unique.length === 1 ? { src: unique[0]!, kind: others.length ? 'alt' : 'atom' } : { src: unique.join('|'), kind: 'alt' };
    }
    case 'rep': {
      if (node.max === 0) return { src: '', kind: 'empty' };
      const item = compileNode(node.item, memo);
      if (item.kind === 'empty') return item;
      if (node.min === 1 && node.max === 1) return item;
      return { src: group(item) + quantifier(node.min, node.max), kind: 'quantified' };
    }
    default:
      throw new Error(`unexpected ${node.type} node after expansion`);
  }
}

/** The regex source (without anchors) of an expanded expression. */
export function regexSource(node: Node): string {
  return compileNode(node, new Map()).src;
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
    re = new RegExp(`^(?:${regexSource(expandRule(grammar, canonical))})$`);
    perGrammar.set(canonical, re);
  }
  return re;
}
