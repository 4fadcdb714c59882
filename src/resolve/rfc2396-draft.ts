// draft-fielding-url-syntax-01 (seed 000) §6, "Resolving Relative URLs", steps 1 to 7, over the
// components of §4.
//
// The components come from the draft's grammar (parse.ts), and they are the ones §4's parse
// order gives ("from the outside-in: fragment, scheme, server, query, and then path", §4.3):
// `fragment` and `query` hold no "#", `server` no "/", `path` no "?". The path's parameters
// are part of its segments (§4.3.2: "not significant to the parsing of relative references"),
// and the slash before the path is remembered (§4.3.2) as the `abs_path` it stands in. The
// draft calls the fragment and the query empty when their delimiter is the last character or
// absent (§3, §4.3.3): one value here, as in the text.
//
// Appendix C prints three rows that §6 does not give: `?y` (C.1 prints http://a/b/c/?y; by
// step 5 the empty path inherits the base path, so http://a/b/c/d;p?y), `g?y/./x` and
// `g?y/../x` (C.2 prints http://a/b/c/g?y/x and http://a/b/c/x; the query is separated (§4.3.3)
// before step 6 touches the path, so http://a/b/c/g?y/./x and http://a/b/c/g?y/../x). §6
// governs: docs/decisions.md, "Components, resolution and normalization (every era)".

import { hasRule } from '../parse.js';
import { isError, parseAs, requireRule, type ResolveError } from './common.js';
import { step6 } from './rfc1808.js';

const SPEC = 'rfc2396-draft';

/** The components of §4.3, with §4.3.2's remembered slash. */
interface Parts {
  scheme: string;
  server: string | undefined;
  slash: boolean;
  path: string;
  query: string;
  fragment: string;
}

function partsOf(c: Record<string, string>, slash: boolean): Parts {
  return {
    scheme: c.scheme ?? '',
    server: c.server,
    slash,
    path: c.path ?? '',
    query: c.query ?? '',
    fragment: c.fragment ?? '',
  };
}

/**
 * Step 7: "The resulting URL components ... are recombined". A server is followed only by an
 * abs_path (§4.2 `net_path = "//" server [ abs_path ]`), so anything after it starts with that
 * slash (`//a?y` would be an abs_path whose path is `/a`).
 */
function recombine(p: Parts): string {
  let out = p.scheme === '' ? '' : `${p.scheme}:`;
  if (p.server !== undefined) out += `//${p.server}`;
  const rest = p.path + (p.query ? `?${p.query}` : '');
  if (p.slash || (p.server !== undefined && rest !== '')) out += '/';
  out += rest;
  if (p.fragment) out += `#${p.fragment}`;
  return out;
}

/**
 * Resolves `ref` against `base` by the 1996 draft's §6 (seed 000, spec id `rfc2396-draft`).
 *
 * @returns the target, or the error record of the input that is not a URL-reference (a base
 * must be an absoluteURL in its generic-URL form, §4.2: "relative URLs cannot be used within
 * documents that have unsuitable base URLs").
 * @example
 * ```ts
 * import { resolve2396Draft } from 'urispec';
 * resolve2396Draft('http://a/b/c/d;p?q', '?y');  // 'http://a/b/c/d;p?y' (§6; Appendix C prints http://a/b/c/?y)
 * resolve2396Draft('http://a/b/c/d;p?q', ';x');  // 'http://a/b/c/;x'
 * ```
 */
export function resolve2396Draft(base: string, ref: string): string | ResolveError {
  // Step 1: the base URL is established (§5) by the caller; it is never empty here, since it
  // must be an absolute URL.
  const b = parseAs(SPEC, base, 'absoluteURL', 'base');
  if (isError(b)) return b;
  const notGeneric = requireRule(SPEC, base, b, 'generic-URL', 'base');
  if (notGeneric) return notGeneric;
  // Step 2: both are parsed into their component parts (§4).
  const r = parseAs(SPEC, ref, 'URL-reference', 'ref');
  if (isError(r)) return r;
  const B = partsOf(b.c, hasRule(b.tree, 'abs_path'));
  const R = partsOf(r.c, hasRule(r.tree, 'abs_path'));

  // a) An entirely empty reference, or one of only a fragment, is the current document.
  if (Object.keys(r.c).every((k) => k === 'fragment' || (k === 'path' && R.path === '')) && !R.slash) {
    return base + (R.fragment ? `#${R.fragment}` : '');
  }
  // b) A reference that starts with a scheme name is an absolute URL.
  if (r.c.scheme !== undefined) return ref;
  // c) Otherwise it inherits the scheme of the base URL.
  const T: Parts = { ...R, scheme: B.scheme };

  // Step 3: a non-empty server skips to step 7; otherwise the base's server (if any).
  if (R.server) return recombine(T);
  T.server = B.server;

  // Step 4: a path preceded by a slash is not relative.
  if (R.slash) return recombine(T);

  // Step 5: an empty path (not preceded by a slash) inherits the base URL path; a non-empty
  // query skips to step 7, otherwise the base's query (if any); step 7.
  if (R.path === '') {
    T.path = B.path;
    T.slash = B.slash;
    if (R.query) return recombine(T);
    T.query = B.query;
    return recombine(T);
  }

  // Step 6: the base path's last segment is replaced by the reference's path, then a) to d),
  // the same text as RFC 1808 §4 step 6.
  T.path = step6(B.path.slice(0, B.path.lastIndexOf('/') + 1) + R.path);
  T.slash = B.slash;
  // Step 7: recombined.
  return recombine(T);
}
