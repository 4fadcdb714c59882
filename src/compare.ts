// The same input under several eras, each with its default start rule: how the verdict on one
// string changed from 1994 to 2005.

import type { ValidationError } from './diagnose.js';
import { allEras, eraOf } from './registry.js';
import { validate, type SpecId } from './validate.js';

export interface CompareOptions {
  /** The eras to compare, in the order given; default: every era, newest first. */
  specs?: SpecId[];
}

/** One era's verdict; `valid` tells whether there is an error. */
export type EraVerdict = {
  spec: SpecId;
  /** The era's default start rule. */
  rule: string;
} & ({ valid: true; error?: never } | { valid: false; error: ValidationError });

export interface Comparison {
  input: string;
  results: EraVerdict[];
}

/**
 * Validates `input` under every era (or the ones named), each with its default start rule.
 *
 * @throws {UsageError} for an unknown spec id; never for any input string.
 * @example
 * ```ts
 * import { compare } from 'urispec';
 * const eras = ['rfc3986', 'rfc2396-draft', 'rfc1808', 'rfc1738'];
 * compare('http://a/~u', { specs: eras }).results.map((r) => `${r.spec} ${r.valid}`);
 * // ['rfc3986 true', 'rfc2396-draft true', 'rfc1808 false', 'rfc1738 false']
 * // "~" is unreserved (a mark) since the 1996 draft; RFC 1738 and RFC 1808 list it as national.
 * compare('http://a/~u').results.length; // every era, newest first, when no specs are given
 * ```
 */
export function compare(input: string, options?: CompareOptions): Comparison {
  const ids = options?.specs ?? allEras().map((e) => e.id);
  // Check every id before validating anything, so a typo costs no partial output.
  const eras = ids.map((id) => eraOf(id));
  return {
    input,
    results: eras.map((era) => {
      const r = validate(input, { spec: era.id });
      const verdict: EraVerdict = r.valid
        ? { spec: r.spec, rule: r.rule, valid: true }
        : { spec: r.spec, rule: r.rule, valid: false, error: r.error };
      return verdict;
    }),
  };
}
