// Validation within one era, given the era itself: what `validate` and `isValid` do once the
// spec is known. Shared by the main entry point (which finds the era in the registry) and the
// per-era entry points (which load one era: generated/entries/), so neither copies the other.

import { diagnose, type ValidationError } from './diagnose.js';
import { ruleOf, startIdOf, type Era, type ReadingOptions, type RuleMeta } from './era.js';
import type { NotesLookup, TemplateLevel } from './template/notes.js';
import type { SchemeProse } from './profiles/profile.js';
import type { Profiles } from './profiles/of-era.js';
import type { GeneratedAutomaton, automatonOf } from '#generated';

/** The era, the rule asked for, the Peggy rule that implements it, and the prose checked after it. */
export interface Target {
  era: Era;
  rule: RuleMeta;
  startId: string;
  /**
   * The start rule's function in the era's fast recognizer, looked up once: a batch asks about
   * one target for every line, and the lookup by name cost a share of a short line's check
   * (issue 17).
   */
  match: (input: string, p: number) => number;
  /**
   * The start rule's automaton (scripts/codegen/runtime/dfa.ts), when the caller passes `AfterGrammar.automata` and the
   * era's grammar data is loaded: what acceptance is tested with, reading each code unit once
   * from tables (issue 17). The fast recognizer (`match`) otherwise.
   */
  automaton: GeneratedAutomaton | null;
  /** The scheme profile's prose for this rule (src/profiles/), checked unless `grammarOnly`. */
  prose?: SchemeProse;
  /** The runner of `prose` (src/profiles/run.ts), given with it. */
  run?: Profiles;
  /**
   * The profile's prose whose text explains a grammar failure (its `hint`), also under
   * `grammarOnly`: the scheme's RFC still says why its grammar refuses the string.
   */
  explains?: SchemeProse;
  /** What the era notes on an accepted string: RFC 6570's level and warnings. */
  notes?: ReturnType<NotesLookup>;
  /**
   * For a rule whose strings begin with their scheme, in a scheme profile's era (RFC 9110's
   * `URI-reference`): the target of a string's scheme rule when the profile defines the scheme
   * (src/profiles/of-era.ts `schemeTargets`), which an accepted string must hold too; unless
   * `grammarOnly`.
   */
  ofScheme?: (input: string) => Target | undefined;
}

/**
 * What an era says of a string beyond its grammar's verdict, each looked up by a module that
 * the caller imports: the main entry point passes both, a per-era entry point (generated/
 * entries/) only what its era has, so that a bundle of an era without them leaves them out
 * (issue 19's budgets). Nothing here imports them.
 */
export interface AfterGrammar {
  /** The scheme profiles' prose, checked after the grammar, and its runner (src/profiles/of-era.ts `PROFILES`). */
  profiles?: Profiles;
  /** RFC 6570's level and reserved-operator warnings (src/template/notes.ts `notesOf`). */
  notes?: NotesLookup;
  /**
   * The start rules' automata (`automatonOf` of generated/index.js), over the era's grammar data
   * (generated/<era>.grammar.js): the main entry point passes it, a per-era entry point does not
   * (its bundle carries neither the data nor the determinizer: issue 19's budgets).
   */
  automata?: typeof automatonOf;
}

/**
 * The target of an era's rule, with what `after` finds for it: a scheme profile's prose
 * (`grammarOnly` keeps it for its hints only) and the era's notes.
 */
export function targetIn(era: Era, rule: string | undefined, reading: ReadingOptions, startId = startIdOf, after: AfterGrammar = {}, grammarOnly = false): Target {
  const meta = ruleOf(era, rule);
  const id = startId(era, meta, reading);
  const match = era.fast.ruleOf(id);
  const automaton = after.automata && era.grammar ? after.automata(era.grammar, id, (input) => match(input, 0) === input.length) : null;
  const target: Target = { era, rule: meta, startId: id, match, automaton };
  const found = after.profiles?.proseOf(era.id, meta.name);
  if (found) {
    target.explains = found;
    if (!grammarOnly) {
      target.prose = found;
      target.run = after.profiles;
    }
  }
  const profiles = after.profiles;
  const ofScheme = grammarOnly ? undefined : profiles?.schemeTargets(era.id, meta.name, (name) => targetIn(era, name, reading, startId, after));
  if (ofScheme) {
    target.ofScheme = ofScheme;
    target.run = profiles;
  }
  const notes = after.notes?.(era.id);
  if (notes) target.notes = notes;
  return target;
}

/**
 * The era's fast recognizer (generated/<era>.fast.js, scripts/codegen/emit-fast.ts): the same
 * grammar file as the Peggy parsers, compiled to plain position arithmetic: no result values, no
 * expectations, no exceptions. test/recognizer.test.ts holds its verdicts equal to Peggy's.
 */
export function acceptsIn(t: Target, input: string): boolean {
  if (!grammarAccepts(t, input) || (t.prose !== undefined && !t.run!.accepts(t.prose, input, t.rule.name))) return false;
  const s = t.ofScheme?.(input);
  return s === undefined || t.run!.schemeAccepts(s, input);
}

/** The grammar's verdict: the start rule's automaton where it has one, else the fast recognizer. */
function grammarAccepts(t: Target, input: string): boolean {
  return t.automaton !== null ? t.automaton.accepts(input) : t.match(input, 0) === input.length;
}

/**
 * The record of `validate` for a target: no diagnosis unless the fast recognizer rejects; then,
 * for a scheme profile, its prose (src/profiles/run.ts), whose error says which layer failed.
 */
export function validateIn(t: Target, input: string): AnyValidationResult {
  if (!grammarAccepts(t, input)) {
    return rejectedIn(t, input, diagnose(t.era, t.rule, t.startId, input, t.explains, t.automaton ? t.automaton.stoppedAt : -1));
  }
  return acceptedIn(t, input);
}

/**
 * The record of an input the target's grammar rejects, given the grammar's diagnosis of it:
 * `validateIn`'s, or the one `explain` derives with its tree (src/explain.ts), so that both
 * give the same record. Takes `error` as its own.
 */
export function rejectedIn(t: Target, input: string, error: ValidationError): AnyValidationResult & { valid: false } {
  // The record is this call's own: its layer is added last, where a spread would put it.
  if (t.prose) error.layer = 'grammar';
  return { valid: false, input, spec: t.era.id, rule: t.rule.name, error };
}

/**
 * The record of an input the target's grammar accepts: what the scheme profile's prose says of
 * it (RFC 9110 §4.2.1's empty host is rejected: "MUST reject it as invalid"), or the era's
 * notes (RFC 6570's level). Used by `validateIn` and by `explain` (src/explain.ts), so that the
 * prose runs by one mechanism whichever gives the verdict.
 */
export function acceptedIn(t: Target, input: string): AnyValidationResult {
  const s = t.ofScheme?.(input);
  if (s !== undefined) return t.run!.withScheme(t, input, s);
  // Object literals in the contract's key order rather than spreads: this runs for every line
  // of a batch, and a spread copies through a slow path (issue 17).
  if (t.prose === undefined) {
    if (t.notes === undefined) return { valid: true, input, spec: t.era.id, rule: t.rule.name };
    return { valid: true, input, spec: t.era.id, rule: t.rule.name, ...t.notes(t.rule.name, input) };
  }
  const { error, warnings } = t.run!.verdict(t.prose, t.era.id, input, t.rule.name);
  const spec = t.era.id;
  const rule = t.rule.name;
  if (error) return warnings.length > 0 ? { valid: false, input, spec, rule, error, warnings } : { valid: false, input, spec, rule, error };
  return warnings.length > 0 ? { valid: true, input, spec, rule, warnings } : { valid: true, input, spec, rule };
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

/** A validation result whose spec is known only at run time. */
export type AnyValidationResult =
  | { valid: true; input: string; spec: string; rule: string; level?: TemplateLevel; warnings?: ValidationWarning[] }
  | { valid: false; input: string; spec: string; rule: string; error: ValidationError; warnings?: ValidationWarning[] };
