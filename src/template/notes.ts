// What validate adds to an accepted RFC 6570 template: the level it needs (§1.2) and a warning
// for each reserved operator (§2.2). Both read the template's characters, never the grammar:
// the grammar has already said the template is valid.

import type { ValidationWarning } from '../validate-era.js';
import { rowOf } from '../eras/table.js';
import { RESERVED_OPERATORS, TEMPLATE_RULES } from './syntax.js';

/** §1.2: the four levels of template. */
export type TemplateLevel = 1 | 2 | 3 | 4;

/** §2.2 op-level2 and op-level3. */
const LEVEL2_OPERATORS: ReadonlySet<string> = new Set(['+', '#']);
const LEVEL3_OPERATORS: ReadonlySet<string> = new Set(['.', '/', ';', '?', '&']);

/**
 * The level the expression of `template` from `open` ("{") to `close` ("}") needs, by §1.2 and
 * §3.2: level 1 is the default operator with one variable; level 2 adds "+" and "#" (still one
 * varspec); level 3 adds several variables an expression and the operators ".", "/", ";", "?",
 * "&"; level 4 adds the prefix and explode modifiers. A reserved operator (§2.2) belongs to no
 * level's expansion; it is in the grammar only as the level 4 ABNF prints it, so it needs level 4
 * (docs/decisions.md, "rfc6570").
 *
 * Read from the characters, the template being one the grammar accepted (§2.3, §2.4): a ":" or
 * a "*" in the variable list is a modifier (no varchar is either), a "," separates varspecs. No
 * parts are built: this runs for every valid line of a batch (issue 17).
 */
function expressionLevel(template: string, open: number, close: number): TemplateLevel {
  const first = template[open + 1]!;
  if (RESERVED_OPERATORS.has(first)) return 4;
  const list = LEVEL2_OPERATORS.has(first) || LEVEL3_OPERATORS.has(first) ? open + 2 : open + 1;
  let several = false;
  for (let i = list; i < close; i++) {
    const c = template.charCodeAt(i);
    if (c === 0x3a /* : */ || c === 0x2a /* * */) return 4;
    if (c === 0x2c /* , */) several = true;
  }
  if (several || LEVEL3_OPERATORS.has(first)) return 3;
  if (LEVEL2_OPERATORS.has(first)) return 2;
  return 1;
}

/**
 * The level (1 to 4) a valid template needs, its highest expression's (1 without expressions),
 * and a warning for each reserved operator (§2.2). A literal holds no "{" or "}" (§2.1), so
 * each "{" opens an expression that the next "}" closes.
 */
function levelAndWarnings(template: string): { level: TemplateLevel; warnings: ValidationWarning[] | null } {
  let level: TemplateLevel = 1;
  let warnings: ValidationWarning[] | null = null;
  for (let open = template.indexOf('{'); open >= 0; ) {
    const close = template.indexOf('}', open);
    const expressionNeeds = expressionLevel(template, open, close);
    if (expressionNeeds > level) level = expressionNeeds;
    const operator = template[open + 1]!;
    if (RESERVED_OPERATORS.has(operator)) (warnings ??= []).push(reservedOperatorWarning(operator, open + 1));
    open = template.indexOf('{', close);
  }
  return { level, warnings };
}

/** §2.2: the warning for a reserved operator at `offset` of a valid template. */
function reservedOperatorWarning(operator: string, offset: number): ValidationWarning {
  return {
    offset,
    rule: 'op-reserve',
    section: '2.2',
    message:
      `the operator ${JSON.stringify(operator)} at offset ${offset} is valid in the grammar but ` +
      `reserved for future extensions (RFC 6570 §2.2): no expansion is defined for it`,
  };
}

/** The level and warnings of a template that `rule` of rfc6570 accepted; nothing for other rules. */
export function templateNotes(rule: string, template: string): { level?: TemplateLevel; warnings?: ValidationWarning[] } {
  if (!TEMPLATE_RULES.has(rule)) return {};
  const { level, warnings } = levelAndWarnings(template);
  return warnings !== null ? { level, warnings } : { level };
}

/** Looks up what an era notes on a string its grammar accepted: `notesOf` below. */
export type NotesLookup = (era: string) => typeof templateNotes | undefined;

/**
 * What an era says of a valid input beyond the verdict: the template era's (its row of the era
 * table has `template`) level and warnings. Passed to src/validate-era.ts by the main entry point
 * and the template era's own entry point, so that no other era's bundle holds it.
 */
export const notesOf: NotesLookup = (era) => (rowOf(era)?.template ? templateNotes : undefined);
