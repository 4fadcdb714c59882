/**
 * `--jobs N` (issue 6): the lines of standard input over N worker threads give byte for byte the
 * output of one job, in input order, with the same exit status; the real binary, since the
 * workers run the compiled dist/src/cli/worker.js. Also: standard input is read no faster than
 * standard output is taken (back-pressure), and a reader that leaves early stops the run.
 *
 * The one job each --jobs N run is compared with runs in memory (`run`, as the binary runs it
 * with one job: no thread), which saves a cold start of the binary per comparison; one job
 * through the binary is tested below (back-pressure, a reader leaving) and in bin.test.ts.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BATCH_LINES } from '../../src/cli/jobs.js';
import { binary, runBinary, runInMemory, type CliRun } from './cli-harness.js';

/** A mixed input of `n` lines: valid, invalid, empty, CRLF, non-UTF-8, long, every era's shapes. */
function mixedLines(n: number): Buffer {
  const shapes: Array<(i: number) => string | Buffer> = [
    (i) => `http://example.com/${i}?q=${i}#f`,
    (i) => `http://exa mple.com/${i}`,
    () => '',
    (i) => `ftp://ftp.example.org/pub/${i};type=i\r`,
    (i) => Buffer.concat([Buffer.from(`http://a/${i}/`), Buffer.from([0xff, 0xc3]), Buffer.from('x')]),
    (i) => `http://[::1]:8x/${i}`,
    (i) => `urn:isbn:${i}`,
    (i) => `//h/${'a/'.repeat(i % 300)}`,
    (i) => `mailto:u${i}@example.com`,
    (i) => `http://a/b%2${i % 10 === 0 ? '' : '0'}`,
    (i) => `é/${i}`,
    (i) => `http://a/\u{1f600}${'\u{1f600}'.repeat(i % 50)}`, // astral: pairs a cut could split
  ];
  const parts: Buffer[] = [];
  for (let i = 0; i < n; i++) {
    const line = shapes[i % shapes.length]!(i);
    parts.push(typeof line === 'string' ? Buffer.from(line) : line, Buffer.from('\n'));
  }
  parts.push(Buffer.from('last line without LF'));
  return Buffer.concat(parts);
}

/** `--json-input` lines: strings, objects naming specs and rules, and lines that cannot be read. */
function jsonInputLines(n: number): Buffer {
  const shapes: Array<(i: number) => string> = [
    (i) => JSON.stringify(`http://example.com/${i}`),
    (i) => JSON.stringify({ input: `http://a/b c/${i}`, spec: 'rfc1808' }),
    (i) => JSON.stringify({ input: `ftp://h/p${i}`, spec: 'rfc1738', rule: 'ftpurl' }),
    (i) => `{"input": "not closed ${i}"`,
    (i) => JSON.stringify({ input: `x${i}`, spec: 'no-such-spec' }),
    (i) => JSON.stringify({ input: `line\nbreak ${i}\u0000\udc80` }),
    () => '42',
    (i) => JSON.stringify({ input: `http://h/${i}`, rule: 'absolute-URI' }),
  ];
  return Buffer.from(Array.from({ length: n }, (_, i) => shapes[i % shapes.length]!(i)).join('\n') + '\n');
}

const LINES = 4 * BATCH_LINES + 123; // several batches per worker, and a partial last one

function expectSame(jobs: CliRun, one: CliRun): void {
  expect(jobs.stderr).toBe(one.stderr);
  expect(jobs.status).toBe(one.status);
  // Not toBe on megabytes of text: a mismatch would print them all. First differing line instead.
  if (jobs.stdout !== one.stdout) {
    const a = jobs.stdout.split('\n');
    const b = one.stdout.split('\n');
    const at = a.findIndex((line, i) => line !== b[i]);
    expect({ line: at, jobs: a[at], one: b[at], lines: a.length }).toEqual({ line: at, jobs: b[at], one: b[at], lines: b.length });
  }
  expect(jobs.stdout.length).toBe(one.stdout.length);
}

describe('--jobs N', () => {
  const mixed = mixedLines(LINES);
  const jsonInput = jsonInputLines(LINES);
  const mixedSmall = mixedLines(2 * BATCH_LINES + 57); // parse is slower: fewer lines, still 3 batches
  const cases: Array<{ name: string; argv: string[]; input: Buffer; jobs: string }> = [
    { name: 'validate, readable records', argv: ['validate'], input: mixed, jobs: '2' },
    { name: 'validate --json', argv: ['validate', '--json'], input: mixed, jobs: '3' },
    { name: 'validate --json --json-input', argv: ['validate', '--json', '--json-input'], input: jsonInput, jobs: '2' },
    { name: 'validate --json-input, readable records', argv: ['validate', '--json-input', '--spec', 'rfc2396'], input: jsonInput, jobs: '2' },
    { name: 'parse', argv: ['parse'], input: mixedSmall, jobs: '2' },
    { name: 'parse --json --spec rfc1808', argv: ['parse', '--json', '--spec', 'rfc1808'], input: mixedSmall, jobs: '2' },
  ];
  for (const c of cases) {
    it(`${c.name}: --jobs ${c.jobs} writes the bytes of --jobs 1`, async () => {
      const many = runBinary([...c.argv, '--jobs', c.jobs], c.input);
      const one = await runInMemory([...c.argv, '--jobs', '1'], c.input);
      expect(one.status).toBe(1); // every input above holds invalid lines
      expect(one.stdout.length).toBeGreaterThan(2 * BATCH_LINES * 10);
      expectSame(await many, one);
    });
  }

  it('all valid: exit status 0 with threads too', async () => {
    const input = Array.from({ length: 2500 }, (_, i) => `http://a/${i}`).join('\n');
    const run = await runBinary(['validate', '--jobs', '2', '--json'], input);
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n').length).toBe(2501);
  });

  it('arguments are checked as with one job', async () => {
    const argv = ['validate', '--json', 'http://a/', 'http://a b/'];
    expectSame(await runBinary([...argv, '--jobs', '2']), await runInMemory(argv));
  });

  it('answers each line as it comes, before standard input ends (a terminal, a pipe kept open)', async () => {
    const child = spawn(process.execPath, [binary, 'validate', '--json', '--jobs', '2'], { stdio: 'pipe' });
    let out = '';
    const seen = (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!out.includes(text)) return;
          child.stdout.off('data', onData);
          resolve();
        };
        const onData = (b: Buffer) => {
          out += b.toString('utf8');
          check();
        };
        child.stdout.on('data', onData);
        check();
      });
    child.stdin.write('http://a/first\n');
    await seen('"input":"http://a/first"');
    child.stdin.write('http://a b/second\n');
    await seen('"input":"http://a b/second"');
    child.stdin.end();
    expect(await new Promise<number | null>((r) => child.on('close', r))).toBe(1);
  });

  it('an empty input: no output, exit 0', async () => {
    expect(await runBinary(['validate', '--jobs', '2'], '')).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('--jobs 0, x, -1, 1.5, 999: usage errors', async () => {
    // In memory (the option is read before any thread starts), and one through the binary,
    // which must print what the same run prints in memory.
    const bad = ['0', 'x', '-1', '1.5', '999'];
    const runs = await Promise.all(bad.map((n) => runInMemory(['validate', `--jobs=${n}`], 'http://a/\n')));
    for (const run of runs) {
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/--jobs/);
      expect(run.stdout).toBe('');
    }
    expect(await runBinary(['validate', '--jobs=999'], 'http://a/\n')).toEqual(runs[bad.indexOf('999')]);
  });

  for (const jobs of ['1', '2']) {
    it(`--jobs ${jobs}: stops reading standard input while standard output is not read (back-pressure)`, async () => {
      const child = spawn(process.execPath, [binary, 'validate', '--json', '--jobs', jobs], { stdio: 'pipe' });
      child.stdout.pause(); // nobody reads: the pipe fills, then the CLI must stop taking input
      const line = Buffer.from('http://exa mple.com/' + 'x'.repeat(60) + '\n'); // invalid: a long record each
      const chunk = Buffer.concat(Array.from({ length: 1000 }, () => line));
      let written = 0;
      let stalledFor = 0;
      // Write until the CLI has taken nothing for a second; give up (fail) after 64 MB.
      while (written < 64 * 2 ** 20 && stalledFor < 1000) {
        const ok = child.stdin.write(chunk);
        written += chunk.length;
        if (!ok) {
          const t0 = Date.now();
          const drained = await Promise.race([
            new Promise<boolean>((r) => child.stdin.once('drain', () => r(true))),
            new Promise<boolean>((r) => setTimeout(() => r(false), 1000)),
          ]);
          stalledFor = drained ? 0 : Date.now() - t0;
        }
      }
      // The CLI holds a bounded amount: what is in the two pipes, its buffers and batches in flight.
      expect(stalledFor).toBeGreaterThanOrEqual(1000);
      expect(written).toBeLessThan(32 * 2 ** 20);
      // Now read: everything comes out, in order, and the run ends normally.
      const out: Buffer[] = [];
      child.stdout.on('data', (b: Buffer) => out.push(b));
      child.stdout.resume();
      child.stdin.end();
      const status = await new Promise<number | null>((r) => child.on('close', r));
      expect(status).toBe(1);
      const text = Buffer.concat(out).toString('utf8');
      expect(text.split('\n').length - 1).toBe(written / line.length);
    });

    it(`--jobs ${jobs}: a reader that leaves early (| head -1) ends the run quietly`, async () => {
      const child = spawn(process.execPath, [binary, 'validate', '--jobs', jobs], { stdio: 'pipe' });
      const stderr: Buffer[] = [];
      child.stderr.on('data', (b: Buffer) => stderr.push(b));
      child.stdin.on('error', () => {});
      child.stdout.once('data', () => child.stdout.destroy());
      const big = Buffer.from(Array.from({ length: 200_000 }, (_, i) => `http://a/${i}`).join('\n') + '\n');
      child.stdin.end(big);
      const status = await new Promise<number | null>((r) => child.on('close', r));
      expect(Buffer.concat(stderr).toString('utf8')).toBe('');
      expect(status === 0 || status === 1).toBe(true);
    });
  }
});
