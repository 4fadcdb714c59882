// Which rules of an era can match the empty string: such a rule says nothing when listed as
// "expected" (`path-abempty` is expected everywhere), so the grouped expected set names what it
// begins with instead. Asked of the era's fast recognizer (a rule that accepts the empty input),
// which every build of an era has, per-era entry points included.

import type { Era, RuleMeta } from '../era.js';
import { keptPer } from '../kept.js';

/**
 * Whether a rule of `era` matches the empty string: one function an era, each rule's answer
 * kept (a diagnosis asks for a few rules, and looks the era up once).
 */
export const nullableIn = keptPer((era: Era): ((rule: RuleMeta) => boolean) => {
  const known = new Map<RuleMeta, boolean>();
  return (rule) => {
    let n = known.get(rule);
    if (n === undefined) known.set(rule, (n = era.fast.accepts('', rule.id)));
    return n;
  };
});
