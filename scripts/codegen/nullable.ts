// Analysis: which nodes can succeed consuming nothing. A PEG node that is nullable never rules
// out an input by its first character, so the first-set tests (./first-sets.ts) and the choice
// reordering (./peg-exactness.ts) leave it alone. Computed as the least fixpoint over the rules
// (a rule is nullable when its expression is, given what is known of the others), so recursion
// is exact rather than assumed.

import type { Grammar, Node } from './ast.js';

/** The minimum count of a `|min..max|` repetition (`|n|`: exactly n). */
export function minimumOf(node: Node & { type: 'repeated' }): number {
  return (node.min ? node.min.value : node.max.value) as number;
}

export class Nullable {
  private readonly rules = new Map<string, boolean>();

  constructor(grammar: Grammar) {
    for (const r of grammar.rules) this.rules.set(r.name, false);
    for (let changed = true; changed; ) {
      changed = false;
      for (const r of grammar.rules) {
        if (!this.rules.get(r.name) && this.of(r.expression)) {
          this.rules.set(r.name, true);
          changed = true;
        }
      }
    }
  }

  /** Whether the node can match the empty string. */
  of(node: Node): boolean {
    switch (node.type) {
      case 'literal':
        return node.value.length === 0;
      case 'class':
      case 'any':
        return false;
      case 'rule_ref':
        return this.rules.get(node.name) ?? false;
      case 'sequence':
        return node.elements.every((e) => this.of(e));
      case 'choice':
        return node.alternatives.some((a) => this.of(a));
      case 'optional':
      case 'zero_or_more':
      case 'simple_and':
      case 'simple_not':
        return true;
      case 'one_or_more':
        return this.of(node.expression);
      case 'repeated':
        return minimumOf(node) === 0 || this.of(node.expression);
      case 'group':
      case 'labeled':
      case 'text':
      case 'named':
      case 'action':
        return this.of(node.expression);
      default:
        // A semantic predicate or a library reference: code the generator cannot read.
        return true;
    }
  }
}
