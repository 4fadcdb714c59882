// Hints for common mistakes (contract, "The diagnosis of a failure", `hint`): a table of
// recognisers, tried in order, each looking at the error record already made and returning how
// to fix the input, or null. The first that answers gives the record's `hint`. They only add
// advice: the offset, the rule and the expected set stay what the grammar says.
//
// What an era allows is read from its grammar, not from a list of era ids: whether it has an
// IP-literal rule (RFC 2732 and later), whether "%" may come at the offset (the expected set),
// which section defines its port; whether an IRI era (rfc3987) or a zone-id era (rfc6874) is
// loaded is asked at run time (./known-eras.ts), so the advice stays true as eras are added.

import type { Era } from './era.js';
import { isKnownEra } from './known-eras.js';
import { eraWith } from './eras/table.js';
import { sectionLabel } from './spec-label.js';

export interface HintContext {
  era: Era;
  input: string;
  offset: number;
  found: string | null;
  rule: string;
  rulePath: readonly string[];
  expected: readonly string[];
}

interface Hint {
  /** What the hint is about, for tests and documentation. */
  id: string;
  give(c: HintContext): string | null;
}

/** The UTF-8 bytes of `ch` percent-encoded (RFC 3986 §2.1, §2.5): `é` → `%C3%A9`. */
export function percentEncoded(ch: string): string {
  return [...new TextEncoder().encode(ch)].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
}

const isSpace = (ch: string | null): boolean => ch !== null && /^\s$/u.test(ch);
const isLoneSurrogate = (ch: string): boolean => ch.length === 1 && (ch.charCodeAt(0) & 0xf800) === 0xd800;
/** A character shown inside a hint: quoted, with control characters as code points. */
const shown = (ch: string): string =>
  /^[\u0021-\u007e\u00a0-\uffff]/u.test(ch) && !isLoneSurrogate(ch) ? `"${ch}"` : `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The rules of a bracketed IP literal: RFC 3986 §3.2.2, RFC 2732 §3. */
const IP_LITERAL_RULES = new Set(['IP-literal', 'ipv6reference']);

/**
 * "%" may come at the offset: percent-encoding is the fix. Not inside an IP literal, which
 * holds no percent-encoding (RFC 3986 §3.2.2), except in RFC 6874's ZoneID after its "%25".
 */
const escapable = (c: HintContext): boolean =>
  c.expected.includes('"%"') && (!c.rulePath.some((r) => IP_LITERAL_RULES.has(r)) || c.rulePath.includes('ZoneID'));

const hasRule = (era: Era, ...names: string[]): boolean => names.some((n) => era.byName.has(n.toLowerCase()));
const sectionOf = (era: Era, name: string): string | null => era.byName.get(name.toLowerCase())?.section ?? null;
const registered = (id: string): boolean => isKnownEra(id);

/** The era has bracketed IP literals (RFC 2732, RFC 3986 §3.2.2). */
const hasIpLiteral = (era: Era): boolean => hasRule(era, ...IP_LITERAL_RULES);

/** The authority after "//" up to the offset's component, if the input has one. */
function authorityOf(input: string): { start: number; text: string } | null {
  const m = /^[^/?#]*?\/\/([^/?#]*)/.exec(input);
  return m ? { start: m.index + m[0].length - m[1]!.length, text: m[1]! } : null;
}

/** The last "[" before `limit` that no "]" closes before it, or -1. */
function openBracket(input: string, limit: number): number {
  const open = input.lastIndexOf('[', limit - 1);
  if (open < 0) return -1;
  const close = input.indexOf(']', open);
  return close === -1 || close >= limit ? open : -1;
}

const HOST_RULES = new Set(['host', 'reg-name', 'reg_name', 'hostname', 'domainlabel', 'toplabel', 'hostport', 'net_loc', 'server']);

export const HINTS: readonly Hint[] = [
  {
    id: 'leading whitespace',
    give: (c) => (c.offset === 0 && isSpace(c.found) ? 'remove the whitespace at the start: whitespace around a URI is no part of it' : null),
  },
  {
    id: 'trailing whitespace',
    give: (c) =>
      isSpace(c.found) && c.input.slice(c.offset).trim() === '' ? 'remove the whitespace at the end: whitespace around a URI is no part of it' : null,
  },
  {
    // RFC 6874 §2: IPv6addrz = IPv6address "%25" ZoneID, inside the IP literal; RFC 3986 §3.2.2
    // has none, and RFC 9844 (2025) obsoleted RFC 6874, moving zone identifiers out of URIs
    // into user interfaces. A zone is written "%25eth0" in RFC 6874 and "%eth0" as people type it.
    id: 'zone identifier',
    give: (c) => {
      const open = openBracket(c.input, c.offset + 1);
      if (open < 0 || !hasIpLiteral(c.era) || !c.rulePath.some((r) => IP_LITERAL_RULES.has(r))) return null;
      const close = c.input.indexOf(']', open);
      const zone = /%(25)?([A-Za-z0-9._~-][A-Za-z0-9._~%-]*)/.exec(c.input.slice(open, close < 0 ? undefined : close));
      if (!zone || (!zone[1] && zone[2]!.startsWith('25'))) return null; // "%25" and no zone
      const zoneEra = eraWith('zoneIdentifiers');
      if (c.era.id === zoneEra) return zone[1] ? null : `a zone identifier's "%" is written "%25" (RFC 6874 §2): %25${zone[2]}`;
      const where = registered(zoneEra) ? ` (spec ${zoneEra})` : '';
      const written = zone[1] ? '' : `, written "%25${zone[2]}"`;
      return (
        `${c.era.id} has no zone identifier in an IP literal: remove "%${zone[1] ?? ''}${zone[2]}"; zone identifiers are valid in ` +
        `RFC 6874 only${where}${written}, and RFC 9844 (2025) obsoleted it: a zone is no part of a URI`
      );
    },
  },
  {
    id: 'percent sign without two hex digits',
    give: (c) => {
      const pct = c.input.lastIndexOf('%', c.offset);
      if (pct < 0 || c.offset - pct > 2 || c.offset === pct) return null;
      if (!c.expected.some((e) => /^(HEXDIG|hex)$/.test(e))) return null;
      return '"%" begins a percent-encoding and needs two hex digits after it; write "%25" for a "%" itself';
    },
  },
  {
    id: 'unclosed bracket',
    give: (c) => {
      // Not closed anywhere: with a "]" later, the character at the offset is what is wrong.
      const open = openBracket(c.input, c.offset);
      if (open < 0 || !c.expected.includes('"]"') || c.input.includes(']', c.offset)) return null;
      // RFC 6068's domain literal is bracketed too (§2: `"[" *dtext-no-obs "]"`).
      const what = c.rulePath.includes('domain') ? 'a domain literal' : 'an IP literal';
      return `the "[" at offset ${open} is not closed: ${what} ends with "]"`;
    },
  },
  {
    id: 'bracket before RFC 2732',
    give: (c) =>
      (c.found === '[' || c.found === ']') && !hasIpLiteral(c.era)
        ? `no IP literals in this era: "[" and "]" came with RFC 2732 (spec rfc2396, then rfc3986)${escapable(c) ? `; elsewhere write "${percentEncoded(c.found)}"` : ''}`
        : null,
  },
  {
    id: 'IPv6 address without brackets',
    give: (c) => {
      const a = authorityOf(c.input);
      if (!a || !hasIpLiteral(c.era) || c.offset < a.start || c.offset > a.start + a.text.length) return null;
      const host = a.text.replace(/^.*@/, '');
      if (!/^[0-9A-Fa-f:.]+$/.test(host) || (host.match(/:/g) ?? []).length < 2) return null;
      return `an IPv6 address is written in brackets in a URI: [${host}]`;
    },
  },
  {
    // RFC 3986 §3.2.1, §3.2.3: furthest failure names the userinfo, but the mistake is the port.
    id: 'port not digits',
    give: (c) => {
      const port = sectionOf(c.era, 'port');
      const where = port ? ` (${sectionLabel(c.era, port)})` : '';
      if (c.rule === 'port') return `a port is digits only${where}`;
      if (!['userinfo', 'user', 'password'].includes(c.rule) || !c.expected.includes('"@"')) return null;
      const a = authorityOf(c.input);
      if (!a || c.offset > a.start + a.text.length || a.text.includes('@')) return null;
      const colon = a.text.lastIndexOf(':');
      if (colon < 0) return null;
      const host = a.text.slice(0, colon);
      const text = a.text.slice(colon + 1);
      return `read as host "${host}" and port "${text}", the port must be digits only${where}; read as userinfo, "@" and a host must follow`;
    },
  },
  {
    id: 'second number sign',
    give: (c) =>
      c.found === '#' && c.input.indexOf('#') < c.offset ? 'a URI has one fragment: write a second "#" as "%23"' : null,
  },
  {
    id: 'backslash',
    give: (c) => (c.found === '\\' ? 'a backslash separates nothing in a URI: write "/" (or "%5C" for a backslash itself)' : null),
  },
  {
    id: 'non-ASCII host',
    give: (c) => {
      if (c.found === null || c.found.codePointAt(0)! < 0x80 || isLoneSurrogate(c.found)) return null;
      if (!c.rulePath.some((r) => HOST_RULES.has(r))) return null;
      const pct = escapable(c) ? `percent-encode its UTF-8 (${c.found} → "${percentEncoded(c.found)}") or ` : '';
      return `a host with non-ASCII characters: ${pct}convert it to ASCII with IDNA (an "xn--" A-label)`;
    },
  },
  {
    id: 'non-ASCII',
    give: (c) => {
      if (c.found === null || c.found.codePointAt(0)! < 0x80) return null;
      if (isLoneSurrogate(c.found)) return 'a lone UTF-16 surrogate is no character: it has no UTF-8 form to percent-encode';
      const iri = c.era.id === eraWith('iri') ? '' : registered(eraWith('iri')) ? `; as typed it is valid in an IRI (spec ${eraWith('iri')})` : '; as typed it belongs to an IRI (RFC 3987)';
      const fix = escapable(c) ? `percent-encode its UTF-8 bytes: ${c.found} → "${percentEncoded(c.found)}"` : `${shown(c.found)} is not allowed here`;
      return fix + iri;
    },
  },
  {
    id: 'space',
    give: (c) => (c.found === ' ' && escapable(c) ? 'a space is written "%20"' : null),
  },
  {
    // RFC 1738 §2.2 lists "~" among the unsafe (national) characters; RFC 2396 made it unreserved.
    id: 'tilde before RFC 2396',
    give: (c) =>
      c.found === '~' && escapable(c) ? '"~" is not allowed as is in this era (RFC 1738 §2.2 lists it as unsafe): write "%7E"; RFC 2396 made it unreserved' : null,
  },
  {
    id: 'query without a path',
    give: (c) =>
      c.offset === 0 && c.found === '?' && hasRule(c.era, 'relativeURI', 'relativeURL', 'relative-ref')
        ? 'a relative reference needs a path before its "?" query in this era (RFC 3986 allows an empty one)'
        : null,
  },
  {
    // RFC 3986 §3.1 and §4.2: a scheme begins with a letter, and a relative path's first segment
    // cannot hold ":" (it would read as the end of a scheme).
    id: 'colon or scheme',
    give: (c) => {
      if (c.rule === 'scheme' && c.found !== null && !/^[A-Za-z]$/.test(c.found)) {
        return 'a scheme begins with a letter, then letters, digits, "+", "-" or "."';
      }
      if (c.found !== ':' || !hasRule(c.era, 'scheme')) return null;
      if (c.offset === 0) return 'the scheme before ":" is missing (a scheme begins with a letter)';
      if (/[/?#]/.test(c.input.slice(0, c.offset)) || !hasRule(c.era, 'segment-nz-nc')) return null;
      return 'a relative path\'s first segment cannot hold ":" (it would end a scheme, which begins with a letter): write "./" before it, or "%3A"';
    },
  },
  {
    id: 'other character outside the grammar',
    give: (c) => {
      if (c.found === null || !escapable(c)) return null;
      const code = c.found.codePointAt(0)!;
      if (code >= 0x80) return null;
      const what = code < 0x20 || code === 0x7f ? `the control character ${shown(c.found)}` : shown(c.found);
      return `${what} is not allowed here: write "${percentEncoded(c.found)}"`;
    },
  },
];

/** The hint for an error record, or undefined when none of the common mistakes fits. */
export function hintFor(c: HintContext): string | undefined {
  for (const h of HINTS) {
    const text = h.give(c);
    if (text) return text;
  }
  return undefined;
}
