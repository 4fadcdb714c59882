// The PEG-exactness checks: when the fast recognizer may depart from Peggy's order of trying
// things without changing the language. An ordered choice commits to the first alternative that
// matches, so alternatives may only be tried in another order, or tested together as one set,
// when no two of them can match at the same position; a reference to a choice may only be
// spliced into its caller's choice when that is the same ordered choice flattened. Everything
// else is emitted in Peggy's order.

import { type Grammar, type Node, unwrap } from './ast.js';
import { type CharSet, type CharSets, union } from './char-sets.js';
import type { FirstSets } from './first-sets.js';

/** One alternative of a choice as the fast recognizer tries it: a merged set, or a node. */
export type ChoiceItem = { set: CharSet } | { node: Node };

export class PegExactness {
  constructor(
    private readonly grammar: Grammar,
    private readonly sets: CharSets,
    private readonly firsts: FirstSets,
  ) {}

  /** True when a set alternative and `other` can never both match at one position. */
  exclusive(set: CharSet, other: Node): boolean {
    const f = this.firsts.of(other);
    if (f.nullable) return false;
    if (f.high && (set.ranges.length > 0 || set.regexps.length > 0 || set.lowered.length > 0)) return false;
    return set.ascii.every((x, i) => !(x && f.ascii[i]));
  }

  /**
   * A choice's alternatives, with alternatives that are rule references to choices spliced in
   * (`(a / b) / c` is `a / b / c`), then every single-character-set alternative merged into an
   * earlier set alternative when it is exclusive of every alternative between them: exclusive
   * alternatives can be tried in any order, and sets tried together are one table lookup.
   */
  choiceItems(node: Node & { type: 'choice' }): ChoiceItem[] {
    const flat: Node[] = [];
    const seen = new Set<string>();
    const splice = (alts: Node[]): void => {
      for (const a of alts) {
        const inner = unwrap(a);
        if (inner.type === 'rule_ref' && !seen.has(inner.name) && !this.sets.of(inner)) {
          const body = unwrap(this.grammar.rule(inner.name).expression);
          // Only choices of sets and rule references (pchar): splicing larger alternatives
          // would copy their code into every caller.
          const small = (n: Node): boolean => this.sets.of(n) !== null || unwrap(n).type === 'rule_ref';
          if (body.type === 'choice' && body.alternatives.every(small)) {
            seen.add(inner.name);
            splice(body.alternatives);
            continue;
          }
        }
        flat.push(a);
      }
    };
    splice(node.alternatives);
    const items: ChoiceItem[] = [];
    for (const alt of flat) {
      const set = this.setOf(alt);
      if (!set) {
        items.push({ node: alt });
        continue;
      }
      let merged = false;
      let i = items.length - 1;
      for (; i >= 0; i--) {
        const item = items[i]!;
        if ('set' in item) {
          const both = union(item.set, set);
          if (both) item.set = both;
          merged = both !== null;
          break;
        }
        if (!this.exclusive(set, item.node)) break;
      }
      // Exclusive of every alternative before it: tried first, as one lookup (URN_chars).
      if (!merged) items.splice(i < 0 ? 0 : items.length, 0, { set });
    }
    return items;
  }

  /**
   * A node that consumes exactly one character of a set, for the fast recognizer: a set
   * (./char-sets.ts), or a negative lookahead of a set followed by a set (RFC 2141's
   * `!"%" trans`), which is their difference when the lookahead's set has no character above
   * 127 (below 128 both test the same one code unit; above, the lookahead never matches).
   */
  setOf(node: Node): CharSet | null {
    const set = this.sets.of(node);
    const n = unwrap(node);
    if (set || n.type !== 'sequence' || n.elements.length !== 2) return set;
    const [not, then] = n.elements.map(unwrap) as [Node, Node];
    if (not.type !== 'simple_not') return null;
    const x = this.sets.of(not.expression);
    const y = this.sets.of(then);
    if (!x || !y || x.codePoints || x.ranges.length > 0 || x.regexps.length > 0 || x.lowered.length > 0) return null;
    return { ...y, ascii: y.ascii.map((v, i) => v && !x.ascii[i]) };
  }
}
