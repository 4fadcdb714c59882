// How a spec and its sections are named for a reader: by the document's own name (`RFC 3986`,
// `draft-fielding-url-syntax-01`), taken from the grammar's title, since an era id such as
// `rfc2396-draft` is not what its document is called.

import type { Era } from './era.js';

const labels = new WeakMap<Era, string>();

/** The document an era's grammar comes from: `RFC 3986`, `draft-fielding-url-syntax-01`. */
export function documentOf(era: Era): string {
  let label = labels.get(era);
  if (label === undefined) labels.set(era, (label = labelOf(era)));
  return label;
}

function labelOf(era: Era): string {
  const named = /\bRFC\s*\d+|\bdraft-[a-z0-9-]+/i.exec(era.meta.title);
  if (named) return named[0].replace(/^RFC\s*/i, 'RFC ');
  const rfc = /^rfc(\d+)$/.exec(era.id);
  return rfc ? `RFC ${rfc[1]}` : era.id;
}

/**
 * The sections a grammar labels with a letter, as their banners name them: draft-ietf-uri-url-03
 * numbers none of its sections, and two grammars import rules from another document.
 */
const LETTERED: Record<string, Record<string, string>> = {
  'draft-ietf-uri-url-03': {
    A: 'draft-ietf-uri-url-03, "BNF for specific URL schemes"',
    B: 'RFC 822 §3.3, §6.1 (addr-spec, used by draft-ietf-uri-url-03)',
  },
  rfc2396: { B: 'RFC 2373 Appendix B (imported by RFC 2732 §3)' },
};

/** A section with its document: `RFC 3986 §3.2.2`, `RFC 2373 Appendix B (imported by RFC 2732 §3)`. */
export function sectionLabel(era: Era, section: string): string {
  // A composed era's inherited rule names its document already (`RFC 3986 §3.2.2` in rfc6874).
  if (section.includes('§')) return section;
  return LETTERED[era.id]?.[section] ?? `${documentOf(era)} §${section}`;
}
