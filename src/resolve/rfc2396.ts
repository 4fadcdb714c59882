// RFC 2396 §5.2, "Resolving Relative References to Absolute Form", steps 1 to 7, over the
// components of §4.3 (spec id `rfc2396`, RFC 2396 with RFC 2732).
//
// Step 1 parses the reference "into the potential four components and fragment identifier, as
// described in Section 4.3", which points to Appendix B's regular expression "for parsing the
// potential four components and fragment identifier of a URI reference" (its "test oracle").
// The inputs are validated by the grammar (Appendix A) and then split by that expression, as the
// text says; on a valid input the split agrees with the grammar's derivation (both let the
// authority win: §4.3 "the authority component wins"). A component is undefined when its
// separator is absent and empty when the separator is present (§5.2 step 7's note).
//
// Appendix C resolves two kinds of reference that Appendix A does not derive: an empty path
// with a query (`?y` = http://a/b/c/?y) and, by the same token, a scheme with nothing after it
// (`http:`); RFC 3986 Appendix D.2 lists the empty path as a correction ("The ABNF has been
// corrected to allow the path component to be empty"). Validation stays with Appendix A;
// resolution takes a reference that Appendix A rejects when its path is empty, it has no
// authority, and each component it has is valid under its own rule (scheme, query, fragment).
// docs/decisions.md, "rfc2396: RFC 2396 with RFC 2732 (1998, 1999)", "Appendix A and Appendix C".
//
// Step 3's backward-compatible reading of `http:g` ("an implementation may work around such
// references") is not offered: "Validating parsers should mark such a misformed relative
// reference as an error", and the text's first reading, `http:g`, is the one taken.

import { validate } from '../validate.js';
import { hasRule } from '../parse.js';
import { eraDefining, isError, parseAs, reparseWarning, unsuitable, type Forms, type Outcome, type ResolveError } from './common.js';
import { step6 } from './rfc1808.js';

/** The rules that give a URI-reference its form (§3, §5). */
const FORMS: Forms = {
  rules: new Set(['URI-reference', 'absoluteURI', 'relativeURI', 'hier_part', 'opaque_part', 'net_path', 'abs_path', 'rel_path']),
  last: new Set(['opaque_part', 'net_path', 'abs_path', 'rel_path']),
};

/** Appendix B, as printed: `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`. */
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

/** The four components and the fragment; `undefined` where the separator is absent. */
interface Parts {
  scheme: string | undefined;
  authority: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

/** Appendix B: "scheme = $2, authority = $4, path = $5, query = $7, fragment = $9". */
function split(uri: string): Parts {
  const m = APPENDIX_B.exec(uri)!;
  return { scheme: m[2], authority: m[4], path: m[5] ?? '', query: m[7], fragment: m[9] };
}

/**
 * The reference, validated: a URI-reference of Appendix A, or (Appendix C) a reference with an
 * empty path and no authority whose scheme, query and fragment are each valid.
 */
function checkRef(spec: string, ref: string): Parts | ResolveError {
  const v = validate(ref, { spec, rule: 'URI-reference' });
  const parts = split(ref);
  if (v.valid) return parts;
  const appendixC =
    parts.path === '' &&
    parts.authority === undefined &&
    (['scheme', 'query', 'fragment'] as const).every((k) => parts[k] === undefined || validate(parts[k]!, { spec, rule: k }).valid);
  return appendixC ? parts : { which: 'ref', ...v.error };
}

/**
 * Step 6 c) to g) on the buffer. The buffer's segments are what lies between its slashes; a
 * leading "/" is the root of an abs_path, not the end of a segment, so `/../g` stays.
 */
function removeDots(buffer: string): string {
  const root = buffer.startsWith('/') ? '/' : '';
  // c) to f) are RFC 1808 §4 step 6 a) to d), word for word: one implementation serves both.
  // g) Leading ".." segments that remain are an error the implementation may handle "by
  //    retaining these components in the resolved path": they are retained (Appendix C.2,
  //    ../../../g = http://a/../g).
  return root + step6(buffer.slice(root.length));
}

/**
 * Step 7, the pseudocode as printed. One addition: a path that does not begin with "/" after an
 * authority (a base whose path is empty, step 6 a) gets the "/" that separates them, since
 * `http://a` + `g` would otherwise read `http://ag` (RFC 3986 Appendix D.2: step 6a "failed to
 * account for a base URI with no path").
 */
function recombine(p: Parts): string {
  let result = '';
  if (p.scheme !== undefined) result += `${p.scheme}:`;
  if (p.authority !== undefined) result += `//${p.authority}`;
  if (p.authority !== undefined && p.path !== '' && !p.path.startsWith('/')) result += '/';
  result += p.path;
  if (p.query !== undefined) result += `?${p.query}`;
  if (p.fragment !== undefined) result += `#${p.fragment}`;
  return result;
}

/**
 * Resolves `ref` against `base` by RFC 2396 §5.2.
 *
 * @returns the target, or the error record of the input that cannot be resolved: a base must be
 * an absoluteURI in the hier_part form, with or without a fragment, which is not used (§4: "the
 * URI" of a reference "includes only the absolute URI after the fragment identifier (if any) is
 * removed"; §5: "relative URI cannot be used within a document that has an unsuitable base
 * URI"); a reference must be a URI-reference, or one of Appendix C's empty-path references
 * (`?y`).
 * @example
 * ```ts
 * import { resolve2396 } from './rfc2396.js';
 * resolve2396('http://a/b/c/d;p?q', '?y');          // 'http://a/b/c/?y'
 * resolve2396('http://a/b/c/d;p?q', '../../../g');  // 'http://a/../g'
 * resolve2396('http://a/b/c/d;p?q', 'http:g');      // 'http:g'
 * const r = resolve2396('mailto:x', 'y');
 * typeof r === 'string' ? r : r.which;              // 'base': an absoluteURI > opaque_part
 * ```
 */
export function resolve2396(base: string, ref: string): string | ResolveError {
  const out = run2396(eraDefining('RFC 2396 §5.2'), base, ref);
  return isError(out) ? out : out.target;
}

/** The four components and the fragment by name, for the re-parse check (the path as step 7 writes it). */
function named(p: Parts): Record<string, string | undefined> {
  const slash = p.authority !== undefined && p.path !== '' && !p.path.startsWith('/') ? '/' : '';
  return { scheme: p.scheme, authority: p.authority, path: slash + p.path || undefined, query: p.query, fragment: p.fragment };
}

/** §5.2 on two strings: the target, the base used, and a warning if the target reads back otherwise. */
export function run2396(spec: string, base: string, ref: string): Outcome | ResolveError {
  // The base URI is established by the caller (§5.1) and "parsed into the four main components
  // as described in Section 3"; "the base URI's query component is not used". Its fragment is
  // not part of it (§4), and §5 wants its hier_part: "Documents can only make use of relative
  // URI when their base URI fits within the <hier_part> syntax."
  const b = parseAs(spec, base, 'URI-reference', 'base');
  if (isError(b)) return b;
  if (!hasRule(b.tree, 'absoluteURI') || !hasRule(b.tree, 'hier_part')) {
    return unsuitable(base, 'base', b.tree, FORMS, {
      rule: 'hier_part',
      section: '5.2',
      citation: 'RFC 2396 §5.2',
      because: hasRule(b.tree, 'absoluteURI')
        ? '§5: "Documents can only make use of relative URI when their base URI fits within the <hier_part> syntax"'
        : 'a base with a scheme: "only the scheme component is required to be present in the base URI"',
    });
  }
  const hash = base.indexOf('#');
  const baseUsed = hash >= 0 ? base.slice(0, hash) : undefined;
  const B = split(baseUsed ?? base);

  // Step 1: the reference is parsed into the potential four components and fragment (§4.3).
  const R = checkRef(spec, ref);
  if ('which' in R) return R;
  const used = baseUsed !== undefined ? { baseUsed } : {};
  const done = (T: Parts): Outcome => {
    const target = recombine(T);
    const warning = reparseWarning(named(T), named(split(target)), {
      section: 'RFC 2396 §3.2',
      words: 'the authority "is preceded by a double slash "//""',
    });
    return { target, ...used, ...(warning ? { warning } : {}) };
  };

  // Step 2: an empty path with scheme, authority and query undefined is a reference to the
  // current document (the base, with the reference's fragment if any). Otherwise the query and
  // fragment are the reference's, "not inherited from the base URI".
  if (R.path === '' && R.scheme === undefined && R.authority === undefined && R.query === undefined) {
    return { target: (baseUsed ?? base) + (R.fragment !== undefined ? `#${R.fragment}` : ''), ...used };
  }
  const T: Parts = { ...R };

  // Step 3: a reference with a scheme is an absolute URI; otherwise it inherits the base's.
  if (R.scheme !== undefined) return { target: ref, ...used };
  T.scheme = B.scheme;

  // Step 4: a defined authority makes it a network-path: skip to step 7. Otherwise the base's
  // authority (undefined if the base has none).
  if (R.authority !== undefined) return done(T);
  T.authority = B.authority;

  // Step 5: a path beginning with "/" is an absolute-path: skip to step 7.
  if (R.path.startsWith('/')) return done(T);

  // Step 6: a relative-path, merged with the base path in a buffer.
  // a) all but the last segment of the base path: everything after its last "/" is excluded;
  // b) the reference's path is appended;
  // c) to g) (removeDots); h) the remaining buffer is the new path.
  T.path = removeDots(B.path.slice(0, B.path.lastIndexOf('/') + 1) + R.path);

  // Step 7: the components are recombined.
  return done(T);
}
