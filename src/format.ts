/**
 * Readable rendering of validation results: pure functions, no I/O, shared by the command
 * line and anything else that shows a diagnosis to a person.
 *
 * Inputs may hold anything (NUL, ESC, lone surrogates, a megabyte of text), so nothing from
 * an input reaches a terminal unescaped and no input is ever printed whole when it is long.
 * An input is shown as typed (UTF-8): only what would corrupt or hide in a terminal is escaped
 * (control and format characters, lone surrogates), and carets are placed by display columns
 * (wide East Asian characters take two, combining marks none: ./display-width.ts).
 */
import { columnsOf } from './display-width.js';
import type { ValidationResult } from './index.js';
import { eraOf } from './registry.js';
import { documentOf, sectionLabel as sectionOf } from './spec-label.js';

/** Display columns shown around a failing offset when the input is too long for one line. */
const WINDOW_BEFORE = 30;
const WINDOW_AFTER = 30;
/** An input whose display fits in this many columns is shown whole. */
const WHOLE_LINE_LIMIT = 72;
const ELLIPSIS = '…';

/**
 * The visible form of one UTF-16 code unit.
 *
 * Escapes work per code unit, not per code point, because diagnosis offsets count UTF-16
 * units: each unit then maps to exactly one display token, and a lone surrogate is shown as
 * what it is. The forms are JavaScript/JSON's (`\t`, `\u0000`, `\u00e9`), with the backslash
 * doubled so that an escape in the display cannot be mistaken for a backslash in the input.
 */
export function escapeUnit(unit: number): string {
  if (unit >= 0x20 && unit < 0x7f) return unit === 0x5c ? '\\\\' : String.fromCharCode(unit);
  switch (unit) {
    case 0x09:
      return '\\t';
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
  }
  return '\\u' + unit.toString(16).padStart(4, '0');
}

/**
 * Characters that would corrupt or disguise terminal output: C0/C1 controls, DEL, lone
 * surrogates and the bidirectional-text controls that can reorder what a line appears to say.
 */
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` with only the unsafe characters escaped: for library text such as messages, which
 * may quote an input's character but is otherwise meant to be read as written.
 */
export function escapeUnsafe(text: string): string {
  return text.replace(UNSAFE, (ch) => escapeUnit(ch.charCodeAt(0)));
}

/** `input` with every character that is not printable ASCII escaped (see {@link escapeUnit}). */
export function escapeInput(input: string): string {
  let out = '';
  for (let i = 0; i < input.length; i++) out += escapeUnit(input.charCodeAt(i));
  return out;
}

/**
 * Characters shown as an escape in a displayed input: controls (C0, DEL, C1), format characters
 * (bidirectional controls, zero-width joiners, the BOM), line and paragraph separators, lone
 * surrogates, unassigned code points; and a combining mark with nothing before it to draw on.
 */
const HIDDEN = /^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Cn}]$/u;
const MARK = /^[\p{Mn}\p{Me}]$/u;

/** What is shown for the code point at `i` of `input`: its text, its columns, its code units. */
export function displayToken(input: string, i: number): { text: string; columns: number; units: number } {
  const cp = input.codePointAt(i)!;
  const units = cp > 0xffff ? 2 : 1;
  if (cp < 0x80) {
    const text = escapeUnit(cp);
    return { text, columns: text.length, units };
  }
  const ch = String.fromCodePoint(cp);
  if (HIDDEN.test(ch) || (i === 0 && MARK.test(ch))) {
    const text = units === 2 ? escapeUnit(input.charCodeAt(i)) + escapeUnit(input.charCodeAt(i + 1)) : escapeUnit(cp);
    return { text, columns: text.length, units };
  }
  return { text: ch, columns: columnsOf(ch), units };
}

/** `input` as shown to a reader: as typed, hidden characters escaped (see {@link displayToken}). */
export function displayInput(input: string, from = 0, to = input.length): string {
  let out = '';
  for (let i = from; i < to; ) {
    const t = displayToken(input, i);
    out += t.text;
    i += t.units;
  }
  return out;
}

/** Display columns of `input` from code unit `from` to `to`. */
function columnsBetween(input: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; ) {
    const t = displayToken(input, i);
    n += t.columns;
    i += t.units;
  }
  return n;
}

/** The code unit where the code point holding unit `i` begins. */
function pointStart(input: string, i: number): number {
  return i > 0 && (input.charCodeAt(i) & 0xfc00) === 0xdc00 && (input.charCodeAt(i - 1) & 0xfc00) === 0xd800 ? i - 1 : i;
}

/**
 * Shows `input` on one safe line with a `^` under the character at `offset` (under the position
 * after the last one when `offset` is the input's length), counted in display columns.
 *
 * Returns two lines joined by `\n`. A long input is cut to a window of about 60 columns
 * around the offset, with `…` where it was cut; only that window is ever looked at, so the cost
 * does not grow with the input. A combining mark at the offset draws over the character before
 * it: the caret goes under that character.
 *
 * @example
 * ```ts
 * import { renderCaret } from './format.js';
 * renderCaret('http://exa mple.com/', 10);
 * // 'http://exa mple.com/\n          ^'
 * renderCaret('http://例え.jp/', 9);
 * // 'http://例え.jp/\n           ^'
 * ```
 */
export function renderCaret(input: string, offset: number): string {
  const at = pointStart(input, Math.max(0, Math.min(offset, input.length)));
  let start = 0;
  let end = input.length;
  if (!fitsWhole(input)) {
    // Walk outwards from the offset until each side's column budget is spent.
    let width = 0;
    start = at;
    while (start > 0) {
      const prev = pointStart(input, start - 1);
      const w = displayToken(input, prev).columns;
      if (width + w > WINDOW_BEFORE) break;
      width += w;
      start = prev;
    }
    width = 0;
    end = at;
    while (end < input.length) {
      const t = displayToken(input, end);
      if (width + t.columns > WINDOW_AFTER && end > at) break;
      width += t.columns;
      end += t.units;
    }
  }
  const before = (start > 0 ? ELLIPSIS : '') + displayInput(input, start, at);
  const after = displayInput(input, at, end) + (end < input.length ? ELLIPSIS : '');
  let column = (start > 0 ? 1 : 0) + columnsBetween(input, start, at);
  if (at < input.length && at > start && displayToken(input, at).columns === 0) column -= 1;
  return `${before}${after}\n${' '.repeat(Math.max(0, column))}^`;
}

function fitsWhole(input: string): boolean {
  // Every character takes at most a few columns, so a long input cannot fit; this avoids
  // measuring it whole.
  return input.length <= WHOLE_LINE_LIMIT * 2 && columnsBetween(input, 0, input.length) <= WHOLE_LINE_LIMIT;
}

/** `input` shown as typed and, when long, cut after about 60 columns: for lines with no caret. */
export function renderInput(input: string): string {
  if (fitsWhole(input)) return displayInput(input);
  return renderCaret(input, 0).split('\n')[0] as string;
}

export interface FormatOptions {
  /** Use ANSI colours (only for a terminal that wants them). */
  color: boolean;
}

/** The ANSI styles of the readable output, or none when `color` is off. */
export function palette(color: boolean) {
  const style = (open: number, close: number) => (text: string) =>
    color ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return {
    bold: style(1, 22),
    dim: style(2, 22),
    red: style(31, 39),
    green: style(32, 39),
    yellow: style(33, 39),
  };
}

/** How a spec's document is named: `RFC 3986`, `draft-fielding-url-syntax-01` (./spec-label.ts). */
export function specLabel(specId: string): string {
  return documentOf(eraOf(specId));
}

/** A section with its document: `RFC 3986 §3.2.2`, `RFC 2373 Appendix B (imported by RFC 2732 §3)`. */
export function sectionLabel(specId: string, section: string): string {
  return sectionOf(eraOf(specId), section);
}

/** The character a diagnosis found, quoted and escaped, or `end of input`. */
export function describeFound(found: string | null): string {
  if (found === null) return 'end of input';
  const cp = found.codePointAt(0)!;
  const code = cp < 0x80 ? '' : `  U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  // Quoted, so a quotation mark is escaped as the message writes it (`"\""`: foundShown, src/hints/context.ts).
  return `"${found === '"' ? '\\"' : displayInput(found)}"${code}`;
}

/**
 * The readable report of one result.
 *
 * Valid: one line, `✓ <input>  valid <spec> <rule>` (with the level of an RFC 6570 template),
 * then a line for each warning. Invalid: the input with a caret under
 * the failing offset, then the diagnosis fields one a line.
 *
 * @example
 * ```ts
 * import { validate } from 'urispec';
 * import { formatResult } from './format.js';
 * formatResult(validate('http://[::1]:8x/', { rule: 'URI' }), { color: false });
 * // ✗ http://[::1]:8x/  invalid rfc3986 URI at offset 14
 * //                 ^
 * //   rule      port  (URI > hier-part > authority > port)
 * //   section   RFC 3986 §3.2.3
 * //   …
 * ```
 */
export function formatResult(result: ValidationResult, options: FormatOptions, upTo?: number): string {
  // `--spec auto`: each era's verdict, RFC 3986's first (src/profiles/auto.ts).
  // A scheme's verdict of the URI before its fragment says so (`upTo`).
  if (result.verdicts) return result.verdicts.map(({ upTo, ...v }) => formatResult({ input: result.input, ...v }, options, upTo)).join('\n');
  const c = palette(options.color);
  if (result.valid) {
    const shown = result.input === '' ? c.dim('(empty)') : renderInput(result.input);
    const level = result.level === undefined ? '' : `, level ${result.level}`;
    return [
      `${c.green('✓')} ${shown}  ${c.dim(`valid ${result.spec} ${result.rule}${level}${upTo === undefined ? '' : `, read before the "#" at ${upTo}`}`)}`,
      ...(result.warnings ?? []).map((w) => `  ${c.yellow('warning'.padEnd(10))}${escapeUnsafe(w.message)}`),
    ].join('\n');
  }
  const { error } = result;
  const [line, caret] = renderCaret(result.input, error.offset).split('\n') as [string, string];
  // An empty input would leave nothing to point at: name it, the caret stays at its start.
  const shown = result.input === '' ? c.dim('(empty)') : line;
  const field = (name: string, value: string) => `  ${name.padEnd(10)}${value}`;
  // Where non-ASCII precedes the offset, also in code points and UTF-8 bytes.
  const other = error.codePointOffset === undefined ? '' : ` (code point ${error.codePointOffset}, UTF-8 byte ${error.utf8Offset})`;
  const head = [
    `${c.red('✗')} ${shown}  ${c.dim(`invalid ${result.spec} ${result.rule}${upTo === undefined ? '' : `, read before the "#" at ${upTo},`} at offset ${error.offset}${other}`)}`,
    `  ${c.red(caret)}`,
    field('rule', `${c.bold(error.rule)}  ${c.dim(`(${error.rulePath.join(' > ')})`)}`),
    field('section', sectionLabel(result.spec, error.section)),
  ];
  const warnings = (result.warnings ?? []).map((w) => `  ${c.yellow('warning'.padEnd(10))}${escapeUnsafe(w.message)}`);
  // A scheme profile's prose failed where the grammar held (src/profiles/): nothing was
  // expected, and the message says which layer held and which failed.
  if (error.layer === 'profile') return [...head, field('layer', 'profile'), field('failure', escapeUnsafe(error.message)), ...warnings].join('\n');
  return [
    ...head,
    // In the spec's names (the full list is the record's `expected`, in --json).
    field('expected', escapeUnsafe((error.expectedGrouped ?? error.expected).join(', '))),
    field('found', describeFound(error.found)),
    ...(error.hint === undefined ? [] : [field('hint', c.yellow(escapeUnsafe(error.hint)))]),
    ...(error.layer === 'grammar' ? [field('layer', 'grammar')] : []),
    // `message` is left out: it is the same fields as one sentence, and is in `--json`.
  ].join('\n');
}

/** The readable report of an input line that could not be read (`--json-input`). */
export function formatInputError(raw: string, message: string, options: FormatOptions): string {
  const c = palette(options.color);
  return `${c.red('✗')} ${renderInput(raw)}  ${c.dim('unreadable input')}\n  ${c.yellow(escapeUnsafe(message))}`;
}
