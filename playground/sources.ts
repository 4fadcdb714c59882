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

/**
 * Whether no document prints a rule the page shows: the grammar's shown definition says so
 * (`; not printed by ...`: RFC 8141's alphanum, RFC 2397's urlchar, draft-ietf-uri-url-03's
 * content-identifier, each the reading docs/decisions.md records), and the line shown is the
 * era's reading. test/sections.test.ts holds every other rule to a document that prints it.
 */
export const unprinted = (rule: { text: string }): boolean => /; not printed\b/.test(rule.text);
