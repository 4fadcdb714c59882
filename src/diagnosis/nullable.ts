// Which rules of an era can match the empty string: such a rule says nothing when listed as
// "expected" (`path-abempty` is expected everywhere), so the grouped expected set names what it
// begins with instead. Asked of the era's fast recognizer (a rule that accepts the empty input),
// which every build of an era has, per-era entry points included.

import type { Era, RuleMeta } from '../era.js';

const memo = new WeakMap<Era, Map<string, boolean>>();

/** Whether `rule` matches the empty string. */
export function isNullable(era: Era, rule: RuleMeta): boolean {
  let known = memo.get(era);
  if (!known) memo.set(era, (known = new Map()));
  let n = known.get(rule.id);
  if (n === undefined) known.set(rule.id, (n = era.fast.accepts('', rule.id)));
  return n;
}
