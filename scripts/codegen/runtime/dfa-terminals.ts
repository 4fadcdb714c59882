// What a terminal of the grammar data (generated/<era>.grammar.js: a literal, a class, `.`)
// matches, read as UTF-16 code units, the units the recognizers and Peggy's parser step over:
// alternatives, each a sequence of steps, each step one code unit from a set (or a check of the
// next unit that consumes none). Each is Peggy's own test, computed here from the class's parts
// instead of its RegExp (this module ships; Peggy does not); test/dfa.test.ts holds every terminal of every grammar to Peggy's RegExp
// (scripts/codegen/char-sets.ts classRegExp) on every code unit.

import type { GeneratedExpression } from '#generated';

/** Sorted, disjoint, inclusive code-unit ranges: lo, hi, lo, hi, ... */
export type Ranges = number[];

/** One step of a terminal: a code unit of `units`; or, consuming none, a next unit (or the end) outside `notNext`. */
export type Step = { units: Ranges } | { notNext: Ranges };

/** What a terminal matches: any of the alternatives, each a sequence of steps. */
export type Terminal = Step[][];

/** A terminal (or rule) the automaton does not read exactly: its start rules keep the fast recognizer. */
export class NoAutomaton extends Error {}

const MAX_UNIT = 0xffff;
const MAX_CODE_POINT = 0x10ffff;
const LOW_SURROGATES: Ranges = [0xdc00, 0xdfff];

/** Sorted and merged, clipped to lo..hi. */
export function normalize(pairs: Array<[number, number]>, lo = 0, hi = MAX_UNIT): Ranges {
  const sorted = pairs
    .map(([a, b]): [number, number] => [Math.max(a, lo), Math.min(b, hi)])
    .filter(([a, b]) => a <= b)
    .sort((x, y) => x[0] - y[0]);
  const out: Ranges = [];
  for (const [a, b] of sorted) {
    if (out.length > 0 && a <= out[out.length - 1]! + 1) out[out.length - 1] = Math.max(out[out.length - 1]!, b);
    else out.push(a, b);
  }
  return out;
}

function pairsOf(r: Ranges): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < r.length; i += 2) out.push([r[i]!, r[i + 1]!]);
  return out;
}

export function union(a: Ranges, b: Ranges): Ranges {
  return normalize([...pairsOf(a), ...pairsOf(b)]);
}

function complement(r: Ranges, max: number): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (let i = 0; i < r.length; i += 2) {
    if (r[i]! > next) out.push(next, r[i]! - 1);
    next = r[i + 1]! + 1;
  }
  if (next <= max) out.push(next, max);
  return out;
}

/**
 * Peggy's case-insensitive literal test, `input.substr(p, n).toLowerCase() === lower`, one code
 * unit at a time: exact when `lower` is ASCII, since a code unit that lower-cases to one ASCII
 * character is that character, its upper case, or KELVIN SIGN (U+212A, to "k"); every other
 * unit lower-cases to a non-ASCII one or to two units (U+0130), which cannot equal an ASCII
 * literal of the same length.
 */
function foldedUnits(lower: number): Ranges {
  const ch = String.fromCharCode(lower);
  const pairs: Array<[number, number]> = [[lower, lower]];
  const upper = ch.toUpperCase().charCodeAt(0);
  if (upper !== lower && upper < 128) pairs.push([upper, upper]);
  if (ch === 'k') pairs.push([0x212a, 0x212a]);
  return normalize(pairs);
}

/**
 * A non-`u` class's units under RegExp's `i` flag, for ASCII parts: a letter and its other case.
 * No unit above 127 matches: without `u`, RegExp's case folding (Canonicalize, ECMA-262
 * §22.2.2.7.3) never maps a unit above 127 to one below.
 */
function caseClosure(r: Ranges): Ranges {
  const pairs = pairsOf(r);
  for (let c = 65; c <= 122; c++) {
    if (!(c <= 90 || c >= 97)) continue;
    const other = c <= 90 ? c + 32 : c - 32;
    if (pairsOf(r).some(([a, b]) => a <= c && c <= b)) pairs.push([other, other]);
  }
  return normalize(pairs);
}

function classTerminal(node: Extract<GeneratedExpression, { type: 'class' }>): Terminal {
  const unicode = node.unicode;
  const code = (s: string): number => {
    if (unicode) {
      if ([...s].length !== 1) throw new NoAutomaton(`class part ${JSON.stringify(s)}`);
      return s.codePointAt(0)!;
    }
    if (s.length !== 1) throw new NoAutomaton(`class part ${JSON.stringify(s)}`);
    return s.charCodeAt(0);
  };
  let ranges = normalize(
    node.parts.map((p): [number, number] => (Array.isArray(p) ? [code(p[0]!), code(p[1]!)] : [code(p), code(p)])),
    0,
    unicode ? MAX_CODE_POINT : MAX_UNIT,
  );
  if (node.ignoreCase) {
    if (unicode || ranges.some((c) => c >= 128)) throw new NoAutomaton('a case-insensitive class beyond ASCII');
    ranges = caseClosure(ranges);
  }
  if (node.inverted) ranges = complement(ranges, unicode ? MAX_CODE_POINT : MAX_UNIT);
  if (!unicode) return [[{ units: ranges }]];
  return codePointTerminal(ranges);
}

/**
 * A `u` class: one code point, as Peggy reads it (`input.codePointAt(p)`): a high surrogate
 * followed by a low one is one code point of two units; any other unit, a lone surrogate
 * included, is the code point of its value. So a set of code points is: its units below
 * U+10000 other than high surrogates; its high surrogates when no low surrogate follows; and
 * for its code points above U+FFFF, their two units (a high range, then a low range).
 */
function codePointTerminal(cps: Ranges): Terminal {
  const bmp = pairsOf(cps).filter(([a]) => a <= MAX_UNIT);
  const plain = complementWithin(normalize(bmp), [0xd800, 0xdbff]);
  const high = normalize(bmp, 0xd800, 0xdbff);
  const out: Terminal = [];
  if (plain.length > 0) out.push([{ units: plain }]);
  if (high.length > 0) out.push([{ units: high }, { notNext: LOW_SURROGATES }]);
  for (const [a, b] of pairsOf(normalize(pairsOf(cps), 0x10000, MAX_CODE_POINT))) {
    const hi = (cp: number) => 0xd800 + ((cp - 0x10000) >> 10);
    const lo = (cp: number) => 0xdc00 + ((cp - 0x10000) & 0x3ff);
    const [ha, hb, la, lb] = [hi(a), hi(b), lo(a), lo(b)];
    if (ha === hb) {
      out.push([{ units: [ha, ha] }, { units: [la, lb] }]);
      continue;
    }
    out.push([{ units: [ha, ha] }, { units: [la, 0xdfff] }]);
    if (hb - ha > 1) out.push([{ units: [ha + 1, hb - 1] }, { units: [0xdc00, 0xdfff] }]);
    out.push([{ units: [hb, hb] }, { units: [0xdc00, lb] }]);
  }
  return out;
}

/** `r` without the units of the inclusive range `cut`. */
function complementWithin(r: Ranges, [lo, hi]: [number, number]): Ranges {
  return normalize(pairsOf(r).flatMap(([a, b]): Array<[number, number]> => [[a, Math.min(b, lo - 1)], [Math.max(a, hi + 1), b]]));
}

/** The terminal of a literal, class or `.` node; null for other nodes. */
export function terminalOf(node: GeneratedExpression): Terminal | null {
  switch (node.type) {
    case 'any':
      // Peggy's `.`: one code unit (input.charAt).
      return [[{ units: [0, MAX_UNIT] }]];
    case 'class':
      return classTerminal(node);
    case 'literal': {
      const v = node.value;
      if (!node.ignoreCase) return [units(v).map((c) => ({ units: [c, c] }))];
      const lower = v.toLowerCase();
      if (lower.length !== v.length || /[^\0-\x7f]/.test(lower)) throw new NoAutomaton(`case-insensitive literal ${JSON.stringify(v)}`);
      return [units(lower).map((c) => ({ units: foldedUnits(c) }))];
    }
    default:
      return null;
  }
}

function units(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) out.push(s.charCodeAt(i));
  return out;
}
