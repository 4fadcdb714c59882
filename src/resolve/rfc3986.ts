// RFC 3986 §5.2, "Relative Resolution": §5.2.1 (pre-parse the base), §5.2.2 (transform
// references), §5.2.3 (merge paths), §5.2.4 (remove dot segments), and §5.3 (component
// recomposition). The components come from the grammar of Appendix A (parse.ts), which gives
// what §5.2.1 asks for: defined and empty are different (`?` is an empty query, RFC 3986 §5.2.1:
// "a component is undefined if its associated delimiter does not appear in the URI reference").

import { eraDefining, isError, parseAs, reparseWarning, unparsedWarning, unsuitable, type Forms, type Outcome, type ResolveError } from './common.js';
import { hasRule } from '../parse.js';

/** The rules that give a URI-reference its form (§4.1, §4.2, §3.3). */
const FORMS: Forms = {
  rules: new Set([
    'URI-reference', 'URI', 'relative-ref', 'hier-part', 'relative-part',
    'path-abempty', 'path-absolute', 'path-noscheme', 'path-rootless', 'path-empty',
  ]),
  last: new Set(['path-abempty', 'path-absolute', 'path-noscheme', 'path-rootless', 'path-empty']),
};

/** The five components of §5.2.1, `undefined` where the delimiter is absent. */
export interface Parts5 {
  scheme: string | undefined;
  authority: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

function partsOf(c: Record<string, string>): Parts5 {
  return { scheme: c.scheme, authority: c.authority, path: c.path ?? '', query: c.query, fragment: c.fragment };
}

/**
 * §5.2.4, the loop over the input buffer, step by step as printed (A to E).
 *
 * @example
 * ```ts
 * import { removeDotSegments } from 'urispec';
 * removeDotSegments('/a/b/c/./../../g');  // '/a/g'
 * removeDotSegments('mid/content=5/../6'); // 'mid/6'
 * ```
 */
export function removeDotSegments(path: string): string {
  // 1. The input buffer is initialized with the now-appended path components and the output
  //    buffer is initialized to the empty string.
  let input = path;
  let output = '';
  // 2. While the input buffer is not empty, loop as follows:
  while (input.length > 0) {
    if (input.startsWith('../')) {
      // A. If the input buffer begins with a prefix of "../" or "./", then remove that prefix.
      input = input.slice(3);
    } else if (input.startsWith('./')) {
      input = input.slice(2);
    } else if (input.startsWith('/./')) {
      // B. if the input buffer begins with a prefix of "/./" or "/.", where "." is a complete
      //    path segment, then replace that prefix with "/";
      input = input.slice(2);
    } else if (input === '/.') {
      input = '/';
    } else if (input.startsWith('/../')) {
      // C. if the input buffer begins with a prefix of "/../" or "/..", where ".." is a
      //    complete path segment, then replace that prefix with "/" and remove the last segment
      //    and its preceding "/" (if any) from the output buffer;
      input = input.slice(3);
      output = output.slice(0, Math.max(0, output.lastIndexOf('/')));
    } else if (input === '/..') {
      input = '/';
      output = output.slice(0, Math.max(0, output.lastIndexOf('/')));
    } else if (input === '.' || input === '..') {
      // D. if the input buffer consists only of "." or "..", then remove that from the input
      //    buffer;
      input = '';
    } else {
      // E. move the first path segment in the input buffer to the end of the output buffer,
      //    including the initial "/" character (if any) and any subsequent characters up to,
      //    but not including, the next "/" character or the end of the input buffer.
      const next = input.indexOf('/', input.startsWith('/') ? 1 : 0);
      const end = next < 0 ? input.length : next;
      output += input.slice(0, end);
      input = input.slice(end);
    }
  }
  // 3. Finally, the output buffer is returned as the result of remove_dot_segments.
  return output;
}

/** §5.2.3: merge the reference's path with the base's. */
function merge(base: Parts5, refPath: string): string {
  // If the base URI has a defined authority component and an empty path, then return a string
  // consisting of "/" concatenated with the reference's path; otherwise,
  if (base.authority !== undefined && base.path === '') return `/${refPath}`;
  // return a string consisting of the reference's path component appended to all but the last
  // segment of the base URI's path (i.e., excluding any characters after the right-most "/" in
  // the base URI path, or excluding the entire base URI path if it does not contain any "/").
  return base.path.slice(0, base.path.lastIndexOf('/') + 1) + refPath;
}

/**
 * §5.3, component recomposition.
 *
 * @example
 * ```ts
 * import { recompose } from 'urispec';
 * recompose({ scheme: 'http', authority: 'a', path: '/b', query: '', fragment: undefined }); // 'http://a/b?'
 * ```
 */
export function recompose(T: Parts5): string {
  let result = '';
  if (T.scheme !== undefined) result += `${T.scheme}:`;
  if (T.authority !== undefined) result += `//${T.authority}`;
  result += T.path;
  if (T.query !== undefined) result += `?${T.query}`;
  if (T.fragment !== undefined) result += `#${T.fragment}`;
  return result;
}

/** §5.2.2, the pseudocode, on parsed components: R the reference, Base the base. */
export function transformReferences(R: Parts5, Base: Parts5, strict: boolean): Parts5 {
  const T: Parts5 = { scheme: undefined, authority: undefined, path: '', query: undefined, fragment: undefined };
  // -- A non-strict parser may ignore a scheme in the reference if it is identical to the base
  //    URI's scheme (schemes are case-insensitive, §3.1).
  let scheme = R.scheme;
  if (!strict && scheme !== undefined && scheme.toLowerCase() === Base.scheme?.toLowerCase()) scheme = undefined;
  if (scheme !== undefined) {
    T.scheme = scheme;
    T.authority = R.authority;
    T.path = removeDotSegments(R.path);
    T.query = R.query;
  } else {
    if (R.authority !== undefined) {
      T.authority = R.authority;
      T.path = removeDotSegments(R.path);
      T.query = R.query;
    } else {
      if (R.path === '') {
        T.path = Base.path;
        T.query = R.query !== undefined ? R.query : Base.query;
      } else {
        if (R.path.startsWith('/')) {
          T.path = removeDotSegments(R.path);
        } else {
          T.path = removeDotSegments(merge(Base, R.path));
        }
        T.query = R.query;
      }
      T.authority = Base.authority;
    }
    T.scheme = Base.scheme;
  }
  T.fragment = R.fragment;
  return T;
}

/** The five components by name, for the re-parse check. */
function named(p: Parts5): Record<string, string | undefined> {
  return { scheme: p.scheme, authority: p.authority, path: p.path || undefined, query: p.query, fragment: p.fragment };
}

/**
 * The rule names §5.2 reads a grammar by: RFC 3986's own, or those of a grammar built the same
 * way (RFC 3987's IRI rules, §6.5; RFC 6874's RFC 3986 with zone identifiers). The era's
 * component table (parse.ts) names RFC 3986's five components.
 */
export interface Syntax {
  reference: string;
  uri: string;
  absolute: string;
  forms: Forms;
  /** The section and words of "the path cannot begin with two slash characters" in that spec. */
  noDoubleSlash: { section: string; words: string };
}

export const RFC3986_SYNTAX: Syntax = {
  reference: 'URI-reference',
  uri: 'URI',
  absolute: 'absolute-URI',
  forms: FORMS,
  noDoubleSlash: {
    section: 'RFC 3986 §3.3',
    words: '"If a URI does not contain an authority component, then the path cannot begin with two slash characters"',
  },
};

/**
 * §5.2 on two strings, read by the grammar of `spec` under the rule names `syntax` gives (RFC
 * 3986's, or RFC 3987 §6.5's IRI rules): the target, the base used, and a warning if the target
 * reads back otherwise.
 */
export function runOn(spec: string, syntax: Syntax, base: string, ref: string, strict = true): Outcome | ResolveError {
  // §5.1: "If the base URI is obtained from a URI reference, then that reference must be
  // converted to absolute form and stripped of any fragment component prior to its use as a
  // base URI"; §5.2.1: "a base URI must conform to the <absolute-URI> syntax rule".
  const b = parseAs(spec, base, syntax.reference, 'base');
  if (isError(b)) return b;
  if (!hasRule(b.tree, syntax.uri)) {
    return unsuitable(base, 'base', b.tree, syntax.forms, {
      rule: syntax.absolute,
      // In another era's record, a section of RFC 3986 names its document (sectionLabel, src/spec-label.ts).
      section: spec === eraDefining('RFC 3986 §5.2') ? '5.2.1' : 'RFC 3986 §5.2.1',
      citation: 'RFC 3986 §5.2.1',
      because: '"a base URI must conform to the <absolute-URI> syntax rule"',
    });
  }
  const baseUsed = b.c.fragment !== undefined ? base.slice(0, base.length - b.c.fragment.length - 1) : undefined;
  const r = parseAs(spec, ref, syntax.reference, 'ref');
  if (isError(r)) return r;
  const T = transformReferences(partsOf(r.c), { ...partsOf(b.c), fragment: undefined }, strict);
  const target = recompose(T);
  // §3.3: "If a URI does not contain an authority component, then the path cannot begin with
  // two slash characters ("//")". §5.2.4 can make such a path (`f:/a` and `.//g`): the target is
  // the RFC's, and the warning says that it reads back with another authority.
  // A target that is the reference itself (an absolute reference with nothing to remove) reads
  // back as the reference was read: its parse, not a second one. One that does not parse at all
  // (`f://g:h`, `f://a@b@c`: the path "//g:h" read as an authority the grammar refuses) breaks
  // §3.3 as much as `f://g` does, and carries the same warning.
  const back = target === ref ? r : parseAs(spec, target, syntax.reference, 'ref');
  const warning = isError(back)
    ? unparsedWarning(named(T), back, syntax.reference, syntax.noDoubleSlash)
    : reparseWarning(named(T), named(partsOf(back.c)), syntax.noDoubleSlash);
  return { target, ...(baseUsed !== undefined ? { baseUsed } : {}), ...(warning ? { warning } : {}) };
}

/**
 * Resolves `ref` against `base` by RFC 3986 §5.2, recomposed by §5.3.
 *
 * @returns the target, or the error record of the input that cannot be resolved: the base must
 * be a URI whose part before any fragment matches `absolute-URI` (§5.2.1: "a base URI must
 * conform to the <absolute-URI> syntax rule"; §5.1: it is "stripped of any fragment
 * component"), the reference a `URI-reference`.
 * @example
 * ```ts
 * import { resolve3986 } from 'urispec';
 * resolve3986('http://a/b/c/d;p?q', '../../../g');          // 'http://a/g'
 * resolve3986('http://a/b/c/d;p?q', 'http:g');              // 'http:g'
 * resolve3986('http://a/b/c/d;p?q', 'http:g', false);       // 'http://a/b/c/g'
 * resolve3986('http://a/b/c#f', 'g');                       // 'http://a/b/g'
 * ```
 */
export function resolve3986(base: string, ref: string, strict = true): string | ResolveError {
  const out = runOn(eraDefining('RFC 3986 §5.2'), RFC3986_SYNTAX, base, ref, strict);
  return isError(out) ? out : out.target;
}
