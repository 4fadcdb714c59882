// RFC 1808 §4, "Resolving Relative URLs", steps 1 to 7, over the components of §2.4.
//
// The components come from the grammar of §2.2 (parse.ts), and they are the ones §2.4's parse
// order gives: fragment first (left-most "#": `fragment` cannot hold "#"), then scheme,
// net_loc (up to the next "/": `net_loc` holds no "/"), query (left-most "?": neither `path`
// nor `params` hold "?"), params (left-most ";": `path` holds no ";"), and the path that is
// left, with the slash that may precede it remembered (§2.4.6) as the `abs_path` it stands in.
// §2.4 calls a component empty "if the [delimiter] is the last character, or no [delimiter] is
// present": empty and absent are one value here, as in the text.

import { hasRule } from '../parse.js';
import { isError, parseAs, requireRule, type ResolveError } from './common.js';

const SPEC = 'rfc1808';

/** The parts of a URL as §2.1 names them, with §2.4.6's remembered slash. */
export interface Parts {
  scheme: string;
  /** Undefined when no "//" began the parse string. */
  netLoc: string | undefined;
  slash: boolean;
  path: string;
  params: string;
  query: string;
  fragment: string;
}

/**
 * §4 step 6 a) to d), on the merged path (which has no leading slash: §2.4.6). The 1996 draft's
 * §6 step 6 is the same text, word for word, and uses this too.
 */
export function step6(path: string): string {
  let s = path.split('/');
  // a) All occurrences of "./", where "." is a complete path segment, are removed.
  s = s.filter((seg, i) => !(seg === '.' && i < s.length - 1));
  // b) If the path ends with "." as a complete path segment, that "." is removed.
  if (s[s.length - 1] === '.') s[s.length - 1] = '';
  // c) All occurrences of "<segment>/../", where <segment> is a complete path segment not equal
  //    to "..", are removed, iteratively, the leftmost matching pattern on each iteration.
  for (;;) {
    const i = s.findIndex((seg, k) => seg !== '..' && s[k + 1] === '..' && k + 2 < s.length);
    if (i < 0) break;
    s.splice(i, 2);
  }
  // d) If the path ends with "<segment>/..", where <segment> is a complete path segment not
  //    equal to "..", that "<segment>/.." is removed.
  const n = s.length;
  if (n >= 2 && s[n - 1] === '..' && s[n - 2] !== '..') s.splice(n - 2, 2, '');
  return s.join('/');
}

/** Everything left of the path after §4 step 6's removal of the base's last segment. */
function withoutLastSegment(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1);
}

function partsOf(c: Record<string, string>, slash: boolean): Parts {
  return {
    scheme: c.scheme ?? '',
    netLoc: c.net_loc,
    slash,
    path: c.path ?? '',
    params: c.params ?? '',
    query: c.query ?? '',
    fragment: c.fragment ?? '',
  };
}

/**
 * Step 7: "The resulting URL components ... are recombined". A net_loc is followed only by an
 * abs_path (§2.2 `net_path = "//" net_loc [ abs_path ]`), so whatever comes after it starts
 * with that slash: `http://a` and `?y` give `http://a/?y`, since `http://a?y` would read the
 * query as part of the net_loc.
 */
export function recombine(p: Parts): string {
  let out = p.scheme === '' ? '' : `${p.scheme}:`;
  if (p.netLoc !== undefined) out += `//${p.netLoc}`;
  const rest = p.path + (p.params ? `;${p.params}` : '') + (p.query ? `?${p.query}` : '');
  if (p.slash || (p.netLoc !== undefined && rest !== '')) out += '/';
  out += rest;
  if (p.fragment) out += `#${p.fragment}`;
  return out;
}

/**
 * Resolves `ref` against `base` by RFC 1808 §4.
 *
 * @returns the target, or the error record of the input that is not a URL of §2.2 (a base
 * must moreover be absolute and a generic-RL).
 * @example
 * ```ts
 * import { resolve1808 } from 'urispec';
 * resolve1808('http://a/b/c/d;p?q#f', '?y');  // 'http://a/b/c/d;p?y'
 * resolve1808('http://a/b/c/d;p?q#f', ';x');  // 'http://a/b/c/d;x'
 * ```
 */
export function resolve1808(base: string, ref: string): string | ResolveError {
  // Step 1: the base is established (§3) by the caller; it is never empty here, since it
  // must be an absolute URL.
  // Step 2: both are parsed into their component parts (§2.4).
  const b = parseAs(SPEC, base, 'URL', 'base');
  if (isError(b)) return b;
  const notAbsolute = requireRule(SPEC, base, b, 'absoluteURL', 'base') ?? requireRule(SPEC, base, b, 'generic-RL', 'base');
  if (notAbsolute) return notAbsolute;
  const r = parseAs(SPEC, ref, 'URL', 'ref');
  if (isError(r)) return r;

  // a) An entirely empty embedded URL inherits the entire base URL.
  if (ref === '') return base;
  // b) An embedded URL that starts with a scheme name is absolute.
  if (r.c.scheme !== undefined) return ref;
  // §2.4.6: whether the path was preceded by a slash is whether the parse went through abs_path.
  const B = partsOf(b.c, hasRule(b.tree, 'abs_path'));
  const R = partsOf(r.c, hasRule(r.tree, 'abs_path'));
  // c) Otherwise it inherits the scheme of the base URL.
  const T: Parts = { ...R, scheme: B.scheme };

  // Step 3: a non-empty net_loc skips to step 7; otherwise the base's net_loc (if any).
  if (R.netLoc) return recombine(T);
  T.netLoc = B.netLoc;

  // Step 4: a path preceded by a slash is not relative.
  if (R.slash) return recombine(T);

  // Step 5: an empty path (not preceded by a slash) inherits the base URL path, and
  if (R.path === '') {
    T.path = B.path;
    T.slash = B.slash;
    // a) a non-empty params skips to step 7; otherwise the base's params (if any), and
    if (R.params) return recombine(T);
    T.params = B.params;
    // b) a non-empty query skips to step 7; otherwise the base's query (if any); step 7.
    if (R.query) return recombine(T);
    T.query = B.query;
    return recombine(T);
  }

  // Step 6: the base path's last segment is replaced by the embedded path, then a) to d).
  T.path = step6(withoutLastSegment(B.path) + R.path);
  T.slash = B.slash;
  // Step 7: recombined.
  return recombine(T);
}
