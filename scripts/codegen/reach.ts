// Analysis: how far a node can look. `reach(n)` bounds the code units a node may test: every
// terminal it attempts (and so every failure Peggy could record for it, and every construct of
// it that could stop) lies before `start + reach(n)`; Infinity when unbounded (a repetition
// without a maximum, recursion). The traced recognizer (./emit-traced.ts) uses it to hand a rule
// call that cannot reach the furthest failure to the fast recognizer: such a call records
// nothing the diagnosis keeps, and both recognizers give the same end (issue 17).
//
// A rule of unbounded reach (`segment = *pchar`) often looks only a little past where its match
// ends, or, when it fails, past where it started: what it tests lies before `end + over(n)` when
// it matches, before `start + failReach(n)` when it fails. With the end the fast recognizer
// gives, a call whose tests all lie before the floor is handed to it too, however long its match.

import type { Boundary, Grammar, Node } from './ast.js';

/** A constant repetition bound, or null (none, or not a constant). */
function constant(b: Boundary | null | undefined): number | null {
  return b && b.type === 'constant' && typeof b.value === 'number' ? b.value : null;
}

/** What the analysis knows of a node, in code units (Infinity: unbounded). */
export interface Bounds {
  /** The longest match. */
  longest: number;
  /** Every test lies before start + reach. */
  reach: number;
  /** When it matches: every test lies before end + over. */
  over: number;
  /** Whether it can fail. */
  fails: boolean;
  /** When it fails: every test lies before start + failReach (0 when it cannot fail). */
  failReach: number;
}

const UNBOUNDED: Bounds = { longest: Infinity, reach: Infinity, over: Infinity, fails: true, failReach: Infinity };

export class Reach {
  /** Per rule. */
  private readonly rules = new Map<string, Bounds>();

  constructor(private readonly grammar: Grammar) {}

  /** The reach of rule `name` (Infinity for recursion or unbounded repetition). */
  ofRule(name: string): number {
    return this.rule(name).reach;
  }

  /** All the bounds of rule `name`. */
  boundsOfRule(name: string): Bounds {
    return this.rule(name);
  }

  private rule(name: string): Bounds {
    const known = this.rules.get(name);
    if (known) return known;
    this.rules.set(name, UNBOUNDED); // a cycle is unbounded
    const r = this.of(this.grammar.rule(name).expression);
    this.rules.set(name, r);
    return r;
  }

  private of(node: Node): Bounds {
    switch (node.type) {
      case 'literal': {
        const n = node.value.length;
        // Peggy tests the literal's units from its start; an empty one matches without a test.
        return { longest: n, reach: n, over: 0, fails: n > 0, failReach: n };
      }
      case 'class': {
        // A `u` class takes a code point: one or two code units.
        const n = node.unicode ? 2 : 1;
        return { longest: n, reach: n, over: 0, fails: true, failReach: n };
      }
      case 'any':
        return { longest: 1, reach: 1, over: 0, fails: true, failReach: 1 };
      case 'rule_ref':
        return this.rule(node.name);
      case 'sequence': {
        let longest = 0;
        let reach = 0;
        let over = 0;
        let fails = false;
        let failReach = 0;
        /** Before start + tested: what the elements matched so far tested. */
        let tested = 0;
        for (const e of node.elements) {
          const b = this.of(e);
          reach = Math.max(reach, longest + b.reach);
          over = Math.max(over, b.over);
          if (b.fails) {
            // Failing here: the elements before matched, this one failed where it started (a
            // stop is reported there: at least one unit).
            fails = true;
            failReach = Math.max(failReach, tested, longest + Math.max(1, b.failReach));
          }
          longest += b.longest;
          tested = Math.max(tested, longest + b.over);
        }
        return { longest, reach, over, fails, failReach };
      }
      case 'choice': {
        const all = node.alternatives.map((a) => this.of(a));
        let over = 0;
        // An alternative that matched was tried after every one before it failed where the
        // choice started, at or before its end.
        all.forEach((b, i) => {
          over = Math.max(over, b.over);
          if (i < all.length - 1 && b.fails) over = Math.max(over, b.failReach);
        });
        return {
          longest: Math.max(0, ...all.map((x) => x.longest)),
          reach: Math.max(0, ...all.map((x) => x.reach)),
          over,
          fails: all.every((x) => x.fails),
          failReach: Math.max(0, ...all.map((x) => x.failReach)),
        };
      }
      case 'optional': {
        // Its expression failed where it started, which is its end (a stop is reported there).
        const b = this.of(node.expression);
        return { longest: b.longest, reach: b.reach, over: Math.max(b.over, b.fails ? Math.max(1, b.failReach) : 0), fails: false, failReach: 0 };
      }
      case 'zero_or_more':
      case 'one_or_more': {
        // The last element tried failed at its end (a stop there), or matched nothing.
        const b = this.of(node.expression);
        const over = Math.max(b.over, b.fails ? Math.max(1, b.failReach) : 0);
        const fails = node.type === 'one_or_more' && b.fails;
        return { longest: Infinity, reach: Infinity, over, fails, failReach: fails ? Math.max(1, b.failReach) : 0 };
      }
      case 'repeated': {
        const max = constant(node.max);
        const min = node.min ? constant(node.min) : max;
        const b = this.of(node.expression);
        const d = node.delimiter ? this.of(node.delimiter) : null;
        let longest = Infinity;
        let reach = Infinity;
        if (max !== null) {
          // An upper bound: every element and delimiter at its longest, then the furthest attempt.
          longest = max * b.longest + Math.max(0, max - 1) * (d?.longest ?? 0);
          reach = longest + Math.max(b.reach, d?.reach ?? 0);
        }
        // It ends where a delimiter failed, or where an element failed after the delimiter
        // before it matched (a stop there), or after its maximum.
        let over = Math.max(b.over, d?.over ?? 0, d?.fails ? d.failReach : 0);
        if (b.fails) over = Math.max(over, (d?.longest ?? 0) + Math.max(1, b.failReach, d?.over ?? 0));
        const fails = min === null || (min > 0 && b.fails);
        // Fewer than `min`: the first element failed, or after some matched (their reach).
        const failReach = !fails ? 0 : min === 1 && d === null ? Math.max(1, b.failReach) : reach;
        return { longest, reach, over, fails, failReach };
      }
      case 'simple_and':
      case 'simple_not': {
        // Consumes nothing; looks as far as its expression, and at least at its start.
        const r = Math.max(1, this.of(node.expression).reach);
        return { longest: 0, reach: r, over: r, fails: true, failReach: r };
      }
      case 'named': {
        // Its failure is recorded where it started.
        const b = this.of(node.expression);
        return b.fails ? { ...b, failReach: Math.max(1, b.failReach) } : b;
      }
      case 'group':
      case 'labeled':
      case 'text':
        return this.of(node.expression);
      default:
        return UNBOUNDED;
    }
  }
}
