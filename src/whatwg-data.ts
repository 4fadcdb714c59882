// Where Fetch's data: URL processor and RFC 2397 part on a data URL (issue 25 point 7): each
// difference derived from the processor's steps (Fetch Standard, "data: URL processor",
// https://fetch.spec.whatwg.org/#data-url-processor, with Infra's forgiving-base64 decode and
// MIME Sniffing's "parse a MIME type"), named beside RFC 2397's verdict.

import { isValid } from './validate.js';
import { profileEraOf } from './eras/table.js';
import { base64Length } from './schemes/base64.js';
import { fromCharCodes } from './large-arrays.js';
import { percentOctets } from './schemes/percent.js';

/** The era of the data scheme's RFC (the era table's profile row). */
const ERA = profileEraOf('data');

/** Infra: "ASCII whitespace is U+0009 TAB, U+000A LF, U+000C FF, U+000D CR, or U+0020 SPACE". */
const ASCII_WS = /[\t\n\f\r ]/g;
/** MIME Sniffing: HTTP token code points. */
const TOKEN = /^[!#$%&'*+\-.^_`|~A-Za-z0-9]+$/;

/**
 * Infra's forgiving-base64 decode succeeds: "Remove all ASCII whitespace from data"; when the
 * length divides by 4, remove one or two final "="; a remainder of 1 fails; a code point other
 * than "+", "/" and ASCII alphanumerics fails.
 */
function forgivingBase64(data: string): boolean {
  let d = data.replace(ASCII_WS, '');
  if (d.length % 4 === 0) d = d.replace(/={1,2}$/, '');
  return d.length % 4 !== 1 && /^[+/0-9A-Za-z]*$/.test(d);
}

/** MIME Sniffing's "parse a MIME type" steps 1 to 9: a type and a subtype of token code points. */
function mimeParses(mimeType: string): boolean {
  const m = mimeType.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  const slash = m.indexOf('/');
  if (slash <= 0 || !TOKEN.test(m.slice(0, slash))) return false;
  const subtype = m.slice(slash + 1).split(';')[0]!.replace(/[\t\n\r ]+$/, '');
  return TOKEN.test(subtype);
}

/**
 * The differences Fetch's data: URL processor makes on a data URL that the URL Standard parsed
 * (`href`), named, the last with RFC 2397's verdict; none for another scheme or a failed parse.
 *
 * @example
 * ```ts
 * import { dataDifferences } from './whatwg-data.js';
 * dataDifferences('data:,a%fg', 'data:,a%fg');
 * // ['Fetch keeps a "%" that begins no escape as the octet "%" (step 10, percent-decoding); RFC 2397\'s escaped is "%" hex hex (§4\'s "%fg"); RFC 2397 refuses it']
 * ```
 */
export function dataDifferences(input: string, href: string | undefined): string[] {
  if (href === undefined || !/^data:/i.test(href)) return [];
  const notes: string[] = [];
  // Step 2: "the URL serializer on dataURL with exclude fragment set to true".
  const hash = href.indexOf('#');
  // RFC 2397's `dataurl` holds no "#" (its data is *urlchar); the fragment is RFC 2396 §4.1's.
  if (hash >= 0) notes.push('Fetch drops the fragment (step 2, "exclude fragment"); RFC 2397\'s dataurl alone holds no "#" (its data is *urlchar): the fragment is RFC 2396 §4.1\'s ("URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]")');
  const serialized = href.slice('data:'.length, hash < 0 ? undefined : hash);
  const comma = serialized.indexOf(',');
  if (comma < 0) return []; // step 7: failure, as RFC 2397 requires the ","
  // Steps 5 and 6: the media type up to the first ",", "Strip leading and trailing ASCII whitespace".
  const written = serialized.slice(0, comma);
  let mimeType = written.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
  if (mimeType !== written) notes.push('Fetch strips ASCII whitespace around the media type (step 6); RFC 2397\'s tokens hold none');
  const body = serialized.slice(comma + 1);
  // Step 10: "Let body be the percent-decoding of encodedBody": a "%" without two hex digits stays.
  if (/%(?![0-9A-Fa-f]{2})/.test(body)) notes.push('Fetch keeps a "%" that begins no escape as the octet "%" (step 10, percent-decoding); RFC 2397\'s escaped is "%" hex hex (§4\'s "%fg")');
  // Step 11: "mimeType ends with U+003B (;), followed by zero or more U+0020 SPACE, followed by
  // an ASCII case-insensitive match for "base64"".
  const base64 = /; *base64$/i.exec(mimeType);
  if (base64) {
    if (base64[0] !== ';base64') notes.push(`Fetch reads "${base64[0]}" as ";base64" (step 11: spaces before it, and any case); RFC 2397 §3's ";base64" is that literal`);
    const octets = percentOctets(body);
    const fetchOk = forgivingBase64(fromCharCodes(octets));
    const rfcOk = base64Length(octets) !== null;
    if (fetchOk && !rfcOk) notes.push('Fetch decodes base64 without its "=" padding (forgiving-base64), which RFC 2045 §6.8 completes ("A full encoding quantum is always completed at the end")');
    if (!fetchOk && rfcOk) notes.push('Fetch fails on a character outside the base64 alphabet (forgiving-base64, step 11.3: a network error), which RFC 2045 §6.8 ignores ("Any characters outside of the base64 alphabet are to be ignored")');
    if (!fetchOk && !rfcOk) notes.push('Fetch fails on this base64 (forgiving-base64, step 11.3: a network error); RFC 2397 §2\'s ";base64" data is no base64 either');
    mimeType = mimeType.slice(0, -base64[0].length);
  }
  if (/%[0-9A-Fa-f]{2}/.test(mimeType)) notes.push('Fetch does not percent-decode the media type (only the body, step 10); RFC 2397 §3\'s tokens are "represented using URL escaped encoding"');
  // Step 12: "If mimeType starts with U+003B (;), then prepend "text/plain" to mimeType".
  if (mimeType.startsWith(';') && !/;\s*charset=/i.test(mimeType)) {
    notes.push('Fetch gives text/plain with these parameters and no charset (step 12 prepends "text/plain"); RFC 2397 §2: "If <mediatype> is omitted, it defaults to text/plain;charset=US-ASCII"');
  }
  // Steps 13 and 14: "If mimeTypeRecord is failure, then set mimeTypeRecord to text/plain;charset=US-ASCII".
  if (mimeType !== '' && !mimeType.startsWith(';') && !mimeParses(mimeType)) notes.push('Fetch reads a media type it cannot parse as text/plain;charset=US-ASCII (step 14)');
  if (notes.length === 0) return [];
  return notes.map((n, i) => (i === notes.length - 1 ? `${n}; ${verdictOf(input)}` : n));
}

/**
 * RFC 2397's verdict on a data URL: its `dataurl`'s, unless that refuses what the era's
 * `URI-reference` (RFC 2396's, which holds a data URL to `dataurl`: src/profiles/of-era.ts
 * `schemeTargets`) accepts: a fragment, which `dataurl` alone never holds (RFC 2396 §4.1:
 * "URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]"), or a scheme not in lower case
 * (RFC 2396 §3.1: "allow "HTTP" as well as "http""; `dataurl`'s "data:" is case-sensitive).
 * `data:,a#f` is accepted so, not refused.
 */
function verdictOf(input: string): string {
  if (isValid(input, { spec: ERA })) return 'RFC 2397 accepts it';
  if (!isValid(input, { spec: ERA, rule: 'URI-reference' })) return 'RFC 2397 refuses it';
  const how = [
    ...(input.includes('#') ? ['the dataurl before the "#"'] : []),
    ...(input.startsWith('data:') ? [] : ['its scheme in any case, RFC 2396 §3.1']),
  ];
  return `RFC 2397 accepts it as a URI-reference (${how.join('; ')}), not as a dataurl`;
}
