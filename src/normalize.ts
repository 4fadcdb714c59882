// RFC 3986 §6, "Normalization and Comparison": §6.2.2 syntax-based normalization (case,
// percent-encoding, path segments) and §6.2.3 scheme-based normalization for http and https,
// on the components of the validating parse (parse.ts), recomposed by §5.3.

import type { ValidationError } from './diagnose.js';
import { badOption } from './errors.js';
import { didYouMean } from './suggest.js';
import { parse } from './parse.js';
import { recompose, removeDotSegments } from './resolve/rfc3986.js';
import { toURI } from './iri/to-uri.js';
import { DEFAULT_ERA, erasWith, rowOf, uriNormalizationEra, type NormalizingEra } from './eras/table.js';
import { profileProse, ruleForScheme } from './profiles/of-era.js';
import { schemePartEnd } from './profiles/run.js';
import { validate } from './validate.js';
import { urnCompared, urnNormalized } from './urn/normalize.js';

export interface NormalizeOptions {
  /**
   * `rfc3986` (default) or `rfc3987`: an IRI reference normalized by RFC 3987 §5.3.2 and §5.3.3,
   * which are RFC 3986 §6.2.2 and §6.2.3 but for two points: a host holding non-ASCII
   * characters keeps its case ("US-ASCII only host are case insensitive", §5.3.2.1), and no
   * character normalization is applied (§5.3.2.2: comparison "MUST rely on the assumption that
   * IRIs are appropriately pre-character-normalized"). A scheme profile's era normalizes its
   * schemes by its own rule: `rfc9110` (RFC 9110 §4.2.3), `rfc8141` (RFC 8141 §3.1) and
   * `rfc2141` (RFC 2141 §5), whose URN normal form changes case only ("urn", the NID, the hex
   * digits of percent-encodings) and never decodes.
   */
  spec?: NormalizingEra;
  /** §6.2.2.1: scheme and host to lower case, hex digits of percent-encodings to upper case. Default true. */
  case?: boolean;
  /** §6.2.2.2: percent-encoded unreserved characters decoded. Default true. */
  percentEncoding?: boolean;
  /** §6.2.2.3: dot-segments removed by §5.2.4. Default true. */
  pathSegments?: boolean;
  /** §6.2.3 for `http` and `https`: default port (by its value, §3.2.3: `080` too) and empty port removed, empty path as `/`. Default true. */
  schemeBased?: boolean;
}

/** A normalization: exactly one of `normalized` and `error` (the input is not an RFC 3986 URI-reference). */
export type NormalizeResult =
  | { input: string; normalized: string; error?: never }
  | { input: string; error: ValidationError; normalized?: never };

/** §6.2.3: the schemes whose definitions this normalizes by, with their default ports. */
const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' };

/**
 * §3.2.3: a port's value, "a port number in decimal" (`port = *DIGIT`): its digits without
 * leading zeros, so `080` and `0080` are 80 (as text: a port may have more digits than a number holds).
 */
export function portValue(port: string): string {
  return port.replace(/^0+(?=\d)/, '');
}

/** §2.3: ALPHA / DIGIT / "-" / "." / "_" / "~". */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** §6.2.2.2: every percent-encoded octet that is an unreserved character, decoded. */
function decodeUnreserved(s: string): string {
  return s.replace(/%([0-9A-Fa-f]{2})/g, (triplet, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(c) ? c : triplet;
  });
}

/** §6.2.2.1: "the hexadecimal digits within a percent-encoding triplet" in upper case. */
export function upperTriplets(s: string): string {
  return s.replace(/%[0-9A-Fa-f]{2}/g, (t) => t.toUpperCase());
}

/**
 * Normalizes an RFC 3986 URI reference (§6.2.2 and §6.2.3), every step on by default and each
 * switchable. A reference without a scheme keeps its dot-segments unless its path is absolute:
 * §5.2.4 would turn `../a` into `/a`. Removing dot-segments never makes a path without
 * authority begin with `//` (that would read as an authority): such a path is left as it was.
 *
 * @throws never: an invalid input gives `error` (the record of `validate`).
 * @example
 * ```ts
 * import { normalize } from 'urispec';
 * normalize('HTTP://www.Example.COM:80/a/./b/../c/%7euser?%3d#F').normalized;
 * // 'http://www.example.com/a/c/~user?%3D#F'
 * normalize('http://a:80', { schemeBased: false }).normalized; // 'http://a:80'
 * normalize('http://a b').error?.offset;                       // 8
 * ```
 */
export function normalize(uri: string, options: NormalizeOptions = {}): NormalizeResult {
  // Spec ids match in any case, as validate's do (issue 19).
  const spec = (options.spec?.toLowerCase() ?? DEFAULT_ERA) as NormalizingEra;
  const how = rowOf(spec)?.normalization;
  if (!how) {
    const eras = erasWith('normalization');
    const named = eras.map((id) => `${rowOf(id)?.normalization?.section} (${id})`).join(' or ');
    throw badOption(`normalize follows ${named}, not ${options.spec}${didYouMean(spec, eras)}`, eras);
  }
  const iri = how.iri === true;
  // A scheme profile normalizes each of its schemes by its rule (rfc9110: `https-URI` for https).
  const rule = schemeReading(spec, uri);
  if (rule === FRAGMENT_READING) return withFragment(uri, uri.indexOf('#'), spec, options);
  const p = parse(uri, { spec, rule: rule ?? how.rule });
  if (!p.valid) return { input: uri, error: p.error };
  // A URN era: its own equivalence's normal form (RFC 8141 §3.1, RFC 2141 §5), case only.
  const urn = rowOf(spec)?.urn;
  if (urn !== undefined) return { input: uri, normalized: urnNormalized(uri, urn, options.case !== false) };
  const c = p.components;
  const doCase = options.case !== false;
  const doDots = options.pathSegments !== false;
  const doScheme = options.schemeBased !== false;

  const text = (v: string | undefined): string | undefined => (v === undefined ? undefined : componentText(v, options));
  let scheme = c.scheme?.value;
  if (scheme !== undefined && doCase) scheme = scheme.toLowerCase();
  const userinfo = text(c.userinfo?.value);
  let host = text(c.host?.value);
  // RFC 3987 §5.3.2.1: only a "US-ASCII only host" is case-insensitive.
  if (host !== undefined && doCase && !(iri && /[^\x00-\x7f]/.test(host))) host = upperTriplets(host.toLowerCase());
  let port = c.port?.value;
  let path = text(c.path?.value) ?? '';
  const query = text(c.query?.value);
  const fragment = text(c.fragment?.value);

  if (doDots && (scheme !== undefined || path.startsWith('/'))) {
    const removed = removeDotSegments(path);
    if (c.authority !== undefined || !removed.startsWith('//')) path = removed;
  }
  const defaultPort = scheme === undefined ? undefined : DEFAULT_PORTS[scheme.toLowerCase()];
  if (doScheme && defaultPort !== undefined && c.authority !== undefined) {
    // §6.2.3: "an explicit ":port", for which the port is empty or the default for the
    // scheme, is equivalent to one where the port and its ":" delimiter are elided". The
    // default is a value: §3.2.3, "a port number in decimal", omitted "if its value would be
    // the same as that of the scheme's default", so `080` is 80. A port that is not the
    // default keeps its leading zeros: neither section licenses rewriting it
    // (docs/decisions.md, "Normalization").
    if (port === '' || (port !== undefined && portValue(port) === defaultPort)) port = undefined;
    // "the empty path ... should be normalized to a path of "/"".
    if (path === '') path = '/';
  }
  let authority: string | undefined;
  if (c.authority !== undefined) {
    authority = (userinfo !== undefined ? `${userinfo}@` : '') + (host ?? '') + (port !== undefined ? `:${port}` : '');
  }
  return { input: uri, normalized: recompose({ scheme, authority, path, query, fragment }) };
}

/** The rule of a profile era that reads a URI of its scheme with a fragment (schemeReading). */
const FRAGMENT_READING = 'URI-reference';

/**
 * The rule a scheme profile's era reads `uri` by, when the profile defines its scheme: the
 * scheme's rule (rfc9110: `https-URI` for https), or for a URI with a fragment that the
 * scheme's rule does not take, the era's `URI-reference` (withFragment). Only a profile built
 * on another era (RFC 3986, RFC 2396) has a `URI-reference`: RFC 2141 has its own BNF.
 */
export function schemeReading(spec: string, uri: string): string | undefined {
  const own = ruleForScheme(spec, uri);
  const prose = profileProse(spec);
  // Where the scheme's rule stops reading is the profiles' own answer (src/profiles/run.ts).
  if (own === undefined || prose === undefined || schemePartEnd(prose, uri) === uri.length || rowOf(spec)?.profile?.on === undefined) return own;
  return FRAGMENT_READING;
}

/**
 * A URI of a profile's scheme with a fragment, which the scheme's rule does not read (RFC 9110
 * §4.2.5: the fragment "is not part of the scheme definition for a URI scheme"; RFC 3986 §3.5:
 * its semantics "cannot be redefined by scheme specifications"): checked whole by the era's
 * `URI-reference` (which holds the part before "#" to the scheme's rule: src/profiles/of-era.ts
 * `schemeTargets`), then the part before "#" normalized by the scheme's rule and the fragment by
 * RFC 3986 §6.2.2 as in any URI (case of triplets, unreserved decoded).
 */
function withFragment(uri: string, hash: number, spec: NormalizingEra, options: NormalizeOptions): NormalizeResult {
  const whole = validate(uri, { spec, rule: FRAGMENT_READING });
  if (!whole.valid) return { input: uri, error: whole.error };
  const head = normalize(uri.slice(0, hash), options);
  if (head.normalized === undefined) return { input: uri, error: head.error! };
  return { input: uri, normalized: `${head.normalized}#${componentText(uri.slice(hash + 1), options)}` };
}

/**
 * §6.2.2 on a component's text: §6.2.2.2 first, so that case normalization sees the decoded
 * letters (a decoded %41 in a host is then lower-cased, and a second run changes nothing), then
 * §6.2.2.1's upper-case hex digits.
 */
function componentText(v: string, options: NormalizeOptions): string {
  const s = options.percentEncoding !== false ? decodeUnreserved(v) : v;
  return options.case !== false ? upperTriplets(s) : s;
}

/**
 * The form `equivalent` compares: the normalized reference, and for an IRI era that mapped to a
 * URI and normalized again. `undefined` for an invalid input.
 */
export function comparedForm(s: string, options?: NormalizeOptions): string | undefined {
  const n = normalize(s, options).normalized;
  if (n === undefined || !rowOf(options?.spec ?? DEFAULT_ERA)?.normalization?.iri) return n;
  // RFC 3987 §5.3.2.3: "the percent-encoding of both IRIs to be compared has to be aligned;
  // for example, by converting both IRIs to URIs (see section 3.1), eliminating escape
  // differences in the resulting URIs": `ros%C3%A9` and `rosé` are then the same.
  const uri = toURI(n).uri;
  return uri === undefined ? undefined : normalize(uri, { ...options, spec: uriNormalizationEra() }).normalized;
}

/**
 * Whether two URI references are equivalent after normalization (§6.1: compared by their
 * normalized forms, with the same options). An invalid input is equivalent to nothing.
 *
 * @example
 * ```ts
 * import { equivalent } from 'urispec';
 * equivalent('http://example.com', 'HTTP://example.com:80/');   // true
 * equivalent('http://example.com/?', 'http://example.com/');    // false: §6.2.3, an empty query stays
 * ```
 */
export function equivalent(a: string, b: string, options?: NormalizeOptions): boolean {
  // RFC 8141 §3.1: the r-, q- and f-components "MUST be ignored" (RFC 2141 §5 compares all).
  const urn = rowOf(options?.spec ?? DEFAULT_ERA)?.urn;
  const compared = (s: string | undefined) => (s === undefined || urn === undefined ? s : urnCompared(s, urn));
  const x = compared(comparedForm(a, options));
  const y = compared(comparedForm(b, options));
  return x !== undefined && x === y;
}
