/**
 * Which spec and start rule a command works with, checked before any input is read so that a
 * misspelt `--spec` or `--rule` is a usage error (exit 2) and not one failure per line.
 */
import { validate, type SpecId } from '../index.js';
import type { ReadingOptions } from '../era.js';

export interface Selection {
  /** The spec's id and the rule as the spec spells it. */
  spec: SpecId;
  rule: string;
}

/**
 * Resolves `--spec`/`--rule` (either may be absent) through the library itself, so that
 * defaults, case-insensitive rule names and the messages naming the choices stay the
 * library's: it throws `UsageError` for an unknown spec or rule and never for an input.
 */
export function resolveSelection(spec: string | undefined, rule: string | undefined, reading: ReadingOptions = {}): Selection {
  const options: { spec?: string; rule?: string } & ReadingOptions = {};
  if (spec !== undefined) options.spec = spec;
  if (rule !== undefined) options.rule = rule;
  if (reading.union) options.union = true;
  if (reading.appendixE) options.appendixE = true;
  const probe = validate('', options);
  return { spec: probe.spec, rule: probe.rule };
}

