// The parts of a URN that its era's grammar accepts (RFC 8141 §2 `namestring`, RFC 2141 §2
// `URN`), split as the texts say, with where each starts: what the profiles' prose
// (src/profiles/urn.ts), the components (src/parse.ts) and URN-equivalence (src/equivalence.ts)
// read. Only called on a string the grammar accepts, so a split by characters is exact.

import type { UrnSyntax } from '../eras/table.js';

/** One part: its text and its 0-based UTF-16 offset. */
export interface UrnPart {
  value: string;
  start: number;
}

export interface UrnParts {
  /** "urn", as written (RFC 8141 §3.1: compared "by conversion to lower case"). */
  scheme: UrnPart;
  NID: UrnPart;
  NSS: UrnPart;
  /** RFC 8141 §2.3 only: "?+" r-component, "?=" q-component, "#" f-component. */
  'r-component'?: UrnPart;
  'q-component'?: UrnPart;
  'f-component'?: UrnPart;
}

/** The parts of RFC 8141's URN-equivalence that are not the assigned name (§3.1: "MUST be ignored"). */
export const OPTIONAL_COMPONENTS = ['r-component', 'q-component', 'f-component'] as const;

/**
 * Splits a URN that the grammar of `syntax` accepts.
 *
 * RFC 8141 §2: `assigned-name = "urn" ":" NID ":" NSS`, where neither NID nor NSS holds "?" or
 * "#". §2.3.1: "The sequence "?+" introduces the r-component. The r-component ends with a "?="
 * sequence (which begins a q-component) or a "#" character"; §2.3.2: "The sequence "?="
 * introduces the q-component. The q-component ends with a "#" character"; §2.3.3: "The
 * f-component is introduced by the number sign ("#") character and terminated by the end of the
 * URI". The grammar's `r-component` may itself hold "?=" (its repetition takes "?" and "="):
 * the split at the first "?=" is the prose's, not the derivation's (docs/decisions.md "rfc8141").
 *
 * RFC 2141 §2: `<URN> ::= "urn:" <NID> ":" <NSS>`: the NSS runs to the end, "/", "?" and "#"
 * included (§2.3.2 reserves them, but they are `<trans>`).
 */
export function urnParts(input: string, syntax: UrnSyntax): UrnParts {
  const c1 = input.indexOf(':');
  const c2 = input.indexOf(':', c1 + 1);
  const part = (start: number, end: number): UrnPart => ({ value: input.slice(start, end), start });
  const parts: UrnParts = { scheme: part(0, c1), NID: part(c1 + 1, c2), NSS: part(c2 + 1, input.length) };
  if (syntax === 'RFC 2141 §2') return parts;
  const b = componentBounds(input, c2);
  parts.NSS = part(c2 + 1, b.nssEnd);
  if (b.r !== undefined) parts['r-component'] = part(b.r, b.rEnd);
  if (b.q !== undefined) parts['q-component'] = part(b.q, b.hashAt);
  if (b.hashAt < input.length) parts['f-component'] = part(b.hashAt + 1, input.length);
  return parts;
}

/** Where RFC 8141 §2.3's components of a namestring begin (after "?+", "?=", "#"), as offsets. */
export interface ComponentBounds {
  /** Where the NSS ends: its first "?", or the "#", or the end. */
  nssEnd: number;
  /** The r-component's first character, if there is one, and where it ends: at the "?=" of a q-component, or the "#". */
  r: number | undefined;
  rEnd: number;
  /** The q-component's first character, if there is one (it ends at the "#"). */
  q: number | undefined;
  /** The "#" of the f-component, or the input's length where there is none. */
  hashAt: number;
}

/**
 * urnParts' split of an RFC 8141 namestring after the NSS, as offsets into it (`c2`: the ":"
 * before the NSS): what the profile's prose reads on every accepted line (issue 17), without
 * the parts' strings.
 */
export function componentBounds(input: string, c2: number): ComponentBounds {
  const hash = input.indexOf('#', c2 + 1);
  const end = hash < 0 ? input.length : hash;
  let at = input.indexOf('?', c2 + 1);
  if (at < 0 || at > end) at = end;
  const b: ComponentBounds = { nssEnd: at, r: undefined, rEnd: at, q: undefined, hashAt: end };
  if (input.startsWith('?+', at)) {
    b.r = at + 2;
    const eq = input.indexOf('?=', at + 2);
    at = eq >= 0 && eq < end ? eq : end;
    b.rEnd = at;
  }
  if (input.startsWith('?=', at) && at < end) b.q = at + 2;
  return b;
}
