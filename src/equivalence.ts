// Equivalence with its reasons (issue 25): whether two URIs are equivalent by an era's
// normalization (RFC 3986 §6, RFC 9110 §4.2.3 for http and https), and which differences the
// comparison set aside ("equal because") or could not ("not equal because"), in the section's
// words. The normal forms come from normalize(), the parts from parse(): nothing here splits.

import { badOption } from './errors.js';
import { normalize } from './normalize.js';
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

/** The words of a difference set aside, by the part it is in; `section` is the era's normalization. */
function setAside(part: string, x: string, y: string, section: string): string {
  const quoted = `"${x}" and "${y}"`;
  if ((part === 'scheme' || part === 'host') && x.toLowerCase() === y.toLowerCase()) {
    return `${part} ${quoted}: case only (${section}: "The scheme and host are case-insensitive")`;
  }
  if (part === 'port') {
    return `port ${quoted}: the scheme's default either way (${section}: "If the port is equal to the default port for a scheme, the normal form is to omit the port subcomponent")`;
  }
  if (part === 'path' && (x === '' || y === '')) {
    return `path ${quoted}: the same path (${section}: "an empty path component is equivalent to an absolute path of "/"")`;
  }
  return `${part} ${quoted}: percent-encoding, the case of its hex digits or dot-segments only (${section}: "Characters other than those in the "reserved" set are equivalent to their percent-encoded octets"; RFC 3986 §6.2.2)`;
}

function remains(part: string, x: string | undefined, y: string | undefined, section: string): string {
  const shown = (v: string | undefined) => (v === undefined ? 'none' : `"${v}"`);
  const words = part === 'scheme' ? 'distinct schemes are distinct origins (RFC 9110 §4.2.2: "Resources made available via the "https" scheme have no shared identity with the "http" scheme")' : `${section}: "all other components are compared in a case-sensitive manner"`;
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
  const equivalent = na.normalized === nb.normalized;
  for (const part of PARTS) {
    const [x, y, nx, ny] = [ra?.[part]?.value, rb?.[part]?.value, fa?.[part]?.value, fb?.[part]?.value];
    if (equivalent && x !== y) because.push(setAside(part, x ?? '', y ?? '', section));
    if (!equivalent && nx !== ny) because.push(remains(part, nx, ny, section));
  }
  return { ...record, equivalent, because };
}
