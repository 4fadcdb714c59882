// The traced recognizer's emitter (generated/<era>.diag.js), run only after the fast recognizer
// rejected an input (src/diagnose.ts): the same rules, trying every alternative in Peggy's order
// (the failures of the ones before a match are expectations too), keeping Peggy's
// furthest-failure state, with hooks around each spec rule, marks around whatever backtracks
// without a rule boundary, and a report at every construct that can stop at a failure.
//
// It writes the grammar as data, one rule a line (./runtime/traced.ts, TracedProgram, says what
// each node does), which ./runtime/traced.ts turns into rule functions when a run first needs
// them (issue 16: emitted as code, the traced recognizers were 965 kB of the package; as data
// they are a fraction of that). Everything a run needs that the grammar does not say is decided
// here: the single-character sets (./char-sets.ts), the expectation of each terminal
// (./expectation.ts), the stop id and kind of each construct that can stop (numbered in the
// order the code emitter numbered them), each rule's hook index, and how far each rule can look
// (./reach.ts), below which a call runs in the fast recognizer. The run's state and hooks are
// ./runtime/trace.ts, which reports through urispec's trace protocol (src/diagnosis/trace.ts).

import { StopKind } from '../../src/diagnosis/trace.js';
import { type Node, type Rule, repetitionCounts, Unsupported, unsupported, unwrap } from './ast.js';
import { type CharSet, classAscii, classRegExp } from './char-sets.js';
import type { Analyses } from './analyses.js';
import type { Constants } from './constants.js';
import { describeExpectation } from './expectation.js';
import type { Reach } from './reach.js';
import { helperSource } from './runtime-text.js';
import { Op } from './runtime/traced.js';

/** An option or a repetition that may match nothing: it never fails. */
function neverFails(n: Node): boolean {
  const u = unwrap(n);
  if (u.type === 'optional' || u.type === 'zero_or_more') return true;
  return u.type === 'repeated' && (u.min ? u.min.type === 'constant' && u.min.value === 0 : false);
}

/** The inclusive ranges of the code units an ASCII table holds: `lo, hi, lo, hi, ...`. */
function asciiRanges(ascii: boolean[]): number[] {
  const ranges: number[] = [];
  ascii.forEach((x, c) => {
    if (!x) return;
    if (ranges.length > 0 && ranges[ranges.length - 1] === c - 1) ranges[ranges.length - 1] = c;
    else ranges.push(c, c);
  });
  return ranges;
}

type Data = unknown[];

export class TracedEmitter {
  /** What each construct that can stop is (stopId). */
  private readonly stops: number[] = [];
  /** The sets (TracedSet), as JSON, deduplicated, by index. */
  private readonly sets = new Map<string, number>();
  /** The RegExp constants the sets and classes test with (constant names), by index. */
  private readonly regexps = new Map<string, number>();
  /** The helpers the data's tests use (./helpers.ts). */
  private readonly helpers = new Set<string>();
  private readonly index: Map<string, number>;

  /**
   * @param trace the hook index of every rule that reports to the recorder (the spec rules, by
   *   Peggy id)
   * @param fast the era's fast recognizer module (`./rfc3986.fast.js`) and the reach analysis:
   *   a call of a rule whose reach ends at or before `fastBelow` runs there instead (issue 17)
   */
  constructor(
    private readonly analyses: Analyses,
    private readonly constants: Constants,
    private readonly trace: ReadonlyMap<string, number>,
    private readonly fast: { module: string; reach: Reach } | null = null,
  ) {
    this.index = new Map(analyses.grammar.rules.map((r, i) => [r.name, i]));
  }

  /**
   * A new construct number, its kind kept in the module's STOPS table (StopKind): a repetition
   * or an option (both charged to the rule holding them); for the element that breaks a
   * sequence, the hook index of a traced rule it refers to, a literal (a delimiter, which cannot
   * accept another character: src/diagnosis/rank.ts), or another element.
   */
  private stopId(element: Node | 'repetition' | 'option'): number {
    let k: number | undefined;
    if (element === 'repetition') k = StopKind.repetition;
    else if (element === 'option') k = StopKind.option;
    else {
      const inner = unwrap(element);
      if (inner.type === 'rule_ref' && !this.classOfCoreRules(inner.name)) {
        // A helper charged to an outer rule (a negative hook, `// @in`) names no rule here.
        const hook = this.trace.get(inner.name);
        if (hook !== undefined && hook >= 0) k = hook;
      } else if (inner.type === 'literal') k = StopKind.literal;
    }
    this.stops.push(k ?? StopKind.other);
    return this.stops.length - 1;
  }

  /**
   * A rule that only names a character class made of other rules (`alphanum = alpha | digit`):
   * like the core rules it is made of, it is what `expected` lists, not a component a person
   * writes, so the sequence it breaks is charged to the rule holding that sequence.
   */
  private classOfCoreRules(name: string): boolean {
    const body = unwrap(this.analyses.grammar.rule(name).expression);
    const alts = body.type === 'choice' ? body.alternatives.map(unwrap) : [body];
    return this.analyses.sets.ofRule(name) !== null && alts.every((a) => a.type === 'rule_ref');
  }

  private regexp(name: string): number {
    let i = this.regexps.get(name);
    if (i === undefined) this.regexps.set(name, (i = this.regexps.size));
    return i;
  }

  /** A set's index in SETS (TracedSet). */
  private set(set: CharSet): number {
    if (set.codePoints && set.ranges.length > 0) this.helpers.add('cpEnd');
    const key = JSON.stringify([asciiRanges(set.ascii), set.ranges.flat(), set.regexps.map((r) => this.regexp(r)), set.lowered, set.codePoints ? 1 : 0]);
    let i = this.sets.get(key);
    if (i === undefined) this.sets.set(key, (i = this.sets.size));
    return i;
  }

  /** A node as data (TracedNode), its constructs numbered in the order the code emitter did. */
  private node(node: Node): Data {
    switch (node.type) {
      case 'literal': {
        const v = node.value;
        if (v.length === 0) return [Op.EMPTY];
        const expected = describeExpectation(node);
        const one = this.analyses.sets.of(node);
        if (one) return [Op.SET, this.set(one), expected];
        if (!node.ignoreCase) return [Op.STRING, v, expected];
        if (/^[\x00-\x7f]*$/.test(v.toLowerCase()) && v.toLowerCase().length === v.length) {
          this.helpers.add('ic');
          return [Op.FOLDED, v.toLowerCase(), v.length, expected];
        }
        // Lower-casing changes the literal's length or leaves it non-ASCII: Peggy's test as is.
        return [Op.LOWERED, v.toLowerCase(), v.length, expected];
      }
      case 'class': {
        const expected = describeExpectation(node);
        const one = this.analyses.sets.of(node);
        if (one) return [Op.SET, this.set(one), expected];
        // A unicode class consumes one code point (Peggy's peg$getUnicode), one or two units.
        this.helpers.add('codePoint');
        return [Op.CLASS, asciiRanges(classAscii(node)), this.regexp(this.constants.name('R', classRegExp(node))), expected];
      }
      case 'any':
        return [Op.ANY, describeExpectation(node)];
      case 'rule_ref':
        return [Op.RULE, this.index.get(node.name)!];
      case 'sequence': {
        if (node.elements.length === 0) return [Op.EMPTY];
        // An element that fails where it starts, after the sequence has consumed something, is
        // where the sequence breaks (a candidate for the diagnosis's rule). Elements that cannot
        // fail (an option, a repetition from 0) never break it. A sequence of literals only is
        // one literal split for the diagnosis (split-literals.ts): it breaks as the literal
        // fails, in the rule holding it, which the diagnosis names anyway.
        const literalOnly = node.elements.every((x) => unwrap(x).type === 'literal');
        const seq = this.sequenceNumber(node);
        const elements: Data[] = [];
        const stops: number[] = [];
        node.elements.forEach((e, i) => {
          elements.push(this.node(e));
          stops.push(i > 0 && !literalOnly && !neverFails(e) ? this.stopId(e) : -1);
        });
        if (seq < 0) return [Op.SEQUENCE, elements, stops];
        return [Op.SEQUENCE, elements, stops, seq, node.elements.map((e) => (neverFails(e) ? 0 : 1))];
      }
      case 'choice':
        return [Op.CHOICE, node.alternatives.map((a) => this.node(a))];
      case 'optional': {
        // An option whose expression fails where it starts stops there (a candidate).
        const inner = this.node(node.expression);
        return [Op.OPTION, inner, this.stopId('option')];
      }
      case 'zero_or_more':
      case 'one_or_more':
        return this.repeat(node.expression, null, node.type === 'one_or_more' ? 1 : 0, null);
      case 'repeated': {
        const { min, max } = repetitionCounts(node);
        return this.repeat(node.expression, node.delimiter ?? null, min, max);
      }
      case 'simple_and':
      case 'simple_not': {
        const not = node.type === 'simple_not' ? 1 : 0;
        if (node.expression.type === 'any') return [Op.END, not];
        return [Op.LOOKAHEAD, not, this.node(node.expression)];
      }
      case 'named':
        // Peggy: the inner failures are silent; the rule fails as "name" at its start.
        return [Op.NAMED, this.node(node.expression), node.name];
      case 'group':
      case 'labeled':
      case 'text':
        return this.node(node.expression);
      default:
        throw unsupported(node);
    }
  }

  /**
   * A sequence may fail where it starts, the elements before the failing one having matched
   * nothing: the constructs that stopped inside it there were not begun (notBegun in
   * ./runtime/trace.ts), and count only when, accepting `found`, they complete it
   * (sequenceDone): `user` in RFC 2396 draft's `user [ ":" password ] "@"` at the "[" of
   * `http://[::1]/` (no "@" follows), `digits` in draft-ietf-uri-url-03's `hostnumber` (no "."
   * follows "["). Such a sequence, when its first element can hold a construct that stops, gets
   * a number (in the order the code emitter numbered them), else -1.
   */
  private sequenceNumber(seq: Node & { type: 'sequence' }): number {
    if (seq.elements.length < 2 || seq.elements.every((x) => unwrap(x).type === 'literal')) return -1;
    const first = unwrap(seq.elements[0]!).type;
    if (first === 'literal' || first === 'class' || first === 'any') return -1;
    return this.sequences++;
  }

  /** How many sequences have a number (sequenceNumber). */
  private sequences = 0;

  /** A repetition whose element fails where it starts stops there (a candidate). */
  private repeat(e: Node, delimiter: Node | null, min: number, max: number | null): Data {
    const d = delimiter ? this.node(delimiter) : null;
    const element = this.node(e);
    return [Op.REPEAT, element, d, min, max, this.stopId('repetition')];
  }

  /**
   * A rule (TracedRule): a call that cannot look as far as `fastBelow` is the fast recognizer's,
   * known from where it starts (its reach) or, once the fast recognizer matched it, from where
   * it ends (over) or where it failed (failReach).
   */
  private rule(rule: Rule): Data {
    const bounds = this.fast?.reach.boundsOfRule(rule.name);
    const finite = (n: number | undefined): number => (n !== undefined && Number.isFinite(n) ? n : -1);
    let body: Data;
    try {
      body = this.node(rule.expression);
    } catch (e) {
      if (e instanceof Unsupported) throw Object.assign(e, { rule: rule.name });
      throw e;
    }
    return [rule.name, this.trace.get(rule.name) ?? -1, finite(bounds?.reach), finite(bounds?.over), bounds?.fails ? finite(bounds.failReach) : -1, body];
  }

  module(header: string): string {
    const grammar = this.analyses.grammar;
    const rules = grammar.rules.map((r) => `  // ${r.name}: ${grammar.originOf(r)}\n  ${JSON.stringify(this.rule(r))},\n`);
    const imports = ["import { program } from './runtime/traced.js';"];
    // The fast recognizer's rule functions by Peggy id, looked up when the program is first run
    // (every rule: a call can be handed to it): one import, not one a rule (the package's size).
    if (this.fast) imports.push(`import { ruleOf as fastRule } from ${JSON.stringify(this.fast.module)};`);
    const helpers = ['ic', 'codePoint', 'cpEnd'].filter((h) => this.helpers.has(h));
    return [
      header,
      '',
      ...imports,
      '',
      ...helpers.map(helperSource),
      ...this.constants.code,
      '',
      '/** The single-character sets (TracedSet in ./runtime/traced.js). */',
      `const SETS = [\n${[...this.sets.keys()].map((k) => `  ${k},\n`).join('')}];`,
      '',
      '/** What each construct that can stop is (StopKind, or a spec rule\'s hook index), by stop id. */',
      `const STOPS = [${this.stops.join(', ')}];`,
      '',
      '/** The rules (TracedRule: Peggy id, hook index, reach, over, failReach, body; TracedNode says what a body does). */',
      `const RULES = [\n${rules.join('')}];`,
      '',
      "/** urispec's trace protocol (TracedRecognizer in src/diagnosis/trace.ts). */",
      'export const { StartRules, trace, reach } = /* @__PURE__ */ program({',
      '  rules: RULES,',
      '  sets: SETS,',
      '  stops: STOPS,',
      `  regexps: [${[...this.regexps.keys()].join(', ')}],`,
      `  fast: ${this.fast ? 'fastRule' : 'null'},`,
      `  helpers: { ${helpers.join(', ')} },`,
      '});',
      '',
    ].join('\n');
  }
}
