// The shared runner of the scheme profiles (./profile.ts says what a profile is): the records a
// profile's findings become. Which prose applies to an era's rule is ./of-era.ts's (the era
// table's); nothing here names an era or a scheme, or loads the table.

import { foundAt, otherOffsets, type ValidationError } from '../diagnose.js';
import type { ValidationWarning } from '../validate-era.js';
import type { ProseFinding, SchemeProse } from './profile.js';

/** Whether `input`, which the grammar accepts as `rule`, keeps every MUST of the prose. */
export function proseAccepts(prose: SchemeProse, input: string, rule: string): boolean {
  const findings = prose.check(input, rule, false);
  for (let k = 0; k < findings.length; k++) if (findings[k]!.level === 'error') return false;
  return true;
}

/** What the prose says of a string the grammar accepts: its first error, and its warnings. */
export interface ProseVerdict {
  error?: ValidationError;
  warnings: ValidationWarning[];
}

export function proseVerdict(prose: SchemeProse, era: string, input: string, rule: string): ProseVerdict {
  const findings = prose.check(input, rule);
  const warnings = findings.filter((f) => f.level === 'warning').map(warningOf);
  const failed = findings.find((f) => f.level === 'error');
  return failed === undefined ? { warnings } : { error: errorOf(failed, era, input, rule, prose.anyScheme !== undefined ? 'the text refuses it' : "the scheme's rule fails"), warnings };
}

/**
 * The error record of a broken MUST: the contract's fields, with `layer: 'profile'`; nothing
 * was expected that the grammar did not already accept, so `expected` is empty.
 */
function errorOf(f: ProseFinding, era: string, input: string, rule: string, whose: string): ValidationError {
  return {
    offset: f.offset,
    ...otherOffsets(input, f.offset),
    rule: f.rule,
    rulePath: f.rulePath,
    expected: [],
    found: foundAt(input, f.offset),
    section: f.section,
    layer: 'profile',
    message: `not a valid ${rule} in ${era}: at offset ${f.offset}, in ${f.rule}, the grammar holds (${f.holds}); ${whose} (${f.section}: ${f.says})`,
  };
}

/**
 * Where the part of `input` that a scheme's rule checks ends, when a URI of the scheme is checked
 * by that rule from another (./profile.ts, `fragment`): before the first "#", unless the rule
 * takes the fragment itself.
 */
export function schemePartEnd(prose: SchemeProse, input: string): number {
  if (prose.fragment === 'own') return input.length;
  const hash = input.indexOf('#');
  return hash < 0 ? input.length : hash;
}

/** The warning of a text that advises against a fragment (./profile.ts, `fragment`), at its "#" (`end`). */
export function fragmentWarnings(prose: SchemeProse, input: string, end: number): ValidationWarning[] {
  const advice = prose.fragment;
  if (advice === undefined || advice === 'own' || end >= input.length) return [];
  return [warningOf({ level: 'warning', section: advice.section, rule: 'fragment', rulePath: [], offset: end, holds: 'RFC 3986 §3.5', says: advice.says })];
}

function warningOf(f: ProseFinding): ValidationWarning {
  return {
    offset: f.offset,
    rule: f.rule,
    section: f.section,
    message: `at offset ${f.offset}, in ${f.rule}, the grammar holds (${f.holds}); the scheme's text advises against it (${f.section}: ${f.says})`,
  };
}
