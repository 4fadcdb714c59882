// The light half of a per-era entry point (`urispec/<era>`, generated/entries/<era>.js): isValid
// and validate over the era's own generated files, without the registry of every era. Each
// factory is called once per entry point, as a pure call, so a bundler drops what is not used.

import { eraFrom, startIdOf, type EraParts } from './era.js';
import { acceptsIn, targetIn, validateIn, type AfterGrammar, type AnyValidationResult } from './validate-era.js';

export interface EraOptions {
  rule?: string;
  union?: boolean;
  appendixE?: boolean;
  /** The grammar alone, without a scheme profile's prose (src/profiles/). */
  grammarOnly?: boolean;
}

/**
 * `isValid` of one era: its fast recognizer, no diagnosis; and a scheme profile's prose where
 * `after.profiles` is given (the entry point of an era whose row of the era table names a
 * profile's prose passes src/profiles/of-era.ts's `PROFILES`).
 */
export function isValidFor(parts: EraParts, after?: AfterGrammar): (input: string, options?: EraOptions) => boolean {
  const era = eraFrom(parts);
  return (input, options) => acceptsIn(targetIn(era, options?.rule, options ?? {}, startIdOf, after, options?.grammarOnly), input);
}

/**
 * `validate` of one era: its fast recognizer, and its traced recognizer after a rejection; then
 * what `after` gives its era (a profile's prose; the template era's notes).
 */
export function validateFor(parts: EraParts, after?: AfterGrammar): (input: string, options?: EraOptions) => AnyValidationResult {
  const era = eraFrom(parts);
  return (input, options) => validateIn(targetIn(era, options?.rule, options ?? {}, startIdOf, after, options?.grammarOnly), input);
}
