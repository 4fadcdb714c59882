// draft-ietf-uri-relative-url-01 §4, "Resolving Relative URLs", steps 1 to 8, over the
// components of §2.4 and the scheme categories of §2.3.
//
// Unlike RFC 1808's, this draft's grammar (§2.2) cannot give the components: `pchar` holds "?"
// and "#", so `path` alone derives every string of the grammar, and §2.2 says so itself: "this
// BNF is not sufficient to completely specify the allowed syntax within any given context.
// Section 2.4 describes a context-sensitive parsing algorithm which disambiguates the grammar."
// The inputs are validated by the grammar (relativeURL; the base also as absoluteURL), then
// split by §2.4's parse order, which is a string algorithm and depends on the scheme:
//   2.4.1 the scheme: up to the first ":", if that colon comes "after the first character and
//         before any characters not allowed as part of a scheme name";
//   2.4.2 the fragment, only for Uses-Fragment schemes: after the RIGHT-most "#";
//   2.4.3 the net_loc, only for Uses-Netloc schemes: after a leading "//", up to the next "/";
//   2.4.4 the query, only for Uses-Query schemes: after the left-most "?";
//   2.4.5 the params, only for Uses-Params schemes: after the left-most ";";
//   2.4.6 the path, with the slash that may precede it remembered.
// An embedded URL without a scheme is parsed with the categories of the scheme it inherits
// (§4 step 3 b): without a scheme, §2.4 would skip every step and leave it all a path.
// A scheme outside the ten of §2.3 is a member of no set (the sets are printed as lists;
// §2.3 only recommends that new schemes declare their membership). Scheme names are compared
// ignoring case. §2.4 calls a component empty "if the [delimiter] is the last character, or no
// [delimiter] is present": empty and absent are one value here, as in the text.

import { hasRule } from '../parse.js';
import { eraDefining, isError, parseAs, reparseWarning, unsuitable, type Forms, type Outcome, type ResolveError } from './common.js';
import { named, recombine, type Parts } from './rfc1808.js';

/** The rules that give a relativeURL its form (§2.2). */
const FORMS: Forms = {
  rules: new Set(['relativeURL', 'absoluteURL', 'location', 'abs_path', 'rel_path']),
  last: new Set(['location', 'abs_path', 'rel_path']),
};

/** §2.3.1 to §2.3.5, as printed (the summary table of §2.3.6 agrees). */
const USES_NETLOC = new Set(['ftp', 'http', 'gopher', 'nntp', 'telnet', 'wais', 'file', 'prospero']);
const NON_HIERARCHICAL = new Set(['gopher', 'wais', 'mailto', 'news', 'telnet', 'prospero']);
const USES_PARAMS = new Set(['ftp', 'http', 'prospero']);
const USES_QUERY = new Set(['http', 'wais']);
const USES_FRAGMENT = new Set(['ftp', 'http', 'gopher', 'news', 'nntp', 'wais', 'file', 'prospero']);

// The parts of a URL as §2.1 names them, with §2.4.6's remembered slash: the same parts, and
// the same recombination (step 8 here, step 7 in RFC 1808, which grew out of this draft), as
// RFC 1808's. A base without a scheme is refused before recombination.

/** §2.4.1: the scheme and the parse string after its colon, or no scheme. */
function parseScheme(url: string): { scheme: string; rest: string } | undefined {
  const m = /^[A-Za-z0-9+.-]+:/.exec(url);
  return m ? { scheme: m[0].slice(0, -1), rest: url.slice(m[0].length) } : undefined;
}

/** §2.4.2 to §2.4.6 on the parse string after the scheme, with the categories of `scheme`. */
function parseRest(scheme: string, rest: string): Parts {
  const s = scheme.toLowerCase();
  let fragment = '';
  let netLoc: string | undefined;
  let query = '';
  let params = '';
  // 2.4.2: "the substring after the last (right-most) crosshatch".
  if (USES_FRAGMENT.has(s)) {
    const i = rest.lastIndexOf('#');
    if (i >= 0) [rest, fragment] = [rest.slice(0, i), rest.slice(i + 1)];
  }
  // 2.4.3: "after the double-slash and up to, but not including, the next slash".
  if (USES_NETLOC.has(s) && rest.startsWith('//')) {
    const i = rest.indexOf('/', 2);
    const end = i < 0 ? rest.length : i;
    [netLoc, rest] = [rest.slice(2, end), rest.slice(end)];
  }
  // 2.4.4: "the substring after the first (left-most) question mark".
  if (USES_QUERY.has(s)) {
    const i = rest.indexOf('?');
    if (i >= 0) [rest, query] = [rest.slice(0, i), rest.slice(i + 1)];
  }
  // 2.4.5: "the substring after the first (left-most) semicolon".
  if (USES_PARAMS.has(s)) {
    const i = rest.indexOf(';');
    if (i >= 0) [rest, params] = [rest.slice(0, i), rest.slice(i + 1)];
  }
  // 2.4.6: "the URL path and the slash "/" that may precede it".
  const slash = rest.startsWith('/');
  return { scheme, netLoc, slash, path: slash ? rest.slice(1) : rest, params, query, fragment };
}

/**
 * §4 step 7 a) to d), on the merged path. §2.3.2: only "for schemes not in the
 * Non-Hierarchical set" do "the complete path segments ".." and "." have a significance".
 * Unlike RFC 1808 ("<segment> is a complete path segment not equal to ".."), this draft's c)
 * and d) name any complete segment, ".." included.
 */
function step7(path: string): string {
  let s = path.split('/');
  // a) All occurrences of "./", where "." is a complete path segment, are removed.
  s = s.filter((seg, i) => !(seg === '.' && i < s.length - 1));
  // b) If the URL path ends with "." as a complete path segment, that "." is removed.
  if (s[s.length - 1] === '.') s[s.length - 1] = '';
  // c) All occurrences of "<segment>/../", where <segment> and ".." are complete path segments,
  //    are removed, iteratively, the leftmost matching pattern on each iteration.
  for (;;) {
    const i = s.findIndex((_seg, k) => s[k + 1] === '..' && k + 2 < s.length);
    if (i < 0) break;
    s.splice(i, 2);
  }
  // d) If the URL path ends with "<segment>/..", that "<segment>/.." is removed.
  const n = s.length;
  if (n >= 2 && s[n - 1] === '..') s.splice(n - 2, 2, '');
  return s.join('/');
}


/** The parts of an absolute URL by §2.4 (its scheme found by §2.4.1). */
function parseAbsolute(url: string): Parts | undefined {
  const s = parseScheme(url);
  return s ? parseRest(s.scheme, s.rest) : undefined;
}

/** §4 on two strings: the target, the base used, and a warning if the target reads back otherwise. */
export function runRelativeUrl01(spec: string, base: string, ref: string): Outcome | ResolveError {
  const r = parseAs(spec, ref, 'relativeURL', 'ref');
  if (isError(r)) return r;
  // Step 1: the base URL is established (§3) by the caller.
  // Step 2: "If the base URL is the empty string (unknown), the embedded URL is interpreted as
  // an absolute URL and we are done": the embedded URL as it is, when §2.4.1 finds a scheme in
  // it; a relative one cannot be read so, and §3.4 has "all embedded URLs within that document
  // ... interpreted as absolute", so it has no target (docs/decisions.md, "An empty base").
  if (base === '') {
    if (parseScheme(ref)) return { target: ref };
    return unsuitable(ref, 'ref', r.tree, FORMS, {
      rule: 'absoluteURL',
      section: '4',
      citation: 'draft-ietf-uri-relative-url-01 §4',
      because: 'step 2: "If the base URL is the empty string (unknown), the embedded URL is interpreted as an absolute URL"; §2.4.1 finds no scheme in it',
    });
  }
  const b = parseAs(spec, base, 'relativeURL', 'base');
  if (isError(b)) return b;
  // Step 3: both are parsed into their component parts (§2.4). The base must have a scheme
  // (§2.4.1): the grammar's absoluteURL, whose scheme is §2.4.1's (`1*[ x ]` is `1*( x )`).
  const B = parseAbsolute(base);
  if (!B || !hasRule(b.tree, 'absoluteURL')) {
    return unsuitable(base, 'base', b.tree, FORMS, {
      rule: 'absoluteURL',
      section: '4',
      citation: 'draft-ietf-uri-relative-url-01 §4',
      because: 'step 3 b): the embedded URL "inherits the scheme of the base URL"; §2.4.1 finds none in this base',
    });
  }
  // The base's fragment, split off by §2.4.2 for a Uses-Fragment scheme, "is not considered part
  // of the URL", and "Fragment identifiers are never inherited from the base URL" (§4).
  const hash = USES_FRAGMENT.has(B.scheme.toLowerCase()) ? base.lastIndexOf('#') : -1;
  const baseUsed = hash >= 0 ? base.slice(0, hash) : undefined;
  B.fragment = '';
  const used = baseUsed !== undefined ? { baseUsed } : {};
  // a) If the embedded URL starts with a scheme name, it is absolute and we are done.
  if (parseScheme(ref)) return { target: ref, ...used };
  // b) Otherwise, the embedded URL inherits the scheme of the base URL (and is parsed with
  //    that scheme's categories).
  const T = parseRest(B.scheme, ref);
  const s = B.scheme.toLowerCase();
  const done = (): Outcome => {
    const target = recombine(T);
    const back = parseAbsolute(target);
    const warning = back
      ? reparseWarning(named(T), named(back), {
          section: 'draft-ietf-uri-relative-url-01 §2.4.3',
          words: 'the net_loc is what follows a "//" "up to, but not including, the next slash"',
          fragment: { section: 'draft-ietf-uri-relative-url-01 §2.4.2', words: 'the fragment is "the substring after the last (right-most) crosshatch"' },
        })
      : undefined;
    return { target, ...used, ...(warning ? { warning } : {}) };
  };

  // Step 4: if the scheme is a member of the Uses-Netloc set, then
  if (USES_NETLOC.has(s)) {
    // a) if the embedded URL's <net_loc> is non-empty, we skip to step 8;
    if (T.netLoc !== undefined && T.netLoc !== '') return done();
    // b) otherwise, the embedded URL inherits the <net_loc> of the base URL. A base without
    //    one has none to give, and the embedded URL's own empty "//" stays (`//` against
    //    `ftp:x` gives `ftp://`): docs/decisions.md, "draft-ietf-uri-relative-url-01",
    //    decision 10.
    T.netLoc = B.netLoc ?? T.netLoc;
  }

  // Step 5: if the embedded URL path is preceded by a slash "/", we skip to step 8.
  if (T.slash) return done();

  // Step 6: if the embedded URL path is empty (and not preceded by a slash), then
  if (T.path === '') {
    // a) the embedded URL inherits the base URL path; and,
    T.path = B.path;
    T.slash = B.slash;
    // b) if the embedded URL's <params> is empty, it inherits the base's (if any); and,
    if (T.params === '') T.params = B.params;
    // c) if the embedded URL's <query> is empty, it inherits the base's (if any); and,
    if (T.query === '') T.query = B.query;
    // d) we skip to step 8.
    return done();
  }

  // Step 7: the last segment of the base path ("anything following the rightmost slash "/", or
  // the entire path if no slash is present") is replaced by the embedded path; then a) to d),
  // for hierarchical schemes (§2.3.2).
  const merged = B.path.slice(0, B.path.lastIndexOf('/') + 1) + T.path;
  T.path = NON_HIERARCHICAL.has(s) ? merged : step7(merged);
  T.slash = B.slash;
  // Step 8: the resulting components are recombined.
  return done();
}

/**
 * Resolves `ref` against `base` by draft-ietf-uri-relative-url-01 §4.
 *
 * @returns the target, or the error record of the input that cannot be resolved: one that is
 * not a relativeURL of §2.2, or a base that is no absoluteURL (§2.4.1 finds no scheme in it).
 * @example
 * ```ts
 * import { resolveRelativeUrl01 } from './draft-ietf-uri-relative-url-01.js';
 * resolveRelativeUrl01('http://a/b/c/d', '../g');        // 'http://a/b/g'
 * resolveRelativeUrl01('http://a/b/c/d;p?q', ';x');      // 'http://a/b/c/d;x?q'
 * resolveRelativeUrl01('http://a/b/c/d', 'g#s#t');       // 'http://a/b/c/g#s#t'
 * ```
 */
export function resolveRelativeUrl01(base: string, ref: string): string | ResolveError {
  const out = runRelativeUrl01(eraDefining('draft-ietf-uri-relative-url-01 §4'), base, ref);
  return isError(out) ? out : out.target;
}
