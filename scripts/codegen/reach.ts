// Analysis: how far past its start a node can look. `reach(n)` bounds the code units a node may
// test: every terminal it attempts (and so every failure Peggy could record for it, and every
// construct of it that could stop) lies before `start + reach(n)`; Infinity when unbounded (a
// repetition without a maximum, recursion). The traced recognizer (./emit-traced.ts) uses it to
// hand a rule call that cannot reach the furthest failure to the fast recognizer: such a call
// records nothing the diagnosis keeps, and both recognizers give the same end (issue 17).

import type { Boundary, Grammar, Node } from './ast.js';

/** A constant repetition bound, or null (none, or not a constant). */
function constant(b: Boundary | null | undefined): number | null {
  return b && b.type === 'constant' && typeof b.value === 'number' ? b.value : null;
}

export class Reach {
  /** Per rule: [longest match, reach], in code units. */
  private readonly rules = new Map<string, [number, number]>();

  constructor(private readonly grammar: Grammar) {}

  /** The reach of rule `name` (Infinity for recursion or unbounded repetition). */
  ofRule(name: string): number {
    return this.rule(name)[1];
  }

  private rule(name: string): [number, number] {
    const known = this.rules.get(name);
    if (known) return known;
    this.rules.set(name, [Infinity, Infinity]); // a cycle is unbounded
    const r = this.of(this.grammar.rule(name).expression);
    this.rules.set(name, r);
    return r;
  }

  /** [the longest match, the reach] of a node. */
  private of(node: Node): [number, number] {
    switch (node.type) {
      case 'literal':
        return [node.value.length, node.value.length];
      case 'class':
        // A `u` class takes a code point: one or two code units.
        return node.unicode ? [2, 2] : [1, 1];
      case 'any':
        return [1, 1];
      case 'rule_ref':
        return this.rule(node.name);
      case 'sequence': {
        let longest = 0;
        let reach = 0;
        for (const e of node.elements) {
          const [m, r] = this.of(e);
          reach = Math.max(reach, longest + r);
          longest += m;
        }
        return [longest, reach];
      }
      case 'choice': {
        const all = node.alternatives.map((a) => this.of(a));
        return [Math.max(0, ...all.map((x) => x[0])), Math.max(0, ...all.map((x) => x[1]))];
      }
      case 'optional':
        return this.of(node.expression);
      case 'zero_or_more':
      case 'one_or_more':
        return [Infinity, Infinity];
      case 'repeated': {
        const max = constant(node.max);
        if (max === null) return [Infinity, Infinity];
        const [m, r] = this.of(node.expression);
        const [dm, dr] = node.delimiter ? this.of(node.delimiter) : [0, 0];
        // An upper bound: every element and delimiter at its longest, then the furthest attempt.
        const longest = max * m + Math.max(0, max - 1) * dm;
        return [longest, longest + Math.max(r, dr)];
      }
      case 'simple_and':
      case 'simple_not':
        // Consumes nothing; looks as far as its expression, and at least at its start.
        return [0, Math.max(1, this.of(node.expression)[1])];
      case 'group':
      case 'labeled':
      case 'text':
      case 'named':
        return this.of(node.expression);
      default:
        return [Infinity, Infinity];
    }
  }
}
