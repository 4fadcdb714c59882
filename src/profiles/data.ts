// RFC 2397 §2 and §3: what the text of the 'data' URL scheme says in prose about the strings
// `dataurl` accepts. RFC 2397 uses no BCP 14 keyword, so nothing here refuses a URL; §2 states
// what ";base64" means, and data that is no base64 contradicts it: a warning. The interface is
// ./profile.ts's; the decisions are in docs/decisions.md ("rfc2397").

import { base64Length } from '../schemes/base64.js';
import { percentOctets } from '../schemes/percent.js';
import type { SchemeProse } from './profile.js';

/** A data URL taken apart: the media type as written, whether ";base64" follows it, the data. */
export interface DataUrlParts {
  /** `[ type "/" subtype ] *( ";" parameter )` as written, without ";base64"; where it starts. */
  mediatype: { value: string; start: number };
  base64: boolean;
  data: { value: string; start: number };
}

/**
 * The parts of a string that `dataurl` accepts. No "," in a type, subtype, attribute or value
 * (RFC 2045's tspecials, escaped in a data URL), so the first "," ends the media type; §3: "The
 * ";base64" extension is distinguishable from a content-type parameter by the fact that it
 * doesn't have a following "=" sign", so ";base64" right before that "," is the extension.
 */
export function dataUrlParts(input: string): DataUrlParts {
  const start = 'data:'.length;
  const comma = input.indexOf(',');
  const header = input.slice(start, comma);
  const base64 = header.endsWith(';base64');
  return {
    mediatype: { value: base64 ? header.slice(0, -';base64'.length) : header, start },
    base64,
    data: { value: input.slice(comma + 1), start: comma + 1 },
  };
}

export const DATA_PROSE: SchemeProse = {
  document: 'RFC 2397',
  rules: { data: 'dataurl' },
  check(input) {
    const p = dataUrlParts(input);
    if (!p.base64 || base64Length(percentOctets(p.data.value)) !== null) return [];
    return [{
      level: 'warning',
      section: 'RFC 2397 §2',
      rule: 'data',
      rulePath: ['dataurl', 'data'],
      offset: p.data.start,
      holds: 'RFC 2397 §3 data := *urlchar',
      says: 'with ";base64" "the data is encoded as base64", and this is no base64 (RFC 2045 §6.8: groups of four characters of the alphabet, "=" only as the last padding)',
    }];
  },
};
