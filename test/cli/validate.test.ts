/**
 * `urispec validate` run in memory through `run`, row by row; the same rows go through the
 * real binary in bin.test.ts.
 */
import { Writable } from 'node:stream';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { records, runInMemory } from './cli-harness.js';
import { contractExamples, exitStatusRows } from './rows.js';

describe('urispec validate (in memory)', () => {
  it.each(contractExamples)('diagnoses $line', async ({ line, offset, rule, found }) => {
    const { status, stdout } = await runInMemory(['validate', '--json-input', '--json'], line + '\n');
    expect(status).toBe(1);
    const [record] = records(stdout);
    expect(record).toMatchObject({ valid: false, spec: 'rfc3986', rule: 'URI', error: { offset, rule } });
    expect((record?.error as { found: unknown } | undefined)?.found).toBe(found);
    // The contract's key order.
    expect(Object.keys(record ?? {})).toEqual(['input', 'spec', 'rule', 'valid', 'error']);
  });

  it.each(exitStatusRows)('exits $status for $name', async ({ argv, stdin, status, stderr }) => {
    const result = await runInMemory(argv, stdin);
    expect(result.status).toBe(status);
    if (stderr) expect(result.stderr).toMatch(stderr);
    else expect(result.stderr).toBe('');
  });

  it('writes no faster than its reader takes', async () => {
    // A reader that takes 4 KiB at a time, later: with no back-pressure the whole output
    // (megabytes) would sit in the stream's buffer.
    let most = 0;
    let total = 0;
    const stdout = new Writable({
      highWaterMark: 4096,
      write(chunk: Buffer, _encoding, callback) {
        total += chunk.length;
        setImmediate(callback);
      },
    });
    const watch = stdout.write.bind(stdout);
    stdout.write = ((chunk: string, ...rest: never[]) => {
      const accepted = watch(chunk, ...rest);
      most = Math.max(most, stdout.writableLength);
      return accepted;
    }) as typeof stdout.write;
    const lines = Array.from({ length: 20_000 }, (_, i) => `http://exa mple${i}.com/`).join('\n');
    const stdin = Readable.from([Buffer.from(lines)]);
    const status = await run(['validate', '--json'], { stdin, stdout, stderr: stdout, color: false });
    expect(status).toBe(1);
    expect(total).toBeGreaterThan(4_000_000);
    expect(most).toBeLessThan(256 * 1024);
  });
});
