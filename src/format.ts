/**
 * Readable rendering of validation results: pure functions, no I/O, shared by the command
 * line and anything else that shows a diagnosis to a person.
 *
 * Inputs may hold anything (NUL, ESC, lone surrogates, a megabyte of text), so nothing from
 * an input reaches a terminal unescaped and no input is ever printed whole when it is long.
 */
import { specs, type ValidationResult } from './index.js';

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
 * Shows `input` on one safe line with a `^` under the code unit at `offset` (under the
 * position after the last unit when `offset` is the input's length).
 *
 * Returns two lines joined by `\n`. A long input is cut to a window of about 60 columns
 * around the offset, with `…` where it was cut; only that window is ever escaped, so the cost
 * does not grow with the input.
 *
 * @example
 * ```ts
 * import { renderCaret } from './format.js';
 * renderCaret('http://exa mple.com/', 10);
 * // 'http://exa mple.com/\n          ^'
 * renderCaret('a\tb', 2);
 * // 'a\\tb\n   ^'
 * ```
 */
export function renderCaret(input: string, offset: number): string {
  const at = Math.max(0, Math.min(offset, input.length));
  let start = 0;
  let end = input.length;
  if (!fitsWhole(input)) {
    // Walk outwards from the offset until each side's column budget is spent.
    let width = 0;
    start = at;
    while (start > 0 && width + escapeUnit(input.charCodeAt(start - 1)).length <= WINDOW_BEFORE) {
      width += escapeUnit(input.charCodeAt(--start)).length;
    }
    width = 0;
    end = at;
    while (end < input.length && width + escapeUnit(input.charCodeAt(end)).length <= WINDOW_AFTER) {
      width += escapeUnit(input.charCodeAt(end++)).length;
    }
    // The unit under the caret is always shown, however wide its escape.
    if (end === at && at < input.length) end = at + 1;
  }
  const before = (start > 0 ? ELLIPSIS : '') + escapeInput(input.slice(start, at));
  const after = escapeInput(input.slice(at, end)) + (end < input.length ? ELLIPSIS : '');
  // `…` and every escape are one column per UTF-16 unit, so string length is display width.
  return `${before}${after}\n${' '.repeat(before.length)}^`;
}

function fitsWhole(input: string): boolean {
  // Escaping never narrows a unit, so a long input cannot fit; this avoids escaping it whole.
  return input.length <= WHOLE_LINE_LIMIT && escapeInput(input).length <= WHOLE_LINE_LIMIT;
}

/** `input` escaped and, when long, cut after about 60 columns: for lines with no caret. */
export function renderInput(input: string): string {
  if (fitsWhole(input)) return escapeInput(input);
  return renderCaret(input, 0).split('\n')[0] as string;
}

export interface FormatOptions {
  /** Use ANSI colours (only for a terminal that wants them). */
  color: boolean;
}

/** The ANSI styles used; all identity functions when colour is off. */
function palette(color: boolean) {
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

/**
 * How a spec is named before a section sign: `RFC 3986 §3.2.2`.
 *
 * Taken from the spec's title (the document's own name, e.g. `RFC 3986` or
 * `draft-fielding-url-syntax-01`), since an era id such as `rfc2396-draft` is not what its
 * document is called; the id is the fallback.
 */
export function specLabel(specId: string): string {
  let label = specLabels.get(specId);
  if (label === undefined) specLabels.set(specId, (label = labelOf(specId)));
  return label;
}

/** Labels are asked for once per failing record; `specs()` builds every era's rule list. */
const specLabels = new Map<string, string>();

function labelOf(specId: string): string {
  const title = specs().find((s) => s.id === specId)?.title ?? '';
  const named = /\bRFC\s*\d+|\bdraft-[a-z0-9-]+/i.exec(title);
  if (named) return named[0].replace(/^RFC\s*/i, 'RFC ');
  const rfc = /^rfc(\d+)$/.exec(specId);
  return rfc ? `RFC ${rfc[1]}` : specId;
}

/** A section as `RFC 3986 §3.2.2`; a section that already names its document is kept. */
export function sectionLabel(specId: string, section: string): string {
  return /^\d/.test(section) ? `${specLabel(specId)} §${section}` : section;
}

/** The character a diagnosis found, quoted and escaped, or `end of input`. */
export function describeFound(found: string | null): string {
  return found === null ? 'end of input' : `"${escapeInput(found)}"`;
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
export function formatResult(result: ValidationResult, options: FormatOptions): string {
  const c = palette(options.color);
  if (result.valid) {
    const shown = result.input === '' ? c.dim('(empty)') : renderInput(result.input);
    const level = result.level === undefined ? '' : `, level ${result.level}`;
    return [
      `${c.green('✓')} ${shown}  ${c.dim(`valid ${result.spec} ${result.rule}${level}`)}`,
      ...(result.warnings ?? []).map((w) => `  ${c.yellow('warning'.padEnd(10))}${escapeUnsafe(w.message)}`),
    ].join('\n');
  }
  const { error } = result;
  const [line, caret] = renderCaret(result.input, error.offset).split('\n') as [string, string];
  // An empty input would leave nothing to point at: name it, the caret stays at its start.
  const shown = result.input === '' ? c.dim('(empty)') : line;
  const field = (name: string, value: string) => `  ${name.padEnd(10)}${value}`;
  return [
    `${c.red('✗')} ${shown}  ${c.dim(`invalid ${result.spec} ${result.rule} at offset ${error.offset}`)}`,
    `  ${c.red(caret)}`,
    field('rule', `${c.bold(error.rule)}  ${c.dim(`(${error.rulePath.join(' > ')})`)}`),
    field('section', sectionLabel(result.spec, error.section)),
    field('expected', escapeUnsafe(error.expected.join(', '))),
    field('found', describeFound(error.found)),
    ...(error.hint === undefined ? [] : [field('hint', escapeUnsafe(error.hint))]),
    // `message` is left out: it is the same fields as one sentence, and is in `--json`.
  ].join('\n');
}

/** The readable report of an input line that could not be read (`--json-input`). */
export function formatInputError(raw: string, message: string, options: FormatOptions): string {
  const c = palette(options.color);
  return `${c.red('✗')} ${renderInput(raw)}  ${c.dim('unreadable input')}\n  ${c.yellow(escapeUnsafe(message))}`;
}
