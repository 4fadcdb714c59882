// The eras, as generated from grammar/ by scripts/build-grammars.ts. Everything known about a
// spec (title, date, default rule, rule names and sections) comes from its grammar file.

import { eras as generated, type GeneratedEra, type GeneratedRuleMeta } from '#generated';
import { unknownRule, unknownSpec, badOption } from './errors.js';

export type RuleMeta = GeneratedRuleMeta;

export interface Era extends GeneratedEra {
  id: string;
  /** Spec rules by lower-cased name: `--rule` is matched case-insensitively (contract). */
  byName: Map<string, RuleMeta>;
  /** Peggy ids of the helper rules, for the variants they implement (`_url_union`). */
  helperIds: Set<string>;
}

const ERAS: Era[] = generated
  .map((g) => ({
    ...g,
    id: g.meta.spec,
    byName: new Map(g.meta.rules.map((r) => [r.name.toLowerCase(), r])),
    helperIds: new Set(g.meta.helpers.map((h) => h.id)),
  }))
  // Newest first: the order of `specs()` and of `compare`.
  .sort((a, b) => b.meta.date.localeCompare(a.meta.date) || a.id.localeCompare(b.id));

// Spec ids are matched case-insensitively (contract: `RFC3986` is `rfc3986`).
const BY_ID = new Map(ERAS.map((e) => [e.id.toLowerCase(), e]));

export const DEFAULT_SPEC = 'rfc3986';

export function allEras(): readonly Era[] {
  return ERAS;
}

export function eraOf(spec: string = DEFAULT_SPEC): Era {
  const era = BY_ID.get(spec.toLowerCase());
  if (!era) throw unknownSpec(spec, ERAS.map((e) => e.id));
  return era;
}

export function ruleOf(era: Era, rule: string = era.meta.defaultRule): RuleMeta {
  const meta = era.byName.get(rule.toLowerCase());
  if (!meta) throw unknownRule(rule, era.id, era.meta.rules.map((r) => r.name));
  return meta;
}

/**
 * The Peggy start rule for a spec rule. `union` selects the printed union where the contract
 * reads a rule differently (RFC 1738 `url` is read with scheme dispatch; its printed union is
 * the helper `_url_union`).
 */
export function startIdOf(era: Era, rule: RuleMeta, union = false): string {
  if (!union) return rule.id;
  const id = `_${rule.id}_union`;
  if (!era.helperIds.has(id)) {
    const withUnion = ERAS.flatMap((e) =>
      e.meta.helpers.filter((h) => /^_.+_union$/.test(h.id)).map((h) => `${e.id} ${h.id.slice(1, -6)}`),
    );
    throw badOption(`--union applies to a rule read differently from its printed union: ${withUnion.join(', ') || 'none'}`, withUnion);
  }
  return id;
}
