// `spec: 'auto'` (library) and `--spec auto` (CLI): an input is validated by RFC 3986 and,
// when its scheme is one a scheme profile defines, by that profile's era too (issue 25). The
// era table says which era profiles which scheme (`profile.schemes`; the first row that names
// it and builds on some era, so RFC 8141 for urn, not RFC 2141 with its own BNF); the profile's
// prose names the rule for each of its schemes (`https` is checked as `https-URI`). Which era
// a profile builds on does not matter: a data URL is checked by RFC 3986 and by RFC 2397,
// which builds on RFC 2396. Only a rule whose strings begin with their scheme (RFC 3986's
// `withScheme` in the era table: `URI`, `URI-reference`, `absolute-URI`) reads a scheme at all:
// `http:x` is an RFC 3986 `query` (§3.4, `query = *( pchar / "/" / "?" )`), no http URI.

import { DEFAULT_ERA, erasWith, rowOf, type EraId } from '../eras/table.js';
import { profileProse, schemeOf } from './of-era.js';

/** The spec id that asks for this: RFC 3986, and the profile of the input's scheme. */
export const AUTO_SPEC = 'auto';

// The last spec asked about and its answer: a batch asks about the same spec for every line, and
// lower-casing it each time cost a tenth of isValid on a short line (issue 17).
let lastSpec: string | undefined;
let lastAuto = false;

/** Whether a `spec` option asks for auto (ids match in any case, as every spec id does). */
export function isAuto(spec: string | undefined): boolean {
  if (spec === undefined) return false;
  if (spec !== lastSpec) {
    lastAuto = spec.toLowerCase() === AUTO_SPEC;
    lastSpec = spec;
  }
  return lastAuto;
}

/**
 * The era that profiles the input's scheme, with the rule its URIs are checked by (the era's
 * default rule when its prose names none), or undefined: `rule` (RFC 3986's rule asked for, as
 * the registry spells it) is none whose strings begin with a scheme, or the input has no
 * scheme, or no profile.
 */
export function profileFor(input: string, rule: string): { spec: EraId; rule?: string } | undefined {
  if (!(rowOf(DEFAULT_ERA)?.withScheme as readonly string[] | undefined)?.includes(rule)) return undefined;
  const scheme = schemeOf(input);
  if (scheme === undefined) return undefined;
  for (const id of erasWith('profile')) {
    const profile = rowOf(id)?.profile;
    if (profile?.on === undefined || !profile.schemes.includes(scheme)) continue;
    const own = profileProse(id)?.rules[scheme];
    return own === undefined ? { spec: id } : { spec: id, rule: own };
  }
  return undefined;
}
