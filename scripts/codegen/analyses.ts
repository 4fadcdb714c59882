// The analyses of one grammar, run in order before an emitter reads them: which nodes are
// single-character sets (./char-sets.ts), which can match the empty string (./nullable.ts),
// which code units each can start with (./first-sets.ts), and when alternatives may leave
// Peggy's order (./peg-exactness.ts). Each is its own pass, one a file, as Peggy's compiler has
// them (lib/compiler/passes/; issue 16); this file only runs them in the order each needs the
// one before.

import type { Grammar } from './ast.js';
import { CharSets } from './char-sets.js';
import type { Constants } from './constants.js';
import { FirstSets } from './first-sets.js';
import { Nullable } from './nullable.js';
import { PegExactness } from './peg-exactness.js';

/** The analyses of one grammar, which the emitters read. */
export interface Analyses {
  grammar: Grammar;
  sets: CharSets;
  firsts: FirstSets;
  exactness: PegExactness;
}

/** Runs the analyses of `grammar`; the set analysis names its RegExps in `constants`. */
export function analyse(grammar: Grammar, constants: Constants): Analyses {
  const sets = new CharSets(grammar, (source) => constants.name('R', source));
  const firsts = new FirstSets(grammar, new Nullable(grammar));
  return { grammar, sets, firsts, exactness: new PegExactness(grammar, sets, firsts) };
}
