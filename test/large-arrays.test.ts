/**
 * Inputs long enough that spreading one of their arrays into a call's arguments overflows V8's
 * stack (somewhere past 100,000 elements): each of these threw "Maximum call stack size
 * exceeded" before src/large-arrays.ts, and in a batch cost every later line its record.
 */
import { describe, expect, it } from 'vitest';
import { withColorOption } from '../src/cli/run.js';
import { table } from '../src/cli/table.js';
import { fromCharCodes, fromCodePoints, maxOf } from '../src/large-arrays.js';
import { toURI } from '../src/index.js';
import { dataDifferences } from '../src/whatwg-data.js';
import { records, runInMemory } from './cli/cli-harness.js';

const MANY = 200_000;

describe('calls over arrays as long as an input', () => {
  it('fromCharCodes takes any number of code units, in order', () => {
    const codes = Array.from({ length: MANY }, (_, i) => i % 256);
    const text = fromCharCodes(new Uint8Array(codes));
    expect(text.length).toBe(MANY);
    expect([...text.slice(8190, 8195)].map((c) => c.charCodeAt(0))).toEqual([254, 255, 0, 1, 2]);
    expect(text.charCodeAt(MANY - 1)).toBe((MANY - 1) % 256);
  });

  it('fromCodePoints takes any number of code points, astral ones among them, in order', () => {
    const points = Array.from({ length: 300_000 }, (_, i) => (i % 3 === 0 ? 0x1f600 : 0x61 + (i % 26)));
    const s = fromCodePoints(points);
    expect([...s].length).toBe(300_000);
    expect(s.codePointAt(0)).toBe(0x1f600);
    expect(s.slice(2, 4)).toBe('bc');
  });

  it('to-uri --idna on a host of 150,000 characters answers (RFC 3490 §4.1 step 8 refuses the label) rather than overflowing the stack', () => {
    const r = toURI(`http://${'\u00e9'.repeat(150_000)}a/`, { idna: true });
    expect(r.uri).toBeUndefined();
    expect(JSON.stringify(r)).toContain('step 8');
  });

  it('maxOf takes any number of values, and its floor', () => {
    expect(maxOf(Array.from({ length: MANY }, (_, i) => i))).toBe(MANY - 1);
    expect(maxOf([], 3)).toBe(3);
    expect(maxOf([1, 2], 5)).toBe(5);
  });

  it('a 160 KB base64 data: URL gets the WHATWG notes a short one gets', () => {
    const big = `data:text/plain;base64,${'QUFB'.repeat(40_000)}`;
    expect(dataDifferences(big, big)).toEqual(dataDifferences('data:text/plain;base64,QUFB', 'data:text/plain;base64,QUFB'));
    const unpadded = `data:;base64,${'QUFB'.repeat(40_000)}SGk`;
    expect(dataDifferences(unpadded, unpadded).join('\n')).toContain('without its "=" padding');
  });

  it('compare --whatwg answers the lines after such a URL', async () => {
    const big = `data:text/plain;base64,${'QUFB'.repeat(40_000)}`;
    const r = await runInMemory(['compare', '--whatwg', '--json'], `http://a/\n${big}\nhttp://b/\n`);
    expect(r.stderr).toBe('');
    expect(records(r.stdout).map((x) => (x.input as string).slice(0, 10))).toEqual(['http://a/', big.slice(0, 10), 'http://b/']);
  });

  it('a table has as many rows as a mailto: URI has addresses (parse)', () => {
    const rows = Array.from({ length: MANY }, (_, i) => [`to[${i}]`, 'a@b']);
    expect(table(['component', 'value'], rows, false).split('\n').at(-1)).toBe(`to[${MANY - 1}]  a@b`);
  });

  it('--color is taken out of as many operands as follow --', () => {
    const operands = Array<string>(MANY).fill('a');
    const { argv } = withColorOption(['--no-color', '--', ...operands], { color: true } as never);
    expect(argv.length).toBe(MANY + 1);
  });
});
