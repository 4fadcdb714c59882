import { traced, type DerivationNode, type ValidationError } from './diagnose.js';
import { eraOf, ruleOf, startIdOf } from './registry.js';
import { proseOf } from './profiles/of-era.js';
import type { SpecId, ValidateOptions } from './validate.js';

export type { DerivationNode } from './diagnose.js';

/** An explanation; `valid` tells which: the whole derivation, or the failing path and the error. */
export type Explanation = ExplanationBase & ({ valid: true; error?: never } | { valid: false; error: ValidationError });

interface ExplanationBase {
  input: string;
  spec: SpecId;
  rule: string;
  /**
   * The derivation in the spec's rule names (PEG helpers and core rules folded away), offsets
   * into the input. For an invalid input: the rules on the failing path, each with what it had
   * matched, up to the error's offset; null when not even the start rule got going.
   */
  tree: DerivationNode | null;
}

/**
 * The derivation tree of `input` under a spec's rule: which rule matched which span. It comes
 * from the same grammar as `validate`, through the same instrumented parser as the diagnosis.
 *
 * @throws {UsageError} for an unknown spec or rule; never for any input string.
 * @example
 * ```ts
 * import { explain } from 'urispec';
 * const { tree } = explain('http://a/b', { rule: 'URI' });
 * tree?.children.map((n) => `${n.rule} ${n.start}-${n.end}`);
 * // ['scheme 0-4', 'hier-part 5-10']
 * ```
 */
export function explain(input: string, options?: ValidateOptions): Explanation {
  const era = eraOf(options?.spec);
  const rule = ruleOf(era, options?.rule);
  const d = traced(era, rule, startIdOf(era, rule, options ?? {}), input, true, proseOf(era.id, rule.name));
  const base = { input, spec: era.id, rule: rule.name, tree: d.tree };
  // The key order of every record: valid first, then the rest, then the error.
  return d.error ? { valid: false, ...base, error: d.error } : { valid: true, ...base };
}
