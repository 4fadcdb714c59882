import { traced, type DerivationNode, type ValidationError } from './diagnose.js';
import { acceptedIn, rejectedIn, type ValidationWarning } from './validate-era.js';
import { targetOf, type SpecId, type ValidateOptions } from './validate.js';
import type { TemplateLevel } from './template/notes.js';

export type { DerivationNode } from './diagnose.js';

/**
 * An explanation: the record of `validate` for the same input and options (the same `valid`,
 * `error`, `warnings` and `level`), with the derivation tree.
 */
export type Explanation = ExplanationBase &
  ({ valid: true; error?: never; level?: TemplateLevel } | { valid: false; error: ValidationError; level?: never });

interface ExplanationBase {
  input: string;
  spec: SpecId;
  rule: string;
  /**
   * The derivation in the spec's rule names (PEG helpers and core rules folded away), offsets
   * into the input. When the grammar rejects the input: the rules on the failing path, each
   * with what it had matched, up to the error's offset; null when not even the start rule got
   * going. When the grammar derives the input and a scheme profile's prose rejects it (the
   * error's `layer` is `profile`): the whole derivation, which is true of the grammar.
   */
  tree: DerivationNode | null;
  /** A scheme profile's or RFC 6570's warnings, as `validate` gives them. */
  warnings?: ValidationWarning[];
}

/**
 * The derivation tree of `input` under a spec's rule: which rule matched which span, with the
 * verdict of `validate` for the same options. The tree comes from the same grammar as
 * `validate`, through the same instrumented parser as the diagnosis; the verdict, for an input
 * the grammar derives, from the same check of the scheme profile's prose after it (src/
 * profiles/), skipped with `grammarOnly` as in `validate`.
 *
 * @throws {UsageError} for an unknown spec or rule; never for any input string.
 * @example
 * ```ts
 * import { explain } from 'urispec';
 * const { tree } = explain('http://a/b', { rule: 'URI' });
 * tree?.children.map((n) => `${n.rule} ${n.start}-${n.end}`);
 * // ['scheme 0-4', 'hier-part 5-10']
 * // RFC 9110 §4.2.1: the grammar derives an empty host, the text rejects it.
 * const x = explain('http:///x', { spec: 'rfc9110' });
 * x.valid;                 // false
 * x.error?.layer;          // 'profile'
 * x.tree?.rule;            // 'http-URI'
 * explain('http:///x', { spec: 'rfc9110', grammarOnly: true }).valid; // true
 * ```
 */
export function explain(input: string, options?: ValidateOptions): Explanation {
  // validate's own target (src/validate.ts): the same start rule, reading and prose.
  const t = targetOf(options);
  const d = traced(t.era, t.rule, t.startId, input, true, t.explains);
  // The grammar's diagnosis made with the tree is validate's record (test/explain.test.ts holds
  // them equal); what follows the grammar is validate's own step (src/validate-era.ts).
  const r = d.error ? rejectedIn(t, input, d.error) : acceptedIn(t, input);
  // The key order of every record: valid first, then the rest, then the error.
  const base = { input, spec: r.spec, rule: r.rule, tree: d.tree };
  const level = r.valid && r.level !== undefined ? { level: r.level } : {};
  const warnings = r.warnings !== undefined ? { warnings: r.warnings } : {};
  return r.valid ? { valid: true, ...base, ...level, ...warnings } : { valid: false, ...base, ...warnings, error: r.error };
}
