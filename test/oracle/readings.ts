/**
 * The prefix oracle (./prefix.ts) of a start rule as the contract reads it: one printed rule,
 * or, for the start rules the contract reads otherwise (READINGS), the NFA of that reading.
 * Shared by the offset and expected proofs (test/offset-proof.test.ts) and
 * scripts/diagnosis-keys.ts.
 */
import type { Grammar } from './ast.js';
import { RFC1738_DISPATCH_SCHEMES } from './printed-grammars.js';
import { type Nfa, PrefixOracle, intersect, nfaOfRule, schemeNotIn, union } from './prefix.js';

/**
 * Start rules the contract reads otherwise than as one printed rule: the NFA of that reading.
 * RFC 1738 `url`: each of the ten schemes' own rule, or `otherurl` for any other scheme.
 */
export const READINGS: Record<string, Record<string, (printed: Grammar) => Nfa>> = {
  rfc1738: {
    url: (printed) =>
      union([
        ...RFC1738_DISPATCH_SCHEMES.map((scheme) => nfaOfRule(printed, `${scheme}url`)),
        intersect(nfaOfRule(printed, 'otherurl'), schemeNotIn(RFC1738_DISPATCH_SCHEMES)),
      ]),
  },
};

/** The prefix oracle of `rule` of `spec`, over its printed grammar `printed`. */
export function oracleFor(spec: string, printed: Grammar, rule: string): PrefixOracle {
  const reading = READINGS[spec]?.[rule];
  return new PrefixOracle(reading ? reading(printed) : nfaOfRule(printed, rule));
}
