// URN-equivalence's normal forms: RFC 8141 §3.1 and RFC 2141 §5, on a URN that the era's
// grammar accepts (src/normalize.ts validates first). Case normalization only: both texts
// forbid decoding a percent-encoding.

import type { UrnSyntax } from '../eras/table.js';
import { urnParts } from './parts.js';

/**
 * The normal form of a URN. RFC 8141 §3.1: "case normalization (as specified in Section 6.2.2.1
 * of [RFC3986]) to the following constructs: 1. the URI scheme "urn", by conversion to lower
 * case 2. the NID, by conversion to lower case 3. any percent-encoded characters in the NSS ...
 * by conversion to upper case for the digits A-F"; "Percent-encoded characters MUST NOT be
 * decoded". RFC 2141 §5: "1. normalize the case of the leading "urn:" token 2. normalize the
 * case of the NID 3. normalizing the case of any %-escaping"; "%-escaping MUST NOT be removed"
 * (the case it names none of; RFC 8141's upper case, RFC 3986 §6.2.2.1's, is taken). The r-, q-
 * and f-components are kept as written: they are part of the URN, only not of its comparison.
 * `caseOn: false` (`--no-case`) leaves the URN as it is.
 */
export function urnNormalized(input: string, syntax: UrnSyntax, caseOn = true): string {
  if (!caseOn) return input;
  const p = urnParts(input, syntax);
  const nss = p.NSS.value.replace(/%[0-9A-Fa-f]{2}/g, (t) => t.toUpperCase());
  return `${p.scheme.value.toLowerCase()}:${p.NID.value.toLowerCase()}:${nss}${input.slice(p.NSS.start + p.NSS.value.length)}`;
}

/**
 * What URN-equivalence compares of a normal form: RFC 8141 §3.1, the assigned name ("If an
 * r-component, q-component, or f-component (or any combination thereof) is included in a URN,
 * it MUST be ignored for purposes of determining URN-equivalence"); RFC 2141 §5, all of it.
 */
export function urnCompared(normalized: string, syntax: UrnSyntax): string {
  // RFC 2141's NSS runs to the end; RFC 8141's ends where the optional components begin.
  const { NSS } = urnParts(normalized, syntax);
  return normalized.slice(0, NSS.start + NSS.value.length);
}
