// The components of a data URL (RFC 2397 §2 and §3, issue 25 point 4): its media type and
// parameters, decoded, whether the data is base64, and the length of the data in octets.

import { validate } from '../validate.js';
import type { ValidationError } from '../diagnose.js';
import { percentDecoded, percentOctets } from './percent.js';
import { profileEraOf } from '../eras/table.js';

/** The era of the data scheme's RFC (the era table's profile row). */
const ERA = profileEraOf('data');

export interface DataUrlFields {
  valid: true;
  input: string;
  /** `type/subtype` lower-cased (RFC 2045 §5.1: "Matching of media type and subtype is ALWAYS case-insensitive"). */
  mediaType: string;
  /** True where the URL names no type: §2, "If <mediatype> is omitted, it defaults to text/plain;charset=US-ASCII". */
  mediaTypeDefaulted: boolean;
  /** Parameters in order, attributes lower-cased (RFC 2045: "Matching of attributes is ALWAYS case-insensitive"), values decoded. */
  parameters: Array<{ attribute: string; value: string | null }>;
  /** §2: "The appearance of ";base64" means that the data is encoded as base64." */
  base64: boolean;
  /** The data as written after ",". */
  data: string;
  /**
   * Octets of the data: the percent-decoded octets, or with base64 the octets the base64 text
   * (after percent-decoding) stands for; null when that text is not base64 (RFC 2045 §6.8).
   */
  length: number | null;
}

export type DataUrlResult = DataUrlFields | { valid: false; input: string; error: ValidationError };

const DEFAULT_TYPE = 'text/plain';

const BASE64 = /^[A-Za-z0-9+/]$/;

/**
 * Octets that base64 text (RFC 2045 §6.8: groups of four characters of its alphabet, the last
 * group padded with "=") stands for, or null when the text is not base64.
 */
function base64Length(octets: Uint8Array): number | null {
  let pad = 0;
  for (const [i, b] of octets.entries()) {
    const c = String.fromCharCode(b);
    if (c === '=' && i >= octets.length - 2) pad++;
    else if (pad > 0 || !BASE64.test(c)) return null;
  }
  if (octets.length % 4 !== 0) return null;
  return (octets.length / 4) * 3 - pad;
}

/** The components of a data URL valid in rfc2397; the diagnosis of `validate` when it is not valid. */
export function dataUrlFields(input: string): DataUrlResult {
  const result = validate(input, { spec: ERA, rule: 'dataurl' });
  if (!result.valid) return { valid: false, input, error: result.error };
  // No "," in a type, subtype, attribute or value (RFC 2045 tspecials), so the first "," ends the header.
  const comma = input.indexOf(',');
  const header = input.slice('data:'.length, comma);
  const data = input.slice(comma + 1);
  const base64 = header.endsWith(';base64');
  const parts = (base64 ? header.slice(0, -';base64'.length) : header).split(';');
  const typed = parts[0] !== '';
  const parameters = parts.slice(1).map((p) => {
    const eq = p.indexOf('=');
    return { attribute: (percentDecoded(p.slice(0, eq)) ?? p.slice(0, eq)).toLowerCase(), value: percentDecoded(p.slice(eq + 1)) };
  });
  if (!typed && !parameters.some((p) => p.attribute === 'charset')) parameters.push({ attribute: 'charset', value: 'US-ASCII' });
  const octets = percentOctets(data);
  return {
    valid: true,
    input,
    mediaType: typed ? (percentDecoded(parts[0]!) ?? parts[0]!).toLowerCase() : DEFAULT_TYPE,
    mediaTypeDefaulted: !typed,
    parameters,
    base64,
    data,
    length: base64 ? base64Length(octets) : octets.length,
  };
}
