// Which prose a scheme profile checks after an era's grammar: the era table's `profile.prose`,
// for the rules it names. Apart from ./run.ts so that what does not look profiles up (the
// per-era `isValid` of an era without one) does not load the table.

import { rowOf } from '../eras/table.js';
import type { SchemeProse } from './profile.js';

/** Looks up the prose of an era's rule: `proseOf` below, or none (`grammarOnly`). */
export type ProseLookup = (era: string, rule: string) => SchemeProse | undefined;

/** The prose an era checks after its grammar when `rule` is the start rule, if any. */
export const proseOf: ProseLookup = (era, rule) => {
  const prose = rowOf(era)?.profile?.prose;
  return prose !== undefined && Object.values(prose.rules).includes(rule) ? prose : undefined;
};
