// The components of a data URL (RFC 2397 §2 and §3, issue 25 point 4): its media type and
// parameters, decoded, whether the data is base64, and the length of the data in octets.

import { validate } from '../validate.js';
import type { ValidationError } from '../diagnose.js';
import { profileEraOf } from '../eras/table.js';
import { dataComponents } from '../profiles/data.js';

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
   * (after percent-decoding) stands for, characters outside the alphabet ignored; null when that
   * text is not base64 (RFC 2045 §6.8, src/schemes/base64.ts).
   */
  length: number | null;
}

export type DataUrlResult = DataUrlFields | { valid: false; input: string; error: ValidationError };

/** The components of a data URL valid in rfc2397; the diagnosis of `validate` when it is not valid. */
export function dataUrlFields(input: string): DataUrlResult {
  const result = validate(input, { spec: ERA, rule: 'dataurl' });
  if (!result.valid) return { valid: false, input, error: result.error };
  const { mediatype, base64, data } = dataComponents(input);
  return {
    valid: true,
    input,
    mediaType: mediatype!.decoded!,
    mediaTypeDefaulted: mediatype!.kind === 'default',
    parameters: (mediatype!.items ?? []).map((p) => ({ attribute: p.parts!.attribute!.decoded!, value: p.parts!.value!.decoded ?? null })),
    base64: base64 !== undefined,
    data: data!.value,
    length: data!.octets ?? null,
  };
}
