// Analysis: the code units a node can start with. A node that cannot match the empty string
// fails wherever its first code unit is not among them: the fast recognizer skips such an
// alternative with one table lookup (guard), and ./peg-exactness.ts uses the sets to prove that
// two alternatives never both match at one position.

import type { Grammar, Node } from './ast.js';
import { type CharSet, classAscii, emptySet, MAX_UNIT } from './char-sets.js';
import type { Nullable } from './nullable.js';

export interface First {
  /** ASCII code units that can be the first one consumed when the node matches something. */
  ascii: boolean[];
  /** Whether a code unit above 127 can be. */
  high: boolean;
  /** Whether the node can succeed consuming nothing. */
  nullable: boolean;
}

const ALL: First = { ascii: new Array<boolean>(128).fill(true), high: true, nullable: true };
const NONE = (nullable: boolean): First => ({ ascii: emptySet().ascii, high: false, nullable });

export class FirstSets {
  private readonly memo = new Map<string, First>();

  constructor(
    private readonly grammar: Grammar,
    private readonly nullable: Nullable,
  ) {}

  of(node: Node): First {
    const nullable = this.nullable.of(node);
    switch (node.type) {
      case 'literal': {
        const v = node.value;
        if (v.length === 0) return NONE(true);
        if (!node.ignoreCase) {
          const code = v.charCodeAt(0);
          const ascii = emptySet().ascii;
          if (code < 128) ascii[code] = true;
          return { ascii, high: code >= 128, nullable };
        }
        // An ASCII first input character lower-cases to the literal's first lower-case one.
        const lower = v.toLowerCase();
        const ascii = emptySet().ascii.map((_, c) => String.fromCharCode(c).toLowerCase() === lower[0]);
        return { ascii, high: true, nullable };
      }
      case 'class':
        return { ascii: classAscii(node), high: true, nullable };
      case 'any':
        return { ...ALL, nullable };
      case 'rule_ref': {
        const name = node.name;
        const memo = this.memo.get(name);
        if (memo) return memo;
        this.memo.set(name, { ...ALL, nullable }); // a cycle: assume any first character
        const f = this.of(this.grammar.rule(name).expression);
        this.memo.set(name, f);
        return f;
      }
      case 'sequence': {
        // The elements up to the first one that must consume something.
        let acc = NONE(nullable);
        for (const e of node.elements) {
          acc = or(acc, this.of(e), nullable);
          if (!this.nullable.of(e)) break;
        }
        return acc;
      }
      case 'choice':
        return node.alternatives.reduce((acc, e) => or(acc, this.of(e), nullable), NONE(nullable));
      case 'optional':
      case 'zero_or_more':
      case 'one_or_more':
        return { ...this.of(node.expression), nullable };
      case 'repeated': {
        const d = node.delimiter ? this.of(node.delimiter) : NONE(true);
        return or(this.of(node.expression), d, nullable);
      }
      case 'simple_and':
      case 'simple_not':
        return NONE(true);
      case 'group':
      case 'labeled':
      case 'text':
      case 'named':
        return { ...this.of(node.expression), nullable };
      default:
        return ALL;
    }
  }

  /**
   * The code units a node can start with, as a set test, when that rules anything out: a node
   * that cannot match the empty string fails wherever its first code unit is not among them.
   */
  guard(node: Node): CharSet | null {
    const f = this.of(node);
    if (f.nullable || f.ascii.every(Boolean)) return null;
    return { ...emptySet(), ascii: f.ascii, ranges: f.high ? [[128, MAX_UNIT]] : [] };
  }
}

function or(a: First, b: First, nullable: boolean): First {
  return { ascii: a.ascii.map((x, i) => x || b.ascii[i]!), high: a.high || b.high, nullable };
}
