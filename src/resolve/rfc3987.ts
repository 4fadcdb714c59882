// RFC 3987 §6.5, "Relative IRI References": "Processing of relative IRI references against a
// base is handled straightforwardly; the algorithms of [RFC3986] can be applied directly,
// treating the characters additionally allowed in IRI references in the same way that unreserved
// characters are in URI references". So RFC 3986 §5.2 as src/resolve/rfc3986.ts runs it, on the
// IRI rules of §2.2.

import type { Forms } from './common.js';
import { RFC3986_SYNTAX, type Syntax } from './rfc3986.js';

const IRI_FORMS: Forms = {
  rules: new Set([
    'IRI-reference', 'IRI', 'irelative-ref', 'ihier-part', 'irelative-part',
    'ipath-abempty', 'ipath-absolute', 'ipath-noscheme', 'ipath-rootless', 'ipath-empty',
  ]),
  last: new Set(['ipath-abempty', 'ipath-absolute', 'ipath-noscheme', 'ipath-rootless', 'ipath-empty']),
};

/** The rule names RFC 3986 §5.2 reads an IRI reference by (§2.2). */
export const RFC3987_SYNTAX: Syntax = {
  reference: 'IRI-reference',
  uri: 'IRI',
  absolute: 'absolute-IRI',
  forms: IRI_FORMS,
  noDoubleSlash: RFC3986_SYNTAX.noDoubleSlash,
};
