// RFC 3987 §4.1: what the IRI era's text says of every IRI its grammar accepts. The
// interface is ./profile.ts's; the era's row names it as its own `prose` (src/eras/table.ts),
// not a scheme's.

import type { SchemeProse } from './profile.js';

/**
 * §4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO,
 * RLO, and PDF)": U+200E, U+200F, U+202A to U+202E. `ucschar`'s %xA0-D7FF holds them, so the
 * grammar accepts them; the text refuses them, as RFC 9110 §4.2.1 refuses an empty host the
 * grammar accepts. (The isolates U+2066 to U+2069 came with Unicode 6.3, after RFC 3987, and
 * are not in its list.)
 */
const FORMATTING = /[\u200e\u200f\u202a-\u202e]/;

export const IRI_PROSE: SchemeProse = {
  document: 'RFC 3987',
  rules: {},
  // §4.1 speaks of IRIs: the rules whose strings are IRIs or IRI references (§2.2).
  anyScheme: ['IRI', 'IRI-reference', 'absolute-IRI', 'irelative-ref'],
  check(input, rule) {
    // On every accepted line (issue 17): one scan, a finding only for a formatting character.
    const m = FORMATTING.exec(input);
    if (m === null) return [];
    const code = m[0].charCodeAt(0).toString(16).toUpperCase();
    // §4.1 is about the IRI as a whole, whichever component holds the character: the finding
    // names the start rule.
    return [
      {
        level: 'error',
        section: 'RFC 3987 §4.1',
        rule,
        rulePath: [rule],
        offset: m.index,
        holds: 'RFC 3987 §2.2, ucschar',
        says: `IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO, RLO, and PDF), and U+${code} is one: they "affect the visual rendering of the IRI but do not appear themselves"`,
      },
    ];
  },
};
