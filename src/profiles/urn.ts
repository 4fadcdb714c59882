// URNs: what RFC 8141 §2.3 and RFC 2141 §2 say in prose about the strings `namestring` and
// `URN` accept, and the components RFC 8141 §2.3 splits that the derivation does not (the
// interface is ./profile.ts's; the split is src/urn/parts.ts).

import type { ProseComponent, ProseFinding, SchemeProse } from './profile.js';
import { componentBounds, urnParts, type UrnPart } from '../urn/parts.js';

const component = (p: UrnPart | undefined, rule: string): ProseComponent | undefined =>
  p && { value: p.value, start: p.start, end: p.start + p.value.length, rule };

export const URN8141_PROSE: SchemeProse = {
  document: 'RFC 8141',
  rules: { urn: 'namestring' },
  check(input, rule) {
    // On every accepted line, so read as offsets (issue 17): urnParts' q-component, which
    // only a "?" after the NSS's ":" can begin.
    const c2 = input.indexOf(':', input.indexOf(':') + 1);
    if (input.indexOf('?', c2 + 1) < 0) return [];
    const { q, hashAt } = componentBounds(input, c2);
    // §2.3.1: "The r-component ends with a "?=" sequence (which begins a q-component)": after
    // the first "?=" of the grammar's r-component comes a q-component, `pchar *( pchar / "/" /
    // "?" )`. The printed r-component holds "b?=" and "b?=/x" (its repetition takes "?", "="
    // and "/"); split there, what follows is no q-component. RFC 3986 §3.3: `pchar =
    // unreserved / pct-encoded / sub-delims / ":" / "@"`; of what `r-component` takes, all but
    // "/" and "?".
    if (q === undefined || (q < hashAt && input[q] !== '/' && input[q] !== '?')) return [];
    const finding: ProseFinding = {
      level: 'error',
      section: 'RFC 8141 §2.3.1',
      rule: 'q-component',
      rulePath: [rule, 'rq-components', 'q-component'],
      offset: q,
      holds: 'RFC 8141 §2, r-component',
      says: `"The r-component ends with a "?=" sequence (which begins a q-component)", and a q-component begins with a pchar: ${q === hashAt ? 'here it is empty' : `here it begins with "${input[q]}"`}`,
    };
    return [finding];
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
