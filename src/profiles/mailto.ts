// RFC 6068 §2: what the text of the 'mailto' scheme says in prose about the strings `mailtoURI`
// accepts. The ABNF's addr-spec is RFC 5322's, written with the characters of a mail address;
// §2's numbered changes say which of them "MUST be percent-encoded" in the URI and what the
// decoded address may not hold. The interface is ./profile.ts's; the decisions are in
// docs/decisions.md ("rfc6068", "The prose of §2").

import { percentDecoded, percentEncoded, percentUtf8, tripletAt } from '../schemes/percent.js';
import type { ProseComponent, ProseFinding, SchemeProse } from './profile.js';

/** A part of the input: its text and where it starts. */
export interface Span {
  value: string;
  start: number;
}

/** One addr-spec of the `to`: its local-part and domain, and which of their forms each takes. */
export interface AddrSpan extends Span {
  local: Span & { quoted: boolean };
  domain: Span & { literal: boolean };
}

/** A `mailtoURI` taken apart: the addr-specs of `to`, and each hfield's hfname and hfvalue. */
export interface MailtoParts {
  to: AddrSpan[];
  hfields: Array<{ name: Span; value: Span }>;
}

/** A table of the code units below U+0080 that `chars` lists. */
function asciiTable(chars: string): Uint8Array {
  const table = new Uint8Array(0x80);
  for (const c of chars) table[c.charCodeAt(0)] = 1;
  return table;
}
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// RFC 6068 §2's rules as the grammar reads them (grammar/rfc6068.peggy), on a string the grammar
// has accepted: they find where the hfields begin. Read by code unit where the text stands, on
// every accepted line (issue 17), each a deterministic scan: no alternative below can begin
// with the same character as another.

/** `qchar = unreserved / pct-encoded / some-delims`, less pct-encoded (a triplet, read apart). */
const QCHAR = asciiTable(`${ALNUM}-._~!$'()*+,;:@`);

/**
 * Whether `hfields = "?" hfield *( "&" hfield )`, `hfield = hfname "=" hfvalue` (each
 * `*qchar`) runs from the "?" at `q` to the end: one "=" in each field between the "&"s.
 */
function hfieldsFrom(input: string, q: number): boolean {
  let eq = false;
  for (let i = q + 1; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c < 0x80 && QCHAR[c] === 1) continue;
    if (tripletAt(input, i) >= 0) i += 2;
    else if (c === 0x3d && !eq) eq = true; // "="
    else if (c === 0x26 && eq) eq = false; // "&"
    else return false;
  }
  return eq;
}

// RFC 5322 §3.2.3 `atext` (with, in the decoded address, the non-ASCII characters §2's rules 4
// and 5 let a percent-encoded UTF-8 sequence stand for), `dot-atom-text`; §3.2.4 `quoted-string`
// as §2 restricts it (no CFWS, no FWS, no obs-qtext, no obs-qp); §2's `"[" *dtext-no-obs "]"`.
const ATEXT = asciiTable(`${ALNUM}!#$%&'*+-/=?^_\`{|}~`);
/** `qtext` as §2 restricts it: %d33 / %d35-91 / %d93-126, and the non-ASCII characters. */
const isQtext = (c: number): boolean => c >= 0x80 || (c >= 0x21 && c <= 0x7e && c !== 0x22 && c !== 0x5c);
/** What a `quoted-pair` quotes (no obs-qp): VCHAR / WSP. */
const isQuotable = (c: number): boolean => c === 0x09 || (c >= 0x20 && c <= 0x7e);
/** `dtext-no-obs = %d33-90 / %d94-126`. */
const isDtext = (c: number): boolean => (c >= 0x21 && c <= 0x5a) || (c >= 0x5e && c <= 0x7e);
const isAtext = (c: number): boolean => c >= 0x80 || ATEXT[c] === 1;

/** Where the `dot-atom-text` at `i` ends (`end` at the most), or -1 where none begins. */
function dotAtomEnd(s: string, i: number, end: number): number {
  if (i >= end || !isAtext(s.charCodeAt(i))) return -1;
  for (;;) {
    while (i < end && isAtext(s.charCodeAt(i))) i++;
    if (i + 1 < end && s.charCodeAt(i) === 0x2e && isAtext(s.charCodeAt(i + 1))) i++;
    else return i;
  }
}

/** Where the `quoted-string` (DQUOTE *( qtext / quoted-pair ) DQUOTE) at `i` ends, or -1. */
function quotedEnd(s: string, i: number, end: number): number {
  for (i++; i < end; ) {
    const c = s.charCodeAt(i);
    if (isQtext(c)) i++;
    else if (c === 0x5c && i + 1 < end && isQuotable(s.charCodeAt(i + 1))) i += 2;
    else break;
  }
  return i < end && s.charCodeAt(i) === 0x22 ? i + 1 : -1;
}

/** Where the `"[" *dtext-no-obs "]"` at `i` ends, or -1. */
function literalEnd(s: string, i: number, end: number): number {
  for (i++; i < end && isDtext(s.charCodeAt(i)); i++);
  return i < end && s.charCodeAt(i) === 0x5d ? i + 1 : -1;
}

/** `local-part = dot-atom-text / quoted-string` from `i`: where it ends, or -1. */
const localEnd = (s: string, i: number, end: number): number => (s.charCodeAt(i) === 0x22 ? quotedEnd(s, i, end) : dotAtomEnd(s, i, end));
/** `domain = dot-atom-text / "[" *dtext-no-obs "]"` from `i`: where it ends, or -1. */
const domainEnd = (s: string, i: number, end: number): number => (s.charCodeAt(i) === 0x5b ? literalEnd(s, i, end) : dotAtomEnd(s, i, end));

/** Whether `to = addr-spec *( "," addr-spec )`, `addr-spec = local-part "@" domain`, runs from `i` to `end`. */
function toFrom(s: string, i: number, end: number): boolean {
  for (;;) {
    i = localEnd(s, i, end);
    if (i < 0 || s.charCodeAt(i) !== 0x40 || i >= end) return false;
    i = domainEnd(s, i + 1, end);
    if (i < 0) return false;
    if (i === end) return true;
    if (s.charCodeAt(i) !== 0x2c) return false;
    i++;
  }
}

/** Whether all of `text` is a local-part (`domain`: a domain), as RFC 5322 reads it with §2's restrictions. */
function isAddressPart(text: string, domain: boolean): boolean {
  return (domain ? domainEnd : localEnd)(text, 0, text.length) === text.length;
}

/**
 * Where the `to` of a string that `mailtoURI` accepts ends, as the grammar derives it: the
 * hfields begin at the last "?" when hfields run from there to the end and what comes before is
 * empty or a `to` (a "?" is no `qchar`, so hfields hold one, their first); else the end.
 */
function toEnd(input: string): number {
  const base = 'mailto:'.length;
  let q = input.length - 1;
  while (q >= base && input.charCodeAt(q) !== 0x3f) q--; // the last "?" (lastIndexOf is a runtime call, slower on a short line)
  return q >= base && hfieldsFrom(input, q) && (q === base || toFrom(input, base, q)) ? q : input.length;
}

/**
 * One addr-spec of a `to`, as offsets, read from its start: an addr-spec's local-part is a
 * quoted-string to its closing '"' or a dot-atom-text to the "@" (atext holds no "@"), and its
 * domain a "[...]" or a dot-atom-text to the next "," (neither holds ","). One walker, reused
 * for each addr-spec of a line.
 */
class AddrWalk {
  start = 0;
  /** The "@" between the local-part and the domain. */
  at = 0;
  quoted = false;
  end = 0;
  literal = false;

  /** Reads the addr-spec at `i` of `input`, whose `to` ends at `toEnd`; returns where the next begins. */
  read(input: string, i: number, toEnd: number): number {
    this.start = i;
    this.quoted = input.charCodeAt(i) === 0x22; // '"'
    if (this.quoted) {
      for (i++; i < toEnd && input.charCodeAt(i) !== 0x22; i++) if (input.charCodeAt(i) === 0x5c) i++; // "\\"
      i++;
    } else {
      while (i < toEnd && input.charCodeAt(i) !== 0x40) i++; // "@"
    }
    this.at = i++;
    this.literal = input.charCodeAt(i) === 0x5b; // "["
    const stop = this.literal ? 0x5d : 0x2c; // "]", ","
    while (i < toEnd && input.charCodeAt(i) !== stop) i++;
    this.end = i < toEnd && this.literal ? i + 1 : i;
    return this.end + 1; // past the "," between addr-specs
  }
}

/** The parts of a string that `mailtoURI` accepts, split as the grammar derives it (toEnd, AddrWalk). */
export function mailtoParts(input: string): MailtoParts {
  const toStop = toEnd(input);
  const to: AddrSpan[] = [];
  const a = new AddrWalk();
  for (let i = 'mailto:'.length; i < toStop; ) {
    i = a.read(input, i, toStop);
    const local = { value: input.slice(a.start, a.at), start: a.start, quoted: a.quoted };
    const domain = { value: input.slice(a.at + 1, a.end), start: a.at + 1, literal: a.literal };
    to.push({ value: input.slice(a.start, a.end), start: a.start, local, domain });
  }
  const hfields: MailtoParts['hfields'] = [];
  // hfieldsFrom holds one "=" in each field between the "&"s.
  for (let start = toStop + 1; start <= input.length; ) {
    const eq = input.indexOf('=', start);
    const amp = input.indexOf('&', eq);
    const end = amp < 0 ? input.length : amp;
    hfields.push({ name: { value: input.slice(start, eq), start }, value: { value: input.slice(eq + 1, end), start: eq + 1 } });
    start = end + 1;
  }
  return { to, hfields };
}

/**
 * Characters an addr-spec may hold as they are (§2, rule 1): not "the characters that cannot
 * appear in a URI according to [STD66]", not "%", not "/", "?", "#", "[", "]" ("all the
 * characters in gen-delims except "@" and ":""), not "&", ";", "=" (sub-delims that "also have
 * to be percent-encoded"): RFC 3986's unreserved, the other sub-delims, ":" and "@". By code
 * unit, read on every accepted line (issue 17).
 */
const AS_IS = asciiTable(`${ALNUM}-._~!$'()*+,:@`);

/** `unencoded`: the part holds no triplet, or holds some (and no character rule 1 names). */
const AS_WRITTEN = -1;
const WITH_TRIPLETS = -2;

/**
 * The offset of the first character from `start` to `end` that rule 1 requires
 * percent-encoded; else whether the text holds a triplet (AS_WRITTEN, WITH_TRIPLETS).
 */
function unencoded(input: string, start: number, end: number): number {
  let found = AS_WRITTEN;
  for (let i = start; i < end; i++) {
    const c = input.charCodeAt(i);
    if (c < 0x80 && AS_IS[c] === 1) continue;
    if (i + 2 >= end || tripletAt(input, i) < 0) return i;
    found = WITH_TRIPLETS;
    i += 2;
  }
  return found;
}

/** Why rule 1 names the character: its class in §2's list. */
function why(c: string): string {
  if (c === '%') return 'a "%" that begins no percent-encoding ("because it is used for percent-encoding")';
  if ('/?#[]'.includes(c)) return `"${c}" (in gen-delims)`;
  if ('&;='.includes(c)) return `"${c}" (one of the sub-delims that "also have to be percent-encoded")`;
  return `${JSON.stringify(c)} (a character that cannot appear in a URI according to RFC 3986)`;
}

/**
 * RFC 5322 §3.6: the header fields a message holds at most once ("Max number" 1), by the names
 * they are written with (orig-date is "Date:", msg-id "Message-ID:"). "To" has its own sentence
 * in §2 and is left to the SHOULD NOT below.
 */
const ONCE = new Set(['date', 'from', 'sender', 'reply-to', 'cc', 'bcc', 'message-id', 'in-reply-to', 'references', 'subject']);

const SECTION = 'RFC 6068 §2';

/**
 * An error of §2 about a local-part or a domain; `bracketed`: the local-part is a
 * quoted-string, the domain a "[...]".
 */
function addrError(rule: 'local-part' | 'domain', bracketed: boolean, offset: number, says: string, decoded = false): ProseFinding {
  const holds = bracketed
    ? rule === 'local-part' ? 'RFC 5322 §3.2.4 quoted-string' : 'RFC 6068 §2 dtext-no-obs'
    : 'RFC 5322 §3.2.3 atext';
  return { level: 'error', section: SECTION, rule, rulePath: ['mailtoURI', 'to', 'addr-spec', rule], offset, holds: decoded ? `${holds}, with pct-encoded octets` : holds, says };
}

/** The error of the local-part or the domain from `start` to `end`, added to `findings`; whether there was none. */
function partFindings(input: string, start: number, end: number, rule: 'local-part' | 'domain', bracketed: boolean, findings: ProseFinding[]): boolean {
  // Rule 1: "A number of characters that can appear in <addr-spec> MUST be percent-encoded."
  const bad = unencoded(input, start, end);
  if (bad >= 0) {
    const c = input[bad]!;
    findings.push(addrError(rule, bracketed, bad, `rule 1: ${why(c)} in an addr-spec MUST be percent-encoded, as ${percentEncoded(c)}`));
    return false;
  }
  // Rules 4 and 5: non-ASCII characters "MUST first be encoded according to UTF-8"; in the
  // local-part "Any other percent-encoding of non-ASCII characters is prohibited", in the
  // domain percent-encoding MUST NOT be used "unless it is used to represent a UTF-8
  // character sequence".
  if (bad === WITH_TRIPLETS && !percentUtf8(input, start, end)) {
    findings.push(addrError(rule, bracketed, start, rule === 'domain'
      ? 'rule 4: percent-encoding in a domain MUST represent a UTF-8 character sequence; these octets are not UTF-8'
      : 'rule 5: percent-encoded non-ASCII octets in a local-part MUST be UTF-8 ("Any other percent-encoding of non-ASCII characters is prohibited"); these are not'));
    return false;
  }
  // "<addr-spec> is a mail address as specified in [RFC5322], but excluding <comment>"; rule 2:
  // "<obs-local-part> and <NO-WS-CTL> ... MUST NOT be used"; rule 3: "Whitespace and comments
  // within <local-part> and <domain> MUST NOT be used". The grammar holds the URI's text; what
  // the percent-encoding stands for must be that address too. Without a triplet the text is
  // its own decoding (rule 1's characters are ASCII), read where it stands.
  if (bad === AS_WRITTEN) {
    if ((rule === 'domain' ? domainEnd : localEnd)(input, start, end) === end) return true;
  } else if (isAddressPart(percentDecoded(input.slice(start, end))!, rule === 'domain')) {
    return true;
  }
  const decoded = JSON.stringify(percentDecoded(input.slice(start, end)));
  findings.push(addrError(rule, bracketed, start, `rules 2 and 3: the ${rule} decoded, ${decoded}, is no RFC 5322 ${rule} without comments, whitespace, obs-local-part or NO-WS-CTL`, true));
  return false;
}

/** The first ";" at or after `from`, given `semi`, the first at or after an earlier offset (-1: none): linear over a line. */
const semiFrom = (input: string, semi: number, from: number): number => (semi >= 0 && semi < from ? input.indexOf(';', from) : semi);

const semiWarning = (rule: 'hfname' | 'hfvalue', offset: number): ProseFinding => ({
  level: 'warning', section: SECTION, rule, rulePath: ['mailtoURI', 'hfields', 'hfield', rule], offset,
  holds: 'RFC 6068 §2 some-delims',
  says: `percent-encoding "is needed for the same characters as listed above for <addr-spec>", which lists ";": write %3B`,
});

/**
 * The findings of the hfields after the "?" at `q`, added to `findings` (with `warnings`
 * false, its errors only); `withTo`: the URI has a `to`.
 */
function hfieldFindings(input: string, q: number, withTo: boolean, findings: ProseFinding[], warnings: boolean): void {
  if (!warnings && input.indexOf('&', q) < 0) return; // its one error needs a name given twice
  let seen: Set<string> | undefined;
  let semi = warnings ? input.indexOf(';', q) : -1;
  // hfieldsFrom holds one "=" in each field between the "&"s.
  for (let start = q + 1; start <= input.length; ) {
    const eq = input.indexOf('=', start);
    const amp = input.indexOf('&', eq);
    const end = amp < 0 ? input.length : amp;
    // "Percent-encoding is needed for the same characters as listed above for <addr-spec>": of
    // rule 1's list, the ABNF's `some-delims` still admits ";" (no BCP 14 keyword: a warning),
    // at the first ";" of the hfname and of the hfvalue.
    if (warnings) {
      semi = semiFrom(input, semi, start);
      if (semi >= 0 && semi < eq) findings.push(semiWarning('hfname', semi));
      semi = semiFrom(input, semi, eq + 1);
      if (semi >= 0 && semi < end) findings.push(semiWarning('hfvalue', semi));
    }
    // An hfname is *qchar, ASCII: without a "%" it is its own decoding. Without the warnings
    // only a name a message holds once counts (the shortest, "cc", has two characters).
    const name = warnings || eq - start >= 2 ? input.slice(start, eq) : '';
    const key = (name.includes('%') ? percentDecoded(name) ?? undefined : name)?.toLowerCase();
    if (key !== undefined && (warnings || ONCE.has(key))) {
      if (seen?.has(key)) {
        // "creators of 'mailto' URIs MUST NOT include other message header fields multiple times
        // if these header fields can only be used once in a message"; "creators of 'mailto' URIs
        // SHOULD NOT use the same <hfname> multiple times in the same URI".
        const once = ONCE.has(key);
        findings.push({
          level: once ? 'error' : 'warning', section: SECTION, rule: 'hfname', rulePath: ['mailtoURI', 'hfields', 'hfield', 'hfname'], offset: start,
          holds: 'RFC 6068 §2 hfields',
          says: once
            ? `the header field "${key}" can only be used once in a message (RFC 5322 §3.6): creators MUST NOT include it multiple times`
            : `the hfname "${key}" a second time: creators SHOULD NOT use the same <hfname> multiple times in the same URI`,
        });
      }
      (seen ??= new Set()).add(key);
      // "<mailto:addr1@an.example?to=addr2@an.example> ... the latter form is NOT RECOMMENDED".
      if (warnings && key === 'to' && withTo) {
        findings.push({
          level: 'warning', section: SECTION, rule: 'hfname', rulePath: ['mailtoURI', 'hfields', 'hfield', 'hfname'], offset: start,
          holds: 'RFC 6068 §2 hfields',
          says: 'addresses both in <to> and in a "to" hfield: "the latter form is NOT RECOMMENDED because different user agents handle this case differently"',
        });
      }
    }
    start = end + 1;
  }
}

/**
 * The findings of the addr-specs of the `to` that ends at `end`, added to `findings`; with
 * `warnings` false, false at the first part with an error (isValid reads no more).
 */
function toFindings(input: string, end: number, findings: ProseFinding[], warnings: boolean): boolean {
  const a = new AddrWalk();
  for (let i = 'mailto:'.length; i < end; ) {
    i = a.read(input, i, end);
    const local = partFindings(input, a.start, a.at, 'local-part', a.quoted, findings);
    const domain = partFindings(input, a.at + 1, a.end, 'domain', a.literal, findings);
    if (!(local && domain) && !warnings) return false;
  }
  return true;
}

/**
 * The "?" that §2 makes the hfields' delimiter where the grammar's split (toEnd) reads it into
 * the `to`, or -1. The ABNF lets an addr-spec hold "?" (an RFC 5322 atext); rule 1 does not
 * ("all the characters in gen-delims except "@" and ":" (i.e., "/", "?", ...)" MUST be
 * percent-encoded), and "the characters "?", "=", and "&" are reserved, serving as delimiters".
 * So an unencoded "?" can only begin the hfields, and hfields hold one "?" (no qchar is one):
 * the first. That reading exists when the text before it is empty or a `to` (`mailto:a@b?x=y/z`);
 * where it is not (`mailto:unlikely?address@example.com`, `mailto:a@b.?c`), no reading makes the
 * "?" a delimiter, and rule 1's record on it stands.
 */
function delimiterIn(input: string, toStop: number): number {
  const base = 'mailto:'.length;
  const q = input.indexOf('?', base);
  return q >= 0 && q < toStop && (q === base || toFrom(input, base, q)) ? q : -1;
}

const HF_PATH = ['mailtoURI', 'hfields', 'hfield'];

/**
 * Where the hfields that the "?" at `q` begins (delimiterIn) fail, as §2's ABNF reads them:
 * `hfields = "?" hfield *( "&" hfield )`, `hfield = hfname "=" hfvalue`, each `*qchar`. They
 * fail before the end of the input, or at it inside an hfname: hfields that ran to the end
 * from this "?" would have been the grammar's split (toEnd), and the first of two "?" is no
 * qchar. The fix named is the one that lets the hfields take the character.
 */
function delimiterFinding(input: string, q: number): ProseFinding {
  let value = false; // after the hfield's "="
  let i = q + 1;
  for (; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c < 0x80 && QCHAR[c] === 1) continue;
    if (tripletAt(input, i) >= 0) i += 2;
    else if (c === 0x3d && !value) value = true; // "="
    else if (c === 0x26 && value) value = false; // "&"
    else break;
  }
  const c = i < input.length ? String.fromCodePoint(input.codePointAt(i)!) : undefined;
  let rule = value ? 'hfvalue' : 'hfname';
  let fix: string;
  if (c === undefined || c === '&') {
    // An hfield without its "=": empty where the "?" or "&" that begins it comes just before.
    rule = 'hfield';
    const empty = i - 1 === q || input.charCodeAt(i - 1) === 0x26;
    if (c === undefined) {
      fix = empty
        ? `the input ends after the "${input[i - 1]}", with no hfield (hfield = hfname "=" hfvalue): remove the "${input[i - 1]}"`
        : 'the hfield ends without its "=" (hfield = hfname "=" hfvalue): write "=" after the hfname';
    } else {
      fix = empty
        ? 'an "&" where an hfield was to begin (hfield = hfname "=" hfvalue): remove the "&"'
        : 'an "&" ends the hfield before its "=" (hfield = hfname "=" hfvalue): write "=" before the "&", or %26 for an "&" of the hfname';
    }
  } else if (c === '?') {
    // §6.1: "The following example, using "?" twice, is incorrect".
    fix = 'only the first "?" is a delimiter, and "?", "=", and "&" "have to be escaped ... when not serving as delimiters": write the second "?" as %3F, or as "&" if it begins another hfield';
  } else if (c === '=') {
    fix = 'only the first "=" of an hfield is a delimiter (hfield = hfname "=" hfvalue), and "?", "=", and "&" "have to be escaped ... when not serving as delimiters": write the second "=" as %3D';
  } else if (c === '#' && value) {
    fix = '"#" is no qchar, and "The character "#" in <hfvalue>s MUST be escaped as %23": write %23';
  } else {
    // What is left is rule 1's list: gen-delims, a "%" that begins no triplet, and what cannot
    // appear in a URI (a grammar-valid string holds no non-ASCII character).
    const what = c === '%' ? 'a "%" that begins no percent-encoding' : JSON.stringify(c);
    fix = `${what} is no qchar, and "Percent-encoding is needed for the same characters as listed above for <addr-spec>": write ${percentEncoded(c)}`;
  }
  return {
    level: 'error', section: SECTION, rule, rulePath: rule === 'hfield' ? [...HF_PATH] : [...HF_PATH, rule], offset: i,
    holds: `RFC 5322 §3.2.3 atext: the ${q === 'mailto:'.length ? 'local-part' : 'domain'} takes the "?" at offset ${q}`,
    says: `rule 1: a "?" in an addr-spec MUST be percent-encoded, so the "?" at offset ${q} begins the hfields ("?", "=", and "&" are reserved, serving as delimiters); there, ${fix}`,
  };
}

/** A span as a component of `rule`, with what it stands for percent-decoded (UTF-8; null: not). */
const decodedSpan = (span: Span, rule: string, kind?: string): ProseComponent => ({
  value: span.value,
  start: span.start,
  end: span.start + span.value.length,
  rule,
  ...(kind === undefined ? {} : { kind }),
  decoded: percentDecoded(span.value),
});

/** The span from the first to the last of `items`, or undefined when there is none. */
function listOf(input: string, rule: string, items: ProseComponent[], from = items[0]?.start): ProseComponent | undefined {
  if (from === undefined || items.length === 0) return undefined;
  const end = items[items.length - 1]!.end;
  return { value: input.slice(from, end), start: from, end, rule, items };
}

export const MAILTO_PROSE: SchemeProse = {
  document: 'RFC 6068',
  rules: { mailto: 'mailtoURI' },
  // §2: "this specification, like any URI scheme specification, does not define syntax or
  // meaning of a fragment identifier ... fragment identifiers are meaningless, SHOULD NOT be
  // used on 'mailto' URIs, and SHOULD be ignored upon resolution."
  fragment: { section: 'RFC 6068 §2', says: "fragment identifiers are meaningless, SHOULD NOT be used on 'mailto' URIs" },
  // Read in place, on every accepted line (issue 17): the addr-specs by one walker, each part
  // by offsets; strings only for a finding, an hfname, or a part with triplets to decode.
  check(input, _rule, warnings = true) {
    const findings: ProseFinding[] = [];
    const toStop = toEnd(input);
    if (!toFindings(input, toStop, findings, warnings)) return findings;
    // A "?" in the to fails rule 1 in every reading, so isValid has its error above. The
    // record is the reading rule 1 leaves (delimiterIn): the to before that "?", then where its
    // hfields fail, not rule 1's "%3F", which would make the hfields' "=" and "&" the domain's.
    const q = findings.length > 0 ? delimiterIn(input, toStop) : -1;
    if (q >= 0) {
      findings.length = 0;
      toFindings(input, q, findings, true);
      findings.push(delimiterFinding(input, q));
    } else if (toStop < input.length) {
      hfieldFindings(input, toStop, toStop > 'mailto:'.length, findings, warnings);
    }
    return findings.length > 1 ? findings.sort((x, y) => x.offset - y.offset) : findings;
  },
  // A grammar failure past a "?" that rule 1 leaves only as the hfields' delimiter: in
  // `mailto:?subject=x/y` RFC 5322's atext lets the local-part take "?subject=x/y" and wait for an
  // "@", so the grammar's record (the contract's: its longest viable prefix) is the end of the
  // input. Where the hfields that "?" begins fail before that, the hint says where and how, as the
  // profile says it of a URI the grammar accepts (delimiterFinding, `mailto:a@b?subject=x/y`).
  // Not where the grammar itself read that "?" as the hfields' delimiter (a failure in hfields
  // that begin there, which hold no other "?": `mailto:a@b?s=Hi%2`): rule 1 explains nothing
  // there, and the common hints speak of the failure (a "%" without two hex digits).
  hint(startRule, input, e) {
    if (startRule !== MAILTO_PROSE.rules.mailto) return undefined;
    const q = delimiterIn(input, input.length);
    if (q < 0 || e.offset <= q) return undefined;
    if (e.rulePath?.includes('hfields') && input.lastIndexOf('?', e.offset - 1) === q) return undefined;
    const f = delimiterFinding(input, q);
    return f.offset < e.offset ? `RFC 6068 §2 ${f.says} (${f.rule} at offset ${f.offset})` : undefined;
  },
  // §2: the addresses of `to` and the header fields, each as written and percent-decoded
  // ("<addr-spec> is a mail address as specified in [RFC5322]", written percent-encoded by
  // rule 1; "<hfname> and <hfvalue> are encodings of an [RFC5322] header field name and value").
  components(input) {
    const parts = mailtoParts(input);
    const to = parts.to.map((a) => ({
      ...decodedSpan(a, 'addr-spec'),
      parts: {
        'local-part': decodedSpan(a.local, 'local-part', a.local.quoted ? 'quoted-string' : 'dot-atom-text'),
        domain: decodedSpan(a.domain, 'domain', a.domain.literal ? 'domain-literal' : 'dot-atom-text'),
      },
    }));
    const hfields = parts.hfields.map(({ name, value }) => ({
      value: input.slice(name.start, value.start + value.value.length),
      start: name.start,
      end: value.start + value.value.length,
      rule: 'hfield',
      parts: { hfname: decodedSpan(name, 'hfname'), hfvalue: decodedSpan(value, 'hfvalue') },
    }));
    const out: Record<string, ProseComponent> = {};
    const toList = listOf(input, 'to', to);
    // hfields = "?" hfield *( "&" hfield ): the "?" is its first character.
    const hfList = listOf(input, 'hfields', hfields, (hfields[0]?.start ?? 0) - 1);
    if (toList) out.to = toList;
    if (hfList) out.hfields = hfList;
    return out;
  },
};
