// URNs: what RFC 8141 §2.3 and RFC 2141 §2 say in prose about the strings `namestring` and
// `URN` accept, and the components RFC 8141 §2.3 splits that the derivation does not (the
// interface is ./profile.ts's; the split is src/urn/parts.ts).

import type { ProseComponent, ProseFinding, SchemeProse } from './profile.js';
import { componentBounds, urnParts, type UrnPart } from '../urn/parts.js';
import { percentUtf8 } from '../schemes/percent.js';

const component = (p: UrnPart | undefined, rule: string): ProseComponent | undefined =>
  p && { value: p.value, start: p.start, end: p.start + p.value.length, rule };

/** A finding about the NID of a URN, which starts at `offset`. */
const nidFinding = (level: ProseFinding['level'], rule: string, section: string, offset: number, says: string): ProseFinding =>
  ({ level, section, rule: 'NID', rulePath: [rule, 'assigned-name', 'NID'], offset, holds: 'RFC 8141 §2, NID', says });

/**
 * §2.1: "Sections 5.1 and 5.2 impose additional constraints on the strings that can be used as
 * NIDs, i.e., the syntax shown above is not comprehensive." What they leave to no namespace, the
 * NID read in lower case ("NIDs are case insensitive"):
 *   - errors: an NID that begins "urn-" but is not §5.2's `"urn-" Number` (no leading zero),
 *     since §5.1 2 keeps "urn-" from formal NIDs; an NID that begins "X-", since Appendix C says
 *     "strings conforming to URN syntax within experimental URN namespaces are not valid URNs";
 *   - warnings: an NID of two characters, or beginning with two letters and "-" ("xn--" among
 *     them), which §5.1 3 keeps from formal namespaces as "reserved for potential use" (country
 *     codes, A-labels): reserved rather than refused, and RFC 2141 allowed them, whose URNs §1
 *     says "remain valid".
 */
function nidFindings(input: string, nid: number, end: number, rule: string, warnings: boolean): ProseFinding[] {
  const text = input.slice(nid, end).toLowerCase();
  if (text.startsWith('urn-')) {
    return /^urn-[1-9][0-9]*$/.test(text)
      ? []
      : [nidFinding('error', rule, 'RFC 8141 §5.2', nid, `an NID beginning "urn-" is an informal one, "urn-" followed by a number without leading zeros (§5.2: InformalNamespaceName = "urn-" Number); a formal NID "MUST NOT start with "urn-"" (§5.1)`)];
  }
  if (text.startsWith('x-')) {
    return [nidFinding('error', rule, 'RFC 8141 Appendix C', nid, `an "X-" NID is an experimental namespace of RFC 3406, which RFC 8141 removed: "strings conforming to URN syntax within experimental URN namespaces are not valid URNs" (Appendix C; §5.1: a formal NID "MUST NOT start with the string "X-"")`)];
  }
  if (!warnings) return [];
  if (text.length === 2) {
    return [nidFinding('warning', rule, 'RFC 8141 §5.1', nid, 'a formal NID "MUST be more than two characters long": two-letter NIDs are reserved for potential national registrations (ISO 3166-1 alpha-2 codes); no namespace has one yet')];
  }
  if (/^[a-z][a-z]-/.test(text)) {
    return [nidFinding('warning', rule, 'RFC 8141 §5.1', nid, 'a formal NID "MUST NOT start with ALPHA ALPHA "-"": such NIDs are reserved for potential national registrations, and those with two hyphens ("xn--") for DNS A-labels; no namespace has one yet')];
  }
  return [];
}

/**
 * Where the first run of "%" triplets from `start` whose octets are not UTF-8 begins, or -1. A
 * character as written ends any sequence (percentUtf8), so each run is read on its own.
 */
function notUtf8At(input: string, start: number): number {
  for (let at = input.indexOf('%', start); at >= 0; ) {
    let end = at;
    while (input.charCodeAt(end) === 0x25) end += 3; // the grammar took each "%" as a triplet
    if (!percentUtf8(input, at, end)) return at;
    at = input.indexOf('%', end);
  }
  return -1;
}

export const URN8141_PROSE: SchemeProse = {
  document: 'RFC 8141',
  rules: { urn: 'namestring' },
  // §2: `namestring = assigned-name [ rq-components ] [ "#" f-component ]`.
  fragment: 'own',
  check(input, rule, warnings = true) {
    // On every accepted line, so read as offsets (issue 17): the NID between the first two
    // ":", and urnParts' q-component, which only a "?" after the NSS's ":" can begin.
    const nid = input.indexOf(':') + 1;
    const c2 = input.indexOf(':', nid);
    const findings = nidFindings(input, nid, c2, rule, warnings);
    // §2.2: "with regard to characters outside the ASCII range, URNs that appear in protocols or
    // that are passed between systems MUST use only Unicode characters encoded in UTF-8 and
    // further encoded as required by RFC 3986". A triplet stands for an octet (RFC 3986 §2.1),
    // which a namespace may define otherwise: a warning, as RFC 8089 §4's, not a refusal.
    const bad = warnings ? notUtf8At(input, c2 + 1) : -1;
    if (bad >= 0) {
      const b = componentBounds(input, c2);
      const [part, path] = bad < b.nssEnd ? ['NSS', ['assigned-name', 'NSS']] : bad < b.rEnd ? ['r-component', ['rq-components', 'r-component']] : bad < b.hashAt ? ['q-component', ['rq-components', 'q-component']] : ['f-component', ['f-component']];
      findings.push({
        level: 'warning',
        section: 'RFC 8141 §2.2',
        rule: part,
        rulePath: [rule, ...path],
        offset: bad,
        holds: 'RFC 3986 §2.1 pct-encoded',
        says: 'these percent-encoded octets are not UTF-8: characters outside the ASCII range "MUST use only Unicode characters encoded in UTF-8 and further encoded as required by RFC 3986"',
      });
    }
    if (input.indexOf('?', c2 + 1) < 0) return findings;
    const { q, hashAt } = componentBounds(input, c2);
    // §2.3.1: "The r-component ends with a "?=" sequence (which begins a q-component)": after
    // the first "?=" of the grammar's r-component comes a q-component, `pchar *( pchar / "/" /
    // "?" )`. The printed r-component holds "b?=" and "b?=/x" (its repetition takes "?", "="
    // and "/"); split there, what follows is no q-component. RFC 3986 §3.3: `pchar =
    // unreserved / pct-encoded / sub-delims / ":" / "@"`; of what `r-component` takes, all but
    // "/" and "?".
    if (q === undefined || (q < hashAt && input[q] !== '/' && input[q] !== '?')) return findings;
    const finding: ProseFinding = {
      level: 'error',
      section: 'RFC 8141 §2.3.1',
      rule: 'q-component',
      rulePath: [rule, 'rq-components', 'q-component'],
      offset: q,
      holds: 'RFC 8141 §2, r-component',
      says: `"The r-component ends with a "?=" sequence (which begins a q-component)", and a q-component begins with a pchar: ${q === hashAt ? 'here it is empty' : `here it begins with "${input[q]}"`}`,
    };
    findings.push(finding);
    return findings;
  },
  // §2.3: the r-component ends at the first "?=", so the derivation's r-component (which runs
  // to "#") is split here; NID, NSS and f-component are the derivation's.
  components(input) {
    const p = urnParts(input, 'RFC 8141 §2');
    const out: Record<string, ProseComponent> = {};
    for (const name of ['r-component', 'q-component'] as const) {
      const c = component(p[name], name);
      if (c) out[name] = c;
    }
    return out;
  },
};

/** RFC 2141 §2.3.2's reserved characters, with their %-encodings. */
const RESERVED_2141: Readonly<Record<string, string>> = { '/': '%2F', '?': '%3F', '#': '%23' };

/** A warning about the NSS of a URN at `offset`. */
const nssWarning = (rule: string, section: string, offset: number, holds: string, says: string): ProseFinding =>
  ({ level: 'warning', section, rule: 'NSS', rulePath: [rule, 'NSS'], offset, holds, says });

export const URN2141_PROSE: SchemeProse = {
  document: 'RFC 2141',
  rules: { urn: 'URN' },
  check(input, rule, warnings = true) {
    // On every accepted line, so read in place (issue 17): the NSS follows the second ":"
    // (urnParts), the NID is between the two.
    const nid = input.indexOf(':') + 1;
    const nss = input.indexOf(':', nid) + 1;
    const findings: ProseFinding[] = [];
    // §2.1: "the NID "urn" is reserved and MUST NOT be used"; "the Namespace Identifier is case insensitive".
    if (nss - nid === 'urn:'.length && input.slice(nid, nss - 1).toLowerCase() === 'urn') {
      findings.push({
        level: 'error',
        section: 'RFC 2141 §2.1',
        rule: 'NID',
        rulePath: [rule, 'NID'],
        offset: nid,
        holds: 'RFC 2141 §2.1, NID',
        says: 'To avoid confusion with the "urn:" identifier, the NID "urn" is reserved and MUST NOT be used',
      });
    }
    if (!warnings) return findings;
    // §2.3.2: "/", "?" and "#" "are RESERVED for future developments. Namespace developers SHOULD
    // NOT use these characters in unencoded form, but rather use the appropriate %-encoding for
    // each character": a SHOULD NOT, so a warning, at the first one, naming those it uses in the
    // order they first appear (three searches, not a scan by character: linear on 1 MB).
    const used = Object.keys(RESERVED_2141)
      .map((c) => ({ c, at: input.indexOf(c, nss) }))
      .filter((u) => u.at >= 0)
      .sort((a, b) => a.at - b.at)
      .map((u) => u.c);
    if (used.length > 0) {
      const says = `${used.map((c) => `"${c}"`).join(', ')} unencoded in the NSS: "these characters are RESERVED for future developments. Namespace developers SHOULD NOT use these characters in unencoded form, but rather use the appropriate %-encoding for each character" (${used.map((c) => RESERVED_2141[c]).join(', ')})`;
      findings.push(nssWarning(rule, 'RFC 2141 §2.3.2', input.indexOf(used[0]!, nss), 'RFC 2141 §2.2 and §2.3: <trans> includes <reserved>', says));
    }
    // §2.4: "octet 0 (0 hex) should NEVER be used, in either unencoded or %-encoded form"; the
    // grammar refuses it unencoded. A lower-case "should": a warning.
    const nul = input.indexOf('%00', nss);
    if (nul >= 0) findings.push(nssWarning(rule, 'RFC 2141 §2.4', nul, 'RFC 2141 §2.2, "%" <hex> <hex>', 'octet 0 "should NEVER be used, in either unencoded or %-encoded form"'));
    return findings;
  },
};
