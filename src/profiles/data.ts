// RFC 2397 §2 and §3: what the text of the 'data' URL scheme says in prose about the strings
// `dataurl` accepts. RFC 2397 uses no BCP 14 keyword, so nothing here refuses a URL; §2 states
// what ";base64" means, and data that is no base64 contradicts it: a warning; §3 makes the type,
// subtype and attribute RFC 2045 tokens in escaped form, and octets that are none contradict it:
// a warning too. The interface is
// ./profile.ts's; the decisions are in docs/decisions.md ("rfc2397").

import { noFragmentHint } from './fragment-hint.js';
import { base64Length, base64LengthIn } from '../schemes/base64.js';
import { percentDecoded, percentOctets } from '../schemes/percent.js';
import type { ProseComponent, ProseFinding, SchemeProse } from './profile.js';

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
  const base64 = base64Before(input, comma);
  return {
    mediatype: { value: input.slice(start, base64 ? comma - ';base64'.length : comma), start },
    base64,
    data: { value: input.slice(comma + 1), start: comma + 1 },
  };
}

/** Whether ";base64" ends the header that the "," at `comma` ends (after "data:"). */
function base64Before(input: string, comma: number): boolean {
  return comma >= 'data:;base64'.length && input.startsWith(';base64', comma - ';base64'.length);
}

/** §2: "If <mediatype> is omitted, it defaults to text/plain;charset=US-ASCII". */
const DEFAULT_TYPE = 'text/plain';
const DEFAULT_CHARSET = 'US-ASCII';

const span = (value: string, start: number, rule: string): ProseComponent => ({ value, start, end: start + value.length, rule });

/** A token of the URL in "URL escaped encoding" (§3), decoded; itself where it is not UTF-8. */
const unescaped = (token: string): string => percentDecoded(token) ?? token;

/**
 * The components §2 names: the media type (`decoded`: type "/" subtype lower-cased, RFC 2045
 * §5.1: "Matching of media type and subtype is ALWAYS case-insensitive"; `text/plain` with kind
 * `default` where it is omitted), its parameters (attribute and value, decoded; the default
 * `charset=US-ASCII` where neither a type nor a charset is given: "As a shorthand, "text/plain"
 * can be omitted but the charset parameter supplied"), ";base64" where it appears, and the data
 * with the number of octets it stands for (base64 by RFC 2045 §6.8, else percent-decoded).
 */
export function dataComponents(input: string): Record<string, ProseComponent> {
  const p = dataUrlParts(input);
  const [typed = '', ...params] = p.mediatype.value.split(';');
  let at = p.mediatype.start + typed.length;
  const items: ProseComponent[] = params.map((param) => {
    const eq = param.indexOf('=');
    const item = span(param, at + 1, 'parameter');
    item.parts = {
      attribute: { ...span(param.slice(0, eq), at + 1, 'attribute'), decoded: unescaped(param.slice(0, eq)).toLowerCase() },
      value: { ...span(param.slice(eq + 1), at + 2 + eq, 'value'), decoded: percentDecoded(param.slice(eq + 1)) },
    };
    at += param.length + 1;
    return item;
  });
  if (typed === '' && !items.some((i) => i.parts?.attribute?.decoded === 'charset')) {
    const charset = { value: '', start: at, end: at, rule: 'parameter', kind: 'default' };
    items.push({ ...charset, parts: { attribute: { ...charset, rule: 'attribute', decoded: 'charset' }, value: { ...charset, rule: 'value', decoded: DEFAULT_CHARSET } } });
  }
  const mediatype: ProseComponent = { ...span(p.mediatype.value, p.mediatype.start, 'mediatype'), decoded: typed === '' ? DEFAULT_TYPE : unescaped(typed).toLowerCase(), items };
  if (typed === '') mediatype.kind = 'default';
  const octets = percentOctets(p.data.value);
  const out: Record<string, ProseComponent> = { mediatype };
  if (p.base64) out.base64 = span(';base64', p.data.start - ';base64,'.length, 'dataurl');
  out.data = { ...span(p.data.value, p.data.start, 'data'), octets: p.base64 ? base64Length(octets) : octets.length };
  return out;
}

export const DATA_PROSE: SchemeProse = {
  document: 'RFC 2397',
  rules: { data: 'dataurl' },
  check(input, _rule, warnings = true) {
    if (!warnings) return []; // the prose holds warnings only
    // On every accepted line, so read in place (issue 17): the "," that ends the media type
    // (dataUrlParts), ";base64" right before it, and the data's octets as base64.
    const comma = input.indexOf(',');
    const pct = input.indexOf('%', 'data:'.length);
    const findings = pct >= 0 && pct < comma ? escapedTokens(input, comma) : [];
    if (!base64Before(input, comma) || base64LengthIn(input, comma + 1) !== null) return findings;
    findings.push({
      level: 'warning',
      section: 'RFC 2397 §2',
      rule: 'data',
      rulePath: ['dataurl', 'data'],
      offset: comma + 1,
      holds: 'RFC 2397 §3 data := *urlchar',
      says: 'with ";base64" "the data is encoded as base64", and this is no base64 (RFC 2045 §6.8: groups of four characters of the alphabet, "=" only as the last padding)',
    });
    return findings;
  },
  components: dataComponents,
  // §3: "The ";base64" extension is distinguishable from a content-type parameter by the fact
  // that it doesn't have a following "=" sign." After "data:;" the grammar leaves both open
  // (`[ ";base64" ]` of dataurl, `";" parameter` of mediatype); the text after the ";" decides.
  // A failure inside an `escaped` triplet ("%" without two hex digits) stays there: that is wrong
  // whichever the reading.
  reads(_startRule, input, offset, rulePath) {
    if (!PARAMETER_PATH.has(rulePath[rulePath.length - 1]!.name) || !rulePath.some((r) => r.name === 'parameter')) return undefined;
    return extensionAt(input, offset) !== null ? 'dataurl' : undefined;
  },
  // Each asks the error's fields first, the input's text only then (issue 17: every failure of a
  // data URL asks).
  hint(startRule, input, e) {
    // A "#" that stops `data` (*urlchar) follows a whole dataurl: the reference's fragment.
    if (e.found === '#' && e.rule === 'data' && startRule === DATA_PROSE.rules.data) {
      return noFragmentHint(startRule, 'RFC 2396 §4.1: "URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]"', true);
    }
    if (e.rule === 'dataurl' && extensionAt(input, e.offset) !== null) {
      return 'after ";", text without a following "=" is the ";base64" extension, not a parameter (RFC 2397 §3): it is written ";base64", right before the ","; a parameter is attribute "=" value';
    }
    if (e.offset <= 'data:'.length) return undefined;
    if (e.found === '=') {
      return e.rule === 'parameter' && input[e.offset - 1] === ';' ? 'a parameter is attribute "=" value (RFC 2397 §3): the attribute before this "=" is missing' : undefined;
    }
    if (e.found !== ',' && e.found !== ';' && e.found !== null) return undefined;
    if (input[e.offset - 1] === '=') return 'a parameter is attribute "=" value (RFC 2397 §3): the value after this "=" is missing';
    // "data:text,": the type's "/" subtype is missing, and encoding the "," or ";" would not
    // bring it.
    if (e.found !== null && input.lastIndexOf(';', e.offset - 1) < 'data:'.length && !typeHasSlash(input)) {
      return 'a type is followed by "/" subtype, as in text/plain (RFC 2397 §3: mediatype := [ type "/" subtype ] *( ";" parameter ))';
    }
    return undefined;
  },
};

/**
 * RFC 2045 §5.1: `token := 1*<any (US-ASCII) CHAR except SPACE, CTLs, or tspecials>`, tspecials
 * `()<>@,;:\\"/[]?=`: whether an octet may stand in a token.
 */
const tokenOctet = (b: number): boolean => b > 0x20 && b < 0x7f && !'()<>@,;:\\"/[]?='.includes(String.fromCharCode(b));

/**
 * §3: ""type", "subtype", "attribute" and "value" are the corresponding tokens from [RFC2045],
 * represented using URL escaped encoding of [RFC2396] as necessary". The grammar takes any
 * escaped octet in them (docs/decisions.md, rfc2397); a type, subtype or attribute whose octets
 * are no token ("te%20xt", "%2F") contradicts those words: a warning at the first, as RFC 2397
 * states no requirement level. A value is exempt: it stands for RFC 2045's `token /
 * quoted-string`, and §3 asks for "the URL Escaped encoding instead of quoted string if the
 * parameter values contain any "tspecial"".
 */
function escapedTokens(input: string, comma: number): ProseFinding[] {
  const start = 'data:'.length;
  const end = base64Before(input, comma) ? comma - ';base64'.length : comma;
  const semi = input.indexOf(';', start);
  const typeEnd = semi < 0 || semi > end ? end : semi;
  const slash = input.indexOf('/', start);
  const parts: Array<[string, number, number, string[]]> = [];
  if (typeEnd > start) parts.push(['type', start, slash, ['mediatype', 'type']], ['subtype', slash + 1, typeEnd, ['mediatype', 'subtype']]);
  for (let at = typeEnd; at < end; ) {
    const next = input.indexOf(';', at + 1);
    const stop = next < 0 || next > end ? end : next;
    parts.push(['attribute', at + 1, input.indexOf('=', at + 1), ['mediatype', 'parameter', 'attribute']]);
    at = stop;
  }
  for (const [rule, from, to, path] of parts) {
    const text = input.slice(from, to);
    if (!text.includes('%') || percentOctets(text).every(tokenOctet)) continue;
    return [{
      level: 'warning',
      section: 'RFC 2397 §3',
      rule,
      rulePath: ['dataurl', ...path],
      offset: from,
      holds: 'RFC 2397 §3, escaped (any octet)',
      says: `the ${rule} "${text}" decodes to octets that are no RFC 2045 token (§5.1: "any (US-ASCII) CHAR except SPACE, CTLs, or tspecials"), and §3 says "type", "subtype", "attribute" and "value" "are the corresponding tokens from [RFC2045], represented using URL escaped encoding"`,
    }];
  }
  return [];
}

/** Whether the media type (from "data:" to the first ",") holds a "/". */
function typeHasSlash(input: string): boolean {
  const slash = input.indexOf('/', 'data:'.length);
  const comma = input.indexOf(',');
  return slash >= 0 && (comma < 0 || slash < comma);
}

/** The rules of a parameter's attribute that the parameter reading names (not `escaped`). */
const PARAMETER_PATH = new Set(['parameter', 'attribute', 'token']);

/**
 * The text after a ";" of the media type that a failure at `offset` lies in (up to the next ";"
 * or the "," that ends the media type), when it has no "=": by §3, the ";base64" extension being
 * written, not a parameter. Null when the offset is not in the media type's parameters, or the
 * text has a "=" (a parameter).
 */
export function extensionAt(input: string, offset: number): string | null {
  if (!input.startsWith('data:')) return null;
  const comma = input.indexOf(',');
  const end = comma < 0 ? input.length : comma;
  const semi = input.lastIndexOf(';', offset - 1);
  if (offset > end || semi < 'data:'.length) return null;
  const next = input.indexOf(';', Math.max(offset, semi + 1));
  const text = input.slice(semi + 1, next < 0 || next > end ? end : next);
  return text.includes('=') ? null : text;
}
