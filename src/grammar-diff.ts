// What changed between two eras' grammars: rule by rule (names only in one, definitions that
// changed) and, because a changed definition does not say whether the language changed,
// witnesses: short strings that one era's default start rule accepts and the other's rejects.
//
// Witnesses come from a deterministic search run on the two generated parsers themselves, so
// every witness is a verdict of both parsers (checked again before it is returned). Seeds (the
// grammars' own per-rule examples and a list of teaching URIs, src/grammar-diff-seeds.ts) are
// mutated one character at a time (a deletion, a change of case, an insertion) over an
// alphabet taken from the grammars' printed rules (literals and class boundaries) plus
// characters no era allows. Each string the eras disagree on is classed: by the character, when
// the rejecting era accepted it nowhere in the search (`~` in RFC 1808, `[` before RFC 2732);
// otherwise by the rule that fails in the rejecting era and what it expected there. The
// shortest string of each class is shrunk by deleting characters while it stays in its class.
// The classes are the language differences found: one witness each, shortest first.

import type { ValidationError } from './diagnose.js';
import { eraOf, type Era } from './registry.js';
import { isValid, targetOf, type SpecId } from './validate.js';
import { acceptsIn, type Target, validateIn } from './validate-era.js';
import { TEACHING_SEEDS } from './grammar-diff-seeds.js';

/**
 * The differences between two eras. Keys named by spec id (`onlyIn[a]`, `changed[i][a]`,
 * `valid[a]`) make the JSON read as the comparison it is.
 *
 * @example
 * ```ts
 * import { grammarDiff, type GrammarDiff } from 'urispec';
 * const d: GrammarDiff = grammarDiff('rfc1808', 'rfc2396-draft');
 * Object.keys(d); // ['a', 'b', 'onlyIn', 'changed', 'witnesses']: JSON.stringify(d) in that order
 * ```
 */
export interface GrammarDiff {
  a: SpecId;
  b: SpecId;
  /** Rule names (as printed) that only one era's grammar has, in that grammar's order. */
  onlyIn: Record<SpecId, string[]>;
  /** Rules of the same name whose definition differs, each with both definitions as printed. */
  changed: RuleChange[];
  /** Strings valid under one era's default start rule and invalid under the other's. */
  witnesses: Witness[];
}

/**
 * A rule both eras define, differently: `{ rule, [a]: text, [b]: text }`.
 *
 * @example
 * ```ts
 * import { grammarDiff } from 'urispec';
 * grammarDiff('rfc1808', 'rfc3986').changed.find((c) => c.rule === 'query');
 * // { rule: 'query', rfc1808: 'query       =  *( uchar | reserved )', rfc3986: 'query         = *( pchar / "/" / "?" )' }
 * ```
 */
export interface RuleChange {
  rule: string;
  [spec: SpecId]: string;
}

/**
 * A string the two eras disagree on, with the diagnosis of the era that rejects it.
 *
 * @example
 * ```ts
 * import { grammarDiff } from 'urispec';
 * grammarDiff('rfc1808', 'rfc3986').witnesses.find((w) => w.input === '~');
 * // { input: '~', valid: { rfc1808: false, rfc3986: true }, error: { offset: 0, rule: 'URL', ... } }
 * // (at offset 0 the start rule is named: several rules could begin with another character)
 * ```
 */
export interface Witness {
  input: string;
  valid: Record<SpecId, boolean>;
  /** The rejecting era's error record (which era that is: the one with `valid` false). */
  error: ValidationError;
}

/** Seeds longer than this are not mutated: witnesses are meant to be short. */
const MAX_SEED_LENGTH = 24;

/** Characters that no era's grammar allows anywhere, or only in places. */
const OUTSIDERS = [' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '\t', '\u0000', '\u007f', '\u00e9'];

const cache = new Map<string, GrammarDiff>();
const searched = new Map<string, Witness[]>();

/**
 * Compares two eras' grammars: rules only in one, rules whose printed definition changed, and
 * witnesses of the language difference, each confirmed by both eras' parsers and carrying the
 * rejecting era's diagnosis. Deterministic; computed once per pair and cached.
 *
 * @throws {UsageError} for an unknown spec id.
 * @example
 * ```ts
 * import { grammarDiff } from 'urispec';
 * const d = grammarDiff('rfc1808', 'rfc3986');
 * d.onlyIn.rfc3986?.includes('IP-literal');             // true
 * d.changed.find((c) => c.rule === 'scheme');
 * // { rule: 'scheme', rfc1808: 'scheme      = 1*( alpha | digit | "+" | "-" | "." )', rfc3986: 'scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )' }
 * d.witnesses.find((w) => w.input === '~');
 * // { input: '~', valid: { rfc1808: false, rfc3986: true }, error: { offset: 0, rule: ..., ... } }
 * ```
 */
export function grammarDiff(a: SpecId, b: SpecId): GrammarDiff {
  const eraA = eraOf(a);
  const eraB = eraOf(b);
  const key = `${eraA.id}\u0000${eraB.id}`;
  let diff = cache.get(key);
  if (!diff) cache.set(key, (diff = compute(eraA, eraB)));
  return structuredClone(diff);
}

/** The search runs on the pair in one order whichever way it is asked, so both agree. */
function witnessesOf(a: Era, b: Era): Witness[] {
  const key = [a.id, b.id].sort().join('\u0000');
  let found = searched.get(key);
  if (!found) searched.set(key, (found = a.id < b.id ? findWitnesses(a, b) : findWitnesses(b, a)));
  return found;
}

function compute(a: Era, b: Era): GrammarDiff {
  const namesA = new Map(a.meta.rules.map((r) => [r.name, r]));
  const namesB = new Map(b.meta.rules.map((r) => [r.name, r]));
  const changed: RuleChange[] = [];
  for (const r of a.meta.rules) {
    const other = namesB.get(r.name);
    if (other && a.id !== b.id && definition(r.text) !== definition(other.text)) {
      changed.push({ rule: r.name, [a.id]: r.text, [b.id]: other.text });
    }
  }
  return {
    a: a.id,
    b: b.id,
    onlyIn: {
      [a.id]: a.meta.rules.filter((r) => !namesB.has(r.name)).map((r) => r.name),
      [b.id]: b.meta.rules.filter((r) => !namesA.has(r.name)).map((r) => r.name),
    },
    changed,
    witnesses: a.id === b.id ? [] : witnessesOf(a, b).map((w) => ({ ...w, valid: { [a.id]: w.valid[a.id]!, [b.id]: w.valid[b.id]! } })),
  };
}

/**
 * A rule's definition without its name, comments, layout or notation: RFC 822 BNF writes
 * alternatives with `|`, ABNF with `/`, and neither is a change of the rule.
 *
 * @example
 * ```ts
 * import { definition } from './grammar-diff.js';
 * definition('port = *digit');                 // '*digit'
 * definition('a = b |\n    "/"') === definition('a = b / "/" ; a comment'); // true
 * ```
 */
export function definition(text: string): string {
  const body = text.slice(text.indexOf('=') + 1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '"') {
      const end = body.indexOf('"', i + 1);
      const stop = end < 0 ? body.length : end + 1;
      out += body.slice(i, stop);
      i = stop - 1;
    } else if (c === ';') {
      // An ABNF comment runs to the end of the line.
      const nl = body.indexOf('\n', i);
      i = nl < 0 ? body.length : nl - 1;
    } else if (c === '/') out += '|';
    else out += /\s/.test(c) ? ' ' : c;
  }
  return out.replace(/\s+/g, ' ').replace(/\s*([|()[\]])\s*/g, '$1').trim();
}

/**
 * The characters the printed rules of `eras` mention: the punctuation of multi-character
 * literals, and of each rule's single characters and `%x` ranges the ends of every run and
 * the characters just outside it (where a class boundary is tested), in both cases; and
 * characters no era allows.
 *
 * @example
 * ```ts
 * import { grammarAlphabet } from './grammar-diff.js';
 * import { eraOf } from './registry.js';
 * grammarAlphabet([eraOf('rfc3986')]).includes('~'); // true: a literal of unreserved
 * ```
 */
export function grammarAlphabet(eras: readonly Era[]): string[] {
  const chars = new Set<string>(OUTSIDERS);
  const add = (code: number) => {
    if (code < 0 || code > 0xffff) return;
    const c = String.fromCharCode(code);
    // Both cases: literals are case-sensitive in some eras and not in others.
    for (const v of [c, c.toLowerCase(), c.toUpperCase()]) chars.add(v);
  };
  for (const era of eras) {
    for (const rule of era.meta.rules) {
      const codes = new Set<number>();
      for (const m of rule.text.matchAll(/"([^"]*)"/g)) {
        const text = m[1]!;
        if (text.length === 1) codes.add(text.charCodeAt(0));
        // A keyword's letters are letters like any other: its punctuation is what matters.
        else for (const ch of text) if (!/[A-Za-z0-9]/.test(ch)) add(ch.charCodeAt(0));
      }
      for (const m of rule.text.matchAll(/%x([0-9A-Fa-f]+)(?:-([0-9A-Fa-f]+))?/g)) {
        const lo = parseInt(m[1]!, 16);
        const hi = m[2] ? parseInt(m[2], 16) : lo;
        for (let c = lo; c <= hi && c - lo < 0x100; c++) codes.add(c);
        codes.add(hi);
      }
      for (const code of codes) {
        const first = !codes.has(code - 1);
        const last = !codes.has(code + 1);
        if (first) add(code - 1);
        if (first || last) add(code);
        if (last) add(code + 1);
      }
    }
  }
  return [...chars].sort();
}

interface Found {
  input: string;
  verdict: number;
  error: ValidationError;
}

/** At most this many disagreeing strings around each seed (the shortest) are diagnosed. */
const PER_SEED_BUDGET = 12;

function findWitnesses(a: Era, b: Era): Witness[] {
  // Both eras' targets, resolved once: what isValid and validate check, without resolving the
  // options on each of the search's many strings (the two eras alternate, so the target
  // validate.ts kept from the last call was never the one asked for).
  const targetA = targetOf({ spec: a.id });
  const targetB = targetOf({ spec: b.id });
  // Bit 1: valid in a; bit 2: valid in b. They disagree when the verdict is 1 or 2.
  const verdict = (s: string) => (acceptsIn(targetA, s) ? 1 : 0) | (acceptsIn(targetB, s) ? 2 : 0);
  const seen = new Set<string>();
  /** Per seed, the strings around it the eras disagree on, with the character put in. */
  const disagree: Array<Array<[string, number, string]>> = [];
  // The characters each era accepted somewhere in the search (bit 1: a, bit 2: b).
  const accepted = new Map<string, number>();
  const consider = (s: string, c: string, group: Array<[string, number, string]>) => {
    // A string both eras reject counts for nothing, the first time or again, so it need not
    // be remembered: the verdict (two automata) costs less than the set, which then holds only
    // the strings some era accepts, whose first occurrence alone counts.
    const v = verdict(s);
    if (v === 0) return;
    // One lookup, not `has` then `add`: the set's lookups were a sixth of the search's time.
    const size = seen.size;
    if (seen.add(s).size === size) return;
    accepted.set(c, (accepted.get(c) ?? 0) | v);
    if (v === 1 || v === 2) group.push([s, v, c]);
  };

  const seeds = seedsFor([a, b]);
  const alphabet = grammarAlphabet([a, b]);
  for (const s of seeds) {
    const group: Array<[string, number, string]> = [];
    disagree.push(group);
    // The seed itself: every character of it is one its eras accept. `consider` counts a string
    // once, with one character, so it would credit the first alone (and none when an earlier
    // seed made the same string): a character a seed of the rejecting era holds would then pass
    // for foreign to it, and its disagreements be told by that character instead of by the rule
    // that fails (RFC 6874's zone identifiers against RFC 9110's http-URI were left out so).
    const chars = [...s];
    const v = verdict(s);
    if (v !== 0) for (const c of chars) accepted.set(c, (accepted.get(c) ?? 0) | v);
    if (chars.length > 0) consider(s, chars[0]!, group);
    // Past the prefix of the seed that both grammars refuse whatever follows, every edit below
    // keeps that prefix, and both eras reject it: the search stops there.
    const end = Math.max(deadPrefix(targetA, s), deadPrefix(targetB, s));
    for (let i = 0; i < end; i++) {
      const head = s.slice(0, i);
      const tail = s.slice(i);
      if (i < s.length) {
        consider(head + tail.slice(1), '', group);
        const c = s[i]!;
        const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
        if (flipped !== c) consider(head + flipped + tail.slice(1), flipped, group);
      }
      for (const c of alphabet) {
        consider(head + c + tail, c, group);
      }
    }
  }

  // A character the rejecting era accepted nowhere in the search fails wherever it stands:
  // the shortest string that brings it in is its witness. Every other disagreement is
  // diagnosed, the shortest few around each seed (one string of each shape).
  const foreign = (c: string, v: number) => c !== '' && ((accepted.get(c) ?? 0) & (v === 1 ? 2 : 1)) === 0;
  const diagnose = (s: string, v: number): Found => {
    const r = validateIn(v === 1 ? targetB : targetA, s);
    if (r.valid) throw new Error(`internal: ${JSON.stringify(s)} valid in ${r.spec} on the second run`);
    return { input: s, verdict: v, error: r.error };
  };
  const byForeign = new Map<string, string>();
  const shapes = new Set<string>();
  const candidates: Found[] = [];
  for (const group of disagree) {
    group.sort(([x], [y]) => order(x, y));
    let budget = PER_SEED_BUDGET;
    for (const [s, v, c] of group) {
      if (foreign(c, v)) {
        const key = `${v} ${c}`;
        const known = byForeign.get(key);
        if (known === undefined || order(s, known) < 0) byForeign.set(key, s);
        continue;
      }
      // The seed's budget first: most of a group's strings come after it is spent, and working
      // out their shapes took a tenth of the search's time.
      if (budget === 0) continue;
      // Strings of one shape (letters as "a", digits as "0") almost always fail alike.
      const shape = `${v}${s.replace(/[A-Za-z]/g, 'a').replace(/[0-9]/g, '0')}`;
      if (shapes.has(shape)) continue;
      shapes.add(shape);
      budget--;
      candidates.push(diagnose(s, v));
    }
  }
  for (const [key, s] of byForeign) candidates.push(diagnose(s, Number(key[0])));

  // What tells two disagreements apart for a learner: a character foreign to the rejecting
  // era is the difference wherever it stands; otherwise the rule that fails and what it
  // expected there.
  const feature = (f: Found): string => {
    const { found, rule, expectedGrouped } = f.error;
    return found !== null && foreign(found, f.verdict) ? `${f.verdict} ${found}` : `${f.verdict} ${rule} ${(expectedGrouped ?? f.error.expected).join(' ')}`;
  };
  candidates.sort((x, y) => order(x.input, y.input));
  const covered = new Set<string>();
  const kept: Array<{ found: Found; key: string }> = [];
  for (const found of candidates) {
    const key = feature(found);
    if (covered.has(key)) continue;
    covered.add(key);
    kept.push({ found, key });
  }

  const witnesses = new Map<string, Witness>();
  // Shrunk witnesses that fail in the same rule at the same kind of character (one letter or
  // another) tell the same story: the shortest stays.
  const told = new Set<string>();
  const shrunk = kept.map(({ found, key }) => shrink(found, (f) => feature(f) === key, verdict, diagnose));
  shrunk.sort((x, y) => order(x.input, y.input));
  for (const small of shrunk) {
    const story = `${small.verdict} ${small.error.rule} ${kindOf(small.error.found)} ${(small.error.expectedGrouped ?? small.error.expected).join(' ')}`;
    if (witnesses.has(small.input) || told.has(story)) continue;
    told.add(story);
    const valid = { [a.id]: isValid(small.input, { spec: a.id }), [b.id]: isValid(small.input, { spec: b.id }) };
    // Confirmed by both parsers: exactly one accepts it.
    if (valid[a.id] === valid[b.id]) throw new Error(`internal: witness ${JSON.stringify(small.input)} not confirmed`);
    witnesses.set(small.input, { input: small.input, valid, error: small.error });
  }
  return [...witnesses.values()].sort((x, y) => order(x.input, y.input));
}

/**
 * The length of a prefix of `s` that no string of the target's grammar begins with, from its
 * automaton's `stoppedAt` (the unit at which no thread was left, or the high surrogate before
 * it: the prefix through the unit after it is refused in either case). A string with that
 * prefix is rejected by the grammar, so by the target too (its prose and scheme checks only
 * narrow the grammar's language). `s.length + 1`, no prefix of `s` being refused on its own,
 * when the automaton gives none: it accepts `s`, `s` ended first, there is no automaton, or its
 * fallback gave the verdict.
 */
function deadPrefix(t: Target, s: string): number {
  const automaton = t.automaton;
  if (automaton === null || automaton.accepts(s)) return s.length + 1;
  const at = automaton.stoppedAt;
  return at < 0 || at + 2 > s.length ? s.length + 1 : at + 2;
}

/** A character's kind: each letter and each digit stands for its class; others for themselves. */
function kindOf(found: string | null): string {
  if (found === null) return 'end';
  if (/^[A-Za-z]$/.test(found)) return 'letter';
  if (/^[0-9]$/.test(found)) return 'digit';
  return JSON.stringify(found);
}

/** Shortest first, then in code-unit order: a total order, so the output is stable. */
function order(x: string, y: string): number {
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}

/** Deletes characters (halves, then smaller runs) while the string keeps its verdicts and class. */
function shrink(
  found: Found,
  inClass: (f: Found) => boolean,
  verdict: (s: string) => number,
  diagnose: (s: string, v: number) => Found,
): Found {
  let best = found;
  let progress = true;
  while (progress) {
    progress = false;
    for (let width = Math.max(1, best.input.length >> 1); width >= 1 && !progress; width >>= 1) {
      for (let i = 0; i + width <= best.input.length; i++) {
        const s = best.input.slice(0, i) + best.input.slice(i + width);
        if (verdict(s) !== found.verdict) continue;
        const f = diagnose(s, found.verdict);
        if (!inClass(f)) continue;
        best = f;
        progress = true;
        break;
      }
    }
  }
  return best;
}

/** The grammars' own per-rule examples (both kinds) and the teaching list, short ones only. */
function seedsFor(eras: readonly Era[]): string[] {
  const seeds = new Set<string>(TEACHING_SEEDS);
  for (const era of eras) {
    for (const rule of era.meta.rules) for (const s of [...rule.matches, ...rule.rejects]) seeds.add(s);
  }
  return [...seeds].filter((s) => s.length <= MAX_SEED_LENGTH);
}
