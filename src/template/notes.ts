// What validate adds to an accepted RFC 6570 template: the level it needs (§1.2) and a warning
// for each reserved operator (§2.2). Both read the template's parts (syntax.ts), never the
// grammar: the grammar has already said the template is valid.

import type { ValidationWarning } from '../validate-era.js';
import { rowOf } from '../eras/table.js';
import { RESERVED_OPERATORS, TEMPLATE_RULES, templateParts, type Expression, type Part } from './syntax.js';

/** §1.2: the four levels of template. */
export type TemplateLevel = 1 | 2 | 3 | 4;

/** §2.2 op-level2 and op-level3. */
const LEVEL2_OPERATORS: ReadonlySet<string> = new Set(['+', '#']);
const LEVEL3_OPERATORS: ReadonlySet<string> = new Set(['.', '/', ';', '?', '&']);

/**
 * The level an expression needs, by §1.2 and §3.2: level 1 is the default operator with one
 * variable; level 2 adds "+" and "#" (still one varspec); level 3 adds several variables an
 * expression and the operators ".", "/", ";", "?", "&"; level 4 adds the prefix and explode
 * modifiers. A reserved operator (§2.2) belongs to no level's expansion; it is in the grammar
 * only as the level 4 ABNF prints it, so it needs level 4 (docs/decisions.md, "rfc6570").
 */
function expressionLevel(e: Expression): TemplateLevel {
  if (RESERVED_OPERATORS.has(e.operator)) return 4;
  if (e.varspecs.some((v) => v.explode || v.prefix !== undefined)) return 4;
  if (e.varspecs.length > 1 || LEVEL3_OPERATORS.has(e.operator)) return 3;
  if (LEVEL2_OPERATORS.has(e.operator)) return 2;
  return 1;
}

/** The level (1 to 4) a valid template needs: its highest expression's; 1 without expressions. */
export function templateLevel(template: string, parts: readonly Part[] = templateParts(template)): TemplateLevel {
  let level: TemplateLevel = 1;
  for (const part of parts) {
    if (part.type === 'expression') level = Math.max(level, expressionLevel(part)) as TemplateLevel;
  }
  return level;
}

/** §2.2: a warning for each reserved operator of a valid template. */
export function reservedOperatorWarnings(template: string, parts: readonly Part[] = templateParts(template)): ValidationWarning[] {
  const warnings: ValidationWarning[] = [];
  for (const part of parts) {
    if (part.type === 'expression' && RESERVED_OPERATORS.has(part.operator)) {
      warnings.push({
        offset: part.start + 1,
        rule: 'op-reserve',
        section: '2.2',
        message:
          `the operator ${JSON.stringify(part.operator)} at offset ${part.start + 1} is valid in the grammar but ` +
          `reserved for future extensions (RFC 6570 §2.2): no expansion is defined for it`,
      });
    }
  }
  return warnings;
}

/** The level and warnings of a template that `rule` of rfc6570 accepted; nothing for other rules. */
export function templateNotes(rule: string, template: string): { level?: TemplateLevel; warnings?: ValidationWarning[] } {
  if (!TEMPLATE_RULES.has(rule)) return {};
  const parts = templateParts(template);
  const level = templateLevel(template, parts);
  const warnings = reservedOperatorWarnings(template, parts);
  return warnings.length > 0 ? { level, warnings } : { level };
}

/** Looks up what an era notes on a string its grammar accepted: `notesOf` below. */
export type NotesLookup = (era: string) => typeof templateNotes | undefined;

/**
 * What an era says of a valid input beyond the verdict: the template era's (its row of the era
 * table has `template`) level and warnings. Passed to src/validate-era.ts by the main entry point
 * and the template era's own entry point, so that no other era's bundle holds it.
 */
export const notesOf: NotesLookup = (era) => (rowOf(era)?.template ? templateNotes : undefined);
