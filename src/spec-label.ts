// How a spec and its sections are named for a reader: by the document's own name (`RFC 3986`,
// `draft-fielding-url-syntax-01`), taken from the grammar's title, since an era id such as
// `rfc2396-draft` is not what its document is called.

import type { Era } from './era.js';
import { keptPer } from './kept.js';

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

/** Each era's section labels made so far: every error message names one. */
const sectionLabels = keptPer((_era: Era) => new Map<string, string>());

/** A section with its document: `RFC 3986 §3.2.2`, `RFC 2373 Appendix B (imported by RFC 2732 §3)`. */
export function sectionLabel(era: Era, section: string): string {
  const made = sectionLabels(era);
  let label = made.get(section);
  if (label === undefined) made.set(section, (label = labelOfSection(era, section)));
  return label;
}

function labelOfSection(era: Era, section: string): string {
  // A section the era's row words for a reader (`lettered`: `A` of url-03, RFC 2396's
  // `RFC 2373 §B`), which its generated metadata carries (`eraRow`: src/eras/table.ts DiagnosisRow);
  // else a section that names its document already (`RFC 3986 §3.2.2` in rfc6874), or one of
  // the era's own document.
  return lettered(era, section) ?? (namesDocument(section) ? section : `${documentOf(era)} §${section}`);
}

/**
 * Whether a section is worded with its document already: `RFC 3986 §3.2.2` (an era composed on
 * another's), `RFC 8141 Appendix C` (a profile's finding citing an appendix, which has no "§").
 */
const namesDocument = (section: string): boolean => section.includes('§') || /^(?:RFC \d|draft-)/.test(section);

/**
 * A section where the line names the era already (a row of `compare`, a witness of
 * `grammar-diff`): `§3.2.2`, or the era's wording of a section its document does not number
 * (draft-ietf-uri-url-03's `A` is "BNF for specific URL schemes"), as sectionLabel words it.
 */
export function sectionInEra(era: Era, section: string): string {
  return lettered(era, section) ?? (namesDocument(section) ? section : `§${section}`);
}

const lettered = (era: Era, section: string): string | undefined => era.meta.eraRow?.lettered?.[section];
