// Equivalence with its reasons (issue 25): whether two URIs are equivalent by an era's
// normalization (RFC 3986 §6, RFC 9110 §4.2.3 for http and https), and which differences the
// comparison set aside ("equal because") or could not ("not equal because"), in the section's
// words. The normal forms come from normalize(), the parts from parse(): nothing here splits.

import { badOption } from './errors.js';
import { comparedForm, equivalent, normalize, portValue, schemeReading, upperTriplets } from './normalize.js';
import { parse, type Components } from './parse.js';
import { schemeOf } from './profiles/of-era.js';
import { DEFAULT_ERA, erasWith, rowOf, uriNormalizationEra, type NormalizingEra, type UrnSyntax } from './eras/table.js';
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
  hexCase: string;
  port: string;
  emptyPath: string;
  percent: string;
  dots: string;
  caseSensitive: string;
}

/** RFC 3986 §6.2.2 and §6.2.3, which RFC 3987 §5.3 follows for what IRIs share with URIs. */
const RFC3986_WORDS: Words = {
  case: 'RFC 3986 §6.2.2.1: "the scheme and host are case-insensitive and therefore should be normalized to lowercase"',
  hexCase: 'RFC 3986 §6.2.2.1: "the hexadecimal digits within a percent-encoding triplet (e.g., "%3a" versus "%3A") are case-insensitive"',
  port: 'RFC 3986 §6.2.3: "an explicit ":port", for which the port is empty or the default for the scheme, is equivalent to one where the port and its ":" delimiter are elided"',
  emptyPath: 'RFC 3986 §6.2.3: "a URI that uses the generic syntax for authority with an empty path should be normalized to a path of "/""',
  percent: 'RFC 3986 §6.2.2.2: "URIs that differ in the replacement of an unreserved character with its corresponding percent-encoded US-ASCII octet are equivalent"',
  dots: 'RFC 3986 §6.2.2.3: "URI normalizers should remove dot-segments by applying the remove_dot_segments algorithm to the path"',
  caseSensitive: 'RFC 3986 §6.2.2.1: "The other generic syntax components are assumed to be case-sensitive"',
};

/** By the section of an era's normalization (its table row); RFC 3986's words otherwise. */
const WORDS: Readonly<Record<string, Partial<Words>>> = {
  'RFC 9110 §4.2.3': {
    case: '"The scheme and host are case-insensitive"',
    port: '"If the port is equal to the default port for a scheme, the normal form is to omit the port subcomponent"',
    emptyPath: '"an empty path component is equivalent to an absolute path of "/""',
    percent: '"Characters other than those in the "reserved" set are equivalent to their percent-encoded octets"',
    caseSensitive: '"all other components are compared in a case-sensitive manner"',
  },
};

/** Words no era's own section has: RFC 3986's and RFC 3987's, cited by the era's section. */
const COMMON = {
  // RFC 3987 §5.3.2.3 and §3.1 step 2: an IRI's ucschar or iprivate character and its
  // percent-encoded UTF-8 are the same once both IRIs are URIs; RFC 3986 §6.2.2.2 decodes
  // only unreserved characters, so it does not say this (U+E000 is not unreserved).
  mapping: 'RFC 3987 §5.3.2.3: "the percent-encoding of both IRIs to be compared has to be aligned; for example, by converting both IRIs to URIs (see section 3.1)"; §3.1 step 2: each character in "ucschar" or "iprivate" becomes the %HH of its UTF-8 octets',
  reserved: 'RFC 3986 §2.2: "URIs that differ in the replacement of a reserved character with its corresponding percent-encoded octet are not equivalent"',
  pathSlash: 'RFC 3986 §6.2.3: only a scheme that, as "http", "defines an empty path to be equivalent to "/"" is normalized so; "Normalization should not remove delimiters when their associated component is empty unless licensed to do so by the scheme specification"',
  characters: 'RFC 3987 §5.3.2.2: "Equivalence of IRIs MUST rely on the assumption that IRIs are appropriately pre-character-normalized rather than apply character normalization when comparing two IRIs"',
  delimiter: 'RFC 3986 §6.2.3: "Normalization should not remove delimiters when their associated component is empty unless licensed to do so by the scheme specification. For example, the URI "http://example.com/?" cannot be assumed to be equivalent to any of the examples above"',
  other: 'RFC 3986 §6.2.1: "Testing strings for equality is normally based on pair comparison of the characters that make up the strings"',
};

/** The section and its words: RFC 3987 §5.3 cites RFC 3986's for what IRIs share with URIs. */
function cite(section: string, words: string): string {
  if (!words.startsWith('RFC ')) return `${section}: ${words}`;
  // Words of the era's own RFC need no "by" (RFC 3986 §6 quoting its §2.2).
  return words.startsWith(`${section.split(' §')[0]} `) ? words : `${section}, by ${words}`;
}

/** The era's words for `key`, cited by its section. */
function said(section: string, key: keyof Words): string {
  return cite(section, WORDS[section]?.[key] ?? RFC3986_WORDS[key]);
}

/** A part's value as the reasons show it: quoted, or `none` when the part is absent. */
const shown = (v: string | undefined) => (v === undefined ? 'none' : `"${v}"`);

/** The steps of the normalization a reason can name (normalize's switches, and RFC 3987's mapping). */
type Step = 'letters' | 'hexCase' | 'percentEncoding' | 'pathSegments' | 'schemeBased' | 'mapping';

/** Letters to lower case outside percent-encodings, the triplets as they are. */
const lowerOutsideTriplets = (s: string): string => s.replace(/%[0-9A-Fa-f]{2}|[^%]+|%/g, (t) => (t.startsWith('%') ? t : t.toLowerCase()));

/**
 * The words of a difference set aside, by the part it is in and the steps that set it aside:
 * `steps` holds each step without which the part would still differ (so each one named is one
 * that actually differs); `section` is the era's normalization.
 */
function setAside(part: string, x: string | undefined, y: string | undefined, steps: readonly Step[], section: string): string {
  const quoted = `${shown(x)} and ${shown(y)}`;
  const what = (step: Step): string => {
    switch (step) {
      case 'letters': return `${steps.length === 1 ? 'case only' : 'letter case'} (${said(section, 'case')})`;
      case 'hexCase': return `the case of percent-encodings' hex digits (${said(section, 'hexCase')})`;
      case 'percentEncoding': return `percent-encoded unreserved characters, decoded (${said(section, 'percent')})`;
      case 'pathSegments': return `dot-segments (${said(section, 'dots')})`;
      case 'schemeBased': return part === 'port' ? `the scheme's default either way (${said(section, 'port')})` : `the same path (${said(section, 'emptyPath')})`;
      case 'mapping': return `a percent-encoded UTF-8 character and the character (${cite(section, COMMON.mapping)})`;
    }
  };
  return `${part} ${quoted}: ${steps.map(what).join('; ')}`;
}

/** Every percent-encoded octet decoded (only to tell that a difference is one of encoding). */
const decoded = (s: string): string => s.replace(/%([0-9A-Fa-f]{2})/g, (_t, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function remains(part: string, x: string | undefined, y: string | undefined, section: string): string {
  // Each reason names what differs: letter case only, the encoding of a reserved character, an
  // empty path against "/", a character sequence against its canonical equivalent (IRIs), a
  // port; anything else is other characters.
  const words = part === 'scheme' && x !== undefined && y !== undefined && /^https?$/.test(x) && /^https?$/.test(y)
    ? 'distinct schemes are distinct origins, RFC 9110 §4.2.2: "Resources made available via the "https" scheme have no shared identity with the "http" scheme"'
    : part === 'port' && x !== undefined && y !== undefined && portValue(x) === portValue(y)
      ? `the same port number (RFC 3986 §3.2.3: "a port number in decimal"), but a normalization omits only the scheme's default and rewrites no other port, ${said(section, 'port')}`
      : part === 'port'
        ? `only a port that is the scheme's default is omitted, ${said(section, 'port')}`
        : x === undefined || y === undefined
          ? `${(x ?? y) === '' ? 'an empty component and none' : 'a component and none'}, ${cite(section, (x ?? y) === '' ? COMMON.delimiter : COMMON.other)}`
          : x.toLowerCase() === y.toLowerCase()
            ? `letter case only, ${said(section, 'caseSensitive')}`
            : part === 'path' && (x === '' || y === '') && (x || y) === '/'
              ? `an empty path and "/", ${cite(section, COMMON.pathSlash)}`
              : decoded(x) === decoded(y)
                ? `a percent-encoded reserved character and the character, ${cite(section, COMMON.reserved)}`
                : x.normalize('NFC') === y.normalize('NFC')
                  ? `the same characters but for Unicode normalization, ${cite(section, COMMON.characters)}`
                  : `other characters, ${cite(section, COMMON.other)}`;
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
    const p = parse(s, { spec, rule: schemeReading(spec, s) ?? rowOf(spec)?.normalization?.rule });
    return p.valid ? p.components : undefined;
  };
  const [ra, rb, fa, fb] = [parts(a), parts(b), parts(na.normalized), parts(nb.normalized)];
  // The compared forms with one step of the normalization left out: a part that then differs
  // needed that step (case is split below into letters and hex digits).
  const without = (k: 'case' | 'percentEncoding' | 'pathSegments' | 'schemeBased') => {
    const form = (s: string) => {
      const f = comparedForm(s, { spec, [k]: false });
      return f === undefined ? undefined : parts(f);
    };
    return [form(a), form(b)] as const;
  };
  const off = equal ? { case: without('case'), percentEncoding: without('percentEncoding'), pathSegments: without('pathSegments'), schemeBased: without('schemeBased') } : undefined;
  // A scheme profile's fragment is RFC 3986's, normalized by its §6.2.2 (RFC 9110 §4.2.5: the
  // fragment "is not part of the scheme definition for a URI scheme"; src/normalize.ts
  // withFragment): cited by RFC 3986 §6, not by the scheme's section.
  const fragmentSection = rowOf(spec)?.profile?.on !== undefined ? rowOf(uriNormalizationEra())!.normalization!.section : section;
  const because: string[] = [];
  for (const part of PARTS) {
    const [x, y, nx, ny] = [ra?.[part]?.value, rb?.[part]?.value, fa?.[part]?.value, fb?.[part]?.value];
    const cited = part === 'fragment' ? fragmentSection : section;
    if (!equal && nx !== ny) because.push(remains(part, nx, ny, cited));
    if (!equal || off === undefined || x === y) continue;
    const steps: Step[] = [];
    const [cx, cy] = [off.case[0]?.[part]?.value ?? '', off.case[1]?.[part]?.value ?? ''];
    if (cx !== cy && upperTriplets(cx) !== upperTriplets(cy)) steps.push('letters');
    if (cx !== cy && lowerOutsideTriplets(cx) !== lowerOutsideTriplets(cy)) steps.push('hexCase');
    for (const k of ['percentEncoding', 'pathSegments', 'schemeBased'] as const) {
      if (off[k][0]?.[part]?.value !== off[k][1]?.[part]?.value) steps.push(k);
    }
    // RFC 3987 §5.3.2.3: the normalized IRIs still differ here; only their URIs are the same.
    if (nx !== ny) steps.push('mapping');
    // Where either of two steps alone sets the difference aside (`%7e` and `%7E`, both "~"
    // once decoded), no one is needed: name those that change the part.
    if (steps.length === 0) {
      const full = [fa?.[part]?.value, fb?.[part]?.value];
      for (const k of ['percentEncoding', 'pathSegments', 'schemeBased'] as const) {
        if (off[k][0]?.[part]?.value !== full[0] || off[k][1]?.[part]?.value !== full[1]) steps.push(k);
      }
      if (steps.length === 0) steps.push(part === 'scheme' || part === 'host' ? 'letters' : 'hexCase');
    }
    because.push(setAside(part, x, y, steps, cited));
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
