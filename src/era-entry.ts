// The light half of a per-era entry point (`urispec/<era>`, generated/entries/<era>.js): isValid
// and validate over the era's own generated files, without the registry of every era. Each
// factory is called once per entry point, as a pure call, so a bundler drops what is not used.

import { eraFrom, startIdOf, type EraParts } from './era.js';
import { acceptsIn, targetIn, validateIn, type AnyValidationResult } from './validate-era.js';

export interface EraOptions {
  rule?: string;
  union?: boolean;
  appendixE?: boolean;
}

/** `isValid` of one era: its fast recognizer, no diagnosis. */
export function isValidFor(parts: EraParts): (input: string, options?: EraOptions) => boolean {
  const era = eraFrom(parts);
  return (input, options) => acceptsIn(targetIn(era, options?.rule, options ?? {}, startIdOf), input);
}

/** `validate` of one era: its fast recognizer, and its traced recognizer after a rejection. */
export function validateFor(parts: EraParts): (input: string, options?: EraOptions) => AnyValidationResult {
  const era = eraFrom(parts);
  return (input, options) => validateIn(targetIn(era, options?.rule, options ?? {}, startIdOf), input);
}
