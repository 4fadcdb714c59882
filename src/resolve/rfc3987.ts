// RFC 3987 §6.5, "Relative IRI References": "Processing of relative IRI references against a
// base is handled straightforwardly; the algorithms of [RFC3986] can be applied directly,
// treating the characters additionally allowed in IRI references in the same way that unreserved
// characters are in URI references". So RFC 3986 §5.2 as src/resolve/rfc3986.ts runs it, on the
// IRI rules of §2.2; and RFC 6874's grammar is RFC 3986's with zone identifiers.

import type { Forms, Outcome, ResolveError } from './common.js';
import { RFC3986_SYNTAX, runOn, type Syntax } from './rfc3986.js';

const IRI_FORMS: Forms = {
  rules: new Set([
    'IRI-reference', 'IRI', 'irelative-ref', 'ihier-part', 'irelative-part',
    'ipath-abempty', 'ipath-absolute', 'ipath-noscheme', 'ipath-rootless', 'ipath-empty',
  ]),
  last: new Set(['ipath-abempty', 'ipath-absolute', 'ipath-noscheme', 'ipath-rootless', 'ipath-empty']),
};

const RFC3987_SYNTAX: Syntax = {
  spec: 'rfc3987',
  reference: 'IRI-reference',
  uri: 'IRI',
  absolute: 'absolute-IRI',
  forms: IRI_FORMS,
  noDoubleSlash: RFC3986_SYNTAX.noDoubleSlash,
};

/** RFC 3987 §6.5: RFC 3986 §5.2 on IRI references. */
export function run3987(base: string, ref: string, strict = true): Outcome | ResolveError {
  return runOn(RFC3987_SYNTAX, base, ref, strict);
}

/** RFC 6874: RFC 3986 §5.2 on the grammar with zone identifiers. */
export function run6874(base: string, ref: string, strict = true): Outcome | ResolveError {
  return runOn({ ...RFC3986_SYNTAX, spec: 'rfc6874' }, base, ref, strict);
}
