// The components of a mailto URI (RFC 6068 §2, issue 25 point 4): its addresses and its header
// fields, as written and decoded. The split is the grammar's (grammar/rfc6068.peggy,
// docs/decisions.md "rfc6068"): the hfields begin at the last "?" when hfields run from it to
// the end (§2: "?", "=" and "&" are "reserved, serving as delimiters"); an addr-spec ends at
// "," outside a quoted-string and a domain literal.

import { isValid, validate } from '../validate.js';
import type { ValidationError } from '../diagnose.js';
import { percentDecoded } from './percent.js';
import { profileEraOf } from '../eras/table.js';

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

/** Splits `list` at the `sep` characters outside quoted-strings ("\" escapes) and "[...]". */
function splitOutside(list: string, sep: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  let bracket = false;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (bracket) {
      if (c === ']') bracket = false;
    } else if (c === '"') quoted = true;
    else if (c === '[') bracket = true;
    else if (c === sep) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/**
 * The addresses (`to`) and header fields of a mailto URI valid in rfc6068, decoded; the
 * diagnosis of `validate` when it is not valid. `mailto:?to=a@b` gives the "to" header, not
 * an address: §2 says both forms are equivalent, and leaves combining them to the user agent.
 */
export function mailtoFields(input: string): MailtoFields {
  const result = validate(input, { spec: ERA, rule: 'mailtoURI' });
  if (!result.valid) return { valid: false, input, error: result.error };
  const rest = input.slice('mailto:'.length);
  const q = rest.lastIndexOf('?');
  const hasHeaders = q >= 0 && isValid(rest.slice(q), { spec: ERA, rule: 'hfields' });
  const toPart = hasHeaders ? rest.slice(0, q) : rest;
  const to = toPart === '' ? [] : splitOutside(toPart, ',').map((raw) => ({ raw, decoded: percentDecoded(raw) }));
  const headers = hasHeaders
    ? rest
        .slice(q + 1)
        .split('&')
        .map((field) => {
          const eq = field.indexOf('=');
          const rawName = field.slice(0, eq);
          const rawValue = field.slice(eq + 1);
          return { rawName, rawValue, name: percentDecoded(rawName)?.toLowerCase() ?? null, value: percentDecoded(rawValue) };
        })
    : [];
  return { valid: true, input, to, headers };
}
