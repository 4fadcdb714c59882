// RFC 9110 §4.2: the http and https URI schemes, what §4.2.1 to §4.2.4 say in prose about the
// strings `http-URI` and `https-URI` accept. The interface is ./profile.ts's.

import { noFragmentHint } from './fragment-hint.js';
import type { ProseFinding, SchemeProse } from './profile.js';

/** An http(s) URI taken apart: each part's text and where it starts. */
export interface HttpParts {
  scheme: string;
  authority: { value: string; start: number };
  userinfo?: { value: string; start: number };
  host: { value: string; start: number };
  port?: { value: string; start: number };
  path: { value: string; start: number };
  query?: { value: string; start: number };
}

/**
 * The parts of a string that `http-URI` or `https-URI` accepts (`"http" "://" authority
 * path-abempty [ "?" query ]`), split as RFC 3986 Appendix B splits a well-formed reference: the
 * authority runs to the first "/" or "?"; in it, `userinfo` has no "@" and `host` no ":" unless
 * it is an IP-literal in brackets (RFC 3986 §3.2), so the first "@" ends the userinfo and the
 * port follows the host's last character.
 */
export function httpParts(input: string): HttpParts {
  const colon = input.indexOf(':');
  const a = authorityOf(input);
  const [aStart, aEnd, hStart] = [a.start, a.end, hostStart(a)];
  const authority = input.slice(aStart, aEnd);
  const at = a.at < 0 ? -1 : a.at - aStart;
  const hostport = authority.slice(at + 1);
  const hostLength = hostport.startsWith('[') ? hostport.indexOf(']') + 1 : (hostport.indexOf(':') + 1 || hostport.length + 1) - 1;
  const q = input.indexOf('?', aEnd);
  const pEnd = q < 0 ? input.length : q;
  const parts: HttpParts = {
    scheme: input.slice(0, colon),
    authority: { value: authority, start: aStart },
    host: { value: hostport.slice(0, hostLength), start: hStart },
    path: { value: input.slice(aEnd, pEnd), start: aEnd },
  };
  if (at >= 0) parts.userinfo = { value: authority.slice(0, at), start: aStart };
  if (hostLength < hostport.length) parts.port = { value: hostport.slice(hostLength + 1), start: hStart + hostLength + 1 };
  if (q >= 0) parts.query = { value: input.slice(q + 1), start: q + 1 };
  return parts;
}

/** Where the authority begins (after "://") and ends (the first "/" or "?"), and its first "@" (-1: none). */
interface Authority {
  start: number;
  end: number;
  at: number;
}

function authorityOf(input: string): Authority {
  const start = input.indexOf(':') + 3;
  let end = start;
  let at = -1;
  for (let c = input.charCodeAt(end); end < input.length && c !== 0x2f && c !== 0x3f; c = input.charCodeAt(++end)) {
    if (c === 0x40 && at < 0) at = end;
  }
  return { start, end, at };
}

/** Where the host begins: after the userinfo's "@", if any. */
const hostStart = (a: Authority): number => (a.at < 0 ? a.start : a.at + 1);

/**
 * Whether the host of an authority (`httpParts`' host) is empty: what follows the userinfo's
 * "@" is the end of the authority or the port's ":", or an IP-literal's "[" without its "]".
 */
function hostEmpty(input: string, a: Authority): boolean {
  const h = hostStart(a);
  if (h === a.end) return true;
  const c = input.charCodeAt(h);
  if (c !== 0x5b) return c === 0x3a;
  const close = input.indexOf(']', h);
  return close < 0 || close >= a.end;
}

/** §4.2.1 and §4.2.2: "If the port subcomponent is empty or not given", the scheme's default. */
export const DEFAULT_PORT: Readonly<Record<string, string>> = { http: '80', https: '443' };

/** The section that defines each scheme: §4.2.1 http, §4.2.2 https. */
const SECTION: Readonly<Record<string, string>> = { http: 'RFC 9110 §4.2.1', https: 'RFC 9110 §4.2.2' };

export const HTTP_PROSE: SchemeProse = {
  document: 'RFC 9110',
  rules: { http: 'http-URI', https: 'https-URI' },
  check(input, rule, warnings = true) {
    // On every accepted line: the authority's bounds alone, and the rest only for a finding
    // (issue 17).
    const a = authorityOf(input);
    const emptyHost = hostEmpty(input, a);
    const userinfo = warnings && a.at >= 0;
    if (!emptyHost && !userinfo) return [];
    const scheme = input.slice(0, input.indexOf(':')).toLowerCase();
    const findings: ProseFinding[] = [];
    // §4.2.1/§4.2.2: "A sender MUST NOT generate an "http" URI with an empty host identifier.
    // A recipient that processes such a URI reference MUST reject it as invalid." RFC 3986's
    // reg-name may be empty (§3.2.2: "the registered name is empty (zero length)", "whereas the
    // "http" scheme considers a missing authority or empty host invalid").
    if (emptyHost) {
      findings.push({
        level: 'error',
        section: SECTION[scheme] ?? SECTION.http!,
        rule: 'host',
        rulePath: [rule, 'authority', 'host'],
        offset: hostStart(a),
        holds: 'RFC 3986 §3.2.2',
        says: `an ${scheme} URI with an empty host MUST be rejected`,
      });
    }
    // §4.2.4: "the use of the format "user:password" is deprecated", "A sender MUST NOT
    // generate the userinfo subcomponent", a recipient "SHOULD parse for userinfo and treat its
    // presence as an error": a SHOULD of the recipient, so a warning and not a refusal.
    if (userinfo) {
      findings.push({
        level: 'warning',
        section: 'RFC 9110 §4.2.4',
        rule: 'userinfo',
        rulePath: [rule, 'authority', 'userinfo'],
        offset: a.start,
        holds: 'RFC 3986 §3.2.1',
        says: `userinfo in an ${scheme} URI is deprecated: a sender MUST NOT generate it, and a recipient SHOULD treat its presence as an error`,
      });
    }
    return findings;
  },
  // §4.2.1: "If the port subcomponent is empty or not given, TCP port 80 ... is the default"
  // (§4.2.2: 443). A default port is no text of the input: it stands, empty, where the port
  // would be, with kind 'default'.
  components(input, rule) {
    const p = httpParts(input);
    const scheme = { value: p.scheme, start: 0, end: p.scheme.length, rule };
    const at = p.authority.start + p.authority.value.length;
    const port = p.port?.value
      ? { value: p.port.value, start: p.port.start, end: p.port.start + p.port.value.length, rule: 'port', kind: 'port' }
      : { value: DEFAULT_PORT[p.scheme.toLowerCase()] ?? '', start: at, end: at, rule, kind: 'default' };
    return { scheme, 'effective port': port };
  },
  // §4.2.5: "The fragment identifier component is not part of the scheme definition for a URI
  // scheme ..., thus does not appear in the ABNF definitions for the "http" and "https" URI
  // schemes": a "#" after the path or the query is a reference's fragment (RFC 3986 §3.5).
  hint(startRule, input, e) {
    if (!Object.values(HTTP_PROSE.rules).includes(startRule)) return undefined;
    if (e.found !== '#') return otherScheme(startRule, input, e.offset);
    // Only a "#" after the authority's "//" ends a hier-part: in "http#x" the scheme is unfinished.
    if (!/^https?:\/\//i.test(input.slice(0, e.offset))) return undefined;
    // In the path (a "/" after the authority's) or the query, "%23" is a pchar; right after the
    // authority it is not (path-abempty begins with "/").
    const before = input.slice(0, e.offset);
    const encodable = before.indexOf('/', before.indexOf('//') + 2) >= 0 || before.includes('?');
    return noFragmentHint(startRule, 'RFC 9110 §4.2.5: "The fragment identifier component is not part of the scheme definition"', encodable);
  },
};

/**
 * §4.2.1 `http-URI = "http" "://" authority path-abempty [ "?" query ]`, §4.2.2 `https-URI =
 * "https" "://" ...`: a URI of the other scheme fails in the scheme or at its ":" (`https://a/`
 * as http-URI at the "s"). Schemes are case-insensitive (RFC 3986 §3.1). The rule named, and spec
 * auto (which picks the rule by the scheme), read that scheme.
 */
function otherScheme(startRule: string, input: string, offset: number): string | undefined {
  const colon = input.indexOf(':');
  if (colon < 0 || offset > colon) return undefined;
  const scheme = input.slice(0, colon).toLowerCase();
  const rule = Object.hasOwn(HTTP_PROSE.rules, scheme) ? HTTP_PROSE.rules[scheme] : undefined;
  if (rule === undefined || rule === startRule) return undefined;
  return `"${input.slice(0, colon + 1)}" begins an ${scheme} URI, whose rule is ${rule} (${SECTION[scheme]}): validate it as rule ${rule} (--rule ${rule}), or with spec auto`;
}
