// RFC 6068 §2: what the text of the 'mailto' scheme says in prose about the strings `mailtoURI`
// accepts. The ABNF's addr-spec is RFC 5322's, written with the characters of a mail address;
// §2's numbered changes say which of them "MUST be percent-encoded" in the URI and what the
// decoded address may not hold. The interface is ./profile.ts's; the decisions are in
// docs/decisions.md ("rfc6068", "The prose of §2").

import { percentDecoded, percentUtf8, tripletAt } from '../schemes/percent.js';
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

// RFC 6068 §2's rules as the grammar reads them (grammar/rfc6068.peggy), on a string the grammar
// has accepted: they find where the hfields begin. `qchar = unreserved / pct-encoded / some-delims`.
// Sticky and read where they stand (no copy of the line; issue 17): HFIELDS from a "?" to the
// end, TO from after "mailto:" up to the last "?" (what follows that "?" holds none).
const QCHAR = String.raw`(?:[A-Za-z0-9\-._~!$'()*+,;:@]|%[0-9A-Fa-f]{2})`;
const HFIELDS = new RegExp(String.raw`\?${QCHAR}*=${QCHAR}*(?:&${QCHAR}*=${QCHAR}*)*$`, 'y');

// RFC 5322 §3.2.3 `atext` (with, in the decoded address, the non-ASCII characters §2's rules 4
// and 5 let a percent-encoded UTF-8 sequence stand for), `dot-atom-text`; §3.2.4 `quoted-string`
// as §2 restricts it (no CFWS, no FWS, no obs-qtext, no obs-qp); §2's `"[" *dtext-no-obs "]"`.
const ATEXT = String.raw`[A-Za-z0-9!#$%&'*+\-/=?^_\x60{|}~\u0080-\uFFFF]`;
const DOT_ATOM = `${ATEXT}+(?:\\.${ATEXT}+)*`;
const QUOTED = String.raw`"(?:[\x21\x23-\x5B\x5D-\x7E\u0080-\uFFFF]|\\[\t\x20-\x7E])*"`;
const LITERAL = String.raw`\[[\x21-\x5A\x5E-\x7E]*\]`;
const LOCAL_PART = new RegExp(`^(?:${DOT_ATOM}|${QUOTED})$`);
const DOMAIN = new RegExp(`^(?:${DOT_ATOM}|${LITERAL})$`);
const ADDR = `(?:${DOT_ATOM}|${QUOTED})@(?:${DOT_ATOM}|${LITERAL})`;
const TO = new RegExp(`${ADDR}(?:,${ADDR})*(?=\\?[^?]*$)`, 'y');

/** Whether `re` (sticky) matches `input` at `at`. */
function matchesAt(re: RegExp, input: string, at: number): boolean {
  re.lastIndex = at;
  return re.test(input);
}

/**
 * The parts of a string that `mailtoURI` accepts, split as the grammar derives it: the hfields
 * begin at the last "?" when hfields run from there to the end and what comes before is empty or
 * a `to` (a "?" is no `qchar`, so hfields hold one, their first); an addr-spec's local-part is a
 * quoted-string to its closing '"' or a dot-atom-text to the "@" (atext holds no "@"), and its
 * domain a "[...]" or a dot-atom-text to the next "," (neither holds ",").
 */
export function mailtoParts(input: string): MailtoParts {
  const base = 'mailto:'.length;
  const q = input.lastIndexOf('?');
  const split = q >= base && matchesAt(HFIELDS, input, q) && (q === base || matchesAt(TO, input, base));
  const toEnd = split ? q : input.length;
  const to: AddrSpan[] = [];
  for (let i = base; i < toEnd; ) {
    const start = i;
    const quoted = input.charCodeAt(i) === 0x22; // '"'
    if (quoted) {
      for (i++; i < toEnd && input.charCodeAt(i) !== 0x22; i++) if (input.charCodeAt(i) === 0x5c) i++; // "\\"
      i++;
    } else {
      while (i < toEnd && input.charCodeAt(i) !== 0x40) i++; // "@"
    }
    const local = { value: input.slice(start, i), start, quoted };
    const dStart = ++i;
    const literal = input.charCodeAt(i) === 0x5b; // "["
    const end = input.indexOf(literal ? ']' : ',', i);
    i = end < 0 || end >= toEnd ? toEnd : literal ? end + 1 : end;
    to.push({ value: input.slice(start, i), start, local, domain: { value: input.slice(dStart, i), start: dStart, literal } });
    i++; // the "," between addr-specs
  }
  const hfields: MailtoParts['hfields'] = [];
  // HFIELDS holds one "=" in each field between the "&"s.
  for (let start = toEnd + 1; split && start <= input.length; ) {
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
const AS_IS = new Uint8Array(0x80);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*+,:@") AS_IS[c.charCodeAt(0)] = 1;

/** The offset of the first character of `part` that rule 1 requires percent-encoded, or -1; whether it holds a triplet. */
function unencoded(input: string, part: Span): { offset: number; triplets: boolean } {
  let triplets = false;
  for (let i = part.start, end = part.start + part.value.length; i < end; i++) {
    const c = input.charCodeAt(i);
    if (c < 0x80 && AS_IS[c] === 1) continue;
    if (i + 2 < end && tripletAt(input, i) >= 0) {
      triplets = true;
      i += 2;
    } else {
      return { offset: i, triplets };
    }
  }
  return { offset: -1, triplets };
}

const hex = (c: string): string => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

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

const PATH = ['mailtoURI', 'to', 'addr-spec'];
const SECTION = 'RFC 6068 §2';

/** An error of §2 about the local-part or the domain `part` of an addr-spec. */
function addrError(part: AddrSpan['local'] | AddrSpan['domain'], rule: 'local-part' | 'domain', offset: number, says: string, decoded = false): ProseFinding {
  const holds = 'quoted' in part
    ? part.quoted ? 'RFC 5322 §3.2.4 quoted-string' : 'RFC 5322 §3.2.3 atext'
    : part.literal ? 'RFC 6068 §2 dtext-no-obs' : 'RFC 5322 §3.2.3 atext';
  return { level: 'error', section: SECTION, rule, rulePath: [...PATH, rule], offset, holds: decoded ? `${holds}, with pct-encoded octets` : holds, says };
}

/** The errors of an addr-spec's local-part and domain, added to `findings`; whether there were none. */
function addrFindings(input: string, a: AddrSpan, findings: ProseFinding[]): boolean {
  const before = findings.length;
  for (const [part, rule] of [[a.local, 'local-part'], [a.domain, 'domain']] as const) {
    // Rule 1: "A number of characters that can appear in <addr-spec> MUST be percent-encoded."
    const bad = unencoded(input, part);
    if (bad.offset >= 0) {
      const c = input[bad.offset]!;
      findings.push(addrError(part, rule, bad.offset, `rule 1: ${why(c)} in an addr-spec MUST be percent-encoded, as ${hex(c)}`));
      continue;
    }
    // Rules 4 and 5: non-ASCII characters "MUST first be encoded according to UTF-8"; in the
    // local-part "Any other percent-encoding of non-ASCII characters is prohibited", in the
    // domain percent-encoding MUST NOT be used "unless it is used to represent a UTF-8
    // character sequence". Without a triplet the text is its own decoding (rule 1's characters
    // are ASCII).
    if (bad.triplets && !percentUtf8(input, part.start, part.start + part.value.length)) {
      findings.push(addrError(part, rule, part.start, rule === 'domain'
        ? 'rule 4: percent-encoding in a domain MUST represent a UTF-8 character sequence; these octets are not UTF-8'
        : 'rule 5: percent-encoded non-ASCII octets in a local-part MUST be UTF-8 ("Any other percent-encoding of non-ASCII characters is prohibited"); these are not'));
      continue;
    }
    // "<addr-spec> is a mail address as specified in [RFC5322], but excluding <comment>"; rule 2:
    // "<obs-local-part> and <NO-WS-CTL> ... MUST NOT be used"; rule 3: "Whitespace and comments
    // within <local-part> and <domain> MUST NOT be used". The grammar holds the URI's text; what
    // the percent-encoding stands for must be that address too.
    const decoded = bad.triplets ? percentDecoded(part.value)! : part.value;
    if (!(rule === 'domain' ? DOMAIN : LOCAL_PART).test(decoded)) {
      findings.push(addrError(part, rule, part.start, `rules 2 and 3: the ${rule} decoded, ${JSON.stringify(decoded)}, is no RFC 5322 ${rule} without comments, whitespace, obs-local-part or NO-WS-CTL`, true));
    }
  }
  return findings.length === before;
}

/** The findings of the hfields, added to `findings` (with `warnings` false, its errors only). */
function hfieldFindings(parts: MailtoParts, findings: ProseFinding[], warnings: boolean): void {
  const seen = new Set<string>();
  for (const { name, value } of parts.hfields) {
    // "Percent-encoding is needed for the same characters as listed above for <addr-spec>": of
    // rule 1's list, the ABNF's `some-delims` still admits ";" (no BCP 14 keyword: a warning).
    for (const [part, rule] of warnings ? ([[name, 'hfname'], [value, 'hfvalue']] as const) : []) {
      const semi = part.value.indexOf(';');
      if (semi >= 0) {
        findings.push({
          level: 'warning', section: SECTION, rule, rulePath: ['mailtoURI', 'hfields', 'hfield', rule], offset: part.start + semi,
          holds: 'RFC 6068 §2 some-delims',
          says: `percent-encoding "is needed for the same characters as listed above for <addr-spec>", which lists ";": write %3B`,
        });
      }
    }
    // An hfname is *qchar, ASCII: without a "%" it is its own decoding.
    const key = (name.value.includes('%') ? percentDecoded(name.value) ?? undefined : name.value)?.toLowerCase();
    if (key === undefined) continue;
    if (seen.has(key) && (warnings || ONCE.has(key))) {
      // "creators of 'mailto' URIs MUST NOT include other message header fields multiple times
      // if these header fields can only be used once in a message"; "creators of 'mailto' URIs
      // SHOULD NOT use the same <hfname> multiple times in the same URI".
      const once = ONCE.has(key);
      findings.push({
        level: once ? 'error' : 'warning', section: SECTION, rule: 'hfname', rulePath: ['mailtoURI', 'hfields', 'hfield', 'hfname'], offset: name.start,
        holds: 'RFC 6068 §2 hfields',
        says: once
          ? `the header field "${key}" can only be used once in a message (RFC 5322 §3.6): creators MUST NOT include it multiple times`
          : `the hfname "${key}" a second time: creators SHOULD NOT use the same <hfname> multiple times in the same URI`,
      });
    }
    seen.add(key);
    // "<mailto:addr1@an.example?to=addr2@an.example> ... the latter form is NOT RECOMMENDED".
    if (warnings && key === 'to' && parts.to.length > 0) {
      findings.push({
        level: 'warning', section: SECTION, rule: 'hfname', rulePath: ['mailtoURI', 'hfields', 'hfield', 'hfname'], offset: name.start,
        holds: 'RFC 6068 §2 hfields',
        says: 'addresses both in <to> and in a "to" hfield: "the latter form is NOT RECOMMENDED because different user agents handle this case differently"',
      });
    }
  }
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
  check(input, _rule, warnings = true) {
    const parts = mailtoParts(input);
    const findings: ProseFinding[] = [];
    for (const a of parts.to) if (!addrFindings(input, a, findings) && !warnings) return findings;
    hfieldFindings(parts, findings, warnings);
    return findings.length > 1 ? findings.sort((a, b) => a.offset - b.offset) : findings;
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
