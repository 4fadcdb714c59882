// One era as the library uses it, built from its generated parts (generated/<era>.*.js). Kept
// apart from the registry (./registry.ts, which loads every era) so that a per-era entry point
// (`urispec/rfc3986`, generated/entries/) loads its own era's files and nothing else.

import type { GeneratedEra, GeneratedGrammar, GeneratedGrammarMeta, GeneratedLeanMeta, GeneratedRuleMeta } from '#generated';
import type { TracedRecognizer } from './diagnosis/trace.js';
import type { HintRow } from './hints/table.js';
import { unknownRule, badOption } from './errors.js';

export type RuleMeta = GeneratedRuleMeta;

export interface Era extends Omit<GeneratedEra, 'diag' | 'grammar'> {
  id: string;
  /** The traced recognizer, for the diagnosis (./diagnosis/trace.ts). */
  diag: TracedRecognizer;
  /**
   * The grammar as data (generated/<era>.grammar.js): every era of the registry has it
   * (`RegistryEra`), a per-era entry point's does not load it (issue 19's budgets).
   */
  grammar?: GeneratedGrammar;
  /**
   * The era's own rows of the hint table, tried before the rows for every era
   * (./hints/template-rows.ts for the template era): carried by the era's parts, so that
   * another era's bundle leaves them out (issue 19's budgets).
   */
  hints?: readonly HintRow[];
  /** Spec rules by lower-cased name: `--rule` is matched case-insensitively (contract). */
  byName: Map<string, RuleMeta>;
  /** Peggy ids of the helper rules, for the variants they implement (`_url_union`). */
  helperIds: Set<string>;
}

/**
 * An era of the registry (./registry.ts): all its generated parts, its grammar as data among
 * them, which the start rules' automata, the vectors and the playground's diagrams read.
 */
export type RegistryEra = Era & Pick<GeneratedEra, 'grammar'>;

/**
 * An era's generated parts: what an entry point loads (the fast recognizer at least). A per-era
 * entry point loads the lean rule metadata (generated/<era>.meta.js: no printed definitions or
 * examples, which validation never reads); the registry the whole (generated/<era>.rules.js).
 */
export type EraParts = { meta: GeneratedLeanMeta | GeneratedGrammarMeta; hints?: readonly HintRow[] } & Pick<GeneratedEra, 'fast'> & Partial<Omit<GeneratedEra, 'meta' | 'fast'>>;

/**
 * The era of its generated parts; the parts an entry point did not load are absent, as are the
 * rules' definitions and examples of a per-era entry point's era (only `specs()`, `grammar-diff`
 * and the vectors read those, through the registry).
 */
export function eraFrom(parts: GeneratedEra & { hints?: readonly HintRow[] }): RegistryEra;
export function eraFrom(parts: EraParts): Era;
export function eraFrom(parts: EraParts): Era {
  const whole = parts as GeneratedEra;
  return {
    ...whole,
    // Generated JavaScript, typed loosely by generated/index.d.ts: its protocol is ours.
    diag: parts.diag as unknown as TracedRecognizer,
    id: parts.meta.spec,
    byName: new Map(whole.meta.rules.map((r) => [r.name.toLowerCase(), r])),
    helperIds: new Set(parts.meta.helpers.map((h) => h.id)),
  };
}

export function ruleOf(era: Era, rule: string = era.meta.defaultRule): RuleMeta {
  const meta = era.byName.get(rule.toLowerCase());
  if (!meta) throw unknownRule(rule, era.id, era.meta.rules.map((r) => r.name));
  return meta;
}

/**
 * The options that select another reading of a rule, one its document also prints: `union`,
 * RFC 1738's printed union of `url` (the contract reads it with scheme dispatch); `appendixE`,
 * RFC 8089 Appendix E's nonstandard syntax variations, as Appendix F collects them (the era
 * reads §2). Each reading of a rule is the helper `_<rule>_union` or `_<rule>_appendix_e`.
 */
export interface ReadingOptions {
  union?: boolean;
  appendixE?: boolean;
}

/** `rfc1738 url`: the rules of these eras that `union` applies to. */
export function unionRules(metas: readonly GeneratedGrammarMeta[]): string[] {
  return metas.flatMap((m) => m.helpers.filter((h) => /^_.+_union$/.test(h.id)).map((h) => `${m.spec} ${h.id.slice(1, -6)}`));
}

const APPENDIX_E = /^_.+_appendix_e$/;

/** The eras that print Appendix E's nonstandard rules (rfc8089): those `appendixE` applies to. */
export function appendixEEras(metas: readonly GeneratedGrammarMeta[]): string[] {
  return metas.filter((m) => m.helpers.some((h) => APPENDIX_E.test(h.id))).map((m) => m.spec);
}

/**
 * The Peggy start rule for a spec rule. `union` selects the printed union where the contract
 * reads a rule differently (RFC 1738 `url` is read with scheme dispatch; its printed union is
 * the helper `_url_union`). `appendixE` selects RFC 8089 Appendix F's reading of a rule (the
 * helper `_file_URI_appendix_e`); a rule Appendix F does not print again reads the same. `known`
 * lists the eras named in the message when the option does not apply.
 */
export function startIdOf(era: Era, rule: RuleMeta, reading: ReadingOptions = {}, known: readonly GeneratedGrammarMeta[] = [era.meta]): string {
  if (reading.union && reading.appendixE) throw badOption('--union and --appendix-e select readings of different eras: give one');
  if (reading.appendixE) {
    if (!era.meta.helpers.some((h) => APPENDIX_E.test(h.id))) {
      const withAppendixE = appendixEEras(known);
      throw badOption(`--appendix-e applies to the eras that print RFC 8089 Appendix E's nonstandard syntax: ${withAppendixE.join(', ') || 'none'}`, withAppendixE);
    }
    const id = `_${rule.id}_appendix_e`;
    return era.helperIds.has(id) ? id : rule.id;
  }
  if (!reading.union) return rule.id;
  const id = `_${rule.id}_union`;
  if (!era.helperIds.has(id)) {
    const withUnion = unionRules(known);
    throw badOption(`--union applies to a rule read differently from its printed union: ${withUnion.join(', ') || 'none'}`, withUnion);
  }
  return id;
}
