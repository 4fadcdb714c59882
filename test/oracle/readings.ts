/**
 * The prefix oracle (./prefix.ts) of a start rule as the contract reads it: one printed rule,
 * or, for the start rules the contract reads otherwise (READINGS), the NFA of that reading.
 * Shared by the offset and expected proofs (test/offset-proof.test.ts) and
 * scripts/diagnosis-keys.ts.
 */
import type { Grammar } from './ast.js';
import { RFC1738_DISPATCH_SCHEMES } from './printed-grammars.js';
import { type Nfa, PrefixOracle, intersect, nfaOfRule, nfaWithPaths, schemeNotIn, union } from './prefix.js';

/** The NFA of a printed rule inside the rule instances `within` (those of nfaWithPaths, or none). */
type RuleNfa = (printed: Grammar, rule: string, within: readonly string[]) => Nfa;

/**
 * Start rules the contract reads otherwise than as one printed rule: the NFA of that reading.
 * RFC 1738 `url`: each of the ten schemes' own rule, or `otherurl` for any other scheme.
 */
export const READINGS: Record<string, Record<string, (printed: Grammar, nfaOf: RuleNfa) => Nfa>> = {
  rfc1738: {
    url: (printed, nfaOf) =>
      union([
        ...RFC1738_DISPATCH_SCHEMES.map((scheme) => nfaOf(printed, `${scheme}url`, ['url'])),
        intersect(nfaOf(printed, 'otherurl', ['url']), schemeNotIn(RFC1738_DISPATCH_SCHEMES)),
      ]),
  },
};

/**
 * The prefix oracle of `rule` of `spec`, over its printed grammar `printed`; `withPaths`, an
 * automaton that also tells the rule instances open after a prefix (PrefixOracle.openAfter).
 */
export function oracleFor(spec: string, printed: Grammar, rule: string, withPaths = false): PrefixOracle {
  const reading = READINGS[spec]?.[rule];
  const nfaOf: RuleNfa = withPaths ? nfaWithPaths : (g, r) => nfaOfRule(g, r);
  return new PrefixOracle(reading ? reading(printed, nfaOf) : nfaOf(printed, rule, []));
}
