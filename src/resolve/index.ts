// Reference resolution per era: each era's own algorithm (RFC 1808 §4, the 1996 draft's §6,
// RFC 3986 §5.2), one module each, over the components its own grammar assigns. Which era
// resolves by which algorithm, or why it does not, is its row of src/eras/table.ts.

import { badOption } from '../errors.js';
import { allEras, eraOf } from '../registry.js';
import { isError, type Outcome, type ResolveError, type ResolveOptions, type ResolveResult } from './common.js';
import { runRelativeUrl01 } from './draft-ietf-uri-relative-url-01.js';
import { run1808 } from './rfc1808.js';
import { run2396 } from './rfc2396.js';
import { runDraft } from './rfc2396-draft.js';
import { RFC3986_SYNTAX, runOn } from './rfc3986.js';
import { RFC3987_SYNTAX } from './rfc3987.js';
import { rowOf, type Resolution, type ResolutionAlgorithm } from '../eras/table.js';

export type { ResolveError, ResolveOptions, ResolveResult, ResolveWarning } from './common.js';
export { resolve1808 } from './rfc1808.js';
export { resolve2396 } from './rfc2396.js';
export { resolveRelativeUrl01 } from './draft-ietf-uri-relative-url-01.js';
export { resolve2396Draft } from './rfc2396-draft.js';
export { resolve3986, removeDotSegments, recompose } from './rfc3986.js';

/** Each algorithm's module, run on the grammar of the era `spec`. */
const ALGORITHMS: Readonly<Record<ResolutionAlgorithm, (spec: string, base: string, ref: string, strict: boolean) => Outcome | ResolveError>> = {
  'RFC 3986 §5.2': (spec, b, r, strict) => runOn(spec, RFC3986_SYNTAX, b, r, strict),
  'RFC 3987 §6.5': (spec, b, r) => runOn(spec, RFC3987_SYNTAX, b, r),
  'RFC 2396 §5.2': (spec, b, r) => run2396(spec, b, r),
  'draft-fielding-url-syntax-01 §6': (spec, b, r) => runDraft(spec, b, r),
  'RFC 1808 §4': (spec, b, r) => run1808(spec, b, r),
  'draft-ietf-uri-relative-url-01 §4': (spec, b, r) => runRelativeUrl01(spec, b, r),
};

/** The era's resolution (its row), or a reason for an era without a row. */
function resolutionIn(id: string): Resolution {
  return rowOf(id)?.resolution ?? { none: `urispec does not implement the resolution of ${id} yet` };
}

/**
 * The ids of the eras that define resolution, in the registry's order (newest first).
 *
 * @example
 * ```ts
 * import { resolvingEras } from 'urispec';
 * resolvingEras().includes('rfc1808'); // true: RFC 1808 §4
 * resolvingEras().includes('rfc1738'); // false: RFC 1738 leaves relative URLs to RFC 1808
 * ```
 */
export function resolvingEras(): string[] {
  return allEras().map((e) => e.id).filter((id) => 'algorithm' in resolutionIn(id));
}

/**
 * Whether `spec` defines reference resolution, and where (or why not).
 *
 * @example
 * ```ts
 * import { resolutionOf } from 'urispec';
 * resolutionOf('rfc1808');  // { defined: true, section: 'RFC 1808 §4' }
 * resolutionOf('rfc1738');  // { defined: false, reason: 'RFC 1738 defines no resolution ...' }
 * ```
 */
export function resolutionOf(spec?: string): { defined: true; section: string } | { defined: false; reason: string } {
  const r = resolutionIn(eraOf(spec).id);
  return 'algorithm' in r ? { defined: true, section: r.section ?? r.algorithm } : { defined: false, reason: r.none };
}

/**
 * Resolves a reference against a base by the chosen era's own algorithm: RFC 3986 §5.2
 * (`rfc3986`, the default; `strict: false` for the §5.2.2 backward-compatible reading), RFC 2396
 * §5.2 (`rfc2396`), the 1996 draft's §6 (`rfc2396-draft`), RFC 1808 §4 (`rfc1808`),
 * draft-ietf-uri-relative-url-01 §4. A base's fragment is not used where the era says so (every
 * era but RFC 1808, whose §4 hands it to an empty reference): `baseUsed` is then the base
 * without it. A base or reference that is not valid in the era gives its diagnosis; one that is
 * valid but of a form the algorithm cannot use (an opaque base) gives a record with its `shape`
 * and the section that needs another form. A target that reads back with other components than
 * the algorithm produced (RFC 3986 §5.2 gives `f://g` for `f:/a` and `.//g`), or that does not
 * parse at all (`f://g:h` for `.//g:h`), carries a `warning` naming the section it breaks. No input string makes it throw.
 *
 * @throws {UsageError} for an unknown spec, or one that defines no resolution (`rfc1738`), or
 * a base or reference that is not a string.
 * @example
 * ```ts
 * import { resolve } from 'urispec';
 * resolve('http://a/b/c/d;p?q', '?y').target;                        // 'http://a/b/c/d;p?y'
 * resolve('http://a/b/c/d;p?q', ';x', { spec: 'rfc2396-draft' }).target; // 'http://a/b/c/;x'
 * resolve('http://a/b/c/d;p?q#f', '../../../g', { spec: 'rfc1808' }).target; // 'http://a/../g'
 * resolve('http://a/b/c/d;p?q', 'http:g', { strict: false }).target;  // 'http://a/b/c/g'
 * resolve('a/b', 'g').error?.which;                                  // 'base'
 * resolve('http://a/b/c#f', 'g').baseUsed;                           // 'http://a/b/c'
 * resolve('f:/a', './/g').warning?.section;                          // 'RFC 3986 §3.3'
 * ```
 */
export function resolve(base: string, ref: string, options?: ResolveOptions): ResolveResult {
  // Misuse, not an input: a caller without types (JavaScript, JSON) gets a UsageError, as for
  // an unknown spec, rather than a TypeError from deep inside a parse.
  for (const [name, value] of [['base', base], ['reference', ref]] as const) {
    if (typeof value !== 'string') throw badOption(`resolve takes the ${name} as a string, not ${value === null ? 'null' : typeof value}`);
  }
  const spec = eraOf(options?.spec).id;
  const r = resolutionIn(spec);
  if (!('algorithm' in r)) throw badOption(r.none, resolvingEras());
  if (options?.strict === false && !r.nonStrict) {
    const eras = nonStrictEras();
    throw badOption(`non-strict resolution is RFC 3986 §5.2.2's option: use it with spec ${eras.join(' or ')}`, eras);
  }
  const out = ALGORITHMS[r.algorithm](spec, base, ref, options?.strict ?? true);
  if (isError(out)) return { base, ref, spec, error: out };
  return {
    base,
    ref,
    spec,
    ...(out.baseUsed !== undefined ? { baseUsed: out.baseUsed } : {}),
    target: out.target,
    ...(out.warning ? { warning: out.warning } : {}),
  };
}

/** The eras whose resolution has RFC 3986 §5.2.2's non-strict reading. */
function nonStrictEras(): string[] {
  return resolvingEras().filter((id) => (resolutionIn(id) as { nonStrict?: true }).nonStrict);
}

/** One era's answer in {@link resolveAcross}: a target, an error record, or why there is none. */
export type EraResolution =
  | { spec: string; target: string; baseUsed?: string; warning?: ResolveResult['warning'] }
  | { spec: string; error: ResolveError }
  | { spec: string; notDefined: string };

/**
 * The same reference against the same base in every era (or the ones named), newest first:
 * where the eras disagree (`?y`, `;x`, `../../../g` against `http://a/b/c/d;p?q`). An era
 * that defines no resolution says so instead of a target. `strict: false` applies to RFC 3986
 * only, the one era that names that reading.
 *
 * @throws {UsageError} for an unknown spec id.
 * @example
 * ```ts
 * import { resolveAcross } from 'urispec';
 * resolveAcross('http://a/b/c/d;p?q', '../../../g', { specs: ['rfc3986', 'rfc2396-draft', 'rfc1808', 'rfc1738'] });
 * // [{ spec: 'rfc3986', target: 'http://a/g' }, { spec: 'rfc2396-draft', target: 'http://a/../g' }, { spec: 'rfc1808', target: 'http://a/../g' }, { spec: 'rfc1738', notDefined: 'RFC 1738 defines no ...' }]
 * ```
 */
export function resolveAcross(base: string, ref: string, options?: { specs?: string[]; strict?: boolean }): EraResolution[] {
  const ids = (options?.specs ?? allEras().map((e) => e.id)).map((id) => eraOf(id).id);
  return ids.map((spec) => {
    const r = resolutionOf(spec);
    if (!r.defined) return { spec, notDefined: r.reason };
    const strict = nonStrictEras().includes(spec) ? options?.strict ?? true : true;
    const x = resolve(base, ref, { spec, strict });
    if (x.error) return { spec, error: x.error };
    return { spec, target: x.target!, ...(x.baseUsed !== undefined ? { baseUsed: x.baseUsed } : {}), ...(x.warning ? { warning: x.warning } : {}) };
  });
}
