// The fast recognizer's emitter (generated/<era>.fast.js, issue 8): the grammar's language and
// nothing else. On the success path Peggy builds a result value for every node (arrays for every
// repetition, one element per character), records expectations on every failed alternative,
// and reports a rejection by throwing. A recognizer needs none of that, only the position. So
// here: no result values, no expectation bookkeeping, no exceptions, no allocation per
// character; single-character alternatives become one table lookup, an alternative whose first
// character cannot be the one at hand is skipped by one lookup, and a repetition of a set is a
// tight loop. Every departure from Peggy's order is proven exact by ./peg-exactness.ts.
// test/recognizer.test.ts checks the verdicts against the Peggy parser and `validate`.

import { type Node, type Rule, unwrap } from './ast.js';
import type { CharSet } from './char-sets.js';
import { Emitter, ruleFn, type FnState } from './emit.js';
import type { ChoiceItem } from './peg-exactness.js';
import { FAST_ACCEPTS } from './runtime-text.js';

export class FastEmitter extends Emitter {
  /** A single-character set is one lookup, whatever node spells it. */
  protected shortcut(node: Node, p: string, out: string, fn: FnState): boolean {
    const set = this.analyses.exactness.setOf(node);
    if (!set) return false;
    fn.line(set.codePoints ? `${out} = ${this.setEnd(set, p)};` : `${out} = ${this.setTest(set, p)} ? ${p} + 1 : -1;`);
    return true;
  }

  protected expectation(): null {
    return null;
  }

  protected backtrackMark(): null {
    return null;
  }

  protected choiceItems(node: Node & { type: 'choice' }): ChoiceItem[] {
    return this.analyses.exactness.choiceItems(node);
  }

  protected guard(node: Node): CharSet | null {
    return this.analyses.firsts.guard(node);
  }

  protected afterOption(): void {}

  protected hotLoop(e: Node, delimiter: Node | null, min: number, max: number | null, p: string, out: string, fn: FnState): boolean {
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
      emit(`while (${out} < s.length) {`);
      emit(`  c = s.charCodeAt(${out});`);
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
      emit(`while (${out} < s.length) {`);
      fn.indent++;
      emit(`c = s.charCodeAt(${out});`);
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
    return body.type === 'choice' ? this.choiceItems(body) : null;
  }

  protected afterRepetitionElement(): void {}

  protected enterLookahead(): null {
    return null;
  }

  protected leaveLookahead(): void {}

  /** A display name changes nothing a recognizer sees. */
  protected named(node: Node & { type: 'named' }, p: string, out: string, fn: FnState): string {
    fn.release(out);
    return this.gen(node.expression, p, fn);
  }

  protected ruleEntry(_rule: Rule): string {
    return '';
  }

  protected ruleExit(_rule: Rule, _result: string): string {
    return '';
  }

  protected runtime(): string[] {
    return [];
  }

  /** accepts and matchEnd; the rule functions too, for the traced recognizer (./emit-traced.ts). */
  protected exports(): string {
    const names = this.analyses.grammar.rules.map((r) => ruleFn(r.name));
    return `${FAST_ACCEPTS}\n/** The rule functions, for the traced recognizer (a call that cannot reach its furthest failure). */\nexport { ${names.join(', ')} };\n`;
  }
}
