/**
 * `urispec validate` run in memory through `run`, row by row; the same rows go through the
 * real binary in bin.test.ts.
 */
import { Writable } from 'node:stream';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { validate } from '../../src/index.js';
import { records, runBinary, runInMemory } from './cli-harness.js';
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

  describe('--json writes the library\'s whole record', () => {
    // Valid and invalid, with and without warnings, a template's level, and spec auto, whose
    // records carry "verdicts" (each era's verdict) even when valid without warnings.
    const inputs = ['http://a/', 'http://u@a/', 'http:///x', 'http://a b', 'mailto:a@b', 'urn:a:b', 'file:///x', 'x', '{x}', ''];
    const options: Array<{ spec?: string; rule?: string }> = [{}, { spec: 'auto' }, { spec: 'AUTO', rule: 'URI' }, { spec: 'rfc9110' }, { spec: 'rfc6570' }, { spec: 'rfc1808' }];
    // The key order of --json's help and the contract: these first, when present; then the
    // library's other fields (error, verdicts, ...) in its own order.
    const head = ['input', 'spec', 'rule', 'valid', 'level', 'warnings'];
    const expectRecord = (line: unknown, input: string, o: { spec?: string; rule?: string }) => {
      const library = validate(input, o) as unknown as Record<string, unknown>;
      expect(line).toStrictEqual(library);
      const keys = Object.keys(library);
      const order = [...head.filter((k) => keys.includes(k)), ...keys.filter((k) => !head.includes(k))];
      expect(Object.keys(line as object)).toEqual(order);
    };

    it.each(options)('arguments, %o: each line is the record validate() gives', async (o) => {
      const flags = [...(o.spec ? ['--spec', o.spec] : []), ...(o.rule ? ['--rule', o.rule] : [])];
      const { stdout } = await runInMemory(['validate', '--json', ...flags, '--', ...inputs]);
      const lines = records(stdout);
      expect(lines.length).toBe(inputs.length);
      for (const [i, line] of lines.entries()) expectRecord(line, inputs[i]!, o);
    });

    const rows = options.flatMap((o) => inputs.map((input) => ({ input, ...o })));
    const jsonLines = rows.map((row) => JSON.stringify(row)).join('\n') + '\n';

    it('--json-input lines naming their spec (auto among them): each line is the record validate() gives', async () => {
      const lines = records((await runInMemory(['validate', '--json', '--json-input'], jsonLines)).stdout);
      expect(lines.length).toBe(rows.length);
      for (const [i, line] of lines.entries()) {
        const { input, ...o } = rows[i]!;
        expectRecord(line, input, o);
      }
    });

    it('--jobs 2 writes the same records (worker threads, the built CLI)', async () => {
      const one = await runBinary(['validate', '--json', '--json-input'], jsonLines);
      const two = await runBinary(['validate', '--json', '--json-input', '--jobs', '2'], jsonLines);
      expect(two.stdout).toBe(one.stdout);
      expect(records(one.stdout).filter((r) => r.verdicts !== undefined).length).toBeGreaterThan(10);
    });
  });
});
