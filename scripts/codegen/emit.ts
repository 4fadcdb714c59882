// What both emitters share: the translation of each Peggy node into statements over a position
// (a recognizer function per rule, `(s, p) => end | -1`), the module around the functions, and
// the points where the two builds differ, as methods that ./emit-fast.ts and ./emit-traced.ts
// override.
//
// The language is Peggy's, node by node (generate-bytecode.js / generate-js.js of the pinned
// version): ordered choice, greedy repetition that never gives back, lookaheads that consume
// nothing, literals compared by code unit (case-insensitive ones as Peggy does, by
// `substr(...).toLowerCase()`), classes as the very RegExp Peggy builds for them, a `u` class one
// code point (a range above U+FFFF matches a surrogate pair; positions stay UTF-16 indexes: the
// contract's offsets). Where a fast test is used (ASCII tables, code-unit and code-point ranges,
// ASCII case folding), it is computed from or proven equal to Peggy's test; everything else falls
// back to Peggy's own expression.

import { type Boundary, type Grammar, type Node, type Rule, Unsupported } from './ast.js';
import { type CharSet, type CharSets, classAscii, classRegExp, MAX_UNIT } from './char-sets.js';
import type { FirstSets } from './first-sets.js';
import type { ChoiceItem, PegExactness } from './peg-exactness.js';
import { helperSource } from './runtime-text.js';

/** The analyses of one grammar, which the emitters read. */
export interface Analyses {
  grammar: Grammar;
  sets: CharSets;
  firsts: FirstSets;
  exactness: PegExactness;
}

/** ASCII sets of this many ranges or fewer are tested by comparisons rather than a table. */
const MAX_COMPARED = 2;

/** The inclusive ranges of the code units in an ASCII set. */
function asciiRanges(ascii: boolean[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  ascii.forEach((x, c) => {
    if (!x) return;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === c - 1) last[1] = c;
    else ranges.push([c, c]);
  });
  return ranges;
}

/** Module-level constants: tables and RegExps, deduplicated, in order of first use. */
export class Constants {
  private readonly names = new Map<string, string>();
  readonly code: string[] = [];

  name(kind: string, code: string): string {
    const key = kind + ':' + code;
    let name = this.names.get(key);
    if (!name) {
      name = `${kind}${this.names.size}`;
      this.names.set(key, name);
      this.code.push(`const ${name} = ${code};`);
    }
    return name;
  }
}

/** One rule function being written: its lines, its variables, its labels. */
export class FnState {
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

export const ruleFn = (name: string): string => `r_${name}`;

export abstract class Emitter {
  /** The helpers the module uses (./helpers.ts: table, ic, codePoint, cpEnd). */
  protected readonly helpers = new Set<string>();

  constructor(
    protected readonly analyses: Analyses,
    protected readonly constants: Constants,
  ) {}

  /* ----- where the builds differ ----- */

  /** Emits the node some shorter way and returns true, or returns false. */
  protected abstract shortcut(node: Node, p: string, out: string, fn: FnState): boolean;
  /** Peggy's expectation for a terminal, as a module constant; null when not recorded. */
  protected abstract expectation(node: Node): string | null;
  /** Before something that may backtrack without a rule boundary: a mark, or null. */
  protected abstract backtrackMark(fn: FnState): string | null;
  /** The alternatives of a choice in the order they are tried. */
  protected abstract choiceItems(node: Node & { type: 'choice' }): ChoiceItem[];
  /** A set test that skips an alternative, or null. */
  protected abstract guard(node: Node): CharSet | null;
  /** After the expression of an option, `r` its end, `p` its start. */
  protected abstract afterOption(r: string, p: string, fn: FnState): void;
  /** Emits a repetition some shorter way and returns true, or returns false. */
  protected abstract hotLoop(e: Node, delimiter: Node | null, min: number, max: number | null, p: string, out: string, fn: FnState): boolean;
  /** After the element of a repetition, `r` its end, `at` its start. */
  protected abstract afterRepetitionElement(r: string, at: string, fn: FnState): void;
  /** Around a lookahead's expression. */
  protected abstract enterLookahead(fn: FnState): string | null;
  protected abstract leaveLookahead(mark: string | null, fn: FnState): void;
  /** A `named` rule expression (Peggy's display name). */
  protected abstract named(node: Node & { type: 'named' }, p: string, out: string, fn: FnState): string;
  /** The lines a rule function opens with, and the ones before its return. */
  protected abstract ruleEntry(rule: Rule): string;
  protected abstract ruleExit(rule: Rule, result: string): string;
  /** The module's runtime before the helpers, and its exports after the start-rule table. */
  protected abstract runtime(): string[];
  protected abstract exports(): string;
  /** The module's import declarations, after its header. */
  protected imports(): string[] {
    return [];
  }

  /* ----- set tests ----- */

  /**
   * The test that the code unit at position `p` is in a code-unit set (loaded into `c`); false at
   * the end of input. Above 127 only the exact ranges and Peggy's own tests, which are rare paths.
   */
  setTest(set: CharSet, p: string): string {
    const test = this.setTestLoaded(set, p);
    // The bound check first: charCodeAt then never yields NaN, and V8 keeps `c` a small integer
    // (measured: a scanning loop over a NaN-capable code unit runs several times slower).
    return test === 'false' ? test : `(${p} < s.length && (c = s.charCodeAt(${p}), ${test}))`;
  }

  /**
   * The end of the character at `p` when it is in the set, else -1 (also at the end of input):
   * `p + 1` for a code unit; for a code point, `p + 2` when it is a surrogate pair (cpEnd).
   */
  setEnd(set: CharSet, p: string): string {
    if (!set.codePoints) return `(${this.setTest(set, p)} ? ${p} + 1 : -1)`;
    return `(${p} < s.length ? (c = s.charCodeAt(${p}), ${this.setEndLoaded(set, p)}) : -1)`;
  }

  /**
   * setTest once the code unit at `p` (< s.length) is loaded into `c`: a loop loads it once per
   * character (./emit-fast.ts, hotLoop).
   */
  setTestLoaded(set: CharSet, p: string): string {
    if (set.codePoints) throw new Error('a code-point set consumes one or two code units: setEndLoaded');
    const high = this.highTests(set, p);
    if (high.length === 0) return set.ascii.some(Boolean) ? `(${this.asciiTest(set.ascii, false)})` : 'false';
    return `(c < 128 ? ${this.asciiTest(set.ascii, true)} : ${high.join(' || ')})`;
  }

  /** setEnd once the code unit at `p` (< s.length) is loaded into `c`. */
  setEndLoaded(set: CharSet, p: string): string {
    if (!set.codePoints) return `(${this.setTestLoaded(set, p)} ? ${p} + 1 : -1)`;
    return `(c < 128 ? (${this.asciiTest(set.ascii, true)} ? ${p} + 1 : -1) : ${this.codePointEnd(set, p)})`;
  }

  /**
   * The test that `c` is in an ASCII set: up to MAX_COMPARED ranges as comparisons, which hold
   * for any `c`; more as a table lookup, guarded by `c < 128` unless the caller knows it (`below`).
   */
  private asciiTest(ascii: boolean[], below: boolean): string {
    const ranges = asciiRanges(ascii);
    if (ranges.length === 0) return 'false';
    if (ranges.length <= MAX_COMPARED) return ranges.map(([lo, hi]) => (lo === hi ? `c === ${lo}` : `c >= ${lo} && c <= ${hi}`)).join(' || ');
    const table = this.table(ranges);
    return below ? `${table}[c] === 1` : `c < 128 && ${table}[c] === 1`;
  }

  /** The tests of a code-unit set above 127 (of `c`, loaded from `p`): its exact ranges, then Peggy's own tests. */
  private highTests(set: CharSet, p: string): string[] {
    const ranges = set.ranges.map(([lo, hi]) => (lo === hi ? `c === ${lo}` : hi === MAX_UNIT ? `c >= ${lo}` : `(c >= ${lo} && c <= ${hi})`));
    return [...ranges, ...this.unitTests(set, p)];
  }

  /** The end of a code-point set's character above 127 at `p` (`c` loaded), or -1. */
  private codePointEnd(set: CharSet, p: string): string {
    // Peggy's one-unit tests (from surrogate-free sets: union) first, then the code point.
    const unit = this.unitTests(set, p);
    let high = '-1';
    if (set.ranges.length > 0) {
      this.helpers.add('cpEnd');
      const ranges = this.constants.name('C', `new Int32Array(${JSON.stringify(set.ranges.flat())})`);
      high = `cpEnd(s, ${p}, c, ${ranges})`;
    }
    return unit.length > 0 ? `${unit.join(' || ')} ? ${p} + 1 : ${high}` : high;
  }

  /** An ASCII table (./helpers.ts, table) of inclusive ranges of code units. */
  private table(ranges: Array<[number, number]>): string {
    this.helpers.add('table');
    return this.constants.name('T', `table([${ranges.flat().join(', ')}])`);
  }

  /** Peggy's own one-code-unit tests of a set above 127: class RegExps, lower-cased literals. */
  private unitTests(set: CharSet, p: string): string[] {
    const tests = set.regexps.map((re) => `${re}.test(s.charAt(${p}))`);
    if (set.lowered.length === 1) tests.push(`s.charAt(${p}).toLowerCase() === ${JSON.stringify(set.lowered[0])}`);
    if (set.lowered.length > 1) {
      const values = this.constants.name('S', `new Set(${JSON.stringify([...set.lowered].sort())})`);
      tests.push(`${values}.has(s.charAt(${p}).toLowerCase())`);
    }
    return tests;
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

  /* ----- expressions to statements ----- */

  /**
   * Appends to `fn` the statements that match `node` at position `p` (a variable that the
   * statements never assign), and returns the variable that then holds the end or -1.
   */
  gen(node: Node, p: string, fn: FnState): string {
    const out = fn.fresh();
    const emit = (line: string): void => fn.line(line);
    if (this.shortcut(node, p, out, fn)) return out;
    switch (node.type) {
      case 'literal': {
        const v = node.value;
        if (v.length === 0) {
          emit(`${out} = ${p};`);
          return out;
        }
        const expected = this.expectation(node);
        const one = this.analyses.sets.of(node);
        if (one) {
          // (traced build only: the fast one took the set shortcut)
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
        const one = this.analyses.sets.of(node);
        if (one) {
          this.setTerminal(out, p, one, expected, fn);
          return out;
        }
        // A unicode class consumes one code point (Peggy's peg$getUnicode), one or two units.
        const ascii = this.asciiTest(classAscii(node), true);
        const regexp = this.constants.name('R', classRegExp(node));
        this.helpers.add('codePoint');
        emit(`${out} = ${p} >= s.length ? -1 : (c = s.charCodeAt(${p})) < 128 ? (${ascii} ? ${p} + 1 : -1) : codePoint(s, ${p}, ${regexp});`);
        if (expected) emit(`if (${out} < 0 && silent === 0) fail(${p}, ${expected});`);
        return out;
      }
      case 'any': {
        const expected = this.expectation(node);
        this.terminal(out, p, `${p} < s.length`, 1, expected, fn);
        return out;
      }
      case 'rule_ref':
        emit(`${out} = ${ruleFn(node.name)}(s, ${p});`);
        return out;
      case 'sequence': {
        const els = node.elements;
        if (els.length === 0) {
          emit(`${out} = ${p};`);
          return out;
        }
        const label = fn.label();
        const mark = this.backtrackMark(fn);
        emit(`${out} = -1;`);
        emit(`${label}: {`);
        fn.indent++;
        let cur = p;
        els.forEach((e, i) => {
          cur = this.gen(e, cur, fn);
          if (i < els.length - 1) emit(`if (${cur} < 0) break ${label};`);
        });
        emit(`${out} = ${cur};`);
        fn.indent--;
        emit('}');
        if (mark) emit(`if (${out} < 0) hookRewind(${mark});`);
        return out;
      }
      case 'choice':
        this.choice(this.choiceItems(node), p, out, fn);
        return out;
      case 'optional': {
        const r = this.gen(node.expression, p, fn);
        this.afterOption(r, p, fn);
        emit(`${out} = ${r} < 0 ? ${p} : ${r};`);
        return out;
      }
      case 'zero_or_more':
      case 'one_or_more':
        return this.loop(node.expression, null, node.type === 'one_or_more' ? 1 : 0, null, p, out, fn);
      case 'repeated': {
        const b = (x: Boundary | null | undefined, what: string): number | null => {
          if (!x) return null;
          if (x.type !== 'constant') throw new Unsupported(`a ${what} repetition count that is not a constant`, node);
          return x.value ?? null;
        };
        const max = b(node.max, 'maximum');
        const min = node.min ? b(node.min, 'minimum')! : max!;
        if (max === 0) throw new Unsupported('a repetition with a maximum of 0', node);
        return this.loop(node.expression, node.delimiter ?? null, min, max, p, out, fn);
      }
      case 'simple_and':
      case 'simple_not': {
        const inner = node.expression;
        if (inner.type === 'any') {
          // `!.` and `&.`: the end of input, or not.
          emit(`${out} = ${p} ${node.type === 'simple_not' ? '>=' : '<'} s.length ? ${p} : -1;`);
          return out;
        }
        const mark = this.enterLookahead(fn);
        const r = this.gen(inner, p, fn);
        this.leaveLookahead(mark, fn);
        emit(`${out} = ${r} ${node.type === 'simple_not' ? '<' : '>='} 0 ? ${p} : -1;`);
        return out;
      }
      case 'named':
        return this.named(node, p, out, fn);
      case 'group':
      case 'labeled':
      case 'text':
        fn.release(out);
        return this.gen(node.expression, p, fn);
      case 'action':
        throw new Unsupported('an action (the grammars only recognise: docs/grammar-conventions.md)', node);
      case 'semantic_and':
      case 'semantic_not':
        throw new Unsupported('a semantic predicate (its code cannot run without Peggy)', node);
      default:
        throw new Unsupported(`a "${node.type}" expression`, node);
    }
  }

  /** The alternatives of a choice, tried in order at `p`: `out` gets the first one's end, or -1. */
  protected choice(items: ChoiceItem[], p: string, out: string, fn: FnState): void {
    const emit = (line: string): void => fn.line(line);
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
        const guard = this.guard(item.node);
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
  }

  /**
   * Peggy's repetition: greedy, never gives back, `min` to `max` matches, a delimiter between
   * them (a delimiter without its element after it is not consumed). Peggy's
   * reportInfiniteRepetition rejects an unbounded repetition of an element that can match
   * nothing; the `no progress` exit only guards against looping if that check ever let one by.
   */
  private loop(e: Node, delimiter: Node | null, min: number, max: number | null, p: string, out: string, fn: FnState): string {
    const emit = (line: string): void => fn.line(line);
    if (this.hotLoop(e, delimiter, min, max, p, out, fn)) return out;
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
    this.afterRepetitionElement(r, at, fn);
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
    const rules = this.analyses.grammar.rules;
    const fns: string[] = [];
    for (const r of rules) {
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
      fns.push(
        `// ${r.name}: ${this.analyses.grammar.originOf(r)}\n` +
          `function ${ruleFn(r.name)}(s, p) {\n` +
          `  let ${vars.join(', ')};\n` +
          this.ruleEntry(r) +
          fn.lines.join('\n') +
          this.ruleExit(r, result) +
          `\n  return ${result};\n}\n`,
      );
    }
    const helpers = ['table', 'ic', 'codePoint', 'cpEnd'].filter((h) => this.helpers.has(h)).map(helperSource);
    const imports = this.imports();
    return [
      header,
      '',
      ...(imports.length > 0 ? [...imports, ''] : []),
      ...helpers,
      ...this.runtime(),
      ...this.constants.code,
      '',
      ...fns,
      `const START = new Map([\n${rules.map((r) => `  [${JSON.stringify(r.name)}, ${ruleFn(r.name)}],\n`).join('')}]);`,
      '',
      `/** Every rule is a start rule, as in the Peggy builds. */`,
      `export const StartRules = [...START.keys()];`,
      '',
      this.exports(),
    ].join('\n');
  }
}
