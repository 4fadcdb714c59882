// Equivalence with its reasons (issue 25): whether two URIs are equivalent by an era's
// normalization (RFC 3986 §6, RFC 9110 §4.2.3 for http and https), and which differences the
// comparison set aside ("equal because") or could not ("not equal because"), in the section's
// words. The normal forms come from normalize(), the parts from parse(): nothing here splits.

import { badOption } from './errors.js';
import { equivalent, normalize, portValue } from './normalize.js';
import { parse, type Components } from './parse.js';
import { ruleForScheme, schemeOf } from './profiles/of-era.js';
import { DEFAULT_ERA, erasWith, rowOf, type NormalizingEra, type UrnSyntax } from './eras/table.js';
import { OPTIONAL_COMPONENTS, urnParts } from './urn/parts.js';

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
    : part === 'port' && x !== undefined && y !== undefined && portValue(x) === portValue(y)
      ? `the same port number (RFC 3986 §3.2.3: "a port number in decimal"), but a normalization omits only the scheme's default and rewrites no other port, ${cite(section, w.port)}`
      : part === 'port'
        ? `only a port that is the scheme's default is omitted, ${cite(section, w.port)}`
      : cite(section, w.caseSensitive);
  return `${part} ${shown(x)} and ${shown(y)} after normalization (${words})`;
}

/** Identical strings (RFC 3986 §6.2.1). */
const SAME = 'the same characters (RFC 3986 §6.2.1: "If two URIs, when considered as character strings, are identical, then it is safe to conclude that they are equivalent")';

/** The words of a URN era's equivalence (RFC 8141 §3.1, RFC 2141 §5), by its section. */
interface UrnWords {
  scheme: string;
  NID: string;
  percentCase: string;
  ignored?: string;
  octets: string;
  noDecoding: string;
  caseSensitive: string;
}

const URN_WORDS: Readonly<Record<string, UrnWords>> = {
  'RFC 8141 §3': {
    scheme: '"the URI scheme "urn", by conversion to lower case"',
    NID: '"the NID, by conversion to lower case"',
    percentCase: '"any percent-encoded characters in the NSS ... by conversion to upper case for the digits A-F"',
    ignored: '"If an r-component, q-component, or f-component (or any combination thereof) is included in a URN, it MUST be ignored for purposes of determining URN-equivalence"',
    octets: '"Two URNs are URN-equivalent if their assigned-name portions are octet-by-octet equal after applying case normalization"',
    noDecoding: '"Percent-encoded characters MUST NOT be decoded"',
    caseSensitive: '§3.2: "characters in the NSS other than percent-encoded sequences are treated in a case-sensitive manner"',
  },
  'RFC 2141 §5': {
    scheme: '"1. normalize the case of the leading "urn:" token"',
    NID: '"2. normalize the case of the NID"',
    percentCase: '"3. normalizing the case of any %-escaping"',
    octets: '"Two URNs are lexically equivalent if they are octet-by-octet equal after the following preprocessing"',
    noDecoding: '"Note that %-escaping MUST NOT be removed"',
    caseSensitive: '"Some namespaces may define additional lexical equivalences, such as case-insensitivity of the NSS"',
  },
};

/** Every percent-encoded octet decoded (only to tell that a difference is one of encoding). */
const decoded = (s: string): string => s.replace(/%([0-9A-Fa-f]{2})/g, (_t, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The reasons of a URN era's verdict: RFC 8141 §3.1 / RFC 2141 §5 set aside the case of "urn",
 * of the NID and of percent-encodings' hex digits (and RFC 8141 the r-, q- and f-components);
 * anything else in the NSS remains, a percent-encoding against its character included.
 */
function urnReasons(a: string, b: string, na: string, nb: string, equal: boolean, syntax: UrnSyntax, section: string): string[] {
  const w = URN_WORDS[section]!;
  const because: string[] = [];
  const quoted = (x: string | undefined, y: string | undefined) => `${x === undefined ? 'none' : `"${x}"`} and ${y === undefined ? 'none' : `"${y}"`}`;
  if (equal) {
    const [pa, pb] = [urnParts(a, syntax), urnParts(b, syntax)];
    if (pa.scheme.value !== pb.scheme.value) because.push(`"${pa.scheme.value}" and "${pb.scheme.value}": case only (${section}: ${w.scheme})`);
    if (pa.NID.value !== pb.NID.value) because.push(`NID ${quoted(pa.NID.value, pb.NID.value)}: case only (${section}: ${w.NID})`);
    if (pa.NSS.value !== pb.NSS.value) because.push(`NSS ${quoted(pa.NSS.value, pb.NSS.value)}: the case of percent-encodings' hex digits only (${section}: ${w.percentCase})`);
    for (const c of OPTIONAL_COMPONENTS) {
      if (pa[c]?.value !== pb[c]?.value) because.push(`${c} ${quoted(pa[c]?.value, pb[c]?.value)}: ignored (${section}: ${w.ignored})`);
    }
    return because;
  }
  const [pa, pb] = [urnParts(na, syntax), urnParts(nb, syntax)];
  if (pa.NID.value !== pb.NID.value) because.push(`NID ${quoted(pa.NID.value, pb.NID.value)} after normalization (${section}: ${w.octets})`);
  const [x, y] = [pa.NSS.value, pb.NSS.value];
  if (x !== y) {
    const why = decoded(x) === decoded(y) ? `; ${w.noDecoding}` : x.toLowerCase() === y.toLowerCase() ? `; ${w.caseSensitive}` : '';
    because.push(`NSS ${quoted(x, y)} after normalization (${section}: ${w.octets}${why})`);
  }
  return because;
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
  // The verdict is equivalent()'s, which for IRIs aligns percent-encoding (RFC 3987 §5.3.2.3)
  // and for RFC 8141 URNs compares the assigned names.
  const equal = equivalent(a, b, { spec });
  const urn = rowOf(spec)?.urn;
  if (urn !== undefined) {
    const because = urnReasons(a, b, na.normalized, nb.normalized, equal, urn, section);
    if (equal && because.length === 0) because.push(SAME);
    return { ...record, equivalent: equal, because };
  }
  const parts = (s: string): Components | undefined => {
    const p = parse(s, { spec, rule: ruleForScheme(spec, s) ?? rowOf(spec)?.normalization?.rule });
    return p.valid ? p.components : undefined;
  };
  const [ra, rb, fa, fb] = [parts(a), parts(b), parts(na.normalized), parts(nb.normalized)];
  const because: string[] = [];
  for (const part of PARTS) {
    const [x, y, nx, ny] = [ra?.[part]?.value, rb?.[part]?.value, fa?.[part]?.value, fb?.[part]?.value];
    if (equal && x !== y) because.push(setAside(part, x, y, section));
    if (!equal && nx !== ny) because.push(remains(part, nx, ny, section));
  }
  if (equal && na.normalized !== nb.normalized) {
    because.push(`"${na.normalized}" and "${nb.normalized}" once both are URIs (RFC 3987 §5.3.2.3: "the percent-encoding of both IRIs to be compared has to be aligned; for example, by converting both IRIs to URIs")`);
  }
  if (equal && because.length === 0) because.push(SAME);
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
 * named), with the reasons: RFC 3986 §6 for every URI, RFC 3987 §5.3 for IRIs, and the own rule
 * of each scheme profile of A's or B's scheme (RFC 9110 §4.2.3 for http and https; RFC 8141 §3
 * and RFC 2141 §5 for urn).
 *
 * @throws {UsageError} for an era without normalization, before comparing anything.
 * @example
 * ```ts
 * import { compareEquivalence } from 'urispec';
 * compareEquivalence('http://a', 'http://a:80/').results.map((e) => e.equivalent); // [true, true, true]
 * ```
 */
export function compareEquivalence(a: string, b: string, options: { specs?: readonly string[] } = {}): EquivalenceComparison {
  // By default a scheme profile's era only where it profiles the scheme of A or B.
  const schemes = [schemeOf(a), schemeOf(b)];
  const applies = (id: string) => {
    const profile = rowOf(id)?.profile;
    return profile === undefined || schemes.some((x) => x !== undefined && profile.schemes.includes(x));
  };
  const ids = options.specs ?? erasWith('normalization').filter(applies);
  for (const id of ids) equivalence('', '', { spec: id as NormalizingEra }); // an era without normalization: a usage error first
  return { a, b, results: ids.map((id) => equivalence(a, b, { spec: id as NormalizingEra })) };
}
