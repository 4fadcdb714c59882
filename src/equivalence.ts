// Equivalence with its reasons (issue 25): whether two URIs are equivalent by an era's
// normalization (RFC 3986 §6, RFC 9110 §4.2.3 for http and https), and which differences the
// comparison set aside ("equal because") or could not ("not equal because"), in the section's
// words. The normal forms come from normalize(), the parts from parse(): nothing here splits.

import { badOption } from './errors.js';
import { equivalent, normalize } from './normalize.js';
import { parse, type Components } from './parse.js';
import { ruleForScheme } from './profiles/of-era.js';
import { DEFAULT_ERA, erasWith, rowOf, type NormalizingEra } from './eras/table.js';

export interface EquivalenceOptions {
  /** An era whose normalization is defined (`urispec normalize --spec`); default `rfc3986`. */
  spec?: NormalizingEra;
}

export interface Equivalence {
  a: string;
  b: string;
  spec: string;
  equivalent: boolean;
  /** Why: each difference set aside (equivalent), or each one that remains (not). */
  because: string[];
}

/** The parts compared, in their order: the era's component names. */
const PARTS = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const;

/** The words a normalization's section gives for each difference it sets aside, or keeps. */
interface Words {
  case: string;
  port: string;
  emptyPath: string;
  percent: string;
  caseSensitive: string;
}

/** RFC 3986 §6.2.2 and §6.2.3, which RFC 3987 §5.3 follows for what IRIs share with URIs. */
const RFC3986_WORDS: Words = {
  case: 'RFC 3986 §6.2.2.1: "the scheme and host are case-insensitive and therefore should be normalized to lowercase"',
  port: 'RFC 3986 §6.2.3: "an explicit ":port", for which the port is empty or the default for the scheme, is equivalent to one where the port and its ":" delimiter are elided"',
  emptyPath: 'RFC 3986 §6.2.3: "a URI that uses the generic syntax for authority with an empty path should be normalized to a path of "/""',
  percent: 'RFC 3986 §6.2.2.2: "URIs that differ in the replacement of an unreserved character with its corresponding percent-encoded US-ASCII octet are equivalent"; §6.2.2.1: hex digits "are case-insensitive"; §6.2.2.3: dot-segments removed',
  caseSensitive: 'RFC 3986 §6.2.2.1: "The other generic syntax components are assumed to be case-sensitive"',
};

/** By the section of an era's normalization (its table row); RFC 3986's words otherwise. */
const WORDS: Readonly<Record<string, Words>> = {
  'RFC 9110 §4.2.3': {
    case: '"The scheme and host are case-insensitive"',
    port: '"If the port is equal to the default port for a scheme, the normal form is to omit the port subcomponent"',
    emptyPath: '"an empty path component is equivalent to an absolute path of "/""',
    percent: '"Characters other than those in the "reserved" set are equivalent to their percent-encoded octets"; RFC 3986 §6.2.2',
    caseSensitive: '"all other components are compared in a case-sensitive manner"',
  },
};

/** The section and its words: RFC 3987 §5.3 cites RFC 3986's for what IRIs share with URIs. */
function cite(section: string, words: string): string {
  if (!words.startsWith('RFC ')) return `${section}: ${words}`;
  return words.startsWith(section) ? words : `${section}, by ${words}`;
}

/** A part's value as the reasons show it: quoted, or `none` when the part is absent. */
const shown = (v: string | undefined) => (v === undefined ? 'none' : `"${v}"`);

/** The words of a difference set aside, by the part it is in; `section` is the era's normalization. */
function setAside(part: string, x: string | undefined, y: string | undefined, section: string): string {
  const w = WORDS[section] ?? RFC3986_WORDS;
  const words = Object.fromEntries(Object.entries(w).map(([k, v]) => [k, cite(section, v)])) as unknown as Words;
  const quoted = `${shown(x)} and ${shown(y)}`;
  if ((part === 'scheme' || part === 'host') && x?.toLowerCase() === y?.toLowerCase()) {
    return `${part} ${quoted}: case only (${words.case})`;
  }
  if (part === 'port') return `port ${quoted}: the scheme's default either way (${words.port})`;
  if (part === 'path' && (x === '' || y === '')) return `path ${quoted}: the same path (${words.emptyPath})`;
  return `${part} ${quoted}: percent-encoding, the case of its hex digits or dot-segments only (${words.percent})`;
}

function remains(part: string, x: string | undefined, y: string | undefined, section: string): string {
  const w = WORDS[section] ?? RFC3986_WORDS;
  // A port differs only when one is not the scheme's default (the normalization omits the
  // default): the section's words on the port say why, not those on case.
  const words = part === 'scheme' && x !== undefined && y !== undefined && /^https?$/.test(x) && /^https?$/.test(y)
    ? 'distinct schemes are distinct origins, RFC 9110 §4.2.2: "Resources made available via the "https" scheme have no shared identity with the "http" scheme"'
    : part === 'port'
      ? `only a port that is the scheme's default is omitted, ${cite(section, w.port)}`
      : cite(section, w.caseSensitive);
  return `${part} ${shown(x)} and ${shown(y)} after normalization (${words})`;
}

/**
 * Whether `a` and `b` are equivalent by the era's normalization, with the reasons.
 *
 * @throws {UsageError} for an era without normalization; never for any input string.
 * @example
 * ```ts
 * import { equivalence } from 'urispec';
 * const e = equivalence('http://example.com:80/~smith/home.html', 'http://EXAMPLE.com:/%7esmith/home.html', { spec: 'rfc9110' });
 * e.equivalent; // true
 * e.because.length; // 3: the host's case, the default port, the percent-encoded "~"
 * ```
 */
export function equivalence(a: string, b: string, options: EquivalenceOptions = {}): Equivalence {
  const spec = options.spec ?? DEFAULT_ERA;
  const section = rowOf(spec)?.normalization?.section;
  if (section === undefined) throw badOption(`equivalence follows an era's normalization; these have one: ${erasWith('normalization').join(', ')}`, erasWith('normalization'));
  const record = { a, b, spec };
  const na = normalize(a, { spec });
  const nb = normalize(b, { spec });
  if (na.error || nb.error) {
    const because = [na, nb].flatMap((n) => (n.error ? [`${JSON.stringify(n.input)} is not valid: ${n.error.message}`] : []));
    return { ...record, equivalent: false, because };
  }
  const parts = (s: string): Components | undefined => {
    const p = parse(s, { spec, rule: ruleForScheme(spec, s) ?? rowOf(spec)?.normalization?.rule });
    return p.valid ? p.components : undefined;
  };
  const [ra, rb, fa, fb] = [parts(a), parts(b), parts(na.normalized), parts(nb.normalized)];
  const because: string[] = [];
  // The verdict is equivalent()'s, which for IRIs aligns percent-encoding (RFC 3987 §5.3.2.3).
  const equal = equivalent(a, b, { spec });
  for (const part of PARTS) {
    const [x, y, nx, ny] = [ra?.[part]?.value, rb?.[part]?.value, fa?.[part]?.value, fb?.[part]?.value];
    if (equal && x !== y) because.push(setAside(part, x, y, section));
    if (!equal && nx !== ny) because.push(remains(part, nx, ny, section));
  }
  if (equal && na.normalized !== nb.normalized) {
    because.push(`"${na.normalized}" and "${nb.normalized}" once both are URIs (RFC 3987 §5.3.2.3: "the percent-encoding of both IRIs to be compared has to be aligned; for example, by converting both IRIs to URIs")`);
  }
  // RFC 3986 §6.2.1: "If two URIs, when considered as character strings, are identical, then it is safe to conclude that they are equivalent".
  if (equal && because.length === 0) because.push('the same characters (RFC 3986 §6.2.1: "If two URIs, when considered as character strings, are identical, then it is safe to conclude that they are equivalent")');
  return { ...record, equivalent: equal, because };
}

/** Two URIs under several eras' normalizations, side by side (`urispec compare --equivalent`). */
export interface EquivalenceComparison {
  a: string;
  b: string;
  results: Equivalence[];
}

/**
 * Whether `a` and `b` are equivalent under each era that defines normalization (or the ones
 * named), with the reasons: RFC 3986 §6 for every URI, RFC 3987 §5.3 for IRIs, and each scheme
 * profile's own rule (RFC 9110 §4.2.3 for http and https, where it says more than RFC 3986).
 *
 * @throws {UsageError} for an era without normalization, before comparing anything.
 * @example
 * ```ts
 * import { compareEquivalence } from 'urispec';
 * compareEquivalence('http://a', 'http://a:80/').results.map((e) => e.equivalent); // [true, true, true]
 * ```
 */
export function compareEquivalence(a: string, b: string, options: { specs?: readonly string[] } = {}): EquivalenceComparison {
  const ids = options.specs ?? erasWith('normalization');
  for (const id of ids) equivalence('', '', { spec: id as NormalizingEra }); // an era without normalization: a usage error first
  return { a, b, results: ids.map((id) => equivalence(a, b, { spec: id as NormalizingEra })) };
}
