// The template era's rows of the hint table (./table.ts, RFC 6570): tried before the rows for
// every era. Only the template era's parts carry them (src/era.ts `hints`: its entry point
// generated/entries/rfc6570.js, and the registry), so that another era's bundle leaves them out
// (issue 19's budgets: `validate` from urispec/rfc3986).

import type { DiagnosisRow } from '../eras/table.js';
import { fromCharCodes } from '../large-arrays.js';
import { percentEncoded } from '../schemes/percent.js';
import { TEMPLATE_RULES } from '../template/syntax.js';
import { ENCODED, getsPast, has, IN_EXPRESSION, IN_PCT_ENCODED, rewriteGetsPast, type HintContext } from './context.js';
import { oneOf, type HintRow } from './table.js';

const templates = (row: DiagnosisRow): boolean => row.template === true;

/** The characters from `first` to `last`. */
const span = (first: number, last: number): string => fromCharCodes(Array.from({ length: last - first + 1 }, (_, i) => first + i));

/** A class of ASCII characters, `chars`: whether a string is one of them (one code unit), by a table rather than a RegExp. */
function asciiClass(chars: string): (ch: string | null) => boolean {
  const table = new Uint8Array(0x80);
  for (const ch of chars) table[ch.charCodeAt(0)] = 1;
  return (ch) => ch !== null && ch.length === 1 && ch.charCodeAt(0) < 0x80 && table[ch.charCodeAt(0)] === 1;
}

// RFC 6570: §2.3's varname characters with "." and "%" (which begins a pct-encoded triplet),
// §2.2's operators, and (NOT_IN_LITERALS) §2.1's comment: the characters outside literals that
// are not "{" or "}". Each the RegExp beside it, tested by code.
/** `/^[0-9]$/`. */
const DIGIT = asciiClass(span(0x30, 0x39));
/** `/^[A-Za-z0-9_.%]$/`. */
const VARCHAR_OR_DOT = asciiClass(`${span(0x41, 0x5a)}${span(0x61, 0x7a)}${span(0x30, 0x39)}_.%`);
/** `/^[+#./;?&=,!@|]$/`. */
const OPERATOR = asciiClass('+#./;?&=,!@|');
/** `/^[\u0000-\u0020\u007f"%<>\\^`|]$/`. */
const NOT_IN_LITERALS = asciiClass(`${span(0x00, 0x20)}\u007f"%<>\\^\`|`);
/** The classes, for their test (test/diagnosis/hint-classes.test.ts). */
export const TEMPLATE_CLASSES = { DIGIT, VARCHAR_OR_DOT, OPERATOR, NOT_IN_LITERALS };

/** A template's start rule (the last start rule's answer kept: a batch asks of one), and the failure inside an expression (§2.2) or not. */
let templateRule: string | null = null;
let templateIs = false;
function template(c: HintContext): boolean {
  if (c.startRule !== templateRule) {
    templateIs = TEMPLATE_RULES.has(c.startRule);
    templateRule = c.startRule;
  }
  return templateIs;
}
const inExpression = (c: HintContext): boolean => template(c) && has(c, IN_EXPRESSION);
const inLiterals = (c: HintContext): boolean => template(c) && !has(c, IN_EXPRESSION);

export const TEMPLATE_HINTS: readonly HintRow[] = [
  // URI Templates (RFC 6570): the rows of the template era's start rules.
  {
    id: 'template: expression not closed',
    section: 'RFC 6570 §2.2',
    eras: templates,
    needs: IN_EXPRESSION, // inExpression's, its first condition
    found: oneOf(null),
    // Only where "}" is expected at the end (RFC 6570 §2.2: `expression = "{" [ operator ]
    // variable-list "}"`, and a variable-list begins with a varname): after `{`, `{x,`, `{+` or
    // `{x:` a "}" would close no expression; and not where no "{" was read.
    give: (c) =>
      inExpression(c) && c.expected.includes('"}"') && c.input.lastIndexOf('{', c.offset) >= 0
        ? `the expression opened by "{" at offset ${c.input.lastIndexOf('{', c.offset)} is not closed: add "}"`
        : null,
  },
  {
    id: 'template: empty expression',
    section: 'RFC 6570 §2.2 (variable-list needs a varspec)',
    eras: templates,
    needs: IN_EXPRESSION, // inExpression's, its first condition
    found: oneOf('}'),
    give: (c) => {
      if (!inExpression(c) || !(c.before === '{' || (OPERATOR(c.before) && c.input[c.offset - 2] === '{'))) return null;
      // The literal braces only where the start rule takes literals (`URI-Template`, not
      // `expression`, which begins with "{"): both written encoded get past the "}".
      const open = c.input.lastIndexOf('{', c.offset);
      const literal = `${c.input.slice(0, open)}%7B${c.input.slice(open + 1, c.offset)}%7D${c.input.slice(c.offset + 1)}`;
      const braces = rewriteGetsPast(c, literal, c.offset + 5) ? '; a literal brace is written %7B or %7D' : '';
      return `an expression needs at least one variable name, as in {var}${braces}`;
    },
  },
  {
    // `{a,}`: the "}" closes the expression; encoding it (the generic row's advice) would leave
    // the expression open. What is missing is the varspec after ",".
    id: 'template: nothing after ","',
    section: 'RFC 6570 §2.2 (variable-list = varspec *( "," varspec ))',
    eras: templates,
    needs: IN_EXPRESSION, // inExpression's, its first condition
    found: oneOf('}', ',', null),
    give: (c) => (inExpression(c) && c.before === ',' ? 'a "," in an expression is followed by another variable name, as in {a,b} (RFC 6570 §2.2)' : null),
  },
  {
    id: 'template: prefix of 0 or with a leading zero',
    section: 'RFC 6570 §2.4.1 (max-length = %x31-39 0*3DIGIT)',
    eras: templates,
    needs: IN_EXPRESSION, // inExpression's, its first condition
    found: oneOf('0'),
    give: (c) => (inExpression(c) && c.before === ':' ? 'a prefix is a positive integer without a leading zero, 1 to 9999 (RFC 6570 §2.4.1)' : null),
  },
  {
    id: 'template: prefix without its length',
    section: 'RFC 6570 §2.4.1',
    eras: templates,
    needs: IN_EXPRESSION, // inExpression's, its first condition
    found: (found) => !DIGIT(found),
    give: (c) => (inExpression(c) && c.before === ':' ? 'the ":" of a prefix is followed by its max-length, 1 to 9999 (RFC 6570 §2.4.1)' : null),
  },
  {
    id: 'template: prefix over 9999',
    section: 'RFC 6570 §2.4.1 ("positive integer < 10000")',
    eras: templates,
    needs: IN_EXPRESSION, // inExpression's, its first condition
    found: DIGIT,
    give: (c) =>
      inExpression(c) && /:[1-9][0-9]{3}$/.test(c.input.slice(0, c.offset)) ? 'a prefix is at most 9999, four digits (RFC 6570 §2.4.1)' : null,
  },
  {
    id: 'template: dot in a varname',
    section: 'RFC 6570 §2.3 (varchar *( ["."] varchar ))',
    eras: templates,
    needs: IN_EXPRESSION, // inExpression's, its first condition
    give: (c) =>
      inExpression(c) && c.before === '.' && c.input[c.offset - 2] !== '{'
        ? 'a "." in a varname stands between two varchars: no "..", and no "." at its end (RFC 6570 §2.3)'
        : null,
  },
  {
    id: 'template: two operators',
    section: 'RFC 6570 §2.2 (one optional operator)',
    eras: templates,
    needs: IN_EXPRESSION, // inExpression's, its first condition
    found: OPERATOR,
    give: (c) =>
      inExpression(c) && OPERATOR(c.before) && c.input[c.offset - 2] === '{'
        ? 'an expression has at most one operator, right after "{" (RFC 6570 §2.2)'
        : null,
  },
  {
    id: 'template: two modifiers',
    section: 'RFC 6570 §2.4 (modifier-level4 = prefix / explode)',
    eras: templates,
    needs: IN_EXPRESSION, // inExpression's, its first condition
    found: oneOf('*'),
    give: (c) =>
      inExpression(c) && /:[0-9]+$/.test(c.input.slice(0, c.offset))
        ? 'a varspec takes one modifier: a prefix ":n" or an explode "*", not both (RFC 6570 §2.4)'
        : null,
  },
  {
    id: 'template: character outside varchar',
    section: 'RFC 6570 §2.3',
    eras: templates,
    needs: IN_EXPRESSION, // inExpression's, its first condition
    found: (found) => found !== null && !VARCHAR_OR_DOT(found) && !'{}:*,'.includes(found),
    give: (c) =>
      inExpression(c) && getsPast(c, ENCODED)
        ? `a varname holds ALPHA, DIGIT, "_", pct-encoded triplets and single dots (RFC 6570 §2.3): ${JSON.stringify(c.found)} is written ${percentEncoded(c.found!)}`
        : null,
  },
  {
    id: 'template: "}" outside an expression',
    section: 'RFC 6570 §2.1 (literals exclude "{" and "}")',
    eras: templates,
    found: oneOf('}'),
    // In a "%" triplet being written (`%0}`) the "%" before is what is wrong: the next row's.
    give: (c) => (inLiterals(c) && !has(c, IN_PCT_ENCODED) ? 'a "}" with no "{" before it: a literal brace is written %7D (RFC 6570 §2.1)' : null),
  },
  {
    id: 'template: "%" without a triplet',
    section: 'RFC 6570 §2.1',
    eras: templates,
    needs: IN_PCT_ENCODED, // its second condition
    give: (c) =>
      inLiterals(c) && has(c, IN_PCT_ENCODED) ? 'a "%" in a literal begins a pct-encoded triplet of two hex digits: a percent sign is written %25' : null,
  },
  {
    id: 'template: character literals exclude',
    section: 'RFC 6570 §2.1 (CTL, SP, DQUOTE, "%", "<", ">", "\\", "^", "`", "|")',
    eras: templates,
    found: NOT_IN_LITERALS,
    give: (c) =>
      inLiterals(c) && getsPast(c, ENCODED)
        ? `${JSON.stringify(c.found)} is not allowed in a template's literals (RFC 6570 §2.1): write it ${percentEncoded(c.found!)}`
        : null,
  },
];
