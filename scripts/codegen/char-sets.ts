// Analysis: which nodes are single-character sets, and the set algebra the emitters test them
// with. A class, a one-character literal and any choice of them consume exactly one character;
// the fast recognizer tests such a node with one table lookup, and a repetition of one with a
// tight loop. Every set is computed from Peggy's own test (the very RegExp Peggy builds for a
// class, Peggy's case folding for a literal), never from a second reading of the grammar.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ClassNode, Grammar, Node } from './ast.js';

const require = createRequire(import.meta.url);
// The escaping Peggy itself uses to build a class's RegExp, so the fallback RegExp is the same.
// (Its package exports hide lib/compiler/utils.js; the pinned version's file is read by path.)
const { regexpClassEscape } = require(join(dirname(require.resolve('peggy')), 'compiler', 'utils.js')) as {
  regexpClassEscape: (s: unknown) => string;
};

/**
 * A set of characters that a node matches by consuming exactly one of them, which is what a
 * class, a one-character literal, and any choice of them do. Without `codePoints` a character is
 * one UTF-16 code unit (Peggy's classes and literals); with it, one code point (Peggy's `u`
 * classes, peg$getUnicode): a surrogate pair is one character of two units, matched against
 * ranges above U+FFFF, and a lone surrogate is the code point of its own value. Offsets stay
 * UTF-16 indexes either way. `ascii` is exact, computed from Peggy's own test; above 127,
 * `ranges` are exact ranges (of code units, or of code points), and `regexps` and `lowered` are
 * Peggy's own tests of one code unit, run as Peggy runs them; a character is in the set if any
 * says so.
 */
export interface CharSet {
  ascii: boolean[];
  ranges: Array<[number, number]>;
  /** Class RegExps (constant names), tested on `s.charAt(p)` as Peggy does. */
  regexps: string[];
  /** Case-insensitive literals, lower-cased: Peggy's `s.charAt(p).toLowerCase() === value`. */
  lowered: string[];
  /** Characters are code points (one or two code units), not code units. */
  codePoints: boolean;
  /**
   * A code-unit set that matches no surrogate unit (checked on Peggy's own tests): on the
   * characters it matches, one code unit is one code point, so it may join a code-point set.
   */
  surrogateFree: boolean;
}

/** Ranges of a code-unit set longer than this are tested by Peggy's RegExp instead. */
const MAX_RANGES = 6;
export const MAX_UNIT = 0xffff;
const MAX_CODE_POINT = 0x10ffff;

export function emptySet(): CharSet {
  return { ascii: new Array<boolean>(128).fill(false), ranges: [], regexps: [], lowered: [], codePoints: false, surrogateFree: true };
}

/**
 * The union of two sets, or null when it is not a set: a code-point set and a code-unit set
 * that can match a lone surrogate unit would consume different lengths at a surrogate pair.
 */
export function union(a: CharSet, b: CharSet): CharSet | null {
  const codePoints = a.codePoints || b.codePoints;
  if (codePoints && ![a, b].every((x) => x.codePoints || x.surrogateFree)) return null;
  return {
    ascii: a.ascii.map((x, i) => x || b.ascii[i]!),
    ranges: normalize([...a.ranges, ...b.ranges], codePoints ? MAX_CODE_POINT : MAX_UNIT),
    regexps: [...new Set([...a.regexps, ...b.regexps])],
    lowered: [...new Set([...a.lowered, ...b.lowered])],
    codePoints,
    surrogateFree: a.surrogateFree && b.surrogateFree,
  };
}

/** Sorted, merged, clipped to 128..max. */
function normalize(ranges: Array<[number, number]>, max: number): Array<[number, number]> {
  const sorted = ranges
    .map(([lo, hi]): [number, number] => [Math.max(lo, 128), Math.min(hi, max)])
    .filter(([lo, hi]) => lo <= hi)
    .sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

function complement(ranges: Array<[number, number]>, max: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let next = 128;
  for (const [lo, hi] of normalize(ranges, max)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= max) out.push([next, max]);
  return out;
}

/** The RegExp source Peggy's generate-js.js builds for a class (buildRegexp). */
export function classRegExp(node: ClassNode): string {
  return (
    '/^[' +
    (node.inverted ? '^' : '') +
    node.parts
      .map((part) => (Array.isArray(part) ? regexpClassEscape(part[0]) + '-' + regexpClassEscape(part[1]) : regexpClassEscape(part)))
      .join('') +
    ']/' +
    (node.ignoreCase ? 'i' : '') +
    (node.unicode ? 'u' : '')
  );
}

export function regExpOf(source: string): RegExp {
  const slash = source.lastIndexOf('/');
  return new RegExp(source.slice(1, slash), source.slice(slash + 1));
}

/** The ASCII code units Peggy's RegExp for a class accepts. */
export function classAscii(node: ClassNode): boolean[] {
  const re = regExpOf(classRegExp(node));
  return emptySet().ascii.map((_, c) => re.test(String.fromCharCode(c)));
}

/** The single-character sets of one grammar's nodes, memoized per rule. */
export class CharSets {
  private readonly memo = new Map<string, CharSet | null>();

  /**
   * @param regexpName the module constant holding a class's RegExp (a set tested by Peggy's
   *   own RegExp above 127 names it)
   */
  constructor(
    private readonly grammar: Grammar,
    private readonly regexpName: (source: string) => string,
  ) {}

  /** The node as a set of code units consumed one at a time, or null if it is not one. */
  of(node: Node): CharSet | null {
    switch (node.type) {
      case 'class':
        return this.ofClass(node);
      case 'literal': {
        const v = node.value;
        if (v.length !== 1) return null;
        const set = emptySet();
        if (!node.ignoreCase) {
          const code = v.charCodeAt(0);
          if (code < 128) set.ascii[code] = true;
          else set.ranges = [[code, code]];
          set.surrogateFree = code < 0xd800 || code > 0xdfff;
          return set;
        }
        // Peggy: input.charAt(p).toLowerCase() === value.toLowerCase() (MATCH_STRING_IC).
        const lower = v.toLowerCase();
        for (let c = 0; c < 128; c++) set.ascii[c] = String.fromCharCode(c).toLowerCase() === lower;
        set.lowered = [lower];
        set.surrogateFree = !/[\ud800-\udfff]/.test(lower);
        return set;
      }
      case 'choice': {
        // Whichever alternative matches, it consumes one character, and where a code-unit set
        // and a code-point set both match (never at a surrogate: union) that is one code unit:
        // the order does not matter.
        let set: CharSet | null = emptySet();
        for (const alt of node.alternatives) {
          const s = this.of(alt);
          if (!s) return null;
          set = union(set, s);
          if (!set) return null;
        }
        return set;
      }
      case 'rule_ref':
        return this.ofRule(node.name);
      case 'group':
      case 'labeled':
      case 'text':
      case 'named':
        return this.of(node.expression);
      default:
        return null;
    }
  }

  ofRule(name: string): CharSet | null {
    if (this.memo.has(name)) return this.memo.get(name)!;
    this.memo.set(name, null); // a cycle is not a set
    const set = this.of(this.grammar.rule(name).expression);
    this.memo.set(name, set);
    return set;
  }

  private ofClass(node: ClassNode): CharSet | null {
    const source = classRegExp(node);
    const re = regExpOf(source);
    const set = emptySet();
    for (let c = 0; c < 128; c++) set.ascii[c] = re.test(String.fromCharCode(c));
    // A `u` class consumes a code point (Peggy's peg$getUnicode): its parts are code points,
    // and its ranges may reach above U+FFFF. Without `u`, parts and ranges are code units.
    const max = node.unicode ? MAX_CODE_POINT : MAX_UNIT;
    const one = (x: string): boolean => (node.unicode ? [...x].length === 1 : x.length === 1);
    const code = (x: string): number => (node.unicode ? x.codePointAt(0)! : x.charCodeAt(0));
    const simple = !node.ignoreCase && node.parts.every((p) => (Array.isArray(p) ? p.every(one) : typeof p === 'string' && one(p)));
    if (node.unicode) {
      if (!simple) return null; // Peggy's RegExp on one code point (the emitter's codePoint)
      set.codePoints = true;
    }
    const ranges = simple
      ? node.parts.map((p): [number, number] => (Array.isArray(p) ? [code(p[0]!), code(p[1]!)] : [code(p as string), code(p as string)]))
      : [];
    if (simple) set.ranges = node.inverted ? complement(ranges, max) : normalize(ranges, max);
    else set.regexps = [this.regexpName(source)];
    // A code-point set's ranges are searched (cpEnd); a code-unit set's are tested inline.
    if (!set.codePoints && set.ranges.length > MAX_RANGES) {
      set.ranges = [];
      set.regexps = [this.regexpName(source)];
    }
    if (!set.codePoints) {
      for (let c = 0xd800; c <= 0xdfff && set.surrogateFree; c++) set.surrogateFree = !re.test(String.fromCharCode(c));
    }
    return set;
  }
}
