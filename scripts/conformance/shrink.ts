// Minimal examples: each class of disagreement's shortest input, shrunk by deleting characters
// (one at a time, and runs of them) while the parser still disagrees with urispec the same way
// and the disagreement stays in the same class. All the classes of one parser shrink together,
// one batch of candidates a round, so that each round starts the parser once.
import type { DiffOutcome } from '../../src/diff/index.js';
import { ask } from './ask.js';
import { classify, probesOf, type Facts } from './classify.js';
import type { Parser } from './parsers.js';

export interface Shrinkable {
  cls: string;
  outcome: DiffOutcome;
}

/** The strings made from `s` by deleting one code point, or a run of 2, 4, 8... of them. */
export function deletions(s: string): string[] {
  const cps = [...s];
  const out = new Set<string>();
  for (let size = 1; size <= cps.length; size *= 2) {
    for (let i = 0; i + size <= cps.length; i++) out.add(cps.slice(0, i).join('') + cps.slice(i + size).join(''));
  }
  out.delete(s);
  return [...out];
}

/**
 * Shrinks every item's input; returns the shrunk outcomes, in the same order. `factsOf` gives
 * the facts of an outcome from the parser's answers on its probes (classify.ts).
 */
export async function shrinkAll(
  parser: Parser, spec: string, rule: string, items: Shrinkable[],
  factsOf: (o: DiffOutcome, answers: ReadonlyMap<string, DiffOutcome>) => Facts, maxRounds = 60,
): Promise<DiffOutcome[]> {
  const current = items.map((i) => i.outcome);
  const done = items.map(() => false);
  for (let round = 0; round < maxRounds && done.some((d) => !d); round++) {
    const batch = new Set<string>();
    const candidates = current.map((o, k) => (done[k] ? [] : deletions(o.input)));
    for (const list of candidates) {
      for (const c of list) {
        batch.add(c);
        for (const probe of probesOf(c)) batch.add(probe);
      }
    }
    const inputs = [...batch];
    const answers = new Map<string, DiffOutcome>();
    for (const o of await ask(parser, spec, rule, inputs)) answers.set(o.input, o);
    current.forEach((o, k) => {
      if (done[k]) return;
      let best: DiffOutcome | undefined;
      for (const c of candidates[k]!) {
        const a = answers.get(c)!;
        if (a.disagreement !== o.disagreement) continue;
        if (classify(a, factsOf(a, answers)) !== items[k]!.cls) continue;
        if (!best || [...c].length < [...best.input].length) best = a;
      }
      if (best) current[k] = best;
      else done[k] = true;
    });
  }
  return current;
}
