// draft-fielding-url-syntax-01 (seed 000) §6, "Resolving Relative URLs", steps 1 to 7, over the
// components of §4 as the draft's text parses them.
//
// Step 2 parses base and reference "into their component parts as described in Section 4". That
// section's text, not its grammar, is the parse (contract, "Resolution"): the grammar cannot
// derive `//server?query` (`server` holds no "?", and `net_path = "//" server [ abs_path ]` has
// no query), so `http://g?x` is, to the grammar, a rel_path `//g` with the query `x`, and a
// derivation-based split would move a relative reference to another host. The text parses
// "from the outside-in: fragment, scheme, server, query, and then path" (§4.3):
//   §3     the fragment: after the first (left-most) "#";
//   §4.1   the scheme: up to the first ":", when that colon comes "after the first character and
//          before any characters not allowed as part of a scheme name";
//   §4.3.1 the server: after a leading "//", "up to, but not including, the next slash";
//   §4.3.3 the query: after the first (left-most) "?" of what remains;
//   §4.3.2 the path, with the slash that may precede it remembered.
// A "?" between the "//" and the next "/" is part of the server, as the text reads (§4.3.1: the
// server "is terminated by the next slash "/" or by the end of the URL"; RFC 1808 §2.4.3, from
// which it is taken, reads the same, and RFC 2396 §3.2 later added "question-mark"):
// docs/decisions.md, "rfc2396-draft", decision 14. The draft calls the fragment and the query
// empty when their delimiter is the last character or absent (§3, §4.3.3): one value here.
//
// The base's fragment is not part of it: §3, "the URL" which results from a reference "includes
// only the absolute URL after the fragment identifier (if any) is removed".
//
// Appendix C prints three rows that §6 does not give: `?y` (C.1 prints http://a/b/c/?y; by
// step 5 the empty path inherits the base path, so http://a/b/c/d;p?y), `g?y/./x` and
// `g?y/../x` (C.2 prints http://a/b/c/g?y/x and http://a/b/c/x; the query is separated (§4.3.3)
// before step 6 touches the path, so http://a/b/c/g?y/./x and http://a/b/c/g?y/../x). §6
// governs: docs/decisions.md, "Components, resolution and normalization (every era)".

import { validate } from '../validate.js';
import { explain } from '../explain.js';
import { eraDefining, reparseWarning, unsuitable, type Forms, type Outcome, type ResolveError } from './common.js';
import { step6 } from './rfc1808.js';

/** The rules that give a URL-reference its form (§3, §4.2). */
const FORMS: Forms = {
  rules: new Set(['URL-reference', 'absoluteURL', 'relativeURL', 'generic-URL', 'opaque-URL', 'net_path', 'abs_path', 'rel_path']),
  last: new Set(['opaque-URL', 'net_path', 'abs_path', 'rel_path']),
};

/** The components of §4.3, with §4.3.2's remembered slash; `scheme` and `server` may be absent. */
export interface DraftParts {
  scheme: string | undefined;
  server: string | undefined;
  slash: boolean;
  path: string;
  query: string;
  fragment: string;
}

/**
 * §3 and §4: a URL reference parsed "from the outside-in: fragment, scheme, server, query, and
 * then path", by the text's own words.
 *
 * @example
 * ```ts
 * import { parseDraft } from './rfc2396-draft.js';
 * parseDraft('http://g?x/a#f'); // { scheme: 'http', server: 'g?x', slash: true, path: 'a', query: '', fragment: 'f' }
 * ```
 */
export function parseDraft(reference: string): DraftParts {
  let rest = reference;
  // §3: "the substring after the first (left-most) crosshatch and up to the end of the
  // reference is the fragment identifier".
  let fragment = '';
  const hash = rest.indexOf('#');
  if (hash >= 0) [rest, fragment] = [rest.slice(0, hash), rest.slice(hash + 1)];
  // §4.1: "a colon ":" after the first character and before any characters not allowed as part
  // of a scheme name" (letters of either case: "programs ... should treat upper case letters as
  // equivalent to lower case").
  let scheme: string | undefined;
  const m = /^[A-Za-z0-9+.-]+:/.exec(rest);
  if (m) [scheme, rest] = [m[0].slice(0, -1), rest.slice(m[0].length)];
  // §4.3.1: "If the remaining reference begins with a double-slash "//", then the substring of
  // characters after the double-slash and up to, but not including, the next slash "/"
  // character is the server component".
  let server: string | undefined;
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    const end = slash < 0 ? rest.length : slash;
    [server, rest] = [rest.slice(2, end), rest.slice(end)];
  }
  // §4.3.3: "the substring after the first (left-most) question mark".
  let query = '';
  const q = rest.indexOf('?');
  if (q >= 0) [rest, query] = [rest.slice(0, q), rest.slice(q + 1)];
  // §4.3.2: "The remaining reference is the URL path and the slash "/" that might precede it."
  const slash = rest.startsWith('/');
  return { scheme, server, slash, path: slash ? rest.slice(1) : rest, query, fragment };
}

/**
 * Step 7: "The resulting URL components ... are recombined". A server is followed only by an
 * abs_path (§4.2 `net_path = "//" server [ abs_path ]`), so anything after it starts with that
 * slash (`//a?y` would put the query into the server, §4.3.1).
 */
export function recombineDraft(p: DraftParts): string {
  let out = p.scheme === undefined ? '' : `${p.scheme}:`;
  if (p.server !== undefined) out += `//${p.server}`;
  const rest = p.path + (p.query ? `?${p.query}` : '');
  if (p.slash || (p.server !== undefined && rest !== '')) out += '/';
  out += rest;
  if (p.fragment) out += `#${p.fragment}`;
  return out;
}

/**
 * The parts as named components, for the re-parse check (empty ones left out, as in §3), the
 * path with the slash that recombination writes before it (step 7: always after a server).
 */
function named(p: DraftParts): Record<string, string | undefined> {
  const slash = p.slash || (p.server !== undefined && (p.path !== '' || p.query !== ''));
  return {
    scheme: p.scheme,
    server: p.server,
    path: (slash ? '/' : '') + p.path || undefined,
    query: p.query || undefined,
    fragment: p.fragment || undefined,
  };
}

/** The input validated as a URL-reference (the grammar decides validity, §4 the parts). */
function valid(spec: string, input: string, which: 'base' | 'ref'): ResolveError | null {
  const v = validate(input, { spec, rule: 'URL-reference' });
  return v.valid ? null : { which, ...v.error };
}

/**
 * An input refused for having no scheme: a base (§6 step 2 c and §4.2 want an absolute base
 * URL), or a reference against the empty base (step 1: it "is interpreted as an absolute URL").
 */
function notAbsolute(spec: string, input: string, which: 'base' | 'ref' = 'base'): ResolveError {
  const x = explain(input, { spec, rule: 'URL-reference' });
  return unsuitable(input, which, x.tree!, FORMS, {
    rule: 'absoluteURL',
    section: '6',
    citation: 'draft-fielding-url-syntax-01 §6',
    because:
      which === 'base'
        ? 'step 2 c: the reference "inherits the scheme of the base URL"; §4.1 finds no scheme in this base'
        : 'step 1: "If the base URL is the empty string (unknown), the URL reference is interpreted as an absolute URL"; §4.1 finds no scheme in it',
  });
}

/** §6 on two strings: the target, the base used, and a warning if the target reads back otherwise. */
export function runDraft(spec: string, base: string, ref: string): Outcome | ResolveError {
  // Step 1: the base URL is established (§5) by the caller. "If the base URL is the empty
  // string (unknown), the URL reference is interpreted as an absolute URL and we are done": the
  // reference as it is, when it has a scheme (§4.1); a relative one cannot be read so, and §5.4
  // has "all URL references within that document ... assumed to be absolute URLs", so it has no
  // target (docs/decisions.md, "An empty base").
  const badRef = valid(spec, ref, 'ref');
  if (base === '') return badRef ?? (parseDraft(ref).scheme !== undefined ? { target: ref } : notAbsolute(spec, ref, 'ref'));
  const badBase = valid(spec, base, 'base');
  if (badBase) return badBase;
  if (badRef) return badRef;
  // Step 2: both are parsed into their component parts (§4); the base without its fragment (§3).
  const B = parseDraft(base);
  if (B.scheme === undefined) return notAbsolute(spec, base);
  const hash = base.indexOf('#');
  const baseUsed = hash >= 0 ? base.slice(0, hash) : undefined;
  const used = baseUsed ?? base;
  B.fragment = '';
  const R = parseDraft(ref);
  const done = (T: DraftParts): Outcome => {
    const target = recombineDraft(T);
    const warning = reparseWarning(named(T), named(parseDraft(target)), {
      section: 'draft-fielding-url-syntax-01 §4.3.1',
      words: 'the server "is preceded by a double slash "//" and is terminated by the next slash"',
    });
    return { target, ...(baseUsed !== undefined ? { baseUsed } : {}), ...(warning ? { warning } : {}) };
  };

  // a) "If the URL reference is entirely empty, or consists only of a fragment identifier, it
  //    is interpreted as a reference to the current document": the base, without its own
  //    fragment (§3), with the reference's. "Entirely empty" is the string, as RFC 1808 §4 step
  //    2 a) words it: `?` is not, and goes on to step 5, whose empty query inherits the base's,
  //    and to step 7, which writes no "?" before an empty query (docs/decisions.md, "Step 2 a:
  //    the current document").
  if (ref === '' || ref.startsWith('#')) {
    return { target: used + (R.fragment ? `#${R.fragment}` : ''), ...(baseUsed !== undefined ? { baseUsed } : {}) };
  }
  // b) A reference that starts with a scheme name is an absolute URL.
  if (R.scheme !== undefined) return { target: ref, ...(baseUsed !== undefined ? { baseUsed } : {}) };
  // c) Otherwise it inherits the scheme of the base URL.
  const T: DraftParts = { ...R, scheme: B.scheme };

  // Step 3: a non-empty server skips to step 7; otherwise the base's server (if any). "If the
  // base URL's has no <server> component, then neither does the relative reference."
  if (R.server) return done(T);
  T.server = B.server;

  // Step 4: a path preceded by a slash is not relative.
  if (R.slash) return done(T);

  // Step 5: an empty path (not preceded by a slash) inherits the base URL path; a non-empty
  // query skips to step 7, otherwise the base's query (if any); step 7.
  if (R.path === '') {
    T.path = B.path;
    T.slash = B.slash;
    if (!R.query) T.query = B.query;
    return done(T);
  }

  // Step 6: the base path's last segment is replaced by the reference's path, then a) to d),
  // the same text as RFC 1808 §4 step 6.
  T.path = step6(B.path.slice(0, B.path.lastIndexOf('/') + 1) + R.path);
  T.slash = B.slash;
  // Step 7: recombined.
  return done(T);
}

/**
 * Resolves `ref` against `base` by the 1996 draft's §6 (seed 000, spec id `rfc2396-draft`),
 * over the parts its §4 text gives.
 *
 * @returns the target, or the error record of the input that cannot be resolved: one that is
 * not a URL-reference, or a base without a scheme (§4.2: "relative URLs cannot be used within
 * documents that have unsuitable base URLs").
 * @example
 * ```ts
 * import { resolve2396Draft } from 'urispec';
 * resolve2396Draft('http://a/b/c/d;p?q', '?y');  // 'http://a/b/c/d;p?y' (§6; Appendix C prints http://a/b/c/?y)
 * resolve2396Draft('http://a/b/c/d;p?q', ';x');  // 'http://a/b/c/;x'
 * resolve2396Draft('http://g?x', 'a');           // 'http://g?x/a' (§4.3.1: the server is "g?x")
 * ```
 */
export function resolve2396Draft(base: string, ref: string): string | ResolveError {
  const out = runDraft(eraDefining('draft-fielding-url-syntax-01 §6'), base, ref);
  return 'which' in out ? out : out.target;
}
