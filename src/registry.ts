// The eras, as generated from grammar/ by scripts/build-grammars.ts. Everything known about a
// spec (title, date, default rule, rule names and sections) comes from its grammar file.

import { compileTraced, compileTracedWith, eras as generated, type GeneratedEra, type GeneratedGrammarMeta } from '#generated';
import { unknownSpec } from './errors.js';
import { eraFrom, ruleOf, startIdOf as startIdIn, type Era, type ReadingOptions, type RegistryEra, type RuleMeta } from './era.js';
import { noteEraNamed, noteEras } from './known-eras.js';
import { DEFAULT_ERA, diagnosisRowOf, eraWith, urnEra } from './eras/table.js';
import { eraRowsOf } from './hints/era-rows.js';
import { TEMPLATE_HINTS } from './hints/template-rows.js';
import { URN_HINTS } from './hints/urn-rows.js';

export type { Era, RegistryEra, RuleMeta };
export { ruleOf };

/** Newest first, then by id: the order of `specs()` and of `compare`. */
export function newestFirst(a: Pick<GeneratedGrammarMeta, 'spec' | 'date'>, b: Pick<GeneratedGrammarMeta, 'spec' | 'date'>): number {
  return b.date.localeCompare(a.date) || a.spec.localeCompare(b.spec);
}

/** Every module of an era kind's hint rows, by the name ./hints/era-rows.ts gives it. */
const ERA_ROWS = { TEMPLATE_HINTS, URN_HINTS } as const;

const ERAS: RegistryEra[] = [];
// Spec ids are matched case-insensitively (contract: `RFC3986` is `rfc3986`).
const BY_ID = new Map<string, RegistryEra>();

/**
 * Adds eras from their generated parts; one already known is left as it is. Node loads every
 * era here at start; the playground's bundle starts with none and adds each era's parts when
 * they arrive (playground/eras.ts), so that its first load does not grow with the eras.
 */
export function addEras(parts: readonly GeneratedEra[]): void {
  // An era kind's own hint rows (./hints/era-rows.ts), by the era's row of the era table.
  for (const era of parts.map((p) => {
    const rows = eraRowsOf(diagnosisRowOf(p.meta.spec));
    return eraFrom(rows ? { ...p, hints: ERA_ROWS[rows.name] } : p);
  })) {
    if (BY_ID.has(era.id.toLowerCase())) continue;
    ERAS.push(era);
    BY_ID.set(era.id.toLowerCase(), era);
  }
  ERAS.sort((a, b) => newestFirst(a.meta, b.meta));
  noteEras(ERAS.map((e) => e.id)); // for advice naming another era (src/hints/table.ts)
}

addEras(generated);
// The diagnosis's traced programs run as compiled code, where the environment allows it
// (generated/runtime/traced-source.js; issue 17): the main entry point's eras, not a per-era
// entry point's, whose bundle leaves the compiler out (issue 19's budgets).
compileTracedWith(compileTraced);
// The eras the hints name for a feature (src/hints/table.ts), from the era table.
noteEraNamed('iri', eraWith('iri'));
noteEraNamed('zoneIdentifiers', eraWith('zoneIdentifiers'));
for (const syntax of ['RFC 2141 §2', 'RFC 8141 §2'] as const) noteEraNamed(syntax, urnEra(syntax));

export const DEFAULT_SPEC = DEFAULT_ERA;

export function allEras(): readonly RegistryEra[] {
  return ERAS;
}

export function eraOf(spec: string = DEFAULT_SPEC): RegistryEra {
  const era = BY_ID.get(spec.toLowerCase());
  if (!era) throw unknownSpec(spec, ERAS.map((e) => e.id));
  return era;
}

/**
 * The Peggy start rule for a spec rule. `union` selects the printed union where the contract
 * reads a rule differently (RFC 1738 `url` is read with scheme dispatch; its printed union is
 * the helper `_url_union`); `appendixE` RFC 8089 Appendix F's reading (src/era.ts).
 */
export function startIdOf(era: Era, rule: RuleMeta, reading: ReadingOptions = {}): string {
  return startIdIn(era, rule, reading, ERAS.map((e) => e.meta));
}
