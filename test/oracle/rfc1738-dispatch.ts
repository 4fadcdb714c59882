// The contract's reading of RFC 1738 `url` (shared/contract.md, "RFC 1738's url with scheme
// dispatch"), over the printed grammar: a URL whose scheme (the text before the first ":",
// which `scheme` cannot contain) is one of the ten schemes of §3 must match that scheme's
// rule; any other scheme matches `otherurl` (§5, "new schemes follow the general syntax").
// One oracle for every test and benchmark that checks `url` (test/property.test.ts,
// test/vectors-gen.test.ts, scripts/bench-corpus.ts).

import type { Grammar } from './ast.js';
import { RFC1738_DISPATCH_SCHEMES } from './printed-grammars.js';
import { compileRule } from './regex.js';

/** The verdict of RFC 1738 `url`, read with scheme dispatch, from the printed rules. */
export function rfc1738UrlOracle(printed: Grammar): (input: string) => boolean {
  const other = compileRule(printed, 'otherurl');
  const byScheme = new Map<string, RegExp>(RFC1738_DISPATCH_SCHEMES.map((s) => [s, compileRule(printed, `${s}url`)]));
  return (input) => {
    const colon = input.indexOf(':');
    return (byScheme.get(colon < 0 ? '' : input.slice(0, colon)) ?? other).test(input);
  };
}
