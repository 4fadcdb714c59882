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
import { eraDefining, isError, parseAs, reparseWarning, unsuitable, type Forms, type Outcome, type Parsed, type ResolveError } from './common.js';

/** The rules that give a URL its form (§2.2). */
const FORMS: Forms = {
  rules: new Set(['URL', 'absoluteURL', 'relativeURL', 'generic-RL', 'net_path', 'abs_path', 'rel_path']),
  last: new Set(['net_path', 'abs_path', 'rel_path']),
};

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
 * The parts by name, for the re-parse check (empty ones left out: §2.4 calls them empty), the
 * path with the slash that recombination writes before it (step 7: always after a net_loc).
 */
export function named(p: Parts): Record<string, string | undefined> {
  const rest = p.path + (p.params ? `;${p.params}` : '') + (p.query ? `?${p.query}` : '');
  const slash = p.slash || (p.netLoc !== undefined && rest !== '');
  return {
    scheme: p.scheme || undefined,
    net_loc: p.netLoc,
    path: (slash ? '/' : '') + p.path || undefined,
    params: p.params || undefined,
    query: p.query || undefined,
    fragment: p.fragment || undefined,
  };
}

function partsOfParsed(x: Parsed): Parts {
  return partsOf(x.c, hasRule(x.tree, 'abs_path'));
}

/** Step 1 with an empty (unknown) base: the embedded URL if it is an absoluteURL, else why not. */
function asAbsolute(spec: string, ref: string): Outcome | ResolveError {
  const r = parseAs(spec, ref, 'URL', 'ref');
  if (isError(r)) return r;
  if (hasRule(r.tree, 'absoluteURL')) return { target: ref };
  return unsuitable(ref, 'ref', r.tree, FORMS, {
    rule: 'absoluteURL',
    section: '4',
    citation: 'RFC 1808 §4',
    because: 'step 1: "If the base URL is the empty string (unknown), the embedded URL is interpreted as an absolute URL"',
  });
}

/** §4 on two strings, read by the grammar of `spec`: the target, and a warning if it reads back otherwise. */
export function run1808(spec: string, base: string, ref: string): Outcome | ResolveError {
  // Step 1: the base is established (§3) by the caller. "If the base URL is the empty string
  // (unknown), the embedded URL is interpreted as an absolute URL and we are done": the target
  // is the embedded URL as it is, when it is one (absoluteURL, §2.2); a relative one cannot be
  // read so, and §3.4's default base assumes "all embedded URLs ... are absolute URLs", so it
  // has no target (docs/decisions.md, "An empty base").
  if (base === '') return asAbsolute(spec, ref);
  // Step 2: both are parsed into their component parts (§2.4). §2.2: "This BNF also describes
  // the generic-RL syntax for valid base URLs"; a base of the other absoluteURL form has no
  // parts to resolve against. The base keeps its fragment: §4 step 2 a) hands it to an empty
  // embedded URL, and no other step reads it (§5 prints the base with one).
  const b = parseAs(spec, base, 'URL', 'base');
  if (isError(b)) return b;
  if (!hasRule(b.tree, 'absoluteURL') || !hasRule(b.tree, 'generic-RL')) {
    const absolute = hasRule(b.tree, 'absoluteURL');
    return unsuitable(base, 'base', b.tree, FORMS, {
      rule: absolute ? 'generic-RL' : 'absoluteURL',
      section: '4',
      citation: 'RFC 1808 §4',
      because: absolute
        ? '§2.2: "This BNF also describes the generic-RL syntax for valid base URLs"'
        : 'step 2 c): the embedded URL "inherits the scheme of the base URL"',
    });
  }
  const r = parseAs(spec, ref, 'URL', 'ref');
  if (isError(r)) return r;

  // a) An entirely empty embedded URL inherits the entire base URL.
  if (ref === '') return { target: base };
  // b) An embedded URL that starts with a scheme name is absolute.
  if (r.c.scheme !== undefined) return { target: ref };
  // §2.4.6: whether the path was preceded by a slash is whether the parse went through abs_path.
  const B = partsOfParsed(b);
  const R = partsOfParsed(r);
  // c) Otherwise it inherits the scheme of the base URL.
  const T: Parts = { ...R, scheme: B.scheme };
  const done = (): Outcome => {
    const target = recombine(T);
    const back = parseAs(spec, target, 'URL', 'ref');
    const warning = isError(back)
      ? undefined
      : reparseWarning(named(T), named(partsOfParsed(back)), {
          section: 'RFC 1808 §2.4.3',
          words: 'the net_loc is what follows a "//" "up to, but not including, the next slash"',
        });
    return { target, ...(warning ? { warning } : {}) };
  };

  // Step 3: a non-empty net_loc skips to step 7; otherwise the base's net_loc (if any).
  if (R.netLoc) return done();
  T.netLoc = B.netLoc;

  // Step 4: a path preceded by a slash is not relative.
  if (R.slash) return done();

  // Step 5: an empty path (not preceded by a slash) inherits the base URL path, and
  if (R.path === '') {
    T.path = B.path;
    T.slash = B.slash;
    // a) a non-empty params skips to step 7; otherwise the base's params (if any), and
    if (R.params) return done();
    T.params = B.params;
    // b) a non-empty query skips to step 7; otherwise the base's query (if any); step 7.
    if (R.query) return done();
    T.query = B.query;
    return done();
  }

  // Step 6: the base path's last segment is replaced by the embedded path, then a) to d).
  T.path = step6(withoutLastSegment(B.path) + R.path);
  T.slash = B.slash;
  // Step 7: recombined.
  return done();
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
 * resolve1808('http://a/b/c/d;p?q#f', '');    // 'http://a/b/c/d;p?q#f' (step 2 a)
 * ```
 */
export function resolve1808(base: string, ref: string): string | ResolveError {
  const out = run1808(eraDefining('RFC 1808 §4'), base, ref);
  return isError(out) ? out : out.target;
}
