// Hints for the common mistakes in URI Templates (RFC 6570): one row a mistake, each told by the
// diagnosis (offset, rule, found) and the characters around the offset, never by re-parsing.
// The first row that applies gives the error record's `hint`.
//
// A table of the rfc6570 era's own: when the general hint mechanism of issue 14 lands
// (src/hints.ts), these rows move there unchanged.

import type { ValidationError } from '../diagnose.js';
import { TEMPLATE_RULES } from './syntax.js';

type ErrorRecord = Omit<ValidationError, 'message'>;

interface Context {
  input: string;
  error: ErrorRecord;
  /** The character before the offset, or '' at the start. */
  before: string;
}

interface HintRow {
  /** What the row is for, with the section that makes it a mistake. */
  mistake: string;
  applies: (c: Context) => boolean;
  hint: (c: Context) => string;
}

const DIGITS = /^[0-9]$/;
const VARCHAR_OR_DOT = /^[A-Za-z0-9_.%]$/;
const OPERATOR = /^[+#./;?&=,!@|]$/;
/** §2.1's comment: the characters outside literals that are not "{" or "}". */
const NOT_IN_LITERALS = /^[\u0000-\u0020\u007f"%<>\\^`|]$/;

function inExpression(c: Context): boolean {
  return c.error.rulePath.includes('expression');
}

/** The percent-encoded UTF-8 of a character (§3.1's encoding of a literal). */
export function pctEncodeUtf8(ch: string): string {
  return [...new TextEncoder().encode(ch)].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
}

const ROWS: HintRow[] = [
  {
    mistake: 'an expression not closed (§2.2: "{" [ operator ] variable-list "}")',
    applies: (c) => c.error.found === null && inExpression(c),
    hint: (c) => `the expression opened by "{" at offset ${c.input.lastIndexOf('{', c.error.offset)} is not closed: add "}"`,
  },
  {
    mistake: 'an empty expression, {} or an operator alone (§2.2: variable-list needs a varspec)',
    applies: (c) => inExpression(c) && c.error.found === '}' && (c.before === '{' || (OPERATOR.test(c.before) && c.input[c.error.offset - 2] === '{')),
    hint: () => 'an expression needs at least one variable name, as in {var}; a literal brace is written %7B or %7D',
  },
  {
    mistake: 'a prefix of 0 or with a leading zero (§2.4.1: max-length = %x31-39 0*3DIGIT)',
    applies: (c) => inExpression(c) && c.before === ':' && c.error.found === '0',
    hint: () => 'a prefix is a positive integer without a leading zero, 1 to 9999 (RFC 6570 §2.4.1)',
  },
  {
    mistake: 'a prefix without its length (§2.4.1)',
    applies: (c) => inExpression(c) && c.before === ':' && !DIGITS.test(c.error.found ?? ''),
    hint: () => 'the ":" of a prefix is followed by its max-length, 1 to 9999 (RFC 6570 §2.4.1)',
  },
  {
    mistake: 'a prefix over 9999 (§2.4.1: "positive integer < 10000")',
    applies: (c) => inExpression(c) && DIGITS.test(c.error.found ?? '') && /:[1-9][0-9]{3}$/.test(c.input.slice(0, c.error.offset)),
    hint: () => 'a prefix is at most 9999, four digits (RFC 6570 §2.4.1)',
  },
  {
    mistake: 'two dots in a row in a varname, or a dot at its end (§2.3: varchar *( ["."] varchar ))',
    applies: (c) => inExpression(c) && c.before === '.' && c.input[c.error.offset - 2] !== '{',
    hint: () => 'a "." in a varname stands between two varchars: no "..", and no "." at its end (RFC 6570 §2.3)',
  },
  {
    mistake: 'two operators (§2.2: one optional operator)',
    applies: (c) => inExpression(c) && OPERATOR.test(c.error.found ?? '') && OPERATOR.test(c.before) && c.input[c.error.offset - 2] === '{',
    hint: () => 'an expression has at most one operator, right after "{" (RFC 6570 §2.2)',
  },
  {
    mistake: 'two modifiers (§2.4: modifier-level4 = prefix / explode)',
    applies: (c) => inExpression(c) && c.error.found === '*' && /:[0-9]+$/.test(c.input.slice(0, c.error.offset)),
    hint: () => 'a varspec takes one modifier: a prefix ":n" or an explode "*", not both (RFC 6570 §2.4)',
  },
  {
    mistake: 'a character outside varchar in a varname (§2.3)',
    applies: (c) => inExpression(c) && c.error.found !== null && !VARCHAR_OR_DOT.test(c.error.found) && !'{}:*,'.includes(c.error.found),
    hint: (c) =>
      `a varname holds ALPHA, DIGIT, "_", pct-encoded triplets and single dots (RFC 6570 §2.3): ` +
      `${JSON.stringify(c.error.found)} is written ${pctEncodeUtf8(c.error.found!)}`,
  },
  {
    mistake: 'a "}" outside an expression (§2.1: literals exclude "{" and "}")',
    applies: (c) => !inExpression(c) && c.error.found === '}',
    hint: () => 'a "}" with no "{" before it: a literal brace is written %7D (RFC 6570 §2.1)',
  },
  {
    mistake: 'a "%" that begins no pct-encoded triplet (§2.1)',
    applies: (c) => !inExpression(c) && c.error.rulePath.includes('pct-encoded'),
    hint: () => 'a "%" in a literal begins a pct-encoded triplet of two hex digits: a percent sign is written %25',
  },
  {
    mistake: 'a character that literals exclude (§2.1: CTL, SP, DQUOTE, "%", "<", ">", "\\", "^", "`", "|")',
    applies: (c) => !inExpression(c) && NOT_IN_LITERALS.test(c.error.found ?? ''),
    hint: (c) => `${JSON.stringify(c.error.found)} is not allowed in a template's literals (RFC 6570 §2.1): write it ${pctEncodeUtf8(c.error.found!)}`,
  },
];

/** The hint for an rfc6570 error record, if the start rule is a template's and a row applies. */
export function templateHint(startRule: string, input: string, error: ErrorRecord): string | undefined {
  if (!TEMPLATE_RULES.has(startRule)) return undefined;
  const before = error.offset > 0 ? input[error.offset - 1]! : '';
  const c: Context = { input, error, before };
  return ROWS.find((row) => row.applies(c))?.hint(c);
}
