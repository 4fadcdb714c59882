// Where a rule is read: the document its section label names, and whether that document prints
// the line the page shows. Pure functions and a table, shared by the page and its test.
//
// A section label names its own document (src/spec-label.ts): an era built on another document
// labels the rules it imports by that document (rfc9110's `segment` is `RFC 3986 §3.3`), so the
// link is made from the label, never from the era.

/** A document named by a label (`RFC 822`, `draft-ietf-uri-url-03`), then its first section. */
const LABEL = /^(?:RFC (\d+)|(draft-[a-z0-9-]+))(?:,? (?:§|Appendix )([A-Z0-9][A-Z0-9.]*[A-Z0-9]|[A-Z0-9]))?/i;

/**
 * Where a section label is read: the RFC Editor's copy of an RFC, the IETF datatracker's of a
 * draft, at the label's first section (an appendix by its letter). null: the label names no
 * document.
 *
 * @example
 * ```ts
 * labelUrl('RFC 3986 §3.3');                   // 'https://www.rfc-editor.org/rfc/rfc3986#section-3.3'
 * labelUrl('RFC 2373 Appendix B (imported by RFC 2732 §3)'); // 'https://www.rfc-editor.org/rfc/rfc2373#appendix-B'
 * labelUrl('draft-ietf-uri-url-03, "BNF for specific URL schemes"'); // 'https://datatracker.ietf.org/doc/html/draft-ietf-uri-url-03'
 * ```
 */
export function labelUrl(label: string): string | null {
  const m = LABEL.exec(label);
  if (!m) return null;
  const doc = m[1] ? `https://www.rfc-editor.org/rfc/rfc${Number(m[1])}` : `https://datatracker.ietf.org/doc/html/${m[2]!.toLowerCase()}`;
  const section = m[3];
  if (!section) return doc;
  return /^\d/.test(section) ? `${doc}#section-${section}` : `${doc}#appendix-${section}`;
}

/** A rule the page shows whose labelled document names it and no document prints: the line shown is this era's reading. */
export interface Unprinted {
  /** What the labelled document says of it. */
  note: string;
}

/**
 * Whether the document a rule's label names prints the rule; when not, what it says instead.
 * `label` is the rule's section label (sectionLabel), `core` the rule metadata's flag.
 *
 * (ABNF's core rules ALPHA, DIGIT and HEXDIG, which RFC 3986 §1.3 only names and RFC 3987 uses,
 * are labelled by RFC 2234 §6.1, which prints them: no note.)
 * - RFC 8141 §2: "Rules not defined here (specifically: alphanum, fragment, and pchar) are
 *   defined as part of the URI syntax [RFC3986]"; RFC 3986 defines no alphanum.
 * - RFC 2397 §3: "urlchar" "is imported from [RFC2396]"; RFC 2396 defines no urlchar.
 * - draft-ietf-uri-url-03's cidaddress uses content-identifier, which it defines nowhere, nor
 *   does RFC 822 (grammar/draft-ietf-uri-url-03.peggy reads it as addr-spec).
 */
export function unprinted(era: string, rule: string): Unprinted | null {
  if (era === 'rfc8141' && rule === 'alphanum') {
    return {
      note: 'RFC 8141 §2 names alphanum among the "Rules not defined here" that "are defined as part of the URI syntax [RFC3986]"; RFC 3986 defines no alphanum (RFC 2396 §1.6 printed "alphanum = alpha | digit"), and §2.1 allows only ASCII in a NID'
    };
  }
  if (era === 'rfc2397' && rule === 'urlchar') {
    return { note: 'RFC 2397 §3 says "urlchar" "is imported from [RFC2396]"; RFC 2396 defines no urlchar: it is read as uric, the characters of a URI (RFC 2396 §2)' };
  }
  if (era === 'draft-ietf-uri-url-03' && rule === 'content-identifier') {
    return { note: 'draft-ietf-uri-url-03 uses content-identifier in cidaddress and defines it nowhere; neither does RFC 822: it is read as RFC 822\'s addr-spec (MIME\'s Content-ID without its angle brackets)' };
  }
  return null;
}

/** The rules `unprinted` speaks of by name: test/playground.test.ts checks that each exists. */
export const UNPRINTED_BY_NAME: ReadonlyArray<readonly [era: string, rule: string]> = [
  ['rfc8141', 'alphanum'],
  ['rfc2397', 'urlchar'],
  ['draft-ietf-uri-url-03', 'content-identifier'],
];
