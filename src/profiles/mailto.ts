// RFC 6068 §2: what the text of the 'mailto' scheme says in prose about the strings `mailtoURI`
// accepts. The ABNF's addr-spec is RFC 5322's, written with the characters of a mail address;
// §2's numbered changes say which of them "MUST be percent-encoded" in the URI and what the
// decoded address may not hold. The interface is ./profile.ts's; the decisions are in
// docs/decisions.md ("rfc6068", "The prose of §2").

import { percentDecoded } from '../schemes/percent.js';
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
const QCHAR = String.raw`(?:[A-Za-z0-9\-._~!$'()*+,;:@]|%[0-9A-Fa-f]{2})`;
const HFIELDS = new RegExp(String.raw`^\?${QCHAR}*=${QCHAR}*(?:&${QCHAR}*=${QCHAR}*)*$`);

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
const TO = new RegExp(`^${ADDR}(?:,${ADDR})*$`);

/**
 * The parts of a string that `mailtoURI` accepts, split as the grammar derives it: the hfields
 * begin at the last "?" when hfields run from there to the end and what comes before is empty or
 * a `to` (a "?" is no `qchar`, so hfields hold one, their first); an addr-spec's local-part is a
 * quoted-string to its closing '"' or a dot-atom-text to the "@" (atext holds no "@"), and its
 * domain a "[...]" or a dot-atom-text to the next "," (neither holds ",").
 */
export function mailtoParts(input: string): MailtoParts {
  const base = 'mailto:'.length;
  const rest = input.slice(base);
  const q = rest.lastIndexOf('?');
  const split = q >= 0 && HFIELDS.test(rest.slice(q)) && (q === 0 || TO.test(rest.slice(0, q)));
  const toEnd = base + (split ? q : rest.length);
  const to: AddrSpan[] = [];
  for (let i = base; i < toEnd; ) {
    const start = i;
    const quoted = input[i] === '"';
    if (quoted) {
      for (i++; i < toEnd && input[i] !== '"'; i++) if (input[i] === '\\') i++;
      i++;
    } else {
      while (i < toEnd && input[i] !== '@') i++;
    }
    const local = { value: input.slice(start, i), start, quoted };
    const dStart = ++i;
    const literal = input[i] === '[';
    const end = input.indexOf(literal ? ']' : ',', i);
    i = end < 0 || end >= toEnd ? toEnd : literal ? end + 1 : end;
    to.push({ value: input.slice(start, i), start, local, domain: { value: input.slice(dStart, i), start: dStart, literal } });
    i++; // the "," between addr-specs
  }
  const hfields: MailtoParts['hfields'] = [];
  if (split) {
    let start = toEnd + 1;
    for (const field of input.slice(start).split('&')) {
      const eq = field.indexOf('=');
      hfields.push({ name: { value: field.slice(0, eq), start }, value: { value: field.slice(eq + 1), start: start + eq + 1 } });
      start += field.length + 1;
    }
  }
  return { to, hfields };
}

const HEX = /^[0-9A-Fa-f]{2}$/;

/**
 * Characters an addr-spec may hold as they are (§2, rule 1): not "the characters that cannot
 * appear in a URI according to [STD66]", not "%", not "/", "?", "#", "[", "]" ("all the
 * characters in gen-delims except "@" and ":""), not "&", ";", "=" (sub-delims that "also have
 * to be percent-encoded"): RFC 3986's unreserved, the other sub-delims, ":" and "@".
 */
const AS_IS = /^[A-Za-z0-9\-._~!$'()*+,:@]$/;

/** The first character of `part` that rule 1 requires percent-encoded, and its offset. */
function unencoded(part: Span): { char: string; offset: number } | undefined {
  for (let i = 0; i < part.value.length; i++) {
    const c = part.value[i]!;
    if (c === '%' && HEX.test(part.value.slice(i + 1, i + 3))) i += 2;
    else if (!AS_IS.test(c)) return { char: c, offset: part.start + i };
  }
  return undefined;
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

function addrFindings(a: AddrSpan): ProseFinding[] {
  const findings: ProseFinding[] = [];
  for (const [part, rule] of [[a.local, 'local-part'], [a.domain, 'domain']] as const) {
    const holds = 'quoted' in part
      ? part.quoted ? 'RFC 5322 §3.2.4 quoted-string' : 'RFC 5322 §3.2.3 atext'
      : part.literal ? 'RFC 6068 §2 dtext-no-obs' : 'RFC 5322 §3.2.3 atext';
    const at = (offset: number, says: string, grammar = holds): ProseFinding =>
      ({ level: 'error', section: SECTION, rule, rulePath: [...PATH, rule], offset, holds: grammar, says });
    // Rule 1: "A number of characters that can appear in <addr-spec> MUST be percent-encoded."
    const bad = unencoded(part);
    if (bad !== undefined) {
      findings.push(at(bad.offset, `rule 1: ${why(bad.char)} in an addr-spec MUST be percent-encoded, as ${hex(bad.char)}`));
      continue;
    }
    // Rules 4 and 5: non-ASCII characters "MUST first be encoded according to UTF-8"; in the
    // local-part "Any other percent-encoding of non-ASCII characters is prohibited", in the
    // domain percent-encoding MUST NOT be used "unless it is used to represent a UTF-8
    // character sequence".
    const decoded = percentDecoded(part.value);
    if (decoded === null) {
      findings.push(at(part.start, rule === 'domain'
        ? 'rule 4: percent-encoding in a domain MUST represent a UTF-8 character sequence; these octets are not UTF-8'
        : 'rule 5: percent-encoded non-ASCII octets in a local-part MUST be UTF-8 ("Any other percent-encoding of non-ASCII characters is prohibited"); these are not'));
      continue;
    }
    // "<addr-spec> is a mail address as specified in [RFC5322], but excluding <comment>"; rule 2:
    // "<obs-local-part> and <NO-WS-CTL> ... MUST NOT be used"; rule 3: "Whitespace and comments
    // within <local-part> and <domain> MUST NOT be used". The grammar holds the URI's text; what
    // the percent-encoding stands for must be that address too.
    if (!(rule === 'domain' ? DOMAIN : LOCAL_PART).test(decoded)) {
      findings.push(at(part.start, `rules 2 and 3: the ${rule} decoded, ${JSON.stringify(decoded)}, is no RFC 5322 ${rule} without comments, whitespace, obs-local-part or NO-WS-CTL`, `${holds}, with pct-encoded octets`));
    }
  }
  return findings;
}

function hfieldFindings(parts: MailtoParts): ProseFinding[] {
  const findings: ProseFinding[] = [];
  const seen = new Set<string>();
  for (const { name, value } of parts.hfields) {
    // "Percent-encoding is needed for the same characters as listed above for <addr-spec>": of
    // rule 1's list, the ABNF's `some-delims` still admits ";" (no BCP 14 keyword: a warning).
    for (const [part, rule] of [[name, 'hfname'], [value, 'hfvalue']] as const) {
      const semi = part.value.indexOf(';');
      if (semi >= 0) {
        findings.push({
          level: 'warning', section: SECTION, rule, rulePath: ['mailtoURI', 'hfields', 'hfield', rule], offset: part.start + semi,
          holds: 'RFC 6068 §2 some-delims',
          says: `percent-encoding "is needed for the same characters as listed above for <addr-spec>", which lists ";": write %3B`,
        });
      }
    }
    const key = percentDecoded(name.value)?.toLowerCase();
    if (key === undefined) continue;
    if (seen.has(key)) {
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
    if (key === 'to' && parts.to.length > 0) {
      findings.push({
        level: 'warning', section: SECTION, rule: 'hfname', rulePath: ['mailtoURI', 'hfields', 'hfield', 'hfname'], offset: name.start,
        holds: 'RFC 6068 §2 hfields',
        says: 'addresses both in <to> and in a "to" hfield: "the latter form is NOT RECOMMENDED because different user agents handle this case differently"',
      });
    }
  }
  return findings;
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
  check(input) {
    const parts = mailtoParts(input);
    return [...parts.to.flatMap(addrFindings), ...hfieldFindings(parts)].sort((a, b) => a.offset - b.offset);
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
