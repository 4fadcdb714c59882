// The hint table (contract, "The diagnosis of a failure", `hint`): one row a common mistake,
// for every era. A row says which eras it is for by what their row of the era table says
// (`template`, `urn`, `zoneIdentifiers`, `iri`; ../eras/table.ts), never by an era id, or by what
// their grammar has (an IP-literal rule, "%" expected at the offset: ./context.ts); then, from
// the error record already made, whether the input shows its mistake and how to fix it; and the
// section that makes it a mistake. Rows are tried in order; the first that answers gives the
// record's `hint`. A row about some characters at the offset (`found`: "#", the end) is tried
// only for those, and one for the grammars with some rule (`grammar`) only in those: each era's
// rows for each character are chosen once (rowsFor), not asked again of every failure. A row
// about the rule the record names (`rule`) or needing a fact of the rule path or the expected
// set (`needs`, ./context.ts has()) is asked only where it holds. An era's own rows (templates,
// URNs, zone identifiers) come before the rows for every era; the template era's are in
// ./template-rows.ts, carried by that era's parts (src/era.ts `hints`), so that another era's
// bundle leaves them out.

import type { Era, RuleMeta } from '../era.js';
import type { DiagnosisRow } from '../eras/table.js';
import { sectionLabel } from '../spec-label.js';
import { percentEncoded } from '../schemes/percent.js';
import { appendixEId, formOf, hasAppendixE } from '../file/hints.js';
import { keptPer } from '../kept.js';
import {
  authorityIn,
  closesOpen,
  delimiterBefore,
  escapable,
  EXPECTS_AT,
  EXPECTS_CLOSING_BRACKET,
  EXPECTS_HEX,
  EXPECTS_PERCENT,
  getsPast,
  has,
  hasIpLiteral,
  wholeRule,
  wholeStart,
  rewriteGetsPast,
  hasRule,
  eraFor,
  IN_DOMAIN,
  IN_HOST,
  IN_IP_LITERAL,
  IN_PORT,
  ipLiteralText,
  isLoneSurrogate,
  isSpace,
  openBracket,
  registered,
  rowOfEra,
  ruleNamed,
  sectionOf,
  shown,
  asTyped,
  zoneAt,
  type HintContext,
} from './context.js';

export interface HintRow {
  /** The mistake, for tests and documentation. */
  id: string;
  /** The section that makes it a mistake. */
  section: string;
  /** The eras it is for, by their row of the era table; absent: every era. */
  eras?: (row: DiagnosisRow) => boolean;
  /** The eras it is for, by what their grammar has (a rule, Appendix E); absent: every era. */
  grammar?: (era: Era) => boolean;
  /** The characters at the offset it is about (`found`, null at the end); absent: any. */
  found?: (found: string | null) => boolean;
  /** The rule the error record names (`rule`) that it is about; absent: any. */
  rule?: string;
  /**
   * A fact of the context (./context.ts, has(): IN_*, EXPECTS_*) without which `give` answers
   * null, a test of its own condition: the row is asked only where it holds.
   */
  needs?: number;
  /** How to fix the input when the error record shows the mistake, else null (asked only where `found`, `rule` and `needs` hold). */
  give: (c: HintContext) => string | null;
}

// The eras of a capability of the era table.
const zones = (row: DiagnosisRow): boolean => row.zoneIdentifiers === true;
const noZones = (row: DiagnosisRow): boolean => row.zoneIdentifiers !== true;

// The characters a row is about.
export const oneOf =
  (...chars: Array<string | null>) =>
  (found: string | null): boolean =>
    chars.includes(found);
/** Whether `input` from `offset` on is whitespace only (what String.prototype.trim removes: `\s`), with no slice. */
function blankFrom(input: string, offset: number): boolean {
  for (let i = offset; i < input.length; i++) {
    const code = input.charCodeAt(i);
    if (code < 0x80 ? code !== 0x20 && (code < 0x09 || code > 0x0d) : !/\s/.test(input[i]!)) return false;
  }
  return true;
}

/** Whether a line terminator (what `.` does not match: LF, CR, U+2028, U+2029) is in `input` from `from` to before `to`. */
function lineTerminatorIn(input: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const ch = input.charCodeAt(i);
    if (ch === 0x0a || ch === 0x0d || ch === 0x2028 || ch === 0x2029) return true;
  }
  return false;
}
/** Whether "/" for each backslash of the run at the offset (two or more) gets the start rule past the run. */
function slashesGetPast(c: HintContext): boolean {
  let end = c.offset;
  while (c.input.charCodeAt(end) === 0x5c) end++;
  if (end - c.offset < 2) return false;
  return rewriteGetsPast(c, c.input.slice(0, c.offset) + '/'.repeat(end - c.offset) + c.input.slice(end), end);
}

/**
 * The hint for a space (Zs) or an invisible format character (Cf) in a host, else null: not
 * ZWNJ and ZWJ (U+200C, U+200D), which IDNA2008 allows in a label where the script needs them
 * (RFC 5892 CONTEXTJ), so removing them may change the name.
 */
function blankInHost(ch: string): string | null {
  const cp = ch.codePointAt(0)!;
  const space = /^\p{Zs}$/u.test(ch);
  if (!space && (cp === 0x200c || cp === 0x200d || !/^\p{Cf}$/u.test(ch))) return null;
  const what = shown(ch);
  return space
    ? `${what} is a space: remove it; a host name holds no whitespace, and IDNA does not convert a space`
    : `${what} is an invisible format character: remove it; a host name holds none`;
}

/** `[0-9A-Fa-f.]`. */
const isHexDigitOrDot = (ch: number): boolean => (ch >= 0x30 && ch <= 0x39) || ((ch | 0x20) >= 0x61 && (ch | 0x20) <= 0x66) || ch === 0x2e;

const asciiChar = (found: string | null): boolean => found !== null && found.codePointAt(0)! < 0x80;
const nonAscii = (found: string | null): boolean => found !== null && found.codePointAt(0)! >= 0x80;

/**
 * RFC 3987 §2.2: `ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... /
 * %xE1000-EFFFD`, which `iunreserved` takes in every component but the scheme and the port;
 * `iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD`, which only `iquery` takes.
 */
function isUcschar(cp: number): boolean {
  if (cp < 0xa0 || (cp > 0xd7ff && cp < 0xf900) || (cp > 0xfdcf && cp < 0xfdf0) || (cp > 0xffef && cp < 0x10000)) return false;
  // %x10000-1FFFD ... %xD0000-DFFFD, %xE1000-EFFFD: each plane but its last two code points, plane 14 from E1000.
  if (cp >= 0x10000) return (cp & 0xffff) <= 0xfffd && cp < 0xf0000 && (cp < 0xe0000 || cp >= 0xe1000);
  return true;
}
/** RFC 3987 §4.1's "LRM, RLM, LRE, RLE, LRO, RLO, and PDF": U+200E, U+200F, U+202A to U+202E. */
const isBidiFormatting = (cp: number): boolean => cp === 0x200e || cp === 0x200f || (cp >= 0x202a && cp <= 0x202e);
const isIprivate = (cp: number): boolean => (cp >= 0xe000 && cp <= 0xf8ff) || (cp >= 0xf0000 && (cp & 0xffff) <= 0xfffd);

/**
 * What an IRI makes of a non-ASCII character, said only where it is true of the character
 * (RFC 3987 §2.2): a C1 control, a noncharacter or a surrogate is in no IRI either, nor (§4.1,
 * "IRIs MUST NOT contain bidirectional formatting characters") LRM, RLM, LRE, RLE, LRO, RLO and
 * PDF, which `ucschar` holds. Said of the character, not of this input: an IRI's scheme and port
 * are ASCII too.
 */
function iriNote(cp: number): string {
  if (isBidiFormatting(cp)) return '';
  const where = isUcschar(cp) ? 'in a path, query, fragment, userinfo or host' : isIprivate(cp) ? 'in a query' : null;
  if (where === null) return '';
  const iriEra = eraFor('iri');
  return `; an IRI (${iriEra !== undefined && registered(iriEra) ? `spec ${iriEra}` : 'RFC 3987'}) takes it as typed ${where}`;
}

/** Each rule's Appendix E reading (appendixEId), its id made once. */
const APPENDIX_OF = new WeakMap<RuleMeta, string>();
function appendixOf(rule: RuleMeta): string {
  let id = APPENDIX_OF.get(rule);
  if (id === undefined) APPENDIX_OF.set(rule, (id = appendixEId(rule)));
  return id;
}

/** `text`, and the spec id of `era` when that era is registered (advice naming another era). */
export const also = (era: string | undefined, text: string): string => (era !== undefined && registered(era) ? `${text} (spec ${era})` : text);

/** The text of the row "other character outside the grammar" for an ASCII character, and those made. */
function otherCharacter(found: string): string {
  const code = found.charCodeAt(0);
  const what = code < 0x20 || code === 0x7f ? `the control character ${shown(found)}` : shown(found);
  return `${what} is not allowed here: write "${percentEncoded(found)}"`;
}
const OTHER_CHARACTER: Array<string | undefined> = new Array<string | undefined>(0x80).fill(undefined);

/** The rules of a userinfo, which the furthest failure names when a port is not digits. */
const USERINFO_RULES = new Set(['userinfo', 'iuserinfo', 'user', 'password']);

/** The rules of an authority, which the failure names at the end of the input when it waits for the userinfo's "@". */
const AUTHORITY_RULES = new Set(['authority', 'iauthority']);

/**
 * The hint for a lone surrogate (RFC 3629 §3: surrogates are no scalar values, so no UTF-8 form
 * exists to percent-encode). U+DC80 to U+DCFF are also how urispec's command line reads a byte
 * that is not UTF-8 (src/cli/lines.ts, the "surrogateescape" of PEP 383): there the input was
 * that byte, and the octet is what a URI percent-encodes (RFC 3986 §2.1, RFC 1738 §2.2: octets,
 * not characters), so the hint names the byte and its triplet where a triplet is allowed.
 */
function loneSurrogate(c: HintContext): string {
  const lone = 'a lone UTF-16 surrogate is no character';
  const unit = c.found!.charCodeAt(0);
  if (unit < 0xdc80 || unit > 0xdcff) return `${lone}: it has no UTF-8 form to percent-encode`;
  const hex = (unit - 0xdc00).toString(16).toUpperCase();
  return `${lone}; ${shown(c.found!)} is how urispec's command line reads the byte 0x${hex}, which is not UTF-8: ${escapable(c) ? `percent-encode that byte as "%${hex}"` : 'it is not allowed here'}`;
}

/**
 * RFC 1738 (December 1994) is the document whose §2.2 the rows of "#" and "~" quote: an era dated
 * before it (draft-ietf-uri-url-03, March 1994) does not have those words, and a hint there cites
 * its own document or nothing.
 */
const RFC_1738_DATE = '1994-12';
const afterRfc1738 = (era: Era): boolean => era.meta.date >= RFC_1738_DATE;

/**
 * What an era's `scheme` is, read from its grammar (its fast recognizer asked of a few strings,
 * once an era): RFC 3986 §3.1 `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`; RFC 1738 §5
 * `1*[ lowalpha | digit | "+" | "-" | "." ]`, lower case and a digit first; RFC 1808 §2.2
 * `1*( alpha | digit | ... )`. Null where the scheme takes other characters too
 * (draft-ietf-uri-url-03's `scheme = ialpha`): no short text says it.
 */
const schemeText = keptPer((era: Era): string | null => {
  const rule = ruleNamed(era, 'scheme');
  if (rule === undefined) return null;
  const takes = (s: string): boolean => era.fast.accepts(s, rule.id);
  if (!takes('a') || !takes('a1+-.')) return null;
  for (let code = 0x21; code < 0x7f; code++) {
    const ch = String.fromCharCode(code);
    if (!/[A-Za-z0-9+.-]/.test(ch) && takes(`a${ch}`)) return null;
  }
  const lower = !takes('A') || !takes('aA');
  const letters = lower ? 'lower-case letters' : 'letters';
  const section = rule.section ? ` (${sectionLabel(era, rule.section)})` : '';
  return takes('1')
    ? `a scheme is one or more ${letters}, digits, "+", "-" or "."${section}`
    : `a scheme begins with a ${lower ? 'lower-case ' : ''}letter, then ${letters}, digits, "+", "-" or "."${section}`;
});

export const HINTS: readonly HintRow[] = [
  // A scheme profile's text explains some failures of its grammar (src/profiles/profile.ts,
  // `hint`: RFC 9110 §4.2.5, an http-URI has no fragment).
  {
    id: 'scheme profile: its own text',
    section: 'RFC 9110 §4.2.5',
    eras: (row) => row.prose === true,
    give: (c) => c.prose?.hint?.(c.startRule, c.input, c) ?? null,
  },

  // File URIs (RFC 8089): the eras whose grammar prints Appendix E's nonstandard rules.
  {
    id: 'file: Appendix E form',
    section: 'RFC 8089 Appendix E',
    grammar: hasAppendixE,
    give: (c) => {
      const rule = ruleNamed(c.era, c.startRule);
      const helper = rule && appendixOf(rule);
      if (!rule || !c.era.helperIds.has(helper!) || !c.era.fast.accepts(c.input, helper!)) return null;
      const form = formOf(c.input);
      const standard = form.standard !== undefined && c.era.fast.accepts(form.standard, rule.id) ? `§2 writes "${form.standard}"` : '§2 has no such form';
      return `${form.what} is RFC 8089 Appendix ${form.section}'s nonstandard syntax (${standard}); the appendixE option (--appendix-e) accepts it`;
    },
  },
  {
    id: 'file: backslash',
    section: 'RFC 8089 Appendix E.4',
    grammar: hasAppendixE,
    found: oneOf('\\'),
    give: (c) =>
      getsPast(c, '/')
        ? `a backslash is no separator in a file URI (RFC 8089 Appendix E.4: "forbidden by both [RFC1738] and [RFC3986]"): write "/"${getsPast(c, '%5C') ? ', or "%5C" for a backslash in a name' : ''}`
        : null,
  },
  {
    id: 'file: no path after the host',
    section: 'RFC 8089 §2',
    grammar: hasAppendixE,
    found: oneOf(null),
    rule: 'path-absolute',
    give: (c) =>
      /^file:\/\/[^/]*$/i.test(c.input)
        ? `a file URI has a path after its host (RFC 8089 §2: auth-path = [ file-auth ] path-absolute): "${c.input}/"`
        : null,
  },

  // Every era.
  {
    id: 'leading whitespace',
    section: 'RFC 3986 Appendix C',
    found: isSpace,
    // Only where the input without it gets the start rule past its first character: a lone
    // space checked as `reserved` would be the empty string, and " 8" as `reserved` "8".
    give: (c) =>
      c.offset === 0 && rewriteGetsPast(c, c.input.trimStart(), 1) ? 'remove the whitespace at the start: whitespace around a URI is no part of it' : null,
  },
  {
    id: 'trailing whitespace',
    section: 'RFC 3986 Appendix C',
    found: isSpace,
    // Only where what is left is valid: where the end of the input is wrong too
    // (`http://[::1 `), leaving the whitespace out is not enough.
    give: (c) =>
      blankFrom(c.input, c.offset) && wholeStart(c, c.input.slice(0, c.offset)) ? 'remove the whitespace at the end: whitespace around a URI is no part of it' : null,
  },
  {
    // RFC 6874 §2: "any occurrences of literal "%" symbols in a URI MUST be percent-encoded and
    // represented in the form "%25"" (its example "http://[fe80::a%25en1]"); people type
    // "fe80::1%eth0" (RFC 9844 §5).
    id: 'zone identifier written "%eth0"',
    section: 'RFC 6874 §2',
    eras: zones,
    needs: IN_IP_LITERAL, // zoneAt's first condition
    give: (c) => {
      const z = zoneAt(c);
      return z && !z.encoded ? `a zone identifier's "%" is written "%25" in a URI: "%25${z.zone}" for "%${z.zone}" (RFC 6874 §2)` : null;
    },
  },
  {
    // `[fe80::1%25]`: the "]" closes the IP literal; encoding it (the generic row's advice) would
    // leave the literal open. What is missing is the zone after "%25".
    id: 'empty zone identifier',
    section: 'RFC 6874 §2 (ZoneID = 1*( unreserved / pct-encoded ))',
    eras: zones,
    rule: 'ZoneID',
    found: oneOf(']', null),
    give: (c) =>
      c.input.slice(c.offset - 3, c.offset) === '%25'
        ? 'a zone identifier follows "%25": at least one unreserved or percent-encoded character, as in "%25eth0" (RFC 6874 §2)'
        : null,
  },
  {
    // RFC 3986 §3.2.2 (and RFC 2732, RFC 3987) has no zone; RFC 6874 §2 adds IPv6addrz =
    // IPv6address "%25" ZoneID, and RFC 9844 (2025) obsoleted RFC 6874, moving zone identifiers
    // out of URIs into user interfaces.
    id: 'zone identifier',
    section: 'RFC 6874 §2; RFC 9844',
    eras: noZones,
    grammar: hasIpLiteral,
    needs: IN_IP_LITERAL, // zoneAt's first condition
    give: (c) => {
      const z = zoneAt(c);
      // What is left out is all up to the "]" (`%25e<1`, not `%25e`, whose "<1" would stay in
      // the address); with no "]", leaving the zone out leaves the literal open (the row of the
      // unclosed bracket says so).
      if (!z || z.through === null) return null;
      const zoneEra = eraFor('zoneIdentifiers');
      const where = zoneEra !== undefined && registered(zoneEra) ? ` (spec ${zoneEra})` : '';
      const written = z.encoded || z.through !== `%${z.zone}` ? '' : `, written "%25${z.zone}"`;
      return (
        `${c.era.id} has no zone identifier in an IP literal: remove "${z.through}"; zone identifiers are valid in ` +
        `RFC 6874 only${where}${written}, and RFC 9844 (2025) obsoleted it: a zone is no part of a URI`
      );
    },
  },
  {
    // RFC 3986 §3.2.2: IP-literal = "[" ( IPv6address / IPvFuture ) "]", and "the host is
    // identified by an IPv4 literal address" written as IPv4address, without brackets; RFC 2732
    // §3: ipv6reference = "[" IPv6address "]".
    id: 'IPv4 address in brackets',
    section: 'RFC 3986 §3.2.2',
    needs: IN_IP_LITERAL, // ipLiteralText's first condition
    give: (c) => {
      const text = ipLiteralText(c);
      if (text === null || !/^[0-9]{1,3}(\.[0-9]{1,3}){3}$/.test(text)) return null;
      // Only the brackets of the host's literal (`http://[::[1.2.3.4]/`: the inner "[" is no
      // literal's, and neither rewrite below makes an address of "::[").
      const open = c.input.lastIndexOf('[', c.offset);
      const close = open + 1 + text.length;
      const closed = c.input[close] === ']';
      if (!rewriteGetsPast(c, c.input.slice(0, open) + text + c.input.slice(closed ? close + 1 : close), open + text.length)) return null;
      const without = `an IPv4 address is written without brackets: ${text}`;
      // The IPv6 address that holds it, only where a "]" closes the literal it would stand in.
      if (!closed || !rewriteGetsPast(c, `${c.input.slice(0, open + 1)}::ffff:${text}${c.input.slice(close)}`, close + 8)) return without;
      const future = hasRule(c.era, 'IPvFuture') ? ' (or an IPvFuture)' : '';
      return `${without}; the brackets of an IP literal hold an IPv6 address${future}, such as ::ffff:${text}`;
    },
  },
  {
    id: 'percent sign without two hex digits',
    section: 'RFC 3986 §2.1',
    needs: EXPECTS_HEX, // its second condition
    give: (c) => {
      // The last "%" up to the offset is one or two characters before it.
      const { input, offset } = c;
      const pct = input.charCodeAt(offset - 1) === 0x25 ? offset - 1 : input.charCodeAt(offset - 2) === 0x25 ? offset - 2 : -1;
      if (pct < 0 || !has(c, EXPECTS_HEX)) return null;
      if (input.charCodeAt(offset) !== 0x25) return '"%" begins a percent-encoding and needs two hex digits after it; write "%25" for a "%" itself';
      // Stopped at another "%" (`%E%dE`, `%%41`): the "%" without its digits is the one before,
      // which the advice must name, "%25" for the one found leaving it as it is. Said where
      // "%25" for it gets the parse past the "%" found.
      const fixed = `${input.slice(0, pct)}%25${input.slice(pct + 1)}`;
      if (!rewriteGetsPast(c, fixed, offset + 3)) return null;
      return `"%" begins a percent-encoding and needs two hex digits after it, and "${input.slice(pct, offset)}" has ${offset - pct === 1 ? 'none' : 'one'}: write "%25" for its "%" if it stands for itself (the "%" at offset ${pct})`;
    },
  },
  {
    id: 'unclosed bracket',
    section: 'RFC 3986 §3.2.2',
    needs: EXPECTS_CLOSING_BRACKET, // its first condition
    give: (c) => {
      // Not closed anywhere: with a "]" later, the character at the offset is what is wrong.
      if (!has(c, EXPECTS_CLOSING_BRACKET)) return null;
      // Only a "]" that closes a literal: where RFC 2732 made "[" and "]" reserved, a fragment or
      // an opaque part takes them as data (`#[N` then a control character: the control character
      // is what is wrong), and an era without literals has no "[" to close.
      if (!has(c, IN_IP_LITERAL) && !has(c, IN_DOMAIN)) return null;
      const open = openBracket(c.input, c.offset);
      if (open < 0 || c.input.includes(']', c.offset)) return null;
      const { input, offset } = c;
      // An IP literal takes the "]" the offset expects whatever follows it (RFC 8089's
      // `file://[::1` then lacks its path, and still gets further); a mailto domain's is
      // checked, since RFC 6068's prose may refuse it (below).
      if (!has(c, IN_DOMAIN) || rewriteGetsPast(c, `${input.slice(0, offset)}]${input.slice(offset)}`, offset + 1)) {
        // RFC 6068's domain literal is bracketed too (§2: `"[" *dtext-no-obs "]"`).
        return `the "[" at offset ${open} is not closed: ${has(c, IN_DOMAIN) ? 'a domain literal' : 'an IP literal'} ends with "]"`;
      }
      // RFC 6068 §2, rule 1: "[" and "]" of an addr-spec "MUST be percent-encoded" ("all the
      // characters in gen-delims except "@" and ":""): the grammar's "[" *dtext-no-obs "]" is
      // the decoded domain's, written "%5B" ... "%5D" (`mailto:a@%5B1.2.3.4%5D`).
      if (!has(c, IN_DOMAIN)) return null;
      const literal = `%5B${input.slice(open + 1, offset)}%5D`;
      if (!rewriteGetsPast(c, input.slice(0, open) + literal + input.slice(offset), open + literal.length)) return null;
      return `a domain literal's "[" and "]" are percent-encoded in a mailto URI (RFC 6068 §2, rule 1: gen-delims but "@" and ":" "MUST be percent-encoded"): write "${literal}" for "${input.slice(open, offset)}"`;
    },
  },
  {
    id: 'bracket before RFC 2732',
    section: 'RFC 2732 §2',
    // Not a URI Template's: RFC 6570 §2.1's literals hold "[" and "]", and no host is written there.
    eras: (row) => row.template !== true,
    grammar: (era) => !hasIpLiteral(era),
    found: oneOf('[', ']'),
    // Only where the bracket could be an IP literal's: in the authority after "//", where RFC
    // 2732 put the literal (`U]RN:foo:…` or a path's "[" is no host's; the row of other
    // characters gives "%5B" there).
    give: (c) => {
      const start = authorityIn(c);
      if (start < 0 || c.offset < start || c.offset > c.authorityEnd) return null;
      return `no IP literals in this era: "[" and "]" came with RFC 2732 (spec rfc2396, then rfc3986)${escapable(c) ? `; elsewhere write "${percentEncoded(c.found!)}"` : ''}`;
    },
  },
  {
    id: 'IPv6 address without brackets',
    section: 'RFC 3986 §3.2.2',
    grammar: hasIpLiteral,
    give: (c) => {
      const { input } = c;
      // Two ":" in the host are two in the input: most inputs have one, a scheme's.
      if (input.indexOf(':', input.indexOf(':') + 1) < 0) return null;
      const start = authorityIn(c);
      const end = c.authorityEnd;
      if (start < 0 || c.offset < start || c.offset > end) return null;
      // The host ends the authority, after its last "@" (`/^.*@/`: with a line terminator before
      // it, `.*` stops there and the host keeps an "@", no IPv6 address).
      const at = input.lastIndexOf('@', end - 1);
      if (at >= start && lineTerminatorIn(input, start, at)) return null;
      const from = at >= start ? at + 1 : start;
      // Hex digits, ":" and "." only (`/^[0-9A-Fa-f:.]+$/`), two ":" or more; tested in place.
      let colons = 0;
      for (let i = from; i < end; i++) {
        const ch = input.charCodeAt(i);
        if (ch === 0x3a) colons++;
        else if (!isHexDigitOrDot(ch)) return null;
      }
      if (colons < 2) return null;
      // Only an address the era's grammar takes (RFC 3986 §3.2.2 IPv6address): `.::` or `:2:1`
      // in brackets would fail again.
      const address = input.slice(from, end);
      if (wholeRule(c.era, address, 'IPv6address') !== true) return null;
      return `an IPv6 address is written in brackets in a URI: [${address}]`;
    },
  },
  {
    // RFC 3986 §3.2.1, §3.2.3: the furthest failure names the userinfo (or, at the end of the
    // input, the authority waiting for its "@"), but the mistake is the port, or the host.
    id: 'port not digits',
    section: 'RFC 3986 §3.2.3',
    give: (c) => {
      const inPort = has(c, IN_PORT);
      // The userinfo's rule, or one inside it (draft-ietf-uri-url-03's password is xalphas): the
      // path is read only where "@" is expected, the cheap fact first (most failures ask this row).
      if (!inPort && (!has(c, EXPECTS_AT) || !(c.rulePath.some((r) => USERINFO_RULES.has(r)) || (c.found === null && AUTHORITY_RULES.has(c.rule))))) return null;
      const port = sectionOf(c.era, 'port');
      const where = port ? ` (${sectionLabel(c.era, port)})` : '';
      if (inPort) return `a port is digits only${where}`;
      const start = authorityIn(c);
      if (start < 0 || c.offset > c.authorityEnd) return null;
      // The host and port after the last "@" (draft-ietf-uri-url-03's user and password, xalphas,
      // may hold one); the port begins at the first ":" after the host (after its "]" for an IP
      // literal).
      const from = c.input.lastIndexOf('@', c.authorityEnd - 1) + 1;
      const begin = Math.max(start, from);
      const hostport = c.input.slice(begin, c.authorityEnd);
      const colon = hostport.indexOf(':', hostport.startsWith('[') ? Math.max(0, hostport.indexOf(']')) : 0);
      // Where the userinfo reading took the whole authority, it waits for its "@" where the
      // authority ends. Before that end, the failure is at a character the userinfo does not take
      // either: inside the port's text, a visible ASCII character is the port's mistake (`:^G4`);
      // elsewhere, or a control character, a space or non-ASCII anywhere, is wrong whatever the
      // reading, and the rows about that character speak of it (`telnet://326\`32.01.4:2137/`).
      if (c.offset !== c.authorityEnd) {
        const code = c.found === null ? -1 : c.found.charCodeAt(0);
        if (colon < 0 || c.offset <= begin + colon || code < 0x21 || code > 0x7e) return null;
      }
      const host = colon < 0 ? hostport : hostport.slice(0, colon);
      const text = colon < 0 ? null : hostport.slice(colon + 1);
      // What the era's grammar says of each part (RFC 3986 §3.2.2 host, §3.2.3 port; RFC 3987
      // ihost): the hint names only the parts that are wrong, and none when both hold.
      const hostOk = wholeRule(c.era, host, 'host', 'ihost') !== false;
      const portOk = text === null || wholeRule(c.era, text, 'port') !== false;
      if (hostOk && portOk) return null;
      const wrong = hostOk ? '' : host === '' ? 'the host cannot be empty' : 'that host is not valid';
      const problems = portOk ? wrong : `${wrong && `${wrong} and `}the port must be digits only${where}`;
      return `read as ${host === '' ? 'an empty host' : `host "${host}"`}${text === null ? '' : ` and port "${text}"`}, ${problems}; read as userinfo, "@" and a host must follow`;
    },
  },
  {
    // RFC 1738 §2.2: "#" is unsafe, "used in World Wide Web and in other systems to delimit a URL
    // from a fragment/anchor identifier that might follow it", and "must be encoded within
    // URLs"; §3.3 (httpurl) and §5 have no fragment. The URL eras before RFC 1808 (which added
    // `fragment`): a grammar with no fragment rule, not a URN, template or scheme profile.
    id: 'fragment before RFC 1808',
    section: 'RFC 1738 §2.2, §3.3',
    eras: (row) => row.urn === undefined && row.template !== true && row.profile !== true,
    grammar: (era) => !hasRule(era, 'fragment', 'ifragment'),
    found: oneOf('#'),
    give: (c) => {
      if (c.offset === 0) return null;
      const encoded = getsPast(c, '%23');
      // Leaving the fragment out is a fix only where what comes before the "#" is a whole URL of
      // the start rule (not `http#://a/` nor `http://example.#com/`).
      const before = wholeStart(c, c.input.slice(0, c.offset));
      if (!encoded && !before) return null;
      const fixes = `${encoded ? `write "%23" for a "#" inside the URL${before ? ', or ' : ''}` : ''}${before ? 'leave the fragment out' : ''}`;
      return `a URL has no fragment in this era${afterRfc1738(c.era) ? ': "#" delimits a URL from a fragment that might follow it and is no part of the URL (RFC 1738 §2.2)' : ''}; ${fixes}`;
    },
  },
  {
    // A "#" in the fragment that a "#" before it began: only where the failure is in a fragment
    // (an earlier "#" may be an RFC 5322 atext of a mailto address, or a template's operator, and
    // a start rule of one character has no fragment) and "%23" is taken there.
    id: 'second number sign',
    section: 'RFC 3986 §3.5',
    found: oneOf('#'),
    give: (c) =>
      c.input.indexOf('#') < c.offset && (c.rulePath.includes('fragment') || c.rulePath.includes('ifragment')) && getsPast(c, '%23')
        ? 'a URI has one fragment: write a second "#" as "%23"'
        : null,
  },
  {
    id: 'backslash',
    section: 'RFC 3986 §3.3',
    found: oneOf('\\'),
    // Each fix only where it gets the parse past the backslash (context.ts, getsPast), or, for a
    // run of them, where "/" for each gets it past the run: `http:\\a\` as RFC 9110's
    // http-URI (`"http" "://"`), where one "/" alone leaves `http:/\a\`, no prefix of one.
    give: (c) => (getsPast(c, '/') || slashesGetPast(c) ? `a backslash separates nothing in a URI: write "/"${getsPast(c, '%5C') ? ' (or "%5C" for a backslash itself)' : ''}` : null),
  },
  {
    id: 'non-ASCII host',
    section: 'RFC 3986 §3.2.2',
    found: (found) => nonAscii(found) && !isLoneSurrogate(found!),
    needs: IN_HOST, // its first condition
    give: (c) => {
      // Not inside an IP literal, which takes hex digits, "." and ":" (RFC 3986 §3.2.2): no
      // name there to convert.
      if (!has(c, IN_HOST) || has(c, IN_IP_LITERAL)) return null;
      // Not before an "@" of the same authority: a userinfo's (RFC 3986 §3.2: `[ userinfo "@" ]
      // host`), which the older eras' server or login rules hold with the host: no host name there.
      if (/^[^/?#]*@/.test(c.input.slice(c.offset))) return null;
      // A space or a character that shows as nothing is no part of a name: removed, as the
      // whitespace rows say; IDNA would not convert a space (UTS #46 maps U+00A0 and the other
      // spaces to U+0020, disallowed, or disallows them).
      const blank = blankInHost(c.found!);
      if (blank !== null) return blank;
      const pct = escapable(c) ? `percent-encode its UTF-8 (${asTyped(c.found!)} → "${percentEncoded(c.found!)}") or ` : '';
      return `a host with non-ASCII characters: ${pct}convert it to ASCII with IDNA (an "xn--" A-label)`;
    },
  },
  {
    id: 'non-ASCII',
    section: 'RFC 3986 §2.5; RFC 3987 §2.2',
    found: nonAscii,
    give: (c) => {
      if (isLoneSurrogate(c.found!)) return loneSurrogate(c);
      // An IRI takes none inside an IP literal either (RFC 3987 §2.2: IP-literal is RFC 3986's),
      // nor where no "%" triplet could stand (a scheme, RFC 2141's "urn:"): RFC 3987 §2.2 puts
      // ucschar where RFC 3986 has pct-encoded, in ipchar, iuserinfo and ireg-name.
      const encodable = escapable(c);
      const iri = !encodable || c.row.iri || c.row.template || has(c, IN_IP_LITERAL) ? '' : iriNote(c.found!.codePointAt(0)!);
      const fix = encodable ? `percent-encode its UTF-8 bytes: ${asTyped(c.found!)} → "${percentEncoded(c.found!)}"` : `${shown(c.found!)} is not allowed here`;
      return fix + iri;
    },
  },
  {
    id: 'space',
    section: 'RFC 3986 §2.1',
    found: oneOf(' '),
    needs: EXPECTS_PERCENT, // escapable's first condition
    give: (c) => (escapable(c) ? 'a space is written "%20"' : null),
  },
  {
    // RFC 1738 §2.2 lists "~" among the unsafe (national) characters; RFC 2396 made it unreserved.
    id: 'tilde before RFC 2396',
    section: 'RFC 1738 §2.2',
    found: oneOf('~'),
    needs: EXPECTS_PERCENT, // escapable's first condition
    give: (c) => {
      if (!escapable(c)) return null;
      if (afterRfc1738(c.era)) return '"~" is not allowed as is in this era (RFC 1738 §2.2 lists it as unsafe): write "%7E"; RFC 2396 made it unreserved';
      // An era before RFC 1738 cites its own document: the rule that holds "~" there
      // (draft-ietf-uri-url-03's `national`, which no URL rule uses), or nothing.
      const national = ruleNamed(c.era, 'national');
      const what = national && c.era.fast.accepts('~', national.id) ? `"~" is one of the national characters (${sectionLabel(c.era, national.section)}), which no URL rule of this era holds` : '"~" is not allowed as is in this era';
      return `${what}: write "%7E"; RFC 2396 made it unreserved`;
    },
  },
  {
    id: 'query without a path',
    section: 'RFC 2396 §5 (relativeURI)',
    grammar: (era) => hasRule(era, 'relativeURI', 'relativeURL', 'relative-ref'),
    found: oneOf('?'),
    // Only where a path before it makes the start rule go on (RFC 6068's mailtoURI, whose grammar
    // holds RFC 3986's relative-ref, reads no relative reference at all).
    give: (c) =>
      c.offset === 0 && getsPast(c, 'x?')
        ? 'a relative reference needs a path before its "?" query in this era (RFC 3986 allows an empty one)'
        : null,
  },
  {
    // RFC 3986 §3.1 and §4.2: a scheme begins with a letter, and a relative path's first segment
    // cannot hold ":" (it would read as the end of a scheme).
    id: 'colon or scheme',
    section: 'RFC 3986 §3.1, §4.2',
    // A scheme's rule, and a ":" that would end one.
    grammar: (era) => hasRule(era, 'scheme'),
    give: (c) => {
      if (c.rule === 'scheme' && c.found !== null) {
        const text = schemeText(c.era);
        // Only where the era's scheme refuses the character in its place: the text from where
        // the scheme began through it is no scheme's.
        const from = c.fix?.ruleStart ?? 0;
        if (text !== null && !c.era.fast.accepts(c.input.slice(from, c.offset + c.found.length), ruleNamed(c.era, 'scheme')!.id)) return text;
      }
      if (c.found !== ':') return null;
      // Where a scheme before it gets the start rule past the ":" (not a one-character rule's).
      if (c.offset === 0) return getsPast(c, 'x:') ? `the scheme before ":" is missing${schemeText(c.era) === null ? '' : `: ${schemeText(c.era)}`}` : null;
      // Only in a relative path's first segment (RFC 3986 §4.2 path-noscheme; RFC 3987's
      // ipath-noscheme): a ":" elsewhere (RFC 6068's addr-spec, after "mailto:") ends no scheme.
      if (!c.rulePath.includes('path-noscheme') && !c.rulePath.includes('ipath-noscheme')) return null;
      if (delimiterBefore(c.input, c.offset) || ruleNamed(c.era, 'segment-nz-nc') === undefined || !getsPast(c, '%3A')) return null;
      return 'a relative path\'s first segment cannot hold ":" (it would end a scheme, which begins with a letter): write "./" before it, or "%3A"';
    },
  },
  {
    // RFC 1738 §3.6: a message-id "takes the form <unique>@<full_domain_name>"; §5: `grouppart =
    // "*" | group | article`, `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host`.
    // An "@" where the grouppart begins can only be an article's, with nothing before it: written
    // "%40" it would be the article's first character, and the article would still want its "@".
    id: 'news: message-id without its local part',
    section: 'RFC 1738 §3.6, §5',
    grammar: (era) => hasRule(era, 'article') && hasRule(era, 'grouppart'),
    found: oneOf('@'),
    rule: 'grouppart',
    give: (c) => {
      const article = ruleNamed(c.era, 'article');
      // Said whatever follows the "@" (`news:@`, `news:@a..b`): the "@" is the article's, and
      // "%40" (the other rows' advice) would leave the article without it.
      if (article === undefined || (c.fix?.ruleStart ?? c.offset) !== c.offset) return null;
      return `a message-id needs its local part before "@" (${sectionLabel(c.era, article.section)}: article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host), as in news:id@example.com`;
    },
  },
  {
    id: 'other character outside the grammar',
    section: 'RFC 3986 §2.1',
    found: asciiChar,
    needs: EXPECTS_PERCENT, // escapable's first condition
    give: (c) => {
      // Not a "]" or "}" that closes an open construct: encoded, it would leave it open.
      if (!escapable(c) || closesOpen(c)) return null;
      const found = c.found!;
      // The text depends on the character alone: made once for each.
      if (found.length !== 1) return otherCharacter(found);
      return (OTHER_CHARACTER[found.charCodeAt(0)] ??= otherCharacter(found));
    },
  },
];

/**
 * The rows for an era (its row of the era table and its grammar do not change), and of those,
 * the rows about each character at the offset met (null for the end, `ascii` by code, others in
 * `other` while fewer than MAX_FOUND are kept): chosen once, when first needed. A hint is then
 * asked of the few rows about that character and of the rows about any, each where the record
 * names its `rule` and its `needs` hold (issue 17).
 */
interface EraRows {
  rows: readonly HintRow[];
  end: Chosen | undefined;
  ascii: Array<Chosen | undefined>;
  other: Map<string, Chosen>;
}

/** A row chosen for an era and a character, in one shape whatever the row's (its fields read at one site each). */
interface Choice {
  row: HintRow;
  rule: string | undefined;
  needs: number;
  give: (c: HintContext) => string | null;
}
type Chosen = readonly Choice[];

const MAX_FOUND = 512;

/** The rows of an era (its row of the era table's and its grammar's), made once an era; those for each character as they are met. */
const rowsOf = keptPer((era: Era): EraRows => {
  const row = rowOfEra(era);
  // An era's own rows (./template-rows.ts: the template era's), which its parts carry, come first.
  const rows = (era.hints ? [...era.hints, ...HINTS] : HINTS).filter((h) => (!h.eras || h.eras(row)) && (!h.grammar || h.grammar(era)));
  return { rows, end: undefined, ascii: new Array<Chosen | undefined>(0x80).fill(undefined), other: new Map() };
});

/** The rows of `of` about `found`. */
function rowsFor(of: EraRows, found: string | null): Chosen {
  const code = found === null ? -1 : found.length === 1 ? found.charCodeAt(0) : 0x80;
  let rows = code < 0 ? of.end : code < 0x80 ? of.ascii[code] : of.other.get(found!);
  if (rows === undefined) {
    rows = of.rows.filter((h) => !h.found || h.found(found)).map((row) => ({ row, rule: row.rule, needs: row.needs ?? 0, give: row.give }));
    if (code < 0) of.end = rows;
    else if (code < 0x80) of.ascii[code] = rows;
    else if (of.other.size < MAX_FOUND) of.other.set(found!, rows);
  }
  return rows;
}

/** The row that answered the last call of hint(). */
let answered: HintRow | null = null;

/** The hint of the first row of the table that applies to the context (its row: `answered`). */
function hint(c: HintContext): string | undefined {
  const rows = rowsFor(rowsOf(c.era), c.found);
  for (let i = 0; i < rows.length; i++) {
    const { row, rule, needs, give } = rows[i]!;
    if ((rule !== undefined && rule !== c.rule) || (needs !== 0 && !has(c, needs))) continue;
    const text = give(c);
    if (text) {
      answered = row;
      return text;
    }
  }
  return undefined;
}

/** The first row of the table that applies to the context, with its hint. */
export function firstHint(c: HintContext): { row: HintRow; text: string } | undefined {
  const text = hint(c);
  return text === undefined ? undefined : { row: answered!, text };
}

/** The hint for an error record, or undefined when none of the common mistakes fits. */
export function hintFor(c: HintContext): string | undefined {
  return hint(c);
}
