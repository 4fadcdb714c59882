// The components of a mailto URI (RFC 6068 §2, issue 25 point 4): its addresses and its header
// fields, as written and decoded: the profile's components (src/profiles/mailto.ts, the ones
// `parse` gives), whose split is the grammar's (docs/decisions.md "rfc6068"): the hfields begin at
// the last "?" when hfields run from it to the end (§2: "?", "=" and "&" are "reserved, serving
// as delimiters"); an addr-spec ends at "," outside a quoted-string and a domain literal.

import { validate } from '../validate.js';
import type { ValidationError } from '../diagnose.js';
import { profileEraOf } from '../eras/table.js';
import { MAILTO_PROSE } from '../profiles/mailto.js';

/** The era of the mailto scheme's RFC (the era table's profile row). */
const ERA = profileEraOf('mailto');

export interface MailtoAddress {
  /** The addr-spec as written in the URI. */
  raw: string;
  /** Percent-decoded (UTF-8); null when the octets are not UTF-8. */
  decoded: string | null;
}

export interface MailtoHeader {
  /** The hfname and hfvalue as written. */
  rawName: string;
  rawValue: string;
  /** Decoded; the name lower-cased (§2: "<hfname> is case-insensitive"). null: not UTF-8. */
  name: string | null;
  value: string | null;
}

export type MailtoFields =
  | { valid: true; input: string; to: MailtoAddress[]; headers: MailtoHeader[] }
  | { valid: false; input: string; error: ValidationError };

/**
 * The addresses (`to`) and header fields of a mailto URI valid in rfc6068, decoded; the
 * diagnosis of `validate` when it is not valid. `mailto:?to=a@b` gives the "to" header, not
 * an address: §2 says both forms are equivalent, and leaves combining them to the user agent.
 */
export function mailtoFields(input: string): MailtoFields {
  const result = validate(input, { spec: ERA, rule: 'mailtoURI' });
  if (!result.valid) return { valid: false, input, error: result.error };
  const { to: list, hfields } = MAILTO_PROSE.components!(input, 'mailtoURI');
  const to = (list?.items ?? []).map(({ value: raw, decoded }) => ({ raw, decoded: decoded ?? null }));
  const headers = (hfields?.items ?? []).map(({ parts }) => ({
    rawName: parts!.hfname!.value,
    rawValue: parts!.hfvalue!.value,
    name: parts!.hfname!.decoded?.toLowerCase() ?? null,
    value: parts!.hfvalue!.decoded ?? null,
  }));
  return { valid: true, input, to, headers };
}
