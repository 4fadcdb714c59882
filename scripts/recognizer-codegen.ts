// The fast recognizer: a Peggy plugin that replaces Peggy's code generation with a
// validation-only one (issue 8). It receives the grammar AST after Peggy's own checks and
// transforms (undefined rules, infinite repetition, ...), from the same grammar file as the other
// builds, and emits generated/<era>.fast.js: one plain function per rule, `(s, p) => end | -1`.
//
// Why not Peggy's output: on the success path Peggy builds a result value for every node (arrays
// for every repetition, one element per character), records expectations on every failed
// alternative, and reports a rejection by throwing. A recognizer needs none of that, only the
// position. So here: no result values, no expectation bookkeeping, no exceptions, no allocation
// per character; single-character alternatives become one table lookup.
//
// The language is Peggy's, node by node (generate-bytecode.js / generate-js.js of the pinned
// version): ordered choice, greedy repetition that never gives back, lookaheads that consume
// nothing, literals compared by code unit (case-insensitive ones as Peggy does, by
// `substr(...).toLowerCase()`), classes as the very RegExp Peggy builds for them, a `u` class one
// code point (a range above U+FFFF matches a surrogate pair; positions stay UTF-16 indexes: the
// contract's offsets). Where a fast test is used (ASCII tables, code-unit and code-point ranges,
// ASCII case folding), it is computed from or proven equal to Peggy's test; everything else falls
// back to Peggy's own expression.
// test/recognizer.test.ts checks the verdicts against the Peggy parser and `validate`.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type peggy from 'peggy';

const require = createRequire(import.meta.url);
// The escaping Peggy itself uses to build a class's RegExp, so the fallback RegExp is the same.
// (Its package exports hide lib/compiler/utils.js; the pinned version's file is read by path.)
const { regexpClassEscape } = require(join(dirname(require.resolve('peggy')), 'compiler', 'utils.js')) as {
  regexpClassEscape: (s: unknown) => string;
};

/* ------------------------------------------------------------------------------------------ */
/* The grammar AST, as far as the recognizer reads it                                           */

interface Loc {
  start: { line: number; column: number; offset: number };
}
interface Boundary {
  type: 'constant' | 'variable' | 'function';
  value?: number | null;
}
interface Node {
  type: string;
  location?: Loc;
  expression?: Node;
  elements?: Node[];
  alternatives?: Node[];
  value?: string;
  ignoreCase?: boolean;
  parts?: Array<string | [string, string] | { type: string; value: string }>;
  inverted?: boolean;
  unicode?: boolean;
  name?: string;
  min?: Boundary | null;
  max?: Boundary;
  delimiter?: Node | null;
}
interface Rule {
  name: string;
  expression: Node;
  location?: Loc;
}

/** Thrown for a grammar feature the recognizer cannot evaluate; reported as a grammar error. */
class Unsupported extends Error {
  constructor(
    message: string,
    readonly node: Node,
  ) {
    super(message);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Single-character sets                                                                       */

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
interface CharSet {
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
const MAX_UNIT = 0xffff;
const MAX_CODE_POINT = 0x10ffff;

function emptySet(): CharSet {
  return { ascii: new Array<boolean>(128).fill(false), ranges: [], regexps: [], lowered: [], codePoints: false, surrogateFree: true };
}

/**
 * The union of two sets, or null when it is not a set: a code-point set and a code-unit set
 * that can match a lone surrogate unit would consume different lengths at a surrogate pair.
 */
function union(a: CharSet, b: CharSet): CharSet | null {
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
function classRegExp(node: Node): string {
  return (
    '/^[' +
    (node.inverted ? '^' : '') +
    node
      .parts!.map((part) =>
        Array.isArray(part) ? regexpClassEscape(part[0]) + '-' + regexpClassEscape(part[1]) : regexpClassEscape(part),
      )
      .join('') +
    ']/' +
    (node.ignoreCase ? 'i' : '') +
    (node.unicode ? 'u' : '')
  );
}

function regExpOf(source: string): RegExp {
  const slash = source.lastIndexOf('/');
  return new RegExp(source.slice(1, slash), source.slice(slash + 1));
}

/* ------------------------------------------------------------------------------------------ */
/* The code generator                                                                          */

interface First {
  /** ASCII code units that can be the first one consumed when the node matches something. */
  ascii: boolean[];
  /** Whether a code unit above 127 can be. */
  high: boolean;
  /** Whether the node can succeed consuming nothing. */
  nullable: boolean;
}

const ALL: First = { ascii: new Array<boolean>(128).fill(true), high: true, nullable: true };

class Generator {
  private readonly rules = new Map<string, Rule>();
  private readonly setMemo = new Map<string, CharSet | null>();
  private readonly firstMemo = new Map<string, First>();
  /** Module-level constants: tables and RegExps, deduplicated, in order of first use. */
  private readonly constants = new Map<string, string>();
  private readonly constantCode: string[] = [];
  private readonly helpers = new Set<string>();
  /** Traced build: what each construct that can stop at a failure is (stopped(), below). */
  private readonly stops: number[] = [];

  /**
   * @param trace null for the fast recognizer; for the traced one (the diagnostic build), the
   *   hook index of every rule that reports to the recorder (the spec rules, by Peggy id).
   */
  constructor(
    private readonly grammarRules: Rule[],
    private readonly file: string,
    private readonly trace: ReadonlyMap<string, number> | null = null,
  ) {
    for (const r of grammarRules) this.rules.set(r.name, r);
  }

  private constant(kind: string, code: string): string {
    const key = kind + ':' + code;
    let name = this.constants.get(key);
    if (!name) {
      name = `${kind}${this.constants.size}`;
      this.constants.set(key, name);
      this.constantCode.push(`const ${name} = ${code};`);
    }
    return name;
  }

  /**
   * Traced build: a new construct number, its kind kept in the module's STOPS table: -4 for a
   * repetition, -3 for an option (both charged to the rule holding them); for the element that
   * breaks a sequence, the hook index of a traced rule it refers to, -2 for a literal (a
   * delimiter, which cannot accept another character: src/diagnosis/rank.ts), else -1.
   */
  private stopId(element: Node | 'repetition' | 'option'): number {
    let k: number | undefined;
    if (element === 'repetition') k = -4;
    else if (element === 'option') k = -3;
    else {
      const inner = unwrap(element);
      if (inner.type === 'rule_ref' && !this.classOfCoreRules(inner.name!)) k = this.trace?.get(inner.name!);
      else if (inner.type === 'literal') k = -2;
    }
    this.stops.push(k ?? -1);
    return this.stops.length - 1;
  }

  /**
   * A rule that only names a character class made of other rules (`alphanum = alpha | digit`):
   * like the core rules it is made of, it is what `expected` lists, not a component a person
   * writes, so the sequence it breaks is charged to the rule holding that sequence.
   */
  private classOfCoreRules(name: string): boolean {
    const body = unwrap(this.rule(name).expression);
    const alts = body.type === 'choice' ? body.alternatives!.map(unwrap) : [body];
    return this.ruleSet(name) !== null && alts.every((a) => a.type === 'rule_ref');
  }

  /* ----- which nodes are single-character sets ----- */

  /** The node as a set of code units consumed one at a time, or null if it is not one. */
  charSet(node: Node): CharSet | null {
    switch (node.type) {
      case 'class': {
        const source = classRegExp(node);
        const re = regExpOf(source);
        const set = emptySet();
        for (let c = 0; c < 128; c++) set.ascii[c] = re.test(String.fromCharCode(c));
        // A `u` class consumes a code point (Peggy's peg$getUnicode): its parts are code points,
        // and its ranges may reach above U+FFFF. Without `u`, parts and ranges are code units.
        const max = node.unicode ? MAX_CODE_POINT : MAX_UNIT;
        const one = (x: string): boolean => (node.unicode ? [...x].length === 1 : x.length === 1);
        const code = (x: string): number => (node.unicode ? x.codePointAt(0)! : x.charCodeAt(0));
        const simple = !node.ignoreCase && node.parts!.every((p) => (Array.isArray(p) ? p.every(one) : typeof p === 'string' && one(p)));
        if (node.unicode) {
          if (!simple) return null; // Peggy's RegExp on one code point (codePoint below)
          set.codePoints = true;
        }
        const ranges = simple
          ? node.parts!.map((p): [number, number] => (Array.isArray(p) ? [code(p[0]), code(p[1])] : [code(p as string), code(p as string)]))
          : [];
        if (simple) set.ranges = node.inverted ? complement(ranges, max) : normalize(ranges, max);
        else set.regexps = [this.constant('R', source)];
        // A code-point set's ranges are searched (cpEnd); a code-unit set's are tested inline.
        if (!set.codePoints && set.ranges.length > MAX_RANGES) {
          set.ranges = [];
          set.regexps = [this.constant('R', source)];
        }
        if (!set.codePoints) {
          for (let c = 0xd800; c <= 0xdfff && set.surrogateFree; c++) set.surrogateFree = !re.test(String.fromCharCode(c));
        }
        return set;
      }
      case 'literal': {
        const v = node.value!;
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
        for (const alt of node.alternatives!) {
          const s = this.charSet(alt);
          if (!s) return null;
          set = union(set, s);
          if (!set) return null;
        }
        return set;
      }
      case 'rule_ref':
        return this.ruleSet(node.name!);
      case 'group':
      case 'labeled':
      case 'text':
      case 'named':
        return this.charSet(node.expression!);
      default:
        return null;
    }
  }

  ruleSet(name: string): CharSet | null {
    if (this.setMemo.has(name)) return this.setMemo.get(name)!;
    this.setMemo.set(name, null); // a cycle is not a set
    const set = this.charSet(this.rule(name).expression);
    this.setMemo.set(name, set);
    return set;
  }

  private rule(name: string): Rule {
    const r = this.rules.get(name);
    if (!r) throw new Error(`${this.file}: undefined rule ${name}`);
    return r;
  }

  /* ----- first sets: when alternatives may be reordered ----- */

  first(node: Node): First {
    switch (node.type) {
      case 'literal': {
        const v = node.value!;
        if (v.length === 0) return { ascii: emptySet().ascii, high: false, nullable: true };
        if (!node.ignoreCase) {
          const code = v.charCodeAt(0);
          const ascii = emptySet().ascii;
          if (code < 128) ascii[code] = true;
          return { ascii, high: code >= 128, nullable: false };
        }
        // An ASCII first input character lower-cases to the literal's first lower-case one.
        const lower = v.toLowerCase();
        const ascii = emptySet().ascii.map((_, c) => String.fromCharCode(c).toLowerCase() === lower[0]);
        return { ascii, high: true, nullable: false };
      }
      case 'class': {
        const re = regExpOf(classRegExp(node));
        const ascii = emptySet().ascii.map((_, c) => re.test(String.fromCharCode(c)));
        return { ascii, high: true, nullable: false };
      }
      case 'any':
        return { ...ALL, nullable: false };
      case 'rule_ref': {
        const name = node.name!;
        const memo = this.firstMemo.get(name);
        if (memo) return memo;
        this.firstMemo.set(name, ALL); // a cycle: assume anything
        const f = this.first(this.rule(name).expression);
        this.firstMemo.set(name, f);
        return f;
      }
      case 'sequence': {
        let acc: First = { ascii: emptySet().ascii, high: false, nullable: true };
        for (const e of node.elements!) {
          if (!acc.nullable) break;
          const f = this.first(e);
          acc = { ascii: acc.ascii.map((x, i) => x || f.ascii[i]!), high: acc.high || f.high, nullable: f.nullable };
        }
        return acc;
      }
      case 'choice': {
        let acc: First = { ascii: emptySet().ascii, high: false, nullable: false };
        for (const e of node.alternatives!) {
          const f = this.first(e);
          acc = { ascii: acc.ascii.map((x, i) => x || f.ascii[i]!), high: acc.high || f.high, nullable: acc.nullable || f.nullable };
        }
        return acc;
      }
      case 'optional':
      case 'zero_or_more':
        return { ...this.first(node.expression!), nullable: true };
      case 'one_or_more':
        return this.first(node.expression!);
      case 'repeated': {
        const f = this.first(node.expression!);
        const d = node.delimiter ? this.first(node.delimiter) : { ascii: emptySet().ascii, high: false, nullable: true };
        const min = node.min ? node.min.value! : node.max!.value!;
        return { ascii: f.ascii.map((x, i) => x || d.ascii[i]!), high: f.high || d.high, nullable: min === 0 || f.nullable };
      }
      case 'simple_and':
      case 'simple_not':
        return { ascii: emptySet().ascii, high: false, nullable: true };
      case 'group':
      case 'labeled':
      case 'text':
      case 'named':
        return this.first(node.expression!);
      default:
        return ALL;
    }
  }

  /**
   * The code units a node can start with, as a set test, when that rules anything out: a node
   * that cannot match the empty string fails wherever its first code unit is not among them.
   */
  private guard(node: Node): CharSet | null {
    const f = this.first(node);
    if (f.nullable || f.ascii.every(Boolean)) return null;
    return { ...emptySet(), ascii: f.ascii, ranges: f.high ? [[128, MAX_UNIT]] : [] };
  }

  /** True when a set alternative and `other` can never both match at one position. */
  private exclusive(set: CharSet, other: Node): boolean {
    const f = this.first(other);
    if (f.nullable) return false;
    if (f.high && (set.ranges.length > 0 || set.regexps.length > 0 || set.lowered.length > 0)) return false;
    return set.ascii.every((x, i) => !(x && f.ascii[i]));
  }

  /**
   * A choice's alternatives, with alternatives that are rule references to choices spliced in
   * (`(a / b) / c` is `a / b / c`), then every single-character-set alternative merged into an
   * earlier set alternative when it is exclusive of every alternative between them: exclusive
   * alternatives can be tried in any order, and sets tried together are one table lookup.
   */
  private choiceItems(node: Node): Array<{ set: CharSet } | { node: Node }> {
    const flat: Node[] = [];
    const seen = new Set<string>();
    const splice = (alts: Node[]): void => {
      for (const a of alts) {
        const inner = unwrap(a);
        if (inner.type === 'rule_ref' && !seen.has(inner.name!) && !this.charSet(inner)) {
          const body = unwrap(this.rule(inner.name!).expression);
          // Only choices of sets and rule references (pchar): splicing larger alternatives
          // would copy their code into every caller.
          const small = (n: Node): boolean => this.charSet(n) !== null || unwrap(n).type === 'rule_ref';
          if (body.type === 'choice' && body.alternatives!.every(small)) {
            seen.add(inner.name!);
            splice(body.alternatives!);
            continue;
          }
        }
        flat.push(a);
      }
    };
    splice(node.alternatives!);
    const items: Array<{ set: CharSet } | { node: Node }> = [];
    for (const alt of flat) {
      const set = this.charSet(alt);
      if (!set) {
        items.push({ node: alt });
        continue;
      }
      let merged = false;
      for (let i = items.length - 1; i >= 0; i--) {
        const item = items[i]!;
        if ('set' in item) {
          const both = union(item.set, set);
          if (both) item.set = both;
          merged = both !== null;
          break;
        }
        if (!this.exclusive(set, item.node)) break;
      }
      if (!merged) items.push({ set });
    }
    return items;
  }

  /* ----- expressions to statements ----- */

  /**
   * The test that the code unit at position `p` is in a code-unit set (loaded into `c`); false at
   * the end of input. Above 127 only the exact ranges and Peggy's own tests, which are rare paths.
   */
  setTest(set: CharSet, p: string): string {
    if (set.codePoints) throw new Error('a code-point set consumes one or two code units: setEnd');
    const table = this.table(set);
    const high = this.unitTests(set, p);
    if (set.ranges.length > 0) {
      high.unshift(...set.ranges.map(([lo, hi]) => (lo === hi ? `c === ${lo}` : hi === MAX_UNIT ? `c >= ${lo}` : `(c >= ${lo} && c <= ${hi})`)));
    }
    if (!set.ascii.some(Boolean) && high.length === 0) return 'false';
    // The bound check first: charCodeAt then never yields NaN, and V8 keeps `c` a small integer
    // (measured: a scanning loop over a NaN-capable code unit runs several times slower).
    const load = `${p} < s.length && `;
    return high.length === 0
      ? `(${load}(c = s.charCodeAt(${p})) < 128 && ${table}[c] === 1)`
      : `(${load}((c = s.charCodeAt(${p})) < 128 ? ${table}[c] === 1 : ${high.join(' || ')}))`;
  }

  /**
   * The end of the character at `p` when it is in the set, else -1 (also at the end of input):
   * `p + 1` for a code unit; for a code point, `p + 2` when it is a surrogate pair (cpEnd).
   */
  setEnd(set: CharSet, p: string): string {
    if (!set.codePoints) return `(${this.setTest(set, p)} ? ${p} + 1 : -1)`;
    const table = this.table(set);
    // Peggy's one-unit tests (from surrogate-free sets: union) first, then the code point.
    const unit = this.unitTests(set, p);
    let high = '-1';
    if (set.ranges.length > 0) {
      this.helpers.add('cpEnd');
      const ranges = this.constant('C', `new Int32Array(${JSON.stringify(set.ranges.flat())})`);
      high = `cpEnd(s, ${p}, c, ${ranges})`;
    }
    if (unit.length > 0) high = `${unit.join(' || ')} ? ${p} + 1 : ${high}`;
    return `(${p} < s.length ? ((c = s.charCodeAt(${p})) < 128 ? (${table}[c] === 1 ? ${p} + 1 : -1) : ${high}) : -1)`;
  }

  private table(set: CharSet): string {
    return this.constant('T', `table("${set.ascii.map((x) => (x ? '1' : '0')).join('')}")`);
  }

  /** Peggy's own one-code-unit tests of a set above 127: class RegExps, lower-cased literals. */
  private unitTests(set: CharSet, p: string): string[] {
    const tests = set.regexps.map((re) => `${re}.test(s.charAt(${p}))`);
    if (set.lowered.length === 1) tests.push(`s.charAt(${p}).toLowerCase() === ${JSON.stringify(set.lowered[0])}`);
    if (set.lowered.length > 1) {
      const values = this.constant('S', `new Set(${JSON.stringify([...set.lowered].sort())})`);
      tests.push(`${values}.has(s.charAt(${p}).toLowerCase())`);
    }
    return tests;
  }

  /** Peggy's expectation for a terminal, as a module constant; null in the fast build. */
  private expectation(node: Node): string | null {
    if (!this.trace) return null;
    let e: object;
    if (node.type === 'literal') e = { type: 'literal', text: node.value, ignoreCase: node.ignoreCase };
    else if (node.type === 'any') e = { type: 'any' };
    else {
      if (node.parts!.some((part) => !Array.isArray(part) && typeof part !== 'string')) {
        throw new Unsupported('a class escape in a class (its expectation)', node);
      }
      e = { type: 'class', parts: node.parts, inverted: node.inverted, ignoreCase: node.ignoreCase, unicode: node.unicode };
    }
    return this.constant('E', JSON.stringify(e));
  }

  /** A one-character terminal: a set test (setEnd), recording `expected` on failure (traced). */
  private setTerminal(out: string, p: string, set: CharSet, expected: string | null, fn: FnState): void {
    if (!set.codePoints) {
      this.terminal(out, p, this.setTest(set, p), 1, expected, fn);
      return;
    }
    fn.line(`${out} = ${this.setEnd(set, p)};`);
    if (expected) fn.line(`if (${out} < 0 && silent === 0) fail(${p}, ${expected});`);
  }

  /** A terminal: `cond` true consumes `length`; false fails, recording `expected` (traced). */
  private terminal(out: string, p: string, cond: string, length: number, expected: string | null, fn: FnState): void {
    if (!expected) fn.line(`${out} = ${cond} ? ${p} + ${length} : -1;`);
    else fn.line(`if (${cond}) ${out} = ${p} + ${length}; else { ${out} = -1; if (silent === 0) fail(${p}, ${expected}); }`);
  }

  /**
   * Appends to `out` the statements that match `node` at position `p` (a variable that the
   * statements never assign), and returns the variable that then holds the end or -1.
   */
  gen(node: Node, p: string, fn: FnState): string {
    const out = fn.fresh();
    const emit = (line: string): void => fn.line(line);
    // The traced build tries every alternative as Peggy does, since the failures of the ones
    // before a match are expectations too: sets are only merged in the fast build.
    const set = this.trace ? null : this.charSet(node);
    if (set) {
      emit(set.codePoints ? `${out} = ${this.setEnd(set, p)};` : `${out} = ${this.setTest(set, p)} ? ${p} + 1 : -1;`);
      return out;
    }
    switch (node.type) {
      case 'literal': {
        const v = node.value!;
        if (v.length === 0) {
          emit(`${out} = ${p};`);
          return out;
        }
        const expected = this.expectation(node);
        const one = this.charSet(node);
        if (one) {
          // (traced build only: the fast one took the set branch above)
          this.setTerminal(out, p, one, expected, fn);
        } else if (!node.ignoreCase) {
          const tests = Array.from({ length: v.length }, (_, i) => `s.charCodeAt(${p}${i ? ' + ' + i : ''}) === ${v.charCodeAt(i)}`);
          this.terminal(out, p, `${p} + ${v.length} <= s.length && ${tests.join(' && ')}`, v.length, expected, fn);
        } else if (/^[\x00-\x7f]*$/.test(v.toLowerCase()) && v.toLowerCase().length === v.length) {
          this.helpers.add('ic');
          this.terminal(out, p, `ic(s, ${p}, ${JSON.stringify(v.toLowerCase())}, ${v.length})`, v.length, expected, fn);
        } else {
          // Lower-casing changes the literal's length or leaves it non-ASCII: Peggy's test as is.
          const test = `s.substr(${p}, ${v.length}).toLowerCase() === ${JSON.stringify(v.toLowerCase())}`;
          this.terminal(out, p, test, v.length, expected, fn);
        }
        return out;
      }
      case 'class': {
        const expected = this.expectation(node);
        const one = this.charSet(node);
        if (one) {
          this.setTerminal(out, p, one, expected, fn);
          return out;
        }
        // A unicode class consumes one code point (Peggy's peg$getUnicode), one or two units.
        const re = regExpOf(classRegExp(node));
        const ascii = emptySet().ascii.map((_, c) => re.test(String.fromCharCode(c)));
        const table = this.constant('T', `table("${ascii.map((x) => (x ? '1' : '0')).join('')}")`);
        const regexp = this.constant('R', classRegExp(node));
        this.helpers.add('codePoint');
        emit(`${out} = ${p} >= s.length ? -1 : (c = s.charCodeAt(${p})) < 128 ? (${table}[c] === 1 ? ${p} + 1 : -1) : codePoint(s, ${p}, ${regexp});`);
        if (expected) emit(`if (${out} < 0 && silent === 0) fail(${p}, ${expected});`);
        return out;
      }
      case 'any': {
        const expected = this.expectation(node);
        this.terminal(out, p, `${p} < s.length`, 1, expected, fn);
        return out;
      }
      case 'rule_ref':
        emit(`${out} = ${ruleFn(node.name!)}(s, ${p});`);
        return out;
      case 'sequence': {
        const els = node.elements!;
        if (els.length === 0) {
          emit(`${out} = ${p};`);
          return out;
        }
        const label = fn.label();
        // Traced: a sequence that fails leaves no node in the derivation tree (hookRewind).
        const mark = this.trace ? fn.fresh() : null;
        if (mark) emit(`${mark} = hookMark();`);
        emit(`${out} = -1;`);
        emit(`${label}: {`);
        fn.indent++;
        let cur = p;
        // A sequence of literals only is one literal split for the diagnosis (split-literals.ts):
        // it breaks as the literal fails, in the rule holding it, which the diagnosis names anyway.
        const literalOnly = els.every((e) => unwrap(e).type === 'literal');
        els.forEach((e, i) => {
          const before = cur;
          cur = this.gen(e, cur, fn);
          // Traced: an element that fails where it starts, after the sequence has consumed
          // something, is where the sequence breaks (a candidate for the diagnosis's rule).
          // Elements that cannot fail (an option, a repetition from 0) never break it.
          if (this.trace && i > 0 && !literalOnly && !neverFails(e)) emit(`if (${cur} < 0 && ${before} > ${p}) ${cur} = stopped(${this.stopId(e)}, ${before}, p);`);
          if (i < els.length - 1) emit(`if (${cur} < 0) break ${label};`);
        });
        emit(`${out} = ${cur};`);
        fn.indent--;
        emit('}');
        if (mark) emit(`if (${out} < 0) hookRewind(${mark});`);
        return out;
      }
      case 'choice': {
        const items = this.trace ? node.alternatives!.map((n) => ({ node: n })) : this.choiceItems(node);
        const label = fn.label();
        emit(`${label}: {`);
        fn.indent++;
        items.forEach((item, i) => {
          const last = i === items.length - 1;
          if ('set' in item) {
            if (item.set.codePoints) {
              emit(`${out} = ${this.setEnd(item.set, p)};`);
              if (!last) emit(`if (${out} >= 0) break ${label};`);
            } else if (last) emit(`${out} = ${this.setTest(item.set, p)} ? ${p} + 1 : -1;`);
            else emit(`if (${this.setTest(item.set, p)}) { ${out} = ${p} + 1; break ${label}; }`);
          } else {
            const guard = this.trace ? null : this.guard(item.node);
            if (guard) {
              // Skip an alternative whose first code unit cannot be this one.
              emit(`if (${this.setTest(guard, p)}) {`);
              fn.indent++;
            }
            const r = this.gen(item.node, p, fn);
            if (last) emit(`${out} = ${r};`);
            else emit(`if (${r} >= 0) { ${out} = ${r}; break ${label}; }`);
            if (guard) {
              fn.indent--;
              emit(last ? `} else ${out} = -1;` : '}');
            }
          }
        });
        fn.indent--;
        emit('}');
        return out;
      }
      case 'optional': {
        const r = this.gen(node.expression!, p, fn);
        // Traced: an option whose expression fails where it starts stops there (a candidate).
        if (this.trace) emit(`if (${r} < 0) ${r} = stopped(${this.stopId('option')}, ${p}, p);`);
        emit(`${out} = ${r} < 0 ? ${p} : ${r};`);
        return out;
      }
      case 'zero_or_more':
      case 'one_or_more':
        return this.loop(node.expression!, null, node.type === 'one_or_more' ? 1 : 0, null, p, out, fn);
      case 'repeated': {
        const b = (x: Boundary | null | undefined, what: string): number | null => {
          if (!x) return null;
          if (x.type !== 'constant') throw new Unsupported(`a ${what} repetition count that is not a constant`, node);
          return x.value ?? null;
        };
        const max = b(node.max, 'maximum');
        const min = node.min ? b(node.min, 'minimum')! : max!;
        if (max === 0) throw new Unsupported('a repetition with a maximum of 0', node);
        return this.loop(node.expression!, node.delimiter ?? null, min, max, p, out, fn);
      }
      case 'simple_and':
      case 'simple_not': {
        const inner = node.expression!;
        if (inner.type === 'any') {
          // `!.` and `&.`: the end of input, or not.
          emit(`${out} = ${p} ${node.type === 'simple_not' ? '>=' : '<'} s.length ? ${p} : -1;`);
          return out;
        }
        // Peggy records no expectation inside a lookahead (peg$silentFails), and a lookahead
        // consumes nothing, so what it matched is no part of the derivation tree (hookRewind).
        const mark = this.trace ? fn.fresh() : null;
        if (mark) emit(`${mark} = hookMark();`);
        if (this.trace) emit('silent++;');
        const r = this.gen(inner, p, fn);
        if (this.trace) emit('silent--;');
        if (mark) emit(`hookRewind(${mark});`);
        emit(`${out} = ${r} ${node.type === 'simple_not' ? '<' : '>='} 0 ? ${p} : -1;`);
        return out;
      }
      case 'named': {
        if (!this.trace) {
          fn.release(out);
          return this.gen(node.expression!, p, fn);
        }
        // Peggy: the inner failures are silent; the rule fails as "name" at its start.
        const expected = this.constant('E', JSON.stringify({ type: 'other', description: node.name }));
        emit('silent++;');
        const r = this.gen(node.expression!, p, fn);
        emit('silent--;');
        emit(`${out} = ${r};`);
        emit(`if (${out} < 0 && silent === 0) fail(${p}, ${expected});`);
        return out;
      }
      case 'group':
      case 'labeled':
      case 'text':
        fn.release(out);
        return this.gen(node.expression!, p, fn);
      case 'action':
        throw new Unsupported('an action (the grammars only recognise: docs/grammar-conventions.md)', node);
      case 'semantic_and':
      case 'semantic_not':
        throw new Unsupported('a semantic predicate (its code cannot run without Peggy)', node);
      default:
        throw new Unsupported(`a "${node.type}" expression`, node);
    }
  }

  /**
   * Peggy's repetition: greedy, never gives back, `min` to `max` matches, a delimiter between
   * them (a delimiter without its element after it is not consumed). Peggy's
   * reportInfiniteRepetition rejects an unbounded repetition of an element that can match
   * nothing; the `no progress` exit only guards against looping if that check ever let one by.
   */
  private loop(e: Node, delimiter: Node | null, min: number, max: number | null, p: string, out: string, fn: FnState): string {
    const emit = (line: string): void => fn.line(line);
    const set = delimiter || this.trace ? null : this.charSet(e);
    if (set?.codePoints && max === null) {
      // The hot loop of a code-point set: a table lookup per ASCII character, cpEnd above.
      // More than one required character: counted, since a character may be two code units.
      const e = fn.fresh();
      const n = min > 1 ? fn.fresh() : null;
      emit(`${out} = ${p};`);
      if (n) emit(`${n} = 0;`);
      emit(`for (;;) {`);
      emit(`  ${e} = ${this.setEnd(set, out)};`);
      emit(`  if (${e} < 0) break;`);
      if (n) emit(`  ${n}++;`);
      emit(`  ${out} = ${e};`);
      emit(`}`);
      if (n) emit(`if (${n} < ${min}) ${out} = -1;`);
      else if (min > 0) emit(`if (${out} === ${p}) ${out} = -1;`);
      return out;
    }
    if (set && max === null) {
      // The hot loop: one table lookup per code unit.
      emit(`${out} = ${p};`);
      emit(`for (;;) {`);
      emit(`  if (!${this.setTest(set, out)}) break;`);
      emit(`  ${out}++;`);
      emit(`}`);
      if (min > 0) emit(`if (${out} - ${p} < ${min}) ${out} = -1;`);
      return out;
    }
    const n = min > 0 || max !== null || delimiter ? fn.fresh() : null;
    emit(`${out} = ${p};`);
    if (n) emit(`${n} = 0;`);
    emit(`for (;;) {`);
    fn.indent++;
    if (n && max !== null) emit(`if (${n} >= ${max}) break;`);
    let r: string;
    let at = out;
    if (delimiter) {
      const d = fn.fresh();
      emit(`${d} = ${out};`);
      emit(`if (${n} > 0) {`);
      fn.indent++;
      const dr = this.gen(delimiter, out, fn);
      emit(`${d} = ${dr};`);
      fn.indent--;
      emit('}');
      emit(`if (${d} < 0) break;`);
      r = this.gen(e, d, fn);
      at = d;
    } else {
      r = this.gen(e, out, fn);
    }
    // Traced: a repetition whose element fails where it starts stops there (a candidate).
    if (this.trace) emit(`if (${r} < 0) ${r} = stopped(${this.stopId('repetition')}, ${at}, p);`);
    emit(`if (${r} < 0) break;`);
    if (n) emit(`${n}++;`);
    if (max === null) emit(`if (${r} === ${out}) break;`);
    emit(`${out} = ${r};`);
    fn.indent--;
    emit('}');
    if (n && min > 0) emit(`if (${n} < ${min}) ${out} = -1;`);
    return out;
  }

  /* ----- the module ----- */

  module(header: string): string {
    const fns: string[] = [];
    for (const r of this.grammarRules) {
      const fn = new FnState();
      fn.indent = 1;
      let result: string;
      try {
        result = this.gen(r.expression, 'p', fn);
      } catch (e) {
        if (e instanceof Unsupported) throw Object.assign(e, { rule: r.name });
        throw e;
      }
      const vars = ['c = 0', ...fn.vars.map((v) => `${v} = 0`)];
      const k = this.trace?.get(r.name);
      // The hooks of the instrumented rule: enter at its start, then leave at its end or fail.
      fns.push(
        `function ${ruleFn(r.name)}(s, p) {\n` +
          `  let ${vars.join(', ')};\n` +
          (k === undefined ? '' : `  hookEnter(${k}, p);\n`) +
          fn.lines.join('\n') +
          (k === undefined ? '' : `\n  if (${result} >= 0) hookLeave(${result});\n  else hookFail(p);`) +
          `\n  return ${result};\n}\n`,
      );
    }
    const helpers: string[] = [];
    if (this.helpers.has('ic')) helpers.push(IC_HELPER);
    if (this.helpers.has('codePoint')) helpers.push(CODE_POINT_HELPER);
    if (this.helpers.has('cpEnd')) helpers.push(CP_END_HELPER);
    return [
      header,
      '',
      TABLE_HELPER,
      ...(this.trace ? [TRACE_STATE, `/** What each construct that can stop is (Generator.stopId). */\nconst STOPS = [${this.stops.join(', ')}];\n`] : []),
      ...helpers,
      ...this.constantCode,
      '',
      ...fns,
      `const START = new Map([\n${this.grammarRules.map((r) => `  [${JSON.stringify(r.name)}, ${ruleFn(r.name)}],\n`).join('')}]);`,
      '',
      `/** Every rule is a start rule, as in the Peggy builds. */`,
      `export const StartRules = [...START.keys()];`,
      '',
      ...(this.trace ? [TRACE_PARSE.replace('FIRST_RULE', JSON.stringify(this.grammarRules[0]!.name))] : [FAST_ACCEPTS]),
    ].join('\n');
  }
}

/** An option or a repetition that may match nothing: it never fails. */
function neverFails(n: Node): boolean {
  const u = unwrap(n);
  if (u.type === 'optional' || u.type === 'zero_or_more') return true;
  return u.type === 'repeated' && (u.min ? u.min.type === 'constant' && u.min.value === 0 : false);
}

function unwrap(n: Node): Node {
  while (n.type === 'group' || n.type === 'labeled' || n.type === 'text' || n.type === 'named') n = n.expression!;
  return n;
}

const ruleFn = (name: string): string => `r_${name}`;

class FnState {
  lines: string[] = [];
  vars: string[] = [];
  private free: string[] = [];
  private labels = 0;
  indent = 0;
  fresh(): string {
    const v = this.free.pop() ?? `v${this.vars.length}`;
    if (!this.vars.includes(v)) this.vars.push(v);
    return v;
  }
  /** A variable handed out but not used (a pass-through node). */
  release(v: string): void {
    this.free.push(v);
  }
  label(): string {
    return `L${this.labels++}`;
  }
  line(text: string): void {
    this.lines.push('  '.repeat(this.indent) + text);
  }
}

const FAST_ACCEPTS = `/** Whether the rule \`startRule\` matches all of \`input\` (Peggy: a result, and at the end). */
export function accepts(input, startRule) {
  const rule = START.get(startRule);
  if (rule === undefined) throw new Error(\`Can't start parsing from rule "\${startRule}".\`);
  return rule(input, 0) === input.length;
}
`;

// Peggy's failure bookkeeping (peg$fail, peg$maxFailPos, peg$maxFailExpected, peg$silentFails),
// the state the recorder's hooks read, kept exactly as Peggy keeps it; and the hooks.
//
// Two ways to run (parse() below). ALL: every hook, with the state Peggy would have at that point;
// the derivation tree (explain) needs every rule. FURTHEST: for the error record alone, only the
// expectations at the furthest failure position matter, since every earlier list is superseded
// and the recorder drops what it charged for it. So a first run without hooks finds that position
// F; a second run records only failures at F (before the first of them the hooks see the initial
// state, position 0 and an empty list, which the recorder takes for "nothing new"), and enters a
// rule on the recorder only when a failure is recorded inside it (all the rules open at that
// moment, outermost first, each with its own start). Every expectation at F then reaches the
// recorder with the same rule stack as in an ALL run, so the record is the same, at the cost of
// two runs of this code instead of a recorder call per rule and a description per expectation.
const TRACE_STATE = `// Peggy's failure bookkeeping, as peg$fail keeps it, and the recorder's hooks.
let maxFailPos = 0;
let maxFailExpected = [];
let silent = 0;
let hooks = null;

// How the hooks run: ALL, MEASURE (no hooks, no list: only the furthest position), FURTHEST.
const ALL = 0, MEASURE = 1, FURTHEST = 2;
let mode = ALL;
/** FURTHEST: the furthest failure position, from the MEASURE run. */
let floor = 0;
/** FURTHEST: the open rules (hook index, start), and how many of them the recorder has seen. */
const frames = [];
let depth = 0;
let shown = 0;

function fail(p, expected) {
  if (mode === MEASURE) {
    if (p > maxFailPos) maxFailPos = p;
    return;
  }
  if (mode === FURTHEST) {
    if (p < floor) return;
    while (shown < depth) {
      hooks.enter(frames[2 * shown], frames[2 * shown + 1], maxFailPos, maxFailExpected);
      shown++;
    }
  }
  if (p < maxFailPos) return;
  if (p > maxFailPos) {
    maxFailPos = p;
    maxFailExpected = [];
  }
  maxFailExpected.push(expected);
}

// Where a construct stops: a repetition or an option whose element fails where it starts, or
// an element that breaks a sequence after the sequence consumed something. stopped(id, q, start)
// is called there, q being the element's position and start the enclosing rule function's;
// STOPS[id] says what stopped (Generator.stopId).
//
// Normally it reports the construct to the recorder when q is the furthest failure position (a
// candidate for the diagnosis's rule: src/diagnose.ts) and the element stays failed (-1). In a
// counterfactual run (parse() with options.$urispecGrant), the one construct granted, in the
// rule started at \`start\`, accepts the character at \`pos\` instead (nothing at the end of the
// input); a repetition (persist) also accepts each later character of the same kind.
let grantId = -1;
/** The input of the current run (parse()), for stopped(). */
let subject = '';
let grantStart = 0;
let grantPos = 0;
let grantKind = -1;

/** The kind of the code point at q: -1 at the end, 128 for any non-ASCII, else its code unit. */
function kindAt(s, q) {
  if (q >= s.length) return -1;
  const c = s.charCodeAt(q);
  return c >= 128 ? 128 : c;
}

function widthAt(s, q) {
  if (q >= s.length) return 0;
  const c = s.codePointAt(q);
  return c > 0xffff ? 2 : 1;
}

function stopped(id, q, start) {
  if (grantId < 0 && q !== maxFailPos) return -1;
  const k = STOPS[id];
  const s = subject;
  if (grantId === id) {
    if (start === grantStart && (q === grantPos || (k === -4 && q > grantPos && grantKind >= 0 && kindAt(s, q) === grantKind))) return q + widthAt(s, q);
    return -1;
  }
  if (mode === MEASURE || q !== maxFailPos || silent !== 0 || hooks === null || hooks.stop === undefined) return -1;
  if (mode === FURTHEST) {
    while (shown < depth) {
      hooks.enter(frames[2 * shown], frames[2 * shown + 1], maxFailPos, maxFailExpected);
      shown++;
    }
  }
  hooks.stop(id, k, q, start, maxFailPos, maxFailExpected);
  return -1;
}

function hookEnter(k, p) {
  if (mode === ALL) hooks.enter(k, p, maxFailPos, maxFailExpected);
  else if (mode === FURTHEST) {
    frames[2 * depth] = k;
    frames[2 * depth + 1] = p;
    depth++;
  }
}

function hookLeave(end) {
  if (mode === ALL) hooks.leave(end, maxFailPos, maxFailExpected);
  else if (mode === FURTHEST && --depth < shown) {
    shown = depth;
    hooks.leave(end, maxFailPos, maxFailExpected);
  }
}

function hookFail(p) {
  if (mode === ALL) hooks.fail(p, maxFailPos, maxFailExpected);
  else if (mode === FURTHEST && --depth < shown) {
    shown = depth;
    hooks.fail(p, maxFailPos, maxFailExpected);
  }
}

// The derivation tree (ALL, with a recorder that builds one): a sequence that fails, or a
// lookahead, backtracks without a rule boundary, so the rules it matched inside the open rule
// are no part of the derivation. hookMark() before it says how many the open rule has;
// hookRewind(mark) after it drops those matched since. -1: no tree is being built.
function hookMark() {
  return mode === ALL && hooks.mark !== undefined ? hooks.mark() : -1;
}

function hookRewind(mark) {
  if (mark >= 0) hooks.rewind(mark);
}
`;

// The interface of Peggy's parse() that src/diagnose.ts uses: library mode's result object.
const TRACE_PARSE = `const FAILED = {};
const MATCHED = {};

/**
 * Peggy's parse() as the diagnosis calls it: options.startRule, options.$urispec (the hooks),
 * options.peg$library (return the state instead of throwing), and options.$urispecFurthest
 * (the hooks are only needed for the error record: see FURTHEST). No result values are built.
 */
export function parse(input, options = {}) {
  const name = options.startRule ?? FIRST_RULE;
  const rule = START.get(name);
  if (rule === undefined) throw new Error(\`Can't start parsing from rule "\${name}".\`);
  hooks = options.$urispec ?? null;
  subject = input;
  silent = 0;
  mode = ALL;
  floor = 0;
  const grant = options.$urispecGrant;
  if (grant) {
    // A counterfactual run (stopped()): no hooks, only how far the parse gets.
    mode = MEASURE;
    hooks = null;
    grantId = grant.id;
    grantStart = grant.start;
    grantPos = grant.pos;
    grantKind = kindAt(input, grant.pos);
  } else if (options.$urispecFurthest) {
    mode = MEASURE;
    maxFailPos = 0;
    rule(input, 0);
    floor = maxFailPos;
    mode = FURTHEST;
    depth = 0;
    shown = 0;
  }
  maxFailPos = 0;
  maxFailExpected = [];
  const end = rule(input, 0);
  const result = {
    peg$result: end >= 0 ? MATCHED : FAILED,
    peg$currPos: end >= 0 ? end : 0,
    peg$FAILED: FAILED,
    peg$maxFailPos: maxFailPos,
    peg$maxFailExpected: maxFailExpected,
  };
  hooks = null;
  grantId = -1;
  maxFailExpected = [];
  frames.length = 0;
  if (options.peg$library) return result;
  if (end === input.length) return undefined;
  throw new SyntaxError(\`no match of \${name} (offset \${Math.max(result.peg$maxFailPos, result.peg$currPos)}); use peg$library mode\`);
}
`;

const TABLE_HELPER = `// An ASCII membership table, 1 where Peggy's test accepts the code unit.
function table(bits) {
  const t = new Uint8Array(128);
  for (let i = 0; i < 128; i++) t[i] = bits.charCodeAt(i) === 49 ? 1 : 0;
  return t;
}
`;

// Peggy's case-insensitive literal: input.substr(p, n).toLowerCase() === lower, for a literal
// whose lower case is ASCII and as long as itself. While the input is ASCII, lower-casing maps
// one code unit to one, so the comparison can stop at the first mismatch; from the first
// non-ASCII code unit on, Peggy's own expression decides.
const IC_HELPER = `// Peggy's case-insensitive literal test, without allocating while the input is ASCII.
function ic(s, p, lower, n) {
  for (let i = 0; i < n; i++) {
    let c = s.charCodeAt(p + i);
    if (c >= 128) return s.substr(p, n).toLowerCase() === lower;
    if (c >= 65 && c <= 90) c += 32;
    if (c !== lower.charCodeAt(i)) return false;
  }
  return true;
}
`;

const CODE_POINT_HELPER = `// Peggy's unicode class: one code point (peg$getUnicode) tested by the class's RegExp.
function codePoint(s, p, re) {
  const cp = s.codePointAt(p);
  if (cp === undefined) return -1;
  const ch = String.fromCodePoint(cp);
  return re.test(ch) ? p + ch.length : -1;
}
`;

// A code-point set above 127 (the contract: characters are code points, offsets UTF-16 units).
// A high surrogate followed by a low one is one code point of two units; any other unit, a lone
// surrogate included, is the code point of its own value (Peggy's peg$getUnicode, codePointAt).
// The ranges are sorted, disjoint [lo, hi] pairs: a binary search.
const CP_END_HELPER = `// The end of the code point at p (its first unit c) if it is in the ranges, else -1.
function cpEnd(s, p, c, ranges) {
  let n = 1;
  if (c >= 0xd800 && c <= 0xdbff && p + 1 < s.length) {
    const d = s.charCodeAt(p + 1);
    if (d >= 0xdc00 && d <= 0xdfff) {
      c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
      n = 2;
    }
  }
  let lo = 0;
  let hi = (ranges.length >> 1) - 1;
  while (lo <= hi) {
    const m = (lo + hi) >> 1;
    if (c < ranges[2 * m]) hi = m - 1;
    else if (c > ranges[2 * m + 1]) lo = m + 1;
    else return p + n;
  }
  return -1;
}
`;

/** The recognizer's source for a grammar AST (after Peggy's check and transform passes). */
export function recognizerSource(rules: Rule[], file: string, header: string, trace: ReadonlyMap<string, number> | null = null): string {
  return new Generator(rules, file, trace).module(header);
}

/**
 * The Peggy plugin: Peggy parses the grammar and runs its checks and transforms (the caller's
 * other plugins included), then this pass replaces code generation. With `output: 'source'`,
 * `peggy.generate` returns the module text.
 *
 * Without `trace`, the fast recognizer (generated/<era>.fast.js): `accepts(input, rule)`.
 * With `trace`, the traced recognizer (generated/<era>.diag.js), run only after a rejection: the
 * same rule functions in Peggy's order, keeping Peggy's furthest-failure state, and calling
 * `options.$urispec.enter/leave/fail(k, pos, maxFailPos, maxFailExpected)` around each rule of
 * `trace` (rule id to hook index): the protocol of src/diagnose.ts.
 */
export function recognizerPlugin(file: string, trace: ReadonlyMap<string, number> | null = null): peggy.Plugin {
  const pass = (ast: peggy.ast.Grammar, _options: unknown, session: peggy.Session): void => {
    const header = trace
      ? `// @generated by scripts/build-grammars.ts (recognizer-codegen.ts) from ${file}. Do not edit.\n` +
        `// The traced recognizer for the diagnosis: Peggy's failure bookkeeping and the recorder's\n` +
        `// hooks around each spec rule, no result values (src/diagnose.ts, issue 8).`
      : `// @generated by scripts/build-grammars.ts (recognizer-codegen.ts) from ${file}. Do not edit.\n` +
        `// The fast recognizer: the grammar's language, no results, no diagnosis (issue 8).`;
    try {
      (ast as unknown as { code: string }).code = recognizerSource(ast.rules as unknown as Rule[], file, header, trace);
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
      const rule = (e as Unsupported & { rule?: string }).rule;
      session.error(
        `the ${trace ? 'traced' : 'fast'} recognizer cannot compile ${e.message}${rule ? ` in rule ${rule}` : ''}`,
        e.node.location as unknown as peggy.LocationRange,
      );
    }
  };
  return {
    use(config) {
      config.passes.generate = [pass];
    },
  };
}
