// Validation within one era, given the era itself: what `validate` and `isValid` do once the
// spec is known. Shared by the main entry point (which finds the era in the registry) and the
// per-era entry points (which load one era: generated/entries/), so neither copies the other.

import { diagnose, type ValidationError } from './diagnose.js';
import { ruleOf, startIdOf, type Era, type ReadingOptions, type RuleMeta } from './era.js';
import { templateNotes, type TemplateLevel } from './template/notes.js';
import { rowOf } from './eras/table.js';

/** The era, the rule asked for, and the Peggy rule that implements it. */
export interface Target {
  era: Era;
  rule: RuleMeta;
  startId: string;
}

export function targetIn(era: Era, rule: string | undefined, reading: ReadingOptions, startId = startIdOf): Target {
  const meta = ruleOf(era, rule);
  return { era, rule: meta, startId: startId(era, meta, reading) };
}

/**
 * The era's fast recognizer (generated/<era>.fast.js, scripts/codegen/emit-fast.ts): the same
 * grammar file as the Peggy parsers, compiled to plain position arithmetic: no result values, no
 * expectations, no exceptions. test/recognizer.test.ts holds its verdicts equal to Peggy's.
 */
export function acceptsIn(t: Target, input: string): boolean {
  return t.era.fast.accepts(input, t.startId);
}

/** The record of `validate` for a target: no diagnosis unless the fast recognizer rejects. */
export function validateIn(t: Target, input: string): AnyValidationResult {
  // Object literals in the contract's key order rather than spreads: this runs for every line
  // of a batch, and a spread copies through a slow path (issue 17).
  if (acceptsIn(t, input)) {
    const notes = notesOf(t.era.id);
    if (notes === undefined) return { valid: true, input, spec: t.era.id, rule: t.rule.name };
    return { valid: true, input, spec: t.era.id, rule: t.rule.name, ...notes(t.rule.name, input) };
  }
  return { valid: false, input, spec: t.era.id, rule: t.rule.name, error: diagnose(t.era, t.rule, t.startId, input) };
}

/**
 * Something valid that the spec nonetheless advises against: the grammar accepts it, the
 * spec's text reserves or deprecates it (RFC 6570 §2.2's reserved operators).
 */
export interface ValidationWarning {
  /** 0-based UTF-16 index where it starts. */
  offset: number;
  /** The spec rule that matched it (`op-reserve`). */
  rule: string;
  /** The section whose text warns (`2.2`). */
  section: string;
  message: string;
}

/** What an era says of a valid input beyond the verdict: RFC 6570's level and warnings. */
function notesOf(id: string): ((rule: string, input: string) => { level?: TemplateLevel; warnings?: ValidationWarning[] }) | undefined {
  return rowOf(id)?.template ? templateNotes : undefined;
}

/** A validation result whose spec is known only at run time. */
export type AnyValidationResult =
  | { valid: true; input: string; spec: string; rule: string; level?: TemplateLevel; warnings?: ValidationWarning[] }
  | { valid: false; input: string; spec: string; rule: string; error: ValidationError };
