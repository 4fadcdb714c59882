// The eras, as generated from grammar/ by scripts/build-grammars.ts. Everything known about a
// spec (title, date, default rule, rule names and sections) comes from its grammar file.

import { eras as generated } from '#generated';
import { unknownSpec } from './errors.js';
import { eraFrom, ruleOf, startIdOf as startIdIn, type Era, type RuleMeta } from './era.js';
import { noteEras } from './known-eras.js';
import { DEFAULT_ERA } from './eras/table.js';

export type { Era, RuleMeta };
export { ruleOf };

const ERAS: Era[] = generated
  .map(eraFrom)
  // Newest first: the order of `specs()` and of `compare`.
  .sort((a, b) => b.meta.date.localeCompare(a.meta.date) || a.id.localeCompare(b.id));

noteEras(ERAS.map((e) => e.id)); // for advice naming another era (src/hints.ts)

// Spec ids are matched case-insensitively (contract: `RFC3986` is `rfc3986`).
const BY_ID = new Map(ERAS.map((e) => [e.id.toLowerCase(), e]));

export const DEFAULT_SPEC = DEFAULT_ERA;

export function allEras(): readonly Era[] {
  return ERAS;
}

export function eraOf(spec: string = DEFAULT_SPEC): Era {
  const era = BY_ID.get(spec.toLowerCase());
  if (!era) throw unknownSpec(spec, ERAS.map((e) => e.id));
  return era;
}

/**
 * The Peggy start rule for a spec rule. `union` selects the printed union where the contract
 * reads a rule differently (RFC 1738 `url` is read with scheme dispatch; its printed union is
 * the helper `_url_union`).
 */
export function startIdOf(era: Era, rule: RuleMeta, union = false): string {
  return startIdIn(era, rule, union, ERAS.map((e) => e.meta));
}
