// The template era's rows of the hint table (./table.ts, RFC 6570): tried before the rows for
// every era. Only the template era's parts carry them (src/era.ts `hints`: its entry point
// generated/entries/rfc6570.js, and the registry), so that another era's bundle leaves them out
// (issue 19's budgets: `validate` from urispec/rfc3986).

import type { DiagnosisRow } from '../eras/table.js';
import { fromCharCodes } from '../large-arrays.js';
import { percentEncoded } from '../schemes/percent.js';
import { TEMPLATE_RULES } from '../template/syntax.js';
import { ENCODED, getsPast, has, IN_EXPRESSION, IN_PCT_ENCODED, isSpace, rewriteGetsPast, ruleNamed, wholeStart, type HintContext } from './context.js';
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
/** `/^[ &;|+\/]$/`: what a variable-list is written with, by mistake, between two varspecs instead of "," (§2.3). */
const SEPARATOR = asciiClass(' &;|+/');
/** `/^[A-Za-z0-9_%]$/`: a varname's first character (§2.3 varchar, or the "%" of a triplet). */
const VARNAME_START = asciiClass(`${span(0x41, 0x5a)}${span(0x61, 0x7a)}${span(0x30, 0x39)}_%`);
/** `/^[+#./;?&]$/`: §2.2's op-level2 and op-level3, the operators with an expansion (§3.2). */
const EXPANDING_OPERATOR = asciiClass('+#./;?&');
/** The classes, for their test (test/diagnosis/hint-classes.test.ts). */
export const TEMPLATE_CLASSES = { DIGIT, VARCHAR_OR_DOT, OPERATOR, NOT_IN_LITERALS, SEPARATOR, VARNAME_START, EXPANDING_OPERATOR };

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

/**
 * The expression that holds the offset, from its "{" to its "}", and the same written as RFC 6570
 * §2.2 and §2.3 have it: `"{" [ operator ] variable-list "}"`, `variable-list = varspec *( ","
 * varspec )`. Spaces around the operator, the varspecs and the "," go; a separator of other
 * languages between two varspecs (one of SEPARATOR, spaces around it) is ","; a "$" before a
 * varname (shell's `${var}` inside the braces) goes. Null where the expression is not closed,
 * where it is unchanged, or where the rewritten template does not get past its "}": then the
 * mistake is not (only) this one, and no whole expression is named.
 */
function rewritten(c: HintContext): { from: string; to: string } | null {
  const open = c.input.lastIndexOf('{', c.offset);
  const close = c.input.indexOf('}', c.offset);
  if (open < 0 || close < 0) return null;
  const next = c.input.indexOf('{', open + 1);
  if (next >= 0 && next < close) return null;
  const from = c.input.slice(open, close + 1);
  const body = from.slice(1, -1).trim();
  const operator = OPERATOR(body[0] ?? null) ? body[0]! : '';
  const varspecs = body
    .slice(operator.length)
    .trim()
    .split(/ *[,&;|+/] *| +/)
    .map((v) => (v.startsWith('$') ? v.slice(1) : v));
  if (varspecs.some((v) => v === '')) return null;
  const to = `{${operator}${varspecs.join(',')}}`;
  if (to === from) return null;
  return rewrite(c, open, close + 1, to);
}

/**
 * The input from `start` to `end` (an expression, or two braces' worth) written as `to`, where
 * the template gets past `to` so (the check of every advice that names a whole expression), else null.
 */
function rewrite(c: HintContext, start: number, end: number, to: string): { from: string; to: string } | null {
  const fixed = c.input.slice(0, start) + to + c.input.slice(end);
  return rewriteGetsPast(c, fixed, start + to.length) ? { from: c.input.slice(start, end), to } : null;
}

/** `write "to" for "from"`, the advice of a rewrite. */
const writeFor = (r: { from: string; to: string }): string => `write "${r.to}" for "${r.from}"`;

/** The offset is where a varspec begins: after "{", its operator, or "," (§2.2, §2.3). */
const atVarspecStart = (c: HintContext): boolean => c.before === ',' || c.before === '{' || (OPERATOR(c.before) && c.input[c.offset - 2] === '{');

/** Where the run of spaces from `at` in `text` ends. */
function spacesFrom(text: string, at: number): number {
  while (text[at] === ' ') at++;
  return at;
}

/** Whether a varspec (§2.3) begins at `at` in `text`: the check of a fix that writes one there. */
function varspecAt(c: HintContext, text: string, at: number): boolean {
  const id = ruleNamed(c.era, 'varspec')?.id;
  return id !== undefined && c.era.fast.ruleOf(id)(text, at) > at;
}

/**
 * What the "{" row says where it names no rewrite: the rule, and no "%7B", which would make the
 * brace part of a varname (the generic rows' advice otherwise).
 */
const NOT_NESTED = 'expressions do not nest: a "{" inside an expression opens none, and no varname holds one (RFC 6570 §2.2, §2.3)';

/**
 * A row about a mistake inside an expression (§2.2): the template era's, asked only where the
 * failure is in one (`needs`: inExpression's first condition), `give` only there.
 */
const expressionRow = (row: Omit<HintRow, 'eras' | 'needs'>): HintRow => ({
  ...row,
  eras: templates,
  needs: IN_EXPRESSION,
  give: (c) => (inExpression(c) ? row.give(c) : null),
});

export const TEMPLATE_HINTS: readonly HintRow[] = [
  // URI Templates (RFC 6570): the rows of the template era's start rules.
  expressionRow({
    id: 'template: expression not closed',
    section: 'RFC 6570 §2.2',
    found: oneOf(null),
    // Only where "}" is expected at the end (RFC 6570 §2.2: `expression = "{" [ operator ]
    // variable-list "}"`, and a variable-list begins with a varname): after `{`, `{x,`, `{+` or
    // `{x:` a "}" would close no expression; and not where no "{" was read.
    give: (c) =>
      c.expected.includes('"}"') && c.input.lastIndexOf('{', c.offset) >= 0
        ? `the expression opened by "{" at offset ${c.input.lastIndexOf('{', c.offset)} is not closed: add "}"`
        : null,
  }),
  expressionRow({
    // `{}`, `{+}`, and a template that ends right after its "{" or operator (`http://x/{a}{`):
    // no variable-list yet, so no "}" may close the expression (the row above stays silent).
    id: 'template: empty expression',
    section: 'RFC 6570 §2.2 (variable-list needs a varspec)',
    found: oneOf('}', null),
    give: (c) => {
      if (!(c.before === '{' || (OPERATOR(c.before) && c.input[c.offset - 2] === '{'))) return null;
      // The literal braces only where the start rule takes literals (`URI-Template`, not
      // `expression`, which begins with "{"): written encoded (RFC 6570 §2.1: literals hold
      // neither brace), the "{" and the "}" after it get past the offset.
      const open = c.input.lastIndexOf('{', c.offset);
      const close = c.found === null ? '' : `%7D${c.input.slice(c.offset + 1)}`;
      const literal = `${c.input.slice(0, open)}%7B${c.input.slice(open + 1, c.offset)}${close}`;
      const past = c.offset + (c.found === null ? 2 : 5);
      const braces = !rewriteGetsPast(c, literal, past) ? '' : c.found === null ? '; a literal "{" is written %7B' : '; a literal brace is written %7B or %7D';
      return `an expression needs at least one variable name, as in {var}${braces}`;
    },
  }),
  expressionRow({
    // `{a,}`: the "}" closes the expression; encoding it (the generic row's advice) would leave
    // the expression open. What is missing is the varspec after ",".
    id: 'template: nothing after ","',
    section: 'RFC 6570 §2.2 (variable-list = varspec *( "," varspec ))',
    found: oneOf('}', ',', null),
    give: (c) => (c.before === ',' ? 'a "," in an expression is followed by another variable name, as in {a,b} (RFC 6570 §2.2)' : null),
  }),
  expressionRow({
    id: 'template: prefix of 0 or with a leading zero',
    section: 'RFC 6570 §2.4.1 (max-length = %x31-39 0*3DIGIT)',
    found: oneOf('0'),
    give: (c) => (c.before === ':' ? 'a prefix is a positive integer without a leading zero, 1 to 9999 (RFC 6570 §2.4.1)' : null),
  }),
  expressionRow({
    id: 'template: prefix without its length',
    section: 'RFC 6570 §2.4.1',
    found: (found) => !DIGIT(found),
    give: (c) => (c.before === ':' ? 'the ":" of a prefix is followed by its max-length, 1 to 9999 (RFC 6570 §2.4.1)' : null),
  }),
  expressionRow({
    id: 'template: prefix over 9999',
    section: 'RFC 6570 §2.4.1 ("positive integer < 10000")',
    found: DIGIT,
    give: (c) =>
      /:[1-9][0-9]{3}$/.test(c.input.slice(0, c.offset)) ? 'a prefix is at most 9999, four digits (RFC 6570 §2.4.1)' : null,
  }),
  expressionRow({
    id: 'template: dot in a varname',
    section: 'RFC 6570 §2.3 (varchar *( ["."] varchar ))',
    give: (c) =>
      c.before === '.' && c.input[c.offset - 2] !== '{'
        ? 'a "." in a varname stands between two varchars: no "..", and no "." at its end (RFC 6570 §2.3)'
        : null,
  }),
  expressionRow({
    id: 'template: two operators',
    section: 'RFC 6570 §2.2 (one optional operator)',
    found: OPERATOR,
    give: (c) =>
      OPERATOR(c.before) && c.input[c.offset - 2] === '{'
        ? 'an expression has at most one operator, right after "{" (RFC 6570 §2.2)'
        : null,
  }),
  expressionRow({
    id: 'template: two modifiers',
    section: 'RFC 6570 §2.4 (modifier-level4 = prefix / explode)',
    found: oneOf('*'),
    give: (c) =>
      /:[0-9]+$/.test(c.input.slice(0, c.offset))
        ? 'a varspec takes one modifier: a prefix ":n" or an explode "*", not both (RFC 6570 §2.4)'
        : null,
  }),
  expressionRow({
    // `{?a&b}`, `{/a/b}`, `{a b}`: the varnames are separated by "," (§2.3 variable-list), not
    // by the "&", "/" or space of what the expansion writes or of other languages. Written
    // percent-encoded (the next row's advice) they would make one variable of two (`a%26b`).
    id: 'template: varspecs separated by other than ","',
    section: 'RFC 6570 §2.3 (variable-list = varspec *( "," varspec ))',
    found: SEPARATOR,
    give: (c) => {
      // After a varspec (where "," may come), before another (spaces around the separator).
      if (atVarspecStart(c) || !c.expected.includes('","')) return null;
      // The separator at the offset, or spaces with or without one: what comes after them.
      let next = spacesFrom(c.input, c.offset);
      if (next === c.offset || SEPARATOR(c.input[next] ?? null)) next = spacesFrom(c.input, next + 1);
      if (!VARNAME_START(c.input[next] ?? null) && c.input[next] !== '$') return null;
      const whole = rewritten(c);
      const text = 'the variables of an expression are separated by "," (RFC 6570 §2.3: variable-list = varspec *( "," varspec ))';
      if (whole !== null) return `${text}: ${writeFor(whole)}`;
      const run = c.input.slice(c.offset, next);
      return varspecAt(c, `${c.input.slice(0, c.offset)},${c.input.slice(next)}`, c.offset + 1) ? `${text}: write "," for ${JSON.stringify(run)}` : null;
    },
  }),
  expressionRow({
    // `{ var}`, `{var }`, `{a, b}`: no space is part of an expression (§2.2, §2.3), and "%20"
    // would make it part of a varname (`%20var`).
    id: 'template: space in an expression',
    section: 'RFC 6570 §2.2 (expression = "{" [ operator ] variable-list "}"), §2.3',
    found: oneOf(' '),
    give: (c) => {
      // Between a varspec and the next varname the space is a separator (the row before):
      // removed, it would make one varname of two.
      const next = spacesFrom(c.input, c.offset);
      if (!atVarspecStart(c) && (VARNAME_START(c.input[next] ?? null) || SEPARATOR(c.input[next] ?? null))) return null;
      const whole = rewritten(c);
      const text = 'a space is no part of an expression (RFC 6570 §2.2, §2.3)';
      if (whole !== null) return `${text}: ${writeFor(whole)}`;
      // Removed: a varspec begins there, or the "," or "}" expected after one.
      const fixed = c.input.slice(0, c.offset) + c.input.slice(next);
      const at = fixed[c.offset];
      const past = atVarspecStart(c) ? varspecAt(c, fixed, c.offset) : (at === ',' || at === '}') && c.expected.includes(`"${at}"`);
      return past ? `${text}: remove ${next - c.offset === 1 ? 'it' : 'them'}` : null;
    },
  }),
  expressionRow({
    // `{$var}`: "$" is no operator (§2.2) and no varchar (§2.3): "The expression syntax
    // specifically excludes use of the dollar ("$")" (§2.2). The braces already mark the
    // variable, as "${var}" does in a shell; "%24" would make it part of the varname (`%24var`).
    id: 'template: "$" before a varname',
    section: 'RFC 6570 §2.2 (operator), §2.3 (varchar)',
    found: oneOf('$'),
    give: (c) => {
      if (!atVarspecStart(c) || !VARNAME_START(c.input[c.offset + 1] ?? null)) return null;
      const whole = rewritten(c);
      const text = '"$" is no operator and no varchar: RFC 6570 §2.2 keeps it out of expressions, and the braces alone mark the variable';
      if (whole !== null) return `${text}: ${writeFor(whole)}`;
      return varspecAt(c, c.input.slice(0, c.offset) + c.input.slice(c.offset + 1), c.offset) ? `${text}: remove it` : null;
    },
  }),
  expressionRow({
    // `{(a)}`, `{+(a,b)}`: "The expression syntax specifically excludes use of the dollar ("$")
    // and parentheses ["(" and ")"] characters" (§2.2); parentheses around an expression's
    // variables group nothing there, and "%28" would make them part of a varname (`%28a%29`).
    // Said only where they wrap the whole variable-list and the expression is valid without them.
    id: 'template: parentheses around the variables',
    section: 'RFC 6570 §2.2',
    found: oneOf('('),
    give: (c) => {
      if (!atVarspecStart(c) || c.before === ',') return null;
      const open = c.input.lastIndexOf('{', c.offset);
      const close = c.input.indexOf('}', c.offset);
      if (close < 0 || c.input[close - 1] !== ')') return null;
      const to = `${c.input.slice(open, c.offset)}${c.input.slice(c.offset + 1, close - 1)}}`;
      const r = /[()]/.test(to) ? null : rewrite(c, open, close + 1, to);
      return r && `RFC 6570 §2.2 "specifically excludes use of the dollar ("$") and parentheses" in expressions: the braces alone hold the variables: ${writeFor(r)}`;
    },
  }),
  expressionRow({
    // `{?a,&b}`: an operator applies to the whole expression, once, after "{" (§2.2); after ","
    // a varname begins (§2.3). "%26" would name a variable `%26b`; what is meant is an
    // expression of its own for the variable: `{?a}{&b}`. Not for the reserved operators
    // (op-reserve), which have no expansion to be meant.
    id: 'template: operator after ","',
    section: 'RFC 6570 §2.2 (expression = "{" [ operator ] variable-list "}")',
    found: EXPANDING_OPERATOR,
    give: (c) => {
      if (c.before !== ',' || c.input[c.offset - 2] === '{') return null;
      const open = c.input.lastIndexOf('{', c.offset);
      const close = c.input.indexOf('}', c.offset);
      if (close < 0) return null;
      const r = rewrite(c, open, close + 1, `${c.input.slice(open, c.offset - 1)}}{${c.input.slice(c.offset, close + 1)}`);
      return r && `an operator stands once, right after "{", for all of an expression's variables (RFC 6570 §2.2): a variable with another operator is an expression of its own: ${writeFor(r)}`;
    },
  }),
  expressionRow({
    // `{*x}`, `{:id}`, `{:3}`: a modifier comes after the varname it modifies (§2.4: `varspec =
    // varname [ modifier-level4 ]`). "%2A" or "%3A" would make it part of a varname.
    id: 'template: modifier before a varname',
    section: 'RFC 6570 §2.4 (varspec = varname [ modifier-level4 ])',
    found: oneOf(':', '*'),
    give: (c) => {
      if (!atVarspecStart(c)) return null;
      let end = c.offset + 1;
      while (VARCHAR_OR_DOT(c.input[end] ?? null)) end++;
      const name = c.input.slice(c.offset + 1, end);
      const from = c.input.slice(c.offset, end);
      if (c.found === '*') {
        const text = 'an explode "*" follows the varname it modifies (RFC 6570 §2.4.2: varspec = varname [ modifier-level4 ])';
        const to = `${name}*`;
        return name !== '' && rewriteGetsPast(c, c.input.slice(0, c.offset) + to + c.input.slice(end), c.offset + to.length + 1) ? `${text}: write "${to}" for "${from}"` : text;
      }
      // `{:id}`: a name after ":" (a path parameter of other routers) is the varname itself.
      const text = 'a prefix ":" follows the varname it shortens, as in {var:3} (RFC 6570 §2.4.1: varspec = varname [ modifier-level4 ])';
      if (name === '' || DIGIT(name[0]!)) return text;
      return rewriteGetsPast(c, c.input.slice(0, c.offset) + c.input.slice(c.offset + 1), end) ? `${text}; no ":" comes before a varname: write "${name}" for "${from}"` : text;
    },
  }),
  expressionRow({
    // `{{d}}` (another template language's braces), `{a{b}` (a "}" left out): expressions do not
    // nest (§2.2), and "%7B" would make the brace part of a varname.
    id: 'template: "{" inside an expression',
    section: 'RFC 6570 §2.2 (expression = "{" [ operator ] variable-list "}")',
    found: oneOf('{'),
    give: (c) => {
      const open = c.input.lastIndexOf('{', c.offset - 1);
      if (c.offset - open <= 2 && (c.offset - open === 1 || OPERATOR(c.before))) {
        // Doubled: `{{d}}` is `{d}`, `{+{d}}` is `{+d}`.
        const close = c.input.indexOf('}', c.offset);
        if (close < 0) return NOT_NESTED;
        const end = close + 1 + (c.input[close + 1] === '}' ? 1 : 0);
        const r = rewrite(c, open, end, `{${c.input.slice(open + 1, c.offset)}${c.input.slice(c.offset + 1, close + 1)}`);
        const text = 'expressions do not nest: one "{" opens an expression (RFC 6570 §2.2)';
        if (r) return `${text}: ${writeFor(r)}`;
        return varspecAt(c, c.input.slice(0, c.offset) + c.input.slice(c.offset + 1), c.offset) ? `${text}: remove this one` : NOT_NESTED;
      }
      if (c.before === ',') {
        // `{a,{b}`: the "," and a "}" are one expression's end: `{a}{b}`.
        const close = c.input.indexOf('}', c.offset);
        const r = close < 0 ? null : rewrite(c, open, close + 1, `${c.input.slice(open, c.offset - 1)}}${c.input.slice(c.offset, close + 1)}`);
        return r ? `expressions do not nest (RFC 6570 §2.2): ${writeFor(r)}` : NOT_NESTED;
      }
      const fixed = `${c.input.slice(0, c.offset)}}${c.input.slice(c.offset)}`;
      return c.expected.includes('"}"') && rewriteGetsPast(c, fixed, c.offset + 1)
        ? `expressions do not nest (RFC 6570 §2.2): the expression opened by "{" at offset ${open} is not closed before the "{" at offset ${c.offset}: add "}"`
        : NOT_NESTED;
    },
  }),
  expressionRow({
    id: 'template: character outside varchar',
    section: 'RFC 6570 §2.3',
    found: (found) => found !== null && !VARCHAR_OR_DOT(found) && !'{}:*,'.includes(found),
    // A separator (" ", "&", ";", "|", "+", "/") written as a triplet would join two varnames into
    // one (`a%26b`): where the separator row named no rewrite, only the rule is said.
    give: (c) =>
      SEPARATOR(c.found)
        ? 'a varname holds ALPHA, DIGIT, "_", pct-encoded triplets and single dots, and an expression\'s variables are separated by "," (RFC 6570 §2.3)'
        : getsPast(c, ENCODED)
          ? `a varname holds ALPHA, DIGIT, "_", pct-encoded triplets and single dots (RFC 6570 §2.3): ${JSON.stringify(c.found)} is written ${percentEncoded(c.found!)}`
          : null,
  }),
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
    // ` {a}`, `http://x/{a} `: whitespace around a template is no part of it, as around a URI
    // (the rows for every era say so, after this era's); "%20" would make it one of the
    // template's literals, copied into every expansion (§3.1).
    id: 'template: whitespace around the template',
    section: 'RFC 6570 §2.1 (literals exclude SP and CTL)',
    eras: templates,
    found: isSpace,
    give: (c) => {
      if (!inLiterals(c)) return null;
      // Only where what is left gets past its first character (` }` would be `}`), as every era's row.
      if (c.offset === 0) return rewriteGetsPast(c, c.input.trimStart(), 1) ? 'remove the whitespace at the start: whitespace around a URI Template is no part of it (RFC 6570 §2.1)' : null;
      return c.input.slice(c.offset).trim() === '' && wholeStart(c, c.input.slice(0, c.offset))
        ? 'remove the whitespace at the end: whitespace around a URI Template is no part of it (RFC 6570 §2.1)'
        : null;
    },
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
