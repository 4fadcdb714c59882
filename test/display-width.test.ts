// Display columns (src/display-width.ts) against the Unicode Character Database's own file, read
// here independently: every W and F code point takes two columns, every other one not, and
// combining marks (general category Mn, Me) none. Debian's unicode-data package has the file;
// without it the comparison says it skipped.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WIDE_RANGES, columnsOf } from '../src/display-width.js';
import { otherOffsets } from '../src/diagnose.js';

const FILE = '/usr/share/unicode/EastAsianWidth.txt';

describe('display width', () => {
  // Said once, beside the skipped test, rather than by a test of its own that could not fail.
  if (!existsSync(FILE)) console.log(`skipped: ${FILE} is absent (apt-get install unicode-data)`);
  it.skipIf(!existsSync(FILE))('wide ranges are the W and F code points of EastAsianWidth.txt', () => {
    const wide = new Set<number>();
    for (const line of readFileSync(FILE, 'utf8').split('\n')) {
      const m = /^([0-9A-F]+)(?:\.\.([0-9A-F]+))?\s*;\s*(\w+)/.exec(line);
      if (!m || (m[3] !== 'W' && m[3] !== 'F')) continue;
      for (let cp = parseInt(m[1]!, 16); cp <= parseInt(m[2] ?? m[1]!, 16); cp++) wide.add(cp);
    }
    const ours = new Set<number>();
    for (let i = 0; i < WIDE_RANGES.length; i += 2) for (let cp = WIDE_RANGES[i]!; cp <= WIDE_RANGES[i + 1]!; cp++) ours.add(cp);
    expect(ours.size).toBe(wide.size);
    // The matcher only on a miss: it costs more than the lookup, over some 100,000 code points.
    for (const cp of wide) if (!ours.has(cp)) expect(ours.has(cp), cp.toString(16)).toBe(true);
  });

  it.each([
    ['a', 1], ['é', 1], ['例', 2], ['え', 2], ['Ａ', 2], ['😀', 2], ['\u0301', 0], ['\u20dd', 0], ['한', 2], ['\uff71', 1], ['\u30a2', 2],
    // Decomposed Hangul: the initial consonant is wide, the vowel and final draw into its block.
    ['\u1112', 2], ['\u1161', 0], ['\u11ab', 0], ['\u1160', 0], ['\u11ff', 0], ['\ud7b0', 0], ['\ud7ff', 0], ['\u115f', 2],
  ])('%s takes %i columns', (ch, n) => {
    expect(columnsOf(ch)).toBe(n);
  });
});

describe('offsets in code points and UTF-8 bytes (issue 14)', () => {
  // Computed independently: the prefix as code points ([...s]) and as Node's UTF-8 (Buffer).
  const cases = ['http://例え.jp/', 'http://a/é b', '😀 x', 'a\ud800b c', 'abc def', 'é', 'x\u0301 y'];
  it.each(cases)('%j', (input) => {
    for (let offset = 0; offset <= input.length; offset++) {
      if (offset > 0 && (input.charCodeAt(offset) & 0xfc00) === 0xdc00 && (input.charCodeAt(offset - 1) & 0xfc00) === 0xd800) continue;
      const prefix = input.slice(0, offset);
      const o = otherOffsets(input, offset);
      if (/^[\x00-\x7f]*$/.test(prefix)) expect(o).toEqual({});
      else expect(o).toEqual({ codePointOffset: [...prefix].length, utf8Offset: Buffer.byteLength(prefix, 'utf8') });
    }
  });
});
