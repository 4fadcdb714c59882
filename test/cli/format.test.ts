import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { escapeInput, formatInputError, formatResult, renderCaret, renderInput } from '../../src/format.js';

/**
 * Every shown line must be safe in a terminal: no control or format character, no lone
 * surrogate (an input is shown as typed otherwise: UTF-8, issue 14).
 */
const SAFE = /^(?![\s\S]*[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cn}])[\s\S]*$/u;
const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function lines(rendered: string): [string, string] {
  const [shown, caret] = rendered.split('\n');
  return [shown as string, caret as string];
}

describe('renderCaret', () => {
  it('puts the caret after decomposed (NFD) Korean where it puts it after composed (NFC)', () => {
    const nfc = '한글x y';
    const nfd = nfc.normalize('NFD');
    expect(nfd.length).toBe(nfc.length + 4);
    const caretColumn = (input: string) => renderCaret(input, input.indexOf(' ')).split('\n')[1]!.indexOf('^');
    expect(caretColumn(nfc)).toBe(5);
    expect(caretColumn(nfd)).toBe(5);
  });

  // Rows: the input, the offset, the line shown, and the display column the caret must be in,
  // counted by hand: wide East Asian characters take two columns (UAX #11), a combining mark
  // none (the caret goes under the letter it draws on), an escape its length.
  const rows: Array<{ input: string; offset: number; shown: string; column: number }> = [
    { input: 'http://exa mple.com/', offset: 10, shown: 'http://exa mple.com/', column: 10 },
    { input: 'a\tb', offset: 2, shown: 'a\\tb', column: 3 },
    { input: '\u0000x', offset: 1, shown: '\\u0000x', column: 6 },
    { input: 'a\u007fb', offset: 2, shown: 'a\\u007fb', column: 7 },
    { input: 'caf\u00e9/x', offset: 4, shown: 'café/x', column: 4 },
    { input: 'caf\u00e9', offset: 3, shown: 'café', column: 3 },
    { input: 'http://例え.jp/', offset: 9, shown: 'http://例え.jp/', column: 11 },
    { input: 'http://例え.jp/', offset: 8, shown: 'http://例え.jp/', column: 9 },
    { input: 'e\u0301x', offset: 1, shown: 'e\u0301x', column: 0 },
    { input: 'e\u0301x', offset: 2, shown: 'e\u0301x', column: 1 },
    { input: '\u0301x', offset: 1, shown: '\\u0301x', column: 6 },
    { input: 'a\ud800b', offset: 1, shown: 'a\\ud800b', column: 1 },
    { input: 'a\ud800b', offset: 2, shown: 'a\\ud800b', column: 7 },
    { input: '\ud83d\ude00!', offset: 2, shown: '\ud83d\ude00!', column: 2 },
    { input: 'a\u202eb', offset: 2, shown: 'a\\u202eb', column: 7 },
    { input: 'a\\b', offset: 2, shown: 'a\\\\b', column: 3 },
    { input: 'x\r\n\u001b[31my', offset: 8, shown: 'x\\r\\n\\u001b[31my', column: 15 },
    { input: 'http://a/b%2', offset: 12, shown: 'http://a/b%2', column: 12 },
    { input: '', offset: 0, shown: '', column: 0 },
  ];
  it.each(rows)('shows $shown with the caret in column $column (offset $offset)', ({ input, offset, shown, column }) => {
    const [line, caret] = lines(renderCaret(input, offset));
    expect(line).toBe(shown);
    expect(caret).toBe(' '.repeat(column) + '^');
  });

  it('keeps every code unit visible and every line safe', () => {
    let all = '';
    for (let unit = 0; unit <= 0xffff; unit += unit < 0x300 ? 1 : 97) all += String.fromCharCode(unit);
    for (let offset = 0; offset <= all.length; offset += 37) {
      const [line, caret] = lines(renderCaret(all, offset));
      expect(line).toMatch(SAFE);
      expect(line).not.toMatch(LONE);
      expect(caret).toMatch(/^ *\^$/);
    }
    expect(escapeInput(all)).toMatch(/^[\x20-\x7e]*$/);
  });

  it.each([0, 1, 500_000, 1_048_575, 1_048_576])('shows a 1 MB input as a window around offset %i', (offset) => {
    const input = 'a'.repeat(offset) + '\u0000' + 'b'.repeat(1_048_576 - offset);
    const [line, caret] = lines(renderCaret(input, offset));
    expect(line.length).toBeLessThanOrEqual(70);
    expect(line.length).toBeGreaterThanOrEqual(30);
    expect(line).toMatch(SAFE);
    if (offset > 40) expect(line.startsWith('…')).toBe(true);
    if (offset < input.length - 40) expect(line.endsWith('…')).toBe(true);
    const column = caret.length - 1;
    expect(line.slice(column).startsWith('\\u0000')).toBe(true);
  });

  it('windows an input whose escapes are wide', () => {
    const input = '\u0001'.repeat(1000) + 'X' + '\u0002'.repeat(1000);
    const [line, caret] = lines(renderCaret(input, 1000));
    expect(line.length).toBeLessThanOrEqual(80);
    expect(line.slice(caret.length - 1)).toMatch(/^X\\u0002/);
  });

  it('shows a long input with no caret cut after about 60 columns', () => {
    const shown = renderInput('h'.repeat(100_000));
    expect(shown.length).toBeLessThanOrEqual(70);
    expect(shown.endsWith('…')).toBe(true);
  });
});

describe('formatResult', () => {
  it('reports a failure with caret, rule path, section, expected and found', () => {
    const result = validate('http://exa mple.com/', { rule: 'URI' });
    expect(result.valid).toBe(false);
    if (result.valid) return;
    const report = formatResult(result, { color: false }).split('\n');
    expect(report[0]).toMatch(/^✗ http:\/\/exa mple\.com\/ .*offset 10/);
    expect(report[1]).toBe(' '.repeat('✗ '.length + 10) + '^');
    expect(report).toContain('  rule      reg-name  (URI > hier-part > authority > host > reg-name)');
    expect(report).toContain('  section   RFC 3986 §3.2.2');
    // In the spec's names (the full list is in --json).
    expect(report).toContain('  expected  unreserved, pct-encoded, sub-delims, ":", "@", "/", "?", "#", end of input');
    expect(report).toContain('  hint      a space is written "%20"');
    expect(report).toContain('  found     " "');
  });

  it('says end of input when nothing was found', () => {
    const result = validate('http://a/b%2', { rule: 'URI' });
    if (result.valid) throw new Error('expected a failure');
    expect(result.error.found).toBeNull();
    expect(formatResult(result, { color: false })).toContain('  found     end of input');
  });

  it('quotes a found quotation mark or backslash as the message does, escaped', () => {
    // RFC 3986 §2: neither is a URI character. A bare quotation mark between quotes would read as an empty string and a quote.
    for (const [input, shown] of [['http://a/b"c', '"\\""'], ['http://a/b\\c', '"\\\\"']] as const) {
      const result = validate(input, { rule: 'URI' });
      if (result.valid) throw new Error('expected a failure');
      expect(formatResult(result, { color: false })).toContain(`  found     ${shown}\n`);
      expect(result.error.message).toContain(`found ${shown}`);
    }
  });

  it('reports a success on one line', () => {
    const result = validate('http://a/b', { rule: 'URI' });
    expect(formatResult(result, { color: false })).toBe('✓ http://a/b  valid rfc3986 URI');
  });

  it('escapes what it shows, failure or not', () => {
    // Controls, bidi overrides and lone surrogates; the library's own prose may hold other Unicode.
    const unsafe = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    for (const input of ['\u0000\u001b[2J', 'a\ud800', '\u202eevil', '\udc80']) {
      const report = formatResult(validate(input), { color: false });
      expect(report).not.toMatch(unsafe);
      expect(report.split('\n')[0]).toContain(escapeInput(input).slice(0, 6));
    }
  });

  it('colours only when asked', () => {
    for (const input of ['http://a/b', 'http://exa mple.com/']) {
      expect(formatResult(validate(input), { color: false })).not.toContain('\u001b[');
      expect(formatResult(validate(input), { color: true })).toContain('\u001b[');
    }
    expect(formatInputError('{', 'not valid JSON', { color: false })).not.toContain('\u001b[');
  });
});
