// The fast recognizer's emitter (generated/<era>.fast.js, issue 8): the grammar's language and
// nothing else, one plain function per rule, `(s, p) => end | -1`. On the success path Peggy
// builds a result value for every node (arrays for every repetition, one element per
// character), records expectations on every failed alternative, and reports a rejection by
// throwing. A recognizer needs none of that, only the position. So here: no result values, no
// expectation bookkeeping, no exceptions, no allocation per character; single-character
// alternatives become one table lookup, an alternative whose first character cannot be the one at
// hand is skipped by one lookup, and a repetition of a set is a tight loop. The diagnosis's
// recognizer is data, written by its own pass (./emit-traced.ts, issue 16), so this one is the
// only emitter of code and has no hooks for another build.
//
// The language is Peggy's, node by node (generate-bytecode.js / generate-js.js of the pinned
// version): ordered choice, greedy repetition that never gives back, lookaheads that consume
// nothing, literals compared by code unit (case-insensitive ones as Peggy does, by
// `substr(...).toLowerCase()`), classes as the very RegExp Peggy builds for them, a `u` class one
// code point (a range above U+FFFF matches a surrogate pair; positions stay UTF-16 indexes: the
// contract's offsets). Where a fast test is used (ASCII tables, code-unit and code-point ranges,
// ASCII case folding), it is computed from or proven equal to Peggy's test; everything else falls
// back to Peggy's own expression. Every departure from Peggy's order is proven exact by
// ./peg-exactness.ts. test/recognizer.test.ts checks the verdicts against the Peggy parser and
// `validate`.

import { type Node, neverMatches, repetitionCounts, Unsupported, unsupported, unwrap } from './ast.js';
import type { Analyses } from './analyses.js';
import { type CharSet, classAscii, classRegExp, MAX_UNIT } from './char-sets.js';
import type { Constants } from './constants.js';
import type { ChoiceItem } from './peg-exactness.js';
import { FAST_ACCEPTS, helperSource } from './runtime-text.js';

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

/** One rule function being written: its lines, its variables, its labels. */
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

const ruleFn = (name: string): string => `r_${name}`;

// The input is read with String.prototype's methods called on it and its length once a rule
// call (`len`): `s.charCodeAt(p)` and `s.length` are loads on the string's map, megamorphic once
// strings of five or more representations (flat, internalized, concatenated, sliced, two-byte)
// went through them, as an era's corpus does: a generic load a character (issue 17,
// ./runtime/dfa.ts accepts).
/** The code unit at `p` of the input `s`. */
const unitAt = (p: string): string => `String.prototype.charCodeAt.call(s, ${p})`;
/** The one-unit string at `p` of the input `s`. */
const charAt = (p: string): string => `String.prototype.charAt.call(s, ${p})`;

export class FastEmitter {
  /** The helpers the module uses (./helpers.ts: table, ic, codePoint, cpEnd). */
  private readonly helpers = new Set<string>();

  /**
   * @param inherited the rules this grammar has unchanged from the one it extends
   *   (./inherited.ts), and that grammar's fast recognizer (`./rfc3986.fast.js`): their
   *   functions are imported from there, not written again
   */
  constructor(
    private readonly analyses: Analyses,
    private readonly constants: Constants,
    private readonly inherited: { module: string; rules: ReadonlySet<string> } | null = null,
  ) {}

  /* ----- set tests ----- */

  /**
   * The test that the code unit at position `p` is in a code-unit set (loaded into `c`); false at
   * the end of input. Above 127 only the exact ranges and Peggy's own tests, which are rare paths.
   */
  private setTest(set: CharSet, p: string): string {
    const test = this.setTestLoaded(set, p);
    // The bound check first: charCodeAt then never yields NaN, and V8 keeps `c` a small integer
    // (measured: a scanning loop over a NaN-capable code unit runs several times slower).
    return test === 'false' ? test : `(${p} < len && (c = ${unitAt(p)}, ${test}))`;
  }

  /**
   * The end of the character at `p` when it is in the set, else -1 (also at the end of input):
   * `p + 1` for a code unit; for a code point, `p + 2` when it is a surrogate pair (cpEnd).
   */
  private setEnd(set: CharSet, p: string): string {
    if (!set.codePoints) return `(${this.setTest(set, p)} ? ${p} + 1 : -1)`;
    return `(${p} < len ? (c = ${unitAt(p)}, ${this.setEndLoaded(set, p)}) : -1)`;
  }

  /** setTest once the code unit at `p` (< len) is loaded into `c`: a loop loads it once per character. */
  private setTestLoaded(set: CharSet, p: string): string {
    if (set.codePoints) throw new Error('a code-point set consumes one or two code units: setEndLoaded');
    const high = this.highTests(set, p);
    if (high.length === 0) return set.ascii.some(Boolean) ? `(${this.asciiTest(set.ascii, false)})` : 'false';
    return `(c < 128 ? ${this.asciiTest(set.ascii, true)} : ${high.join(' || ')})`;
  }

  /** setEnd once the code unit at `p` (< len) is loaded into `c`. */
  private setEndLoaded(set: CharSet, p: string): string {
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
    const tests = set.regexps.map((re) => `${re}.test(${charAt(p)})`);
    if (set.lowered.length === 1) tests.push(`${charAt(p)}.toLowerCase() === ${JSON.stringify(set.lowered[0])}`);
    if (set.lowered.length > 1) {
      const values = this.constants.name('S', `new Set(${JSON.stringify([...set.lowered].sort())})`);
      tests.push(`${values}.has(${charAt(p)}.toLowerCase())`);
    }
    return tests;
  }

  /* ----- expressions to statements ----- */

  /**
   * Appends to `fn` the statements that match `node` at position `p` (a variable that the
   * statements never assign), and returns the variable that then holds the end or -1.
   */
  private gen(node: Node, p: string, fn: FnState): string {
    const out = fn.fresh();
    const emit = (line: string): void => fn.line(line);
    // A single-character set is one lookup, whatever node spells it (./peg-exactness.ts, setOf).
    const set = this.analyses.exactness.setOf(node);
    if (set) {
      emit(set.codePoints ? `${out} = ${this.setEnd(set, p)};` : `${out} = ${this.setTest(set, p)} ? ${p} + 1 : -1;`);
      return out;
    }
    switch (node.type) {
      case 'literal': {
        // Of more than one character (one is a set): compared code unit by code unit.
        const v = node.value;
        if (v.length === 0) emit(`${out} = ${p};`);
        else if (!node.ignoreCase) {
          const tests = Array.from({ length: v.length }, (_, i) => `${unitAt(`${p}${i ? ' + ' + i : ''}`)} === ${v.charCodeAt(i)}`);
          emit(`${out} = ${p} + ${v.length} <= len && ${tests.join(' && ')} ? ${p} + ${v.length} : -1;`);
        } else if (/^[\x00-\x7f]*$/.test(v.toLowerCase()) && v.toLowerCase().length === v.length) {
          this.helpers.add('ic');
          emit(`${out} = ic(s, ${p}, ${JSON.stringify(v.toLowerCase())}, ${v.length}) ? ${p} + ${v.length} : -1;`);
        } else {
          // Lower-casing changes the literal's length or leaves it non-ASCII: Peggy's test as is.
          emit(`${out} = String.prototype.substr.call(s, ${p}, ${v.length}).toLowerCase() === ${JSON.stringify(v.toLowerCase())} ? ${p} + ${v.length} : -1;`);
        }
        return out;
      }
      case 'class': {
        // Not a set (./char-sets.ts): a unicode class Peggy tests by RegExp, one code point
        // (Peggy's peg$getUnicode), one or two units.
        const ascii = this.asciiTest(classAscii(node), true);
        const regexp = this.constants.name('R', classRegExp(node));
        this.helpers.add('codePoint');
        emit(`${out} = ${p} >= len ? -1 : (c = ${unitAt(p)}) < 128 ? (${ascii} ? ${p} + 1 : -1) : codePoint(s, ${p}, ${regexp});`);
        return out;
      }
      case 'any':
        emit(`${out} = ${p} < len ? ${p} + 1 : -1;`);
        return out;
      case 'rule_ref':
        emit(`${out} = ${ruleFn(node.name)}(s, ${p});`);
        return out;
      case 'sequence': {
        const els = node.elements;
        // A part for the diagnosis only: nothing to try, the fast recognizer reports nothing.
        if (neverMatches(node)) {
          emit(`${out} = -1;`);
          return out;
        }
        if (els.length === 0) {
          emit(`${out} = ${p};`);
          return out;
        }
        const label = fn.label();
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
        return out;
      }
      case 'choice': {
        // Alternatives for the diagnosis only are not tried (they match nothing).
        const items = this.analyses.exactness.choiceItems(node).filter((item) => 'set' in item || !neverMatches(item.node));
        if (items.length === 0) emit(`${out} = -1;`);
        else this.choice(items, p, out, fn);
        return out;
      }
      case 'optional': {
        const r = this.gen(node.expression, p, fn);
        emit(`${out} = ${r} < 0 ? ${p} : ${r};`);
        return out;
      }
      case 'zero_or_more':
      case 'one_or_more':
        return this.loop(node.expression, null, node.type === 'one_or_more' ? 1 : 0, null, p, out, fn);
      case 'repeated': {
        const { min, max } = repetitionCounts(node);
        return this.loop(node.expression, node.delimiter ?? null, min, max, p, out, fn);
      }
      case 'simple_and':
      case 'simple_not': {
        const inner = node.expression;
        if (inner.type === 'any') {
          // `!.` and `&.`: the end of input, or not.
          emit(`${out} = ${p} ${node.type === 'simple_not' ? '>=' : '<'} len ? ${p} : -1;`);
          return out;
        }
        const r = this.gen(inner, p, fn);
        emit(`${out} = ${r} ${node.type === 'simple_not' ? '<' : '>='} 0 ? ${p} : -1;`);
        return out;
      }
      case 'named': // a display name changes nothing a recognizer sees
      case 'group':
      case 'labeled':
      case 'text':
        fn.release(out);
        return this.gen(node.expression, p, fn);
      default:
        throw unsupported(node);
    }
  }

  /** The alternatives of a choice, tried in order at `p`: `out` gets the first one's end, or -1. */
  private choice(items: ChoiceItem[], p: string, out: string, fn: FnState): void {
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
        const guard = this.analyses.firsts.guard(item.node);
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
    if (this.tightLoop(e, delimiter, min, max, p, out, fn)) return out;
    const n = min > 0 || max !== null || delimiter ? fn.fresh() : null;
    emit(`${out} = ${p};`);
    if (n) emit(`${n} = 0;`);
    emit(`for (;;) {`);
    fn.indent++;
    if (n && max !== null) emit(`if (${n} >= ${max}) break;`);
    let r: string;
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
    } else {
      r = this.gen(e, out, fn);
    }
    emit(`if (${r} < 0) break;`);
    if (n) emit(`${n}++;`);
    if (max === null) emit(`if (${r} === ${out}) break;`);
    emit(`${out} = ${r};`);
    fn.indent--;
    emit('}');
    if (n && min > 0) emit(`if (${n} < ${min}) ${out} = -1;`);
    return out;
  }

  /**
   * An unbounded repetition without a delimiter as a tight loop, when its element is a set or a
   * choice that starts with one; returns false for any other repetition (then loop's general form).
   */
  private tightLoop(e: Node, delimiter: Node | null, min: number, max: number | null, p: string, out: string, fn: FnState): boolean {
    const emit = (line: string): void => fn.line(line);
    const set = delimiter ? null : this.analyses.exactness.setOf(e);
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
      return true;
    }
    if (set && max === null) {
      // The hot loop: one table lookup per code unit.
      emit(`${out} = ${p};`);
      emit(`while (${out} < len) {`);
      emit(`  c = ${unitAt(out)};`);
      emit(`  if (!${this.setTestLoaded(set, out)}) break;`);
      emit(`  ${out}++;`);
      emit(`}`);
      if (min > 0) emit(`if (${out} - ${p} < ${min}) ${out} = -1;`);
      return true;
    }
    const items = delimiter || max !== null ? null : this.loopItems(e);
    const head = items?.[0];
    if (items && head && 'set' in head && !this.analyses.firsts.of(e).nullable) {
      // A repetition of a choice that starts with a set (pchar, userinfo's characters): the
      // set's characters in a tight loop, one charCodeAt each, and the other alternatives
      // (pct-encoded) only at a character outside it. Exact: the element cannot match the empty
      // string (Peggy rejects such a repetition, and it is checked here), so a match always
      // advances, and at the end of input every alternative fails.
      const n = min > 1 ? fn.fresh() : null;
      const count = n ? ` ${n}++;` : '';
      emit(`${out} = ${p};`);
      if (n) emit(`${n} = 0;`);
      emit(`while (${out} < len) {`);
      fn.indent++;
      emit(`c = ${unitAt(out)};`);
      if (head.set.codePoints) {
        const end = fn.fresh();
        emit(`${end} = ${this.setEndLoaded(head.set, out)};`);
        emit(`if (${end} >= 0) { ${out} = ${end};${count} continue; }`);
      } else emit(`if (${this.setTestLoaded(head.set, out)}) { ${out}++;${count} continue; }`);
      if (items.length === 1) emit('break;');
      else {
        const r = fn.fresh();
        this.choice(items.slice(1), out, r, fn);
        emit(`if (${r} <= ${out}) break;`);
        if (n) emit(`${n}++;`);
        emit(`${out} = ${r};`);
      }
      fn.indent--;
      emit('}');
      if (n) emit(`if (${n} < ${min}) ${out} = -1;`);
      else if (min > 0) emit(`if (${out} === ${p}) ${out} = -1;`);
      return true;
    }
    return false;
  }

  /** The alternatives of a repetition's element when it is a choice, or a rule that is one (pchar). */
  private loopItems(e: Node): ChoiceItem[] | null {
    const inner = unwrap(e);
    const body = inner.type === 'rule_ref' ? unwrap(this.analyses.grammar.rule(inner.name).expression) : inner;
    return body.type === 'choice' ? this.analyses.exactness.choiceItems(body) : null;
  }

  /* ----- the module ----- */

  /**
   * The module: the helpers and constants it uses, a function per rule (each naming its grammar
   * file and line), the start-rule table, `accepts`, `matchEnd`, `ruleOf`, and the rule
   * functions themselves, which the traced recognizer calls below the failure it is after
   * (./emit-traced.ts, issue 17).
   */
  module(header: string): string {
    const rules = this.analyses.grammar.rules;
    const fns: string[] = [];
    for (const r of rules) {
      if (this.inherited?.rules.has(r.name)) continue;
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
      // The input's length read once a call (see unitAt), where the body tests it.
      const len = fn.lines.some((line) => /\blen\b/.test(line)) ? '  const len = s.length;\n' : '';
      fns.push(
        `// ${r.name}: ${this.analyses.grammar.originOf(r)}\n` +
          `function ${ruleFn(r.name)}(s, p) {\n` +
          len +
          `  let ${vars.join(', ')};\n` +
          fn.lines.join('\n') +
          `\n  return ${result};\n}\n`,
      );
    }
    const helpers = ['table', 'ic', 'codePoint', 'cpEnd'].filter((h) => this.helpers.has(h)).map(helperSource);
    const names = rules.map((r) => ruleFn(r.name));
    const imported = rules.filter((r) => this.inherited?.rules.has(r.name)).map((r) => ruleFn(r.name));
    const imports =
      this.inherited && imported.length > 0
        ? [
            `// The rules defined as in ${this.inherited.module}, reaching only rules defined as there (scripts/codegen/inherited.ts).`,
            `import {\n${imported.map((name) => `  ${name},\n`).join('')}} from ${JSON.stringify(this.inherited.module)};`,
            '',
          ]
        : [];
    return [
      header,
      '',
      ...imports,
      ...helpers,
      ...this.constants.code,
      '',
      ...fns,
      `const START = new Map([\n${rules.map((r) => `  [${JSON.stringify(r.name)}, ${ruleFn(r.name)}],\n`).join('')}]);`,
      '',
      `/** Every rule is a start rule, as in the Peggy builds. */`,
      `export const StartRules = [...START.keys()];`,
      '',
      `${FAST_ACCEPTS}\n/** The rule functions, for the traced recognizer (a call that cannot reach its furthest failure). */\nexport { ${names.join(', ')} };\n`,
    ].join('\n');
  }
}
