// Which rules of an era can match the empty string, from the grammar's expressions
// (generated/<era>.grammar.js): such a rule says nothing when listed as "expected" (`path-abempty`
// is expected everywhere), so the grouped expected set names what it begins with instead.

import type { GeneratedExpression } from '#generated';
import type { Era } from '../registry.js';

const memo = new WeakMap<Era, Set<string>>();

/** The Peggy ids of the rules that match the empty string. */
export function nullableRules(era: Era): Set<string> {
  let set = memo.get(era);
  if (set) return set;
  set = new Set<string>();
  const rules = era.grammar.rules;
  // Least fixpoint: a rule is nullable once its expression is, given the rules known so far.
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of rules) {
      if (!set.has(r.id) && nullable(r.expression, set)) {
        set.add(r.id);
        changed = true;
      }
    }
  }
  memo.set(era, set);
  return set;
}

function nullable(e: GeneratedExpression, known: Set<string>): boolean {
  switch (e.type) {
    case 'choice':
      return e.alternatives.some((a) => nullable(a, known));
    case 'sequence':
      return e.elements.every((x) => nullable(x, known));
    case 'repeat':
      return e.min === 0 || nullable(e.expression, known);
    case 'literal':
      return e.value === '';
    case 'class':
    case 'any':
      return false;
    case 'rule_ref':
      return known.has(e.name);
    case 'and':
    case 'not':
      return true;
  }
}
