// What the WHATWG URL Standard makes of an input, beside the RFCs' verdicts: the answer to
// "valid by which spec?" for browsers too. Shared by the playground's column and
// `urispec compare --whatwg`.
//
// The verdict and the serialization come from the environment's own `URL` class (the browser's
// in the playground, Node's in the command line: both implement the Standard's basic URL
// parser). `URL` reports no validation errors, so the ones the parser meets are named here, with
// the Standard's own names (URL Standard, "Validation errors" tables of §1.3 and §4), by reading
// the input along the parser's states (§4.4 "URL parsing"). That reading is checked against the
// real parser's verdict: a failure the reading cannot explain is reported as `failure`, never
// guessed, and a reading that calls fatal what the parser accepts is dropped (test/whatwg.test.ts
// has the table).

import { isValid } from './validate.js';
import { escapeUnsafe } from './format.js';
import { DEFAULT_ERA } from './eras/table.js';
import { fileDifferences } from './whatwg-file.js';
import { dataDifferences } from './whatwg-data.js';

/** A validation error of the URL Standard, as the Standard names it. */
export interface WhatwgError {
  /** The Standard's name: `port-out-of-range`, `invalid-URL-unit`, ... */
  name: string;
  /** Where and why, for a person. */
  detail: string;
  /** The parser returns failure at this error (otherwise it goes on, repairing the input or keeping it as written). */
  fatal: boolean;
}

export interface WhatwgResult {
  input: string;
  base?: string;
  /** The basic URL parser returned a URL (not failure). */
  valid: boolean;
  /** The URL serialized (`href`), when valid. */
  href?: string;
  /** The validation errors met, in input order. */
  errors: WhatwgError[];
  /** What the serialization changes that is no error (case, default port, dot segments, IDNA). */
  rewrites: string[];
}

/** The special schemes and their default ports (URL Standard §4.1). */
const SPECIAL: Record<string, string | null> = { ftp: '21', file: null, http: '80', https: '443', ws: '80', wss: '443' };
/** Forbidden domain code points (§3.1), beyond C0 controls and non-ASCII (tested apart). */
const FORBIDDEN_DOMAIN = /[\u0000-\u0020#/:<>?@[\\\]^|%\u007f]/;
/** Forbidden host code points of an opaque host (§3.1). */
const FORBIDDEN_HOST = /[\u0000\t\n\r #/:<>?@[\\\]^|]/;
/** URL code points (§4.3): ASCII alphanumerics, these, and most of the non-ASCII range. */
const URL_UNIT = /[A-Za-z0-9!$&'()*+,\-./:;=?@_~]|[\u00a0-\ud7ff\ue000-\ufdcf\ufdf0-\ufffd]|[\ud800-\udbff][\udc00-\udfff]/y;

type Ctor = new (input: string, base?: string) => { href: string };

/** The details of the validation errors after which the parser goes on with the input as written: nothing repaired. */
const PERCENT_KEPT = '"%" not followed by two hex digits (kept as it is)';
const CREDENTIALS_KEPT = 'a user name or password before "@" (kept, but not valid in a URL string)';
const AS_WRITTEN: ReadonlySet<string> = new Set([PERCENT_KEPT, CREDENTIALS_KEPT]);

/**
 * Parses `input` (against `base`, when given) with the environment's URL Standard parser and
 * names the validation errors on the way.
 *
 * @example
 * ```ts
 * import { whatwg } from './whatwg.js';
 * whatwg('http://a:65536/').errors[0]?.name;  // 'port-out-of-range' (fatal)
 * whatwg('http:///x').href;                  // 'http://x/'
 * ```
 */
export function whatwg(input: string, base?: string, URLClass: Ctor = globalThis.URL as unknown as Ctor): WhatwgResult {
  let href: string | undefined;
  try {
    href = new URLClass(input, base).href;
  } catch {
    href = undefined;
  }
  const valid = href !== undefined;
  const reading = read(input, base);
  // Keep only what the real parser bears out: no fatal error on an accepted URL.
  let errors = valid ? reading.errors.filter((e) => !e.fatal) : reading.errors;
  if (!valid && !errors.some((e) => e.fatal)) {
    errors = [...errors, { name: 'failure', detail: 'the parser returns failure; this reading names no step for it', fatal: true }];
  }
  const result: WhatwgResult = { input, valid, errors, rewrites: valid ? reading.rewrites.filter((r) => r.applies(href!)).map((r) => r.text) : [] };
  if (base !== undefined) result.base = base;
  if (href !== undefined) result.href = href;
  return result;
}

interface Reading {
  errors: WhatwgError[];
  rewrites: Array<{ text: string; applies: (href: string) => boolean }>;
}

/** The input along the basic URL parser's states (§4.4), noting each validation error. */
function read(raw: string, base: string | undefined): Reading {
  const errors: WhatwgError[] = [];
  const rewrites: Reading['rewrites'] = [];
  const err = (name: string, detail: string, fatal = false) => errors.push({ name, detail, fatal });

  // §4.4 step 1-3: leading and trailing C0 control or space removed; tab and newline removed.
  let input = raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (input !== raw) err('invalid-URL-unit', 'leading or trailing control or space removed');
  if (/[\t\n\r]/.test(input)) {
    err('invalid-URL-unit', 'tab or newline removed');
    input = input.replace(/[\t\n\r]/g, '');
  }

  // Scheme state.
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(input);
  if (!m) {
    if (base === undefined) err('missing-scheme-non-relative-URL', 'no scheme, and no base to resolve against', true);
    else units(input, 0, special(base), err);
    return { errors, rewrites };
  }
  const scheme = m[1]!.toLowerCase();
  if (m[1] !== scheme) rewrites.push({ text: 'scheme lower-cased', applies: () => true });
  let rest = input.slice(m[0].length);
  const isSpecial = scheme in SPECIAL;

  if (isSpecial && scheme !== 'file') {
    // Special authority slashes and ignore-slashes states: exactly "//" is expected.
    const slashes = /^[/\\]*/.exec(rest)![0];
    // (A "\\" here is this error too, not invalid-reverse-solidus: the slashes states test "/".)
    if (slashes !== '//') err('special-scheme-missing-following-solidus', `"${scheme}:" followed by ${slashes.length === 0 ? 'no slash' : `"${slashes}"`}, not "//"`);
    rest = rest.slice(slashes.length);
    authority(rest, scheme, err, rewrites);
    const end = rest.search(/[/\\?#]/);
    const after = end < 0 ? '' : rest.slice(end);
    pathStart(after, rewrites);
    path(after, true, err, rewrites);
  } else if (scheme === 'file') {
    // Scheme state: "Otherwise, if url's scheme is "file": If remaining does not start with "//",
    // special-scheme-missing-following-solidus validation error. Set state to file state."
    if (!rest.startsWith('//')) err('special-scheme-missing-following-solidus', `"file:" followed by ${rest.startsWith('/') ? '"/"' : 'no slash'}, not "//"`);
    if (/^[/\\]{2}/.test(rest)) {
      // File slash and file host states: the host runs to "/", "\\", "?" or "#". A Windows drive
      // letter there is a path's (file-invalid-Windows-drive-letter-host, src/whatwg-file.ts names
      // it), "localhost" becomes the empty host (src/whatwg-file.ts too); another is parsed as a
      // special URL's host.
      const after2 = rest.slice(2);
      const end = after2.search(/[/\\?#]/);
      const host = end < 0 ? after2 : after2.slice(0, end);
      const after = end < 0 ? '' : after2.slice(end);
      // File host state: "If state override is not given and buffer is a Windows drive letter,
      // file-invalid-Windows-drive-letter-host validation error, set state to path state."
      if (/^[A-Za-z][:|]$/.test(host)) {
        err('file-invalid-Windows-drive-letter-host', `"${host}" after "//" is a Windows drive letter, read as the path's first segment (the host is empty)`);
      } else {
        if (host !== '' && !host.startsWith('[') && host.toLowerCase() !== 'localhost') hostName(host, err, rewrites);
        pathStart(after, rewrites);
      }
      path(after, true, err, rewrites);
    } else {
      // File state without "//": the host is empty and the path absolute ("file:x" is written
      // "file:///x"), as its serialization shows.
      rewrites.push({ text: 'an empty host written "//", the path from "/"', applies: (href) => href.startsWith('file:///') });
      path(rest, true, err, rewrites);
    }
  } else if (!isSpecial && rest.startsWith('//')) {
    const auth = rest.slice(2).split(/[/?#]/, 1)[0]!;
    const host = auth.slice(auth.lastIndexOf('@') + 1).replace(/:\d*$/, '');
    if (FORBIDDEN_HOST.test(host)) err('host-invalid-code-point', `the opaque host "${host}" holds a forbidden host code point`, true);
    path(rest.slice(2 + auth.length), false, err, rewrites);
  } else {
    // An opaque path (mailto:, urn:): only its units are checked.
    units(rest, 0, false, err);
  }
  return { errors, rewrites };
}

/** Path start state (§4.4): a special URL's empty path is serialized "/". */
function pathStart(after: string, rewrites: Reading['rewrites']): void {
  if (!/^[/\\]/.test(after)) rewrites.push({ text: 'empty path written "/"', applies: () => true });
}

function special(url: string): boolean {
  const m = /^\s*([A-Za-z][A-Za-z0-9+.-]*):/.exec(url);
  return !!m && m[1]!.toLowerCase() in SPECIAL;
}

/** Authority state, host state and port state of a special URL. */
function authority(rest: string, scheme: string, err: (n: string, d: string, f?: boolean) => void, rewrites: Reading['rewrites']): void {
  const end = rest.search(/[/\\?#]/);
  let auth = end < 0 ? rest : rest.slice(0, end);
  const at = auth.lastIndexOf('@');
  if (at >= 0) {
    err('invalid-credentials', CREDENTIALS_KEPT);
    auth = auth.slice(at + 1);
  }
  let host = auth;
  let port: string | null = null;
  if (auth.startsWith('[')) {
    const close = auth.indexOf(']');
    if (close < 0) {
      err('IPv6-unclosed', 'an IPv6 address without its "]"', true);
      return;
    }
    host = auth.slice(0, close + 1);
    const tail = auth.slice(close + 1);
    if (tail.startsWith(':')) port = tail.slice(1);
  } else {
    const colon = auth.lastIndexOf(':');
    if (colon >= 0) {
      host = auth.slice(0, colon);
      port = auth.slice(colon + 1);
    }
  }
  if (host === '') {
    err('host-missing', `a ${scheme} URL needs a host`, true);
    return;
  }
  if (!host.startsWith('[')) hostName(host, err, rewrites);
  if (port !== null) {
    if (!/^\d*$/.test(port)) err('port-invalid', `the port "${port}" is not digits`, true);
    else if (port !== '' && Number(port) > 65535) err('port-out-of-range', `the port ${port} is over 65535`, true);
    else if (port === '' || String(Number(port)) === SPECIAL[scheme]) rewrites.push({ text: port === '' ? 'empty port removed' : `default port ${port} removed`, applies: () => true });
  }
}

/** Host parsing of a domain (§3.5): percent-decoding, IDNA, the IPv4 reading of a numeric end. */
function hostName(host: string, err: (n: string, d: string, f?: boolean) => void, rewrites: Reading['rewrites']): void {
  let domain: string;
  try {
    domain = decodeURIComponent(host);
  } catch {
    domain = host;
  }
  if (domain !== host) rewrites.push({ text: 'host percent-decoded', applies: () => true });
  const bad = FORBIDDEN_DOMAIN.exec(domain);
  if (bad) {
    err('domain-invalid-code-point', `the host holds the forbidden code point ${JSON.stringify(bad[0])}`, true);
    return;
  }
  if (/[^\u0000-\u007f]/.test(domain)) rewrites.push({ text: 'host converted to ASCII by IDNA (punycode)', applies: (href) => href.includes('xn--') });
  else if (/[A-Z]/.test(domain)) rewrites.push({ text: 'host lower-cased', applies: () => true });
  // The ends-in-a-number checker (§3.5): a last label of digits, or 0x and hex, means IPv4.
  const labels = domain.split('.');
  if (labels.length > 1 && labels[labels.length - 1] === '') labels.pop();
  const last = labels[labels.length - 1] ?? '';
  if (!/^(\d+|0[xX][0-9A-Fa-f]*)$/.test(last)) return;
  const parts = domain.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') {
    err('IPv4-empty-part', 'the IPv4 address ends with "."');
    parts.pop();
  }
  if (parts.length > 4) {
    err('IPv4-too-many-parts', `"${domain}" ends in a number, so it is read as IPv4, and has ${parts.length} parts`, true);
    return;
  }
  const numbers: number[] = [];
  for (const part of parts) {
    const n = /^0[xX]/.test(part) ? (part.length === 2 ? 0 : /^0[xX][0-9A-Fa-f]+$/.test(part) ? parseInt(part.slice(2), 16) : NaN)
      : /^0[0-7]+$/.test(part) ? parseInt(part, 8)
      : /^\d+$/.test(part) ? Number(part) : NaN;
    if (Number.isNaN(n) || part === '') {
      err('IPv4-non-numeric-part', `"${domain}" ends in a number, so it is read as IPv4, and "${part}" is not a number`, true);
      return;
    }
    if (/^0[xX]|^0\d/.test(part)) err('IPv4-non-decimal-part', `"${part}" is read as ${/^0[xX]/.test(part) ? 'hexadecimal' : 'octal'}`);
    numbers.push(n);
  }
  if (numbers.some((n) => n > 255)) {
    const fatal = numbers.slice(0, -1).some((n) => n > 255) || numbers[numbers.length - 1]! >= 256 ** (5 - numbers.length);
    err('IPv4-out-of-range-part', `a part of the IPv4 address "${domain}" is over 255`, fatal);
  }
  if (numbers.length < 4 || parts.some((p) => /^0[xX]|^0\d/.test(p))) rewrites.push({ text: 'IPv4 address written out in dotted decimal', applies: () => true });
}

/** Path, query and fragment states: backslashes of a special URL, invalid units, dot segments. */
function path(rest: string, isSpecial: boolean, err: (n: string, d: string, f?: boolean) => void, rewrites: Reading['rewrites']): void {
  const q = rest.search(/[?#]/);
  const p = q < 0 ? rest : rest.slice(0, q);
  if (isSpecial && p.includes('\\')) err('invalid-reverse-solidus', '"\\" in the path read as "/"');
  if (/(^|[/\\])(\.|%2e|\.%2e|%2e\.|%2e%2e|\.\.)([/\\]|$)/i.test(p)) rewrites.push({ text: 'dot segments removed', applies: () => true });
  units(rest, 0, isSpecial, err);
}

/** Code points that are not URL code points, and "%" without two hex digits (§4.4). */
function units(s: string, from: number, isSpecial: boolean, err: (n: string, d: string, f?: boolean) => void): void {
  const seen = new Set<string>();
  let inQuery = false;
  for (let i = from; i < s.length; ) {
    const c = s[i]!;
    if (c === '?' || c === '#') inQuery = true;
    if (c === '%') {
      if (!/^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3)) && !seen.has('%')) {
        seen.add('%');
        err('invalid-URL-unit', PERCENT_KEPT);
      }
      i++;
      continue;
    }
    if ((isSpecial && c === '\\' && !inQuery) || c === '#' || c === '?') {
      i++;
      continue;
    }
    URL_UNIT.lastIndex = i;
    const hit = URL_UNIT.exec(s);
    if (hit) {
      i += hit[0].length;
      continue;
    }
    if (!seen.has(c)) {
      seen.add(c);
      const shown = c === ' ' ? 'a space' : JSON.stringify(c);
      err('invalid-URL-unit', `${shown} is not a URL code point`);
    }
    i++;
  }
}

/**
 * The difference between the URL Standard and RFC 3986 on one input, named: what one refuses
 * that the other accepts, and why.
 *
 * @example
 * ```ts
 * import { divergence, whatwg } from './whatwg.js';
 * divergence(whatwg('http://a:65536/'), true);
 * // 'RFC 3986 accepts, the URL Standard refuses: port-out-of-range'
 * ```
 */
export function divergence(w: WhatwgResult, rfc3986Valid: boolean): string {
  const fatal = w.errors.filter((e) => e.fatal).map((e) => e.name);
  const names = (errors: WhatwgError[]) => [...new Set(errors.map((e) => e.name))];
  const noted = names(w.errors.filter((e) => !e.fatal));
  if (!w.valid) return rfc3986Valid ? `RFC 3986 accepts, the URL Standard refuses: ${fatal.join(', ')}` : `both refuse (URL Standard: ${fatal.join(', ')})`;
  const changed = w.href !== w.input;
  // What the serialization changes that is no error, each named (the default port, an empty path as "/").
  const writes = changed ? `${w.href}${w.rewrites.length ? ` (${w.rewrites.join(', ')})` : ''}` : '';
  if (!rfc3986Valid) {
    // A repair is an error after which the parser changes the input; "%zz" it keeps as written.
    const repaired = names(w.errors.filter((e) => !e.fatal && !AS_WRITTEN.has(e.detail)));
    const kept = names(w.errors.filter((e) => !e.fatal && AS_WRITTEN.has(e.detail))).filter((n) => !repaired.includes(n));
    const noting = kept.length ? `, noting ${kept.join(', ')}` : '';
    if (repaired.length) return `RFC 3986 refuses, the URL Standard repairs it (${repaired.join(', ')})${changed ? ` as ${writes}` : ''}${noting}`;
    return `RFC 3986 refuses, the URL Standard accepts it${changed ? ` and writes ${writes}` : ' as written'}${noting}`;
  }
  if (noted.length) return `both accept; the URL Standard notes ${noted.join(', ')}${changed ? ` and writes ${writes}` : ''}`;
  return changed ? `both accept; the URL Standard writes ${writes}` : 'both accept, and agree';
}

/** The URL Standard beside the eras: a row of `compare`'s table, a sentence, and the data. */
export interface WhatwgColumn extends WhatwgResult {
  /** How it differs from RFC 3986's verdict (`URI-reference`), named. */
  divergence: string;
  /** Cells for compare's table: verdict, name, date, what it parses, outcome. */
  row: string[];
  /** The divergence as a line under the table. */
  summary: string;
  /** A file URL: where the URL Standard parts from RFC 8089 (its host and drive letters), named. */
  file?: string[];
  /** A data URL: where Fetch's data: URL processor parts from RFC 2397, named (src/whatwg-data.ts). */
  data?: string[];
}

/**
 * The URL Standard's column for `input`, with its divergence from RFC 3986.
 *
 * @example
 * ```ts
 * import { whatwgColumn } from './whatwg.js';
 * whatwgColumn('http://a/b c').divergence;
 * // 'RFC 3986 refuses, the URL Standard repairs it (invalid-URL-unit) as http://a/b%20c'
 * ```
 */
export function whatwgColumn(input: string, base?: string): WhatwgColumn {
  const w = whatwg(input, base);
  const d = divergence(w, isValid(input, { spec: DEFAULT_ERA }));
  const names = [...new Set(w.errors.map((e) => e.name))];
  const outcome = w.valid
    ? `-> ${escapeUnsafe(w.href!)}${names.length ? `  (${names.join(', ')})` : ''}`
    : `failure: ${names.join(', ')}`;
  const file = fileDifferences(input, w.href);
  const data = dataDifferences(input, w.href);
  const summary = `WHATWG vs RFC 3986: ${escapeUnsafe(d)}${file.length ? `\nWHATWG vs RFC 8089: ${escapeUnsafe(file.join('; '))}` : ''}${data.length ? `\nWHATWG (Fetch) vs RFC 2397: ${escapeUnsafe(data.join('; '))}` : ''}`;
  return { ...w, divergence: d, row: [w.valid ? '✓' : '✗', 'whatwg', 'living', 'URL', outcome], summary, ...(file.length ? { file } : {}), ...(data.length ? { data } : {}) };
}
