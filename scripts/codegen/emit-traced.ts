// The traced recognizer's emitter (generated/<era>.diag.js), run only after the fast recognizer
// rejected an input (src/diagnose.ts): the same rule functions, trying every alternative in
// Peggy's order (the failures of the ones before a match are expectations too), keeping Peggy's
// furthest-failure state, with hooks around each spec rule, marks around whatever backtracks
// without a rule boundary, and a report at every construct that can stop at a failure. The
// state and the hooks are ./runtime/trace.ts (generated/runtime/trace.js), which reports
// through urispec's trace protocol (src/diagnosis/trace.ts).

import { StopKind } from '../../src/diagnosis/trace.js';
import { type Node, type Rule, unwrap } from './ast.js';
import { Emitter, ruleFn, type Analyses, type Constants, type FnState } from './emit.js';
import { describeExpectation } from './expectation.js';
import type { ChoiceItem } from './peg-exactness.js';
import type { Reach } from './reach.js';

/** An option or a repetition that may match nothing: it never fails. */
function neverFails(n: Node): boolean {
  const u = unwrap(n);
  if (u.type === 'optional' || u.type === 'zero_or_more') return true;
  return u.type === 'repeated' && (u.min ? u.min.type === 'constant' && u.min.value === 0 : false);
}

export class TracedEmitter extends Emitter {
  /** What each construct that can stop at a failure is (stopId). */
  private readonly stops: number[] = [];

  /** The rules handed to the fast recognizer below `fastBelow` (fastRule). */
  private readonly handed: string[] = [];

  /**
   * @param trace the hook index of every rule that reports to the recorder (the spec rules, by
   *   Peggy id)
   * @param fast the era's fast recognizer module (`./rfc3986.fast.js`) and the reach analysis:
   *   a call of a rule whose reach ends at or before `fastBelow` runs there instead (issue 17)
   */
  constructor(
    analyses: Analyses,
    constants: Constants,
    private readonly trace: ReadonlyMap<string, number>,
    private readonly fast: { module: string; reach: Reach } | null = null,
  ) {
    super(analyses, constants);
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
      if (inner.type === 'rule_ref' && !this.classOfCoreRules(inner.name)) k = this.trace.get(inner.name);
      else if (inner.type === 'literal') k = StopKind.literal;
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

  protected shortcut(): boolean {
    return false;
  }

  /** What a terminal expects, described as the grammar writes it, as a module constant. */
  protected expectation(node: Node): string {
    return this.constants.name('E', JSON.stringify(describeExpectation(node)));
  }

  /** A sequence that fails, or a lookahead, leaves no node in the derivation tree (hookRewind). */
  protected backtrackMark(fn: FnState): string {
    const mark = fn.fresh();
    fn.line(`${mark} = hookMark();`);
    return mark;
  }

  /**
   * An element that fails where it starts, after the sequence has consumed something, is where
   * the sequence breaks (a candidate for the diagnosis's rule). Elements that cannot fail (an
   * option, a repetition from 0) never break it. A sequence of literals only is one literal split
   * for the diagnosis (split-literals.ts): it breaks as the literal fails, in the rule holding
   * it, which the diagnosis names anyway.
   */
  protected afterElement(seq: Node & { type: 'sequence' }, i: number, before: string, cur: string, p: string, fn: FnState, mark: string | null): void {
    const e = seq.elements[i]!;
    const literalOnly = seq.elements.every((x) => unwrap(x).type === 'literal');
    if (i > 0 && !literalOnly && !neverFails(e)) fn.line(`if (${cur} < 0 && ${before} > ${p}) ${cur} = stopped(${this.stopId(e)}, ${before}, p);`);
    if (mark && !neverFails(e)) fn.line(`if (${cur} < 0 && ${before} === ${p}) notBegun(${mark}, ${p}, ${this.sequences.get(seq)});`);
  }

  /** The number of each sequence that can hold a construct not begun (sequenceMark). */
  private readonly sequences = new Map<Node, number>();

  /**
   * A sequence may fail where it starts, the elements before the failing one having matched
   * nothing: the constructs that stopped inside it there were not begun (notBegun in
   * ./runtime/trace.ts), and count only when, accepting `found`, they complete it
   * (sequenceDone): `user` in RFC 2396 draft's `user [ ":" password ] "@"` at the "[" of
   * `http://[::1]/` (no "@" follows), `digits` in draft-ietf-uri-url-03's `hostnumber` (no "."
   * follows "["). The count of reports at its start, when its first element can hold a
   * construct that stops.
   */
  protected override sequenceMark(seq: Node & { type: 'sequence' }, fn: FnState): string | null {
    if (seq.elements.length < 2 || seq.elements.every((x) => unwrap(x).type === 'literal')) return null;
    const first = unwrap(seq.elements[0]!).type;
    if (first === 'literal' || first === 'class' || first === 'any') return null;
    if (!this.sequences.has(seq)) this.sequences.set(seq, this.sequences.size);
    const mark = fn.fresh();
    fn.line(`${mark} = stopCount;`);
    return mark;
  }

  /** A counterfactual run asks whether a sequence not begun completes (sequenceDone). */
  protected override sequenceEnd(seq: Node & { type: 'sequence' }, mark: string | null, p: string, out: string, fn: FnState): void {
    if (mark) fn.line(`if (${out} >= 0 && ${p} === watchPos) sequenceDone(${this.sequences.get(seq)});`);
  }

  protected choiceItems(node: Node & { type: 'choice' }): ChoiceItem[] {
    return node.alternatives.map((n) => ({ node: n }));
  }

  protected guard(): null {
    return null;
  }

  /** An option whose expression fails where it starts stops there (a candidate). */
  protected afterOption(r: string, p: string, fn: FnState): void {
    fn.line(`if (${r} < 0) ${r} = stopped(${this.stopId('option')}, ${p}, p);`);
  }

  protected hotLoop(): boolean {
    return false;
  }

  /** A repetition whose element fails where it starts stops there (a candidate). */
  protected afterRepetitionElement(r: string, at: string, fn: FnState): void {
    fn.line(`if (${r} < 0) ${r} = stopped(${this.stopId('repetition')}, ${at}, p);`);
  }

  /**
   * Peggy records no expectation inside a lookahead (peg$silentFails), and a lookahead consumes
   * nothing, so what it matched is no part of the derivation tree (hookRewind).
   */
  protected enterLookahead(fn: FnState): string {
    const mark = this.backtrackMark(fn);
    fn.line('silence(1);');
    return mark;
  }

  protected leaveLookahead(mark: string, fn: FnState): void {
    fn.line('silence(-1);');
    fn.line(`hookRewind(${mark});`);
  }

  /** Peggy: the inner failures are silent; the rule fails as "name" at its start. */
  protected named(node: Node & { type: 'named' }, p: string, out: string, fn: FnState): string {
    const expected = this.constants.name('E', JSON.stringify(node.name));
    fn.line('silence(1);');
    const r = this.gen(node.expression, p, fn);
    fn.line('silence(-1);');
    fn.line(`${out} = ${r};`);
    fn.line(`if (${out} < 0 && silent === 0) fail(${p}, ${expected});`);
    return out;
  }

  /**
   * The hooks of an instrumented rule: enter at its start, then leave at its end or fail. First,
   * a call that cannot look as far as `fastBelow` (the furthest failure, or a lower bound of it,
   * that the run is after) is the fast recognizer's: it gives the same end, and every failure it
   * could record, every construct that could stop in it, lies before that position, where the
   * run keeps nothing (fastBelow in ./runtime/trace.ts).
   */
  protected ruleEntry(rule: Rule): string {
    const k = this.trace.get(rule.name);
    const reach = this.fast ? this.fast.reach.ofRule(rule.name) : Infinity;
    let entry = '';
    if (Number.isFinite(reach)) {
      this.handed.push(rule.name);
      entry = `  if (p + ${reach} <= fastBelow) return fast_${ruleFn(rule.name)}(s, p);\n`;
    }
    return k === undefined ? entry : `${entry}  hookEnter(${k}, p);\n`;
  }

  protected ruleExit(rule: Rule, result: string): string {
    const k = this.trace.get(rule.name);
    return k === undefined ? '' : `\n  if (${result} >= 0) hookLeave(${result});\n  else hookFail(p);`;
  }

  protected override imports(): string[] {
    const runtime =
      "import { fail, fastBelow, hookEnter, hookFail, hookLeave, hookMark, hookRewind, notBegun, reach as reachFrom, sequenceDone, silence, silent, stopCount, stopped, trace as traceFrom, watchPos } from './runtime/trace.js';";
    if (!this.fast || this.handed.length === 0) return [runtime];
    const names = this.handed.map((n) => `${ruleFn(n)} as fast_${ruleFn(n)}`);
    return [runtime, `import { ${names.join(', ')} } from ${JSON.stringify(this.fast.module)};`];
  }

  protected runtime(): string[] {
    return [
      `/** What each construct that can stop is (TracedEmitter.stopId, StopKind). */\nconst STOPS = [${this.stops.join(', ')}];\n`,
    ];
  }

  protected exports(): string {
    return `/** urispec's trace protocol (TracedRecognizer in src/diagnosis/trace.ts). */
export function trace(input, startRule, listener, options) {
  return traceFrom(START, STOPS, input, startRule, listener, options);
}

export function reach(input, startRule, grant) {
  return reachFrom(START, STOPS, input, startRule, grant);
}
`;
  }
}
