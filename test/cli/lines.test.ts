import { describe, expect, it } from 'vitest';
import { decodeEscapingInvalid, readLineBatches } from '../../src/cli/lines.js';

async function linesOf(chunks: Array<Buffer | string>): Promise<string[]> {
  async function* source() {
    yield* chunks;
  }
  const lines: string[] = [];
  for await (const batch of readLineBatches(source())) lines.push(...batch);
  return lines;
}

const bytes = (...values: number[]) => Buffer.from(values);

describe('readLineBatches', () => {
  // Rows: standard input as bytes, and the lines it must give.
  const rows: Array<{ name: string; input: Buffer; lines: string[] }> = [
    { name: 'no input', input: Buffer.from(''), lines: [] },
    { name: 'one line with LF', input: Buffer.from('a\n'), lines: ['a'] },
    { name: 'a last line without LF', input: Buffer.from('a\nb'), lines: ['a', 'b'] },
    { name: 'empty lines', input: Buffer.from('\n\n'), lines: ['', ''] },
    { name: 'CRLF endings', input: Buffer.from('a\r\nb\r\n'), lines: ['a', 'b'] },
    { name: 'a final CR without LF', input: Buffer.from('a\r'), lines: ['a'] },
    { name: 'only one CR is the ending', input: Buffer.from('a\r\r\n'), lines: ['a\r'] },
    { name: 'a CR inside a line', input: Buffer.from('a\rb\n'), lines: ['a\rb'] },
    { name: 'NUL and controls', input: Buffer.from('\u0000\u0001\u001b\u007f\n'), lines: ['\u0000\u0001\u001b\u007f'] },
    { name: 'UTF-8', input: Buffer.from('é\u{1f600}\n'), lines: ['é\u{1f600}'] },
    { name: 'invalid bytes', input: bytes(0x61, 0xff, 0x62, 0x0a, 0xc3, 0x0a), lines: ['a\udcffb', '\udcc3'] },
    { name: 'a truncated sequence before LF', input: bytes(0xe2, 0x82, 0x0a, 0x41), lines: ['\udce2\udc82', 'A'] },
    { name: 'an encoded surrogate', input: bytes(0xed, 0xa0, 0x80), lines: ['\udced\udca0\udc80'] },
    { name: 'an overlong slash', input: bytes(0xc0, 0xaf), lines: ['\udcc0\udcaf'] },
  ];

  it.each(rows)('reads $name', async ({ input, lines }) => {
    expect(await linesOf([input])).toEqual(lines);
  });

  it.each(rows)('reads $name the same however it is cut into chunks', async ({ input, lines }) => {
    for (let cut = 0; cut <= input.length; cut++) {
      expect(await linesOf([input.subarray(0, cut), input.subarray(cut)])).toEqual(lines);
    }
    expect(await linesOf([...input].map((b) => bytes(b)))).toEqual(lines);
  });

  it('keeps a line of 1 MB whole across many chunks', async () => {
    const line = 'x'.repeat(1 << 20);
    const input = Buffer.from(`${line}\nnext\n`);
    const chunks: Buffer[] = [];
    for (let i = 0; i < input.length; i += 65_536) chunks.push(input.subarray(i, i + 65_536));
    expect(await linesOf(chunks)).toEqual([line, 'next']);
  });

  it('yields the lines of each chunk before reading the next', async () => {
    const seen: string[][] = [];
    let reads = 0;
    async function* source() {
      for (const chunk of ['a\nb', 'c\nd\n', 'e']) {
        reads++;
        yield Buffer.from(chunk);
      }
    }
    for await (const batch of readLineBatches(source())) seen.push([...batch, `after read ${reads}`]);
    expect(seen).toEqual([['a', 'after read 1'], ['bc', 'd', 'after read 2'], ['after read 3'], ['e', 'after read 3']]);
  });
});

describe('decodeEscapingInvalid', () => {
  it('agrees with the UTF-8 decoder on well-formed text', () => {
    const text = 'ascii é ß € \u0800 \uffff \u{10000} \u{10ffff} \u{1f600}';
    expect(decodeEscapingInvalid(Buffer.from(text))).toBe(text);
  });

  it('maps each ill-formed byte to U+DC00 + byte, losing and adding nothing', () => {
    // The inverse: escapes back to their bytes, everything else UTF-8 encoded.
    const reencode = (text: string) =>
      Buffer.concat(
        [...text].map((ch) => {
          const unit = ch.charCodeAt(0);
          return ch.length === 1 && unit >= 0xdc80 && unit <= 0xdcff ? bytes(unit - 0xdc00) : Buffer.from(ch, 'utf8');
        }),
      );
    const strict = new TextDecoder('utf-8', { fatal: true });
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) >> 8 & 0xff;
    for (let n = 0; n < 5000; n++) {
      // Biased towards lead and continuation bytes, where the interesting cases are.
      const input = Buffer.from(Array.from({ length: 6 }, () => { const b = random(); return b < 64 ? b : 0x80 | (b & 0x7f); }));
      const decoded = decodeEscapingInvalid(input);
      expect(reencode(decoded).equals(input)).toBe(true);
      let wellFormed = true;
      try {
        strict.decode(input);
      } catch {
        wellFormed = false;
      }
      if (wellFormed) expect(decoded).toBe(strict.decode(input));
      else expect(decoded).toMatch(/[\udc80-\udcff]/);
    }
  });
});
