// Which rules of an era can match the empty string: such a rule says nothing when listed as
// "expected" (`path-abempty` is expected everywhere), so the grouped expected set names what it
// begins with instead. Asked of the era's fast recognizer (a rule that accepts the empty input),
// which every build of an era has, per-era entry points included.

import type { Era, RuleMeta } from '../era.js';

const memo = new WeakMap<Era, (rule: RuleMeta) => boolean>();
/** The era asked for last, and its function: a batch of one era's lines looks it up once. */
let lastEra: Era | null = null;
let lastTest: ((rule: RuleMeta) => boolean) | null = null;

/**
 * Whether a rule of `era` matches the empty string: one function an era, each rule's answer
 * kept (a diagnosis asks for a few rules, and looks the era up once).
 */
export function nullableIn(era: Era): (rule: RuleMeta) => boolean {
  if (era === lastEra) return lastTest!;
  let test = memo.get(era);
  if (test === undefined) {
    const known = new Map<RuleMeta, boolean>();
    test = (rule) => {
      let n = known.get(rule);
      if (n === undefined) known.set(rule, (n = era.fast.accepts('', rule.id)));
      return n;
    };
    memo.set(era, test);
  }
  lastEra = era;
  lastTest = test;
  return test;
}

