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
  /** What became of the era's document, where something did (`rfc6874`: obsoleted by RFC 9844). */
  status?: string;
} & ({ valid: true; error?: never } | { valid: false; error: ValidationError });

export interface Comparison {
  input: string;
  results: EraVerdict[];
}

/**
 * What the table cannot say by itself: an era whose document was obsoleted accepts the input
 * while the era it extends does not. `http://[fe80::1%25eth0]/` is valid in rfc6874 and not in
 * rfc3986, and RFC 9844 obsoleted RFC 6874: zone identifiers are no part of URIs any more.
 */
export function statusNote(c: Comparison): string | null {
  const notes = c.results.flatMap((r) => onlyInNote(c, r) ?? []);
  return notes.length > 0 ? notes.join('\n') : null;
}

/**
 * The status of every era compared whose document has one (the grammar's `// @status`), one
 * line an era: the note of `statusNote` where it applies, otherwise `rfc6874: obsoleted by ...`
 * as `urispec specs` prints it, so that a reader of the table learns it whatever the input.
 */
export function statusLines(c: Comparison): string[] {
  return c.results.flatMap((r) => (r.status === undefined ? [] : [onlyInNote(c, r) ?? `${r.spec}: ${r.status}`]));
}

/** `valid in rfc6874 but not in rfc3986, and rfc6874 is obsoleted by ...`, where that holds. */
function onlyInNote(c: Comparison, r: EraVerdict): string | null {
  const base = eraOf(r.spec).meta.extends;
  const baseResult = c.results.find((x) => x.spec === base);
  if (!r.valid || r.status === undefined || base === undefined || baseResult?.valid) return null;
  const baseValid = baseResult ? false : validate(c.input, { spec: base }).valid;
  return baseValid ? null : `valid in ${r.spec} but not in ${base}, and ${r.spec} is ${r.status}`;
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
      if (era.meta.status) verdict.status = era.meta.status;
      return verdict;
    }),
  };
}
