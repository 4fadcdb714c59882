// What the era modules share: the result shapes, and reading the base and the reference
// through the era's validating parse (parse.ts), so that every algorithm starts from the
// components the grammar assigned.

import type { ValidationError } from '../diagnose.js';
import { explain, type DerivationNode } from '../explain.js';
import { componentsOfTree, componentValues, hasRule } from '../parse.js';
import { validate } from '../validate.js';

/**
 * Why a resolution has no target: the base or the reference is not what the era's algorithm
 * takes. The fields of the contract's error record, plus which of the two inputs it is about.
 */
export interface ResolveError extends ValidationError {
  /** `base` or `ref`. */
  which: 'base' | 'ref';
}

export interface ResolveOptions {
  /** `rfc3986` (the default), `rfc2396-draft` or `rfc1808`; `rfc1738` defines no resolution. */
  spec?: string;
  /**
   * RFC 3986 §5.2.2: `true` (the default) is the strict parser; `false` is the
   * backward-compatible reading that ignores a scheme equal to the base's (`http:g`).
   * The older eras have no such switch.
   */
  strict?: boolean;
}

/** One resolution: exactly one of `target` and `error`. */
export interface ResolveResult {
  base: string;
  ref: string;
  spec: string;
  target?: string;
  error?: ResolveError;
}

/** A parsed input: its component values and the derivation tree they were read from. */
export interface Parsed {
  /** Component values by the era's names; absent components are not keys. */
  c: Record<string, string>;
  tree: DerivationNode;
}

/** The input parsed under `rule`, or the error record saying where it is not in that rule. */
export function parseAs(spec: string, input: string, rule: string, which: 'base' | 'ref'): Parsed | ResolveError {
  const x = explain(input, { spec, rule });
  if (!x.valid || !x.tree) return { which, ...x.error! };
  return { c: componentValues(componentsOfTree(spec, input, x.tree)), tree: x.tree };
}

/**
 * Requires the parse to have gone through `rule` (a base must be absolute, and its parts
 * below the scheme must be the generic ones): when it did not, the diagnosis of the input
 * under that rule says where it stops being one.
 */
export function requireRule(spec: string, input: string, parsed: Parsed, rule: string, which: 'base' | 'ref'): ResolveError | null {
  if (hasRule(parsed.tree, rule)) return null;
  const v = validate(input, { spec, rule });
  if (!v.valid) return { which, ...v.error };
  // Valid under the rule but derived otherwise by the era's start rule (PEG's ordered choice):
  // report it at the start, in the rule that was not taken.
  return {
    which,
    offset: 0,
    rule,
    rulePath: [rule],
    expected: [],
    found: input.length > 0 ? input[0]! : null,
    section: '',
    message: `the ${which} is not derived through ${rule} in ${spec}`,
  };
}

export function isError(x: Parsed | ResolveError): x is ResolveError {
  return 'which' in x;
}
