/**
 * The real `urispec` binary over pipes, as users and scripts run it: built first with the
 * package's tsconfig, then spawned as `node dist/src/cli/main.js`.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/cli/io.js';
import { specs } from '../../src/index.js';
import { binary, records, runBinary, runInMemory } from './cli-harness.js';
import { badJsonLines, badLines, contractExamples, exitStatusRows } from './rows.js';

// dist/ is built once for the whole run by test/global-setup.ts.

describe('urispec (the binary)', () => {
  it('gives the contract diagnoses through --json-input --json', async () => {
    const { status, stdout, stderr } = await runBinary(
      ['validate', '--json-input', '--json'],
      contractExamples.map((row) => row.line + '\n').join(''),
    );
    expect(stderr).toBe('');
    expect(status).toBe(1);
    const out = records(stdout);
    expect(out).toHaveLength(contractExamples.length);
    contractExamples.forEach(({ offset, rule, found }, i) => {
      expect(out[i]).toMatchObject({ valid: false, rule: 'URI', error: { offset, rule, found } });
    });
  });

  // The exit status is what `run` returns (main.ts sets it): the binary for one row of each
  // status, 0, 1 and 2, printing exactly what the same row prints in memory; every row in
  // memory (a cold start of the binary apiece cost half a second each; test/cli/validate.test.ts
  // runs the rows in memory too).
  const THROUGH_THE_BINARY = ['valid lines', 'an invalid argument', 'an unknown option'];
  it('runs one row of each exit status through the binary as in memory', async () => {
    const rows = exitStatusRows.filter((row) => THROUGH_THE_BINARY.includes(row.name));
    expect(rows.map((row) => row.status).sort()).toEqual([0, 1, 2]);
    for (const { argv, stdin } of rows) {
      const [binaryRun, inMemory] = await Promise.all([runBinary(argv, stdin ?? ''), runInMemory(argv, stdin ?? '')]);
      expect(binaryRun).toEqual(inMemory);
    }
  });

  it.each(exitStatusRows)('exits $status for $name', async ({ argv, stdin, status, stderr }) => {
    const result = await runInMemory(argv, stdin ?? '');
    expect(result.status).toBe(status);
    if (stderr) expect(result.stderr).toMatch(stderr);
    else expect(result.stderr).toBe('');
    if (status === 2) expect(result.stdout).toBe('');
  });

  it('gives one record per hostile line, in order, and never crashes', async () => {
    const stdin = Buffer.concat(badLines.flatMap(({ bytes }) => [bytes, Buffer.from('\n')]));
    const { status, stdout, stderr } = await runBinary(['validate', '--json'], stdin);
    expect(stderr).toBe('');
    expect(status).toBe(1);
    const out = records(stdout);
    expect(out.map((r) => r.input)).toEqual(badLines.map((row) => row.input));
    for (const record of out) expect(Object.keys(record).slice(0, 4)).toEqual(['input', 'spec', 'rule', 'valid']);
    // The byte 0xFF of `h<FF>...` is read as U+DCFF, and the hint names the byte and its triplet
    // (a segment takes pct-encoded: RFC 3986 §3.3, §2.1).
    const bytes = out[badLines.findIndex((row) => row.name === 'invalid UTF-8')] as { error: { offset: number; hint: string } };
    expect(bytes.error.offset).toBe(1);
    expect(bytes.error.hint).toContain('reads the byte 0xFF, which is not UTF-8: percent-encode that byte as "%FF"');
  });

  it('gives one record per hostile --json-input line and goes on', async () => {
    const stdin = badJsonLines.map(({ line }) => line + '\n').join('');
    const { status, stdout, stderr } = await runBinary(['validate', '--json-input', '--json'], stdin);
    expect(stderr).toBe('');
    expect(status).toBe(1);
    const out = records(stdout);
    expect(out.map((r) => r.input)).toEqual(badJsonLines.map((row) => row.input));
    badJsonLines.forEach(({ inputError }, i) => {
      expect(typeof out[i]?.inputError === 'string').toBe(inputError);
      if (inputError) expect(out[i]?.valid).toBe(false);
    });
  });

  it('shows hostile lines readably without a raw control character', async () => {
    const stdin = Buffer.concat(badLines.flatMap(({ bytes }) => [bytes, Buffer.from('\n')]));
    const { stdout } = await runBinary(['validate'], stdin);
    expect(stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]|[\ud800-\udfff]|\ufffd/);
    expect(stdout.length).toBeLessThan(64 * 1024);
    expect(stdout.match(/^[✓✗] /gm)).toHaveLength(badLines.length);
  });

  // Far past any read or write buffer; test/scale.test.ts runs a million lines through --jobs 2.
  it('keeps every one of 50,000 lines, in order', async () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => (i % 3 === 0 ? `http://h${i}/ ` : `http://h${i}/`));
    const { status, stdout } = await runBinary(['validate', '--json'], lines.join('\n') + '\n');
    expect(status).toBe(1);
    const out = records(stdout);
    expect(out.map((r) => r.input)).toEqual(lines);
    expect(out.map((r) => r.valid)).toEqual(lines.map((line) => !line.endsWith(' ')));
  }, 60_000);

  it('stops quietly when its reader goes away', async () => {
    const child = spawn(process.execPath, [binary, 'validate'], { stdio: 'pipe' });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.stdin.on('error', () => {});
    child.stdout.once('data', () => child.stdout.destroy());
    child.stdin.end('http://exa mple.com/\n'.repeat(200_000));
    const status = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(status).toBe(1);
  }, 60_000);

  it('lists the specs as --json', async () => {
    const { stdout } = await runBinary(['specs', '--json']);
    const expected = specs().map(({ id, title, date, defaultRule, status }) => ({ id, title, date, defaultRule, ...(status ? { status } : {}) }));
    expect(JSON.parse(stdout)).toEqual(expected);
  });

  it("lists a spec's rules with sections and definitions", async () => {
    // The real binary for one spec; every spec through the same command in memory (a process
    // each cost a second of the suite apiece).
    for (const spec of specs()) {
      const { status, stdout } = spec.id === 'rfc3986' ? await runBinary(['rules', '--spec', spec.id, '--json']) : await runInMemory(['rules', '--spec', spec.id, '--json']);
      expect(status).toBe(0);
      expect(JSON.parse(stdout)).toEqual(spec.rules.map(({ name, section, text, core }) => ({ name, section, text, core })));
    }
  });

  it('colours only a terminal, and never --json', async () => {
    // Pipes are not terminals, so no run here may colour; FORCE-style variables are not honoured.
    const { stdout } = await runBinary(['validate', 'http://exa mple.com/'], '', { NO_COLOR: '' });
    expect(stdout).not.toContain('\u001b[');
  });

  it('prints the package version', async () => {
    const { stdout } = await runBinary(['--version']);
    expect(stdout).toMatch(/^\d+\.\d+\.\d+\S*\n$/);
  });
});

describe('a directory on standard input (urispec validate < /)', () => {
  // Node reads a directory as an empty stream, which would pass for an input of no lines.
  const expected = { status: 1, stdout: '', stderr: 'urispec: cannot read standard input: it is a directory\n' };

  it('urispec validate: unreadable input, status 1 (the binary)', async () => {
    const dir = openSync('/', 'r');
    try {
      const r = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, [binary, 'validate'], { stdio: [dir, 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout!.on('data', (b: Buffer) => (stdout += b.toString()));
        child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
        child.on('error', reject);
        child.on('close', (status) => resolve({ status, stdout, stderr }));
      });
      expect(r).toEqual(expected);
    } finally {
      closeSync(dir);
    }
  });

  // main.ts finds the directory (above, through the binary) and its standard input throws
  // InputError when first read; each command that reads standard input reports it alike, here
  // in memory with a standard input that throws as main.ts's does.
  it.each([['validate'], ['parse', '--json'], ['expand', '{x}', '--vars=-']])('urispec %s: unreadable input, status 1 (in memory)', async (...argv) => {
    const directory: AsyncIterable<Uint8Array> = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new InputError('cannot read standard input: it is a directory')) }),
    };
    expect(await runInMemory(argv, directory)).toEqual(expected);
  });
});

describe('bytes that are not UTF-8 in an argument', () => {
  // spawn encodes its arguments as UTF-8, so the raw byte goes through bash's $'\xff'.
  it.skipIf(!existsSync('/proc/self/cmdline'))('are read as standard input reads them: 0xFF as U+DCFF, hint "%FF"', () => {
    const run = (script: string) =>
      execFileSync('bash', ['-c', script, 'bash', process.execPath, binary], { encoding: 'utf8' }).trim().split('\n').map((l) => JSON.parse(l) as { input: string; error?: { hint?: string } });
    const fromArgs = run(`"$1" "$2" validate --json -- $'/a\\xffb' 'x\uFFFDy' '' $'\\xc3\\xa9\\xe9' || true`);
    const fromStdin = run(`printf '/a\\xffb\\nx\\xef\\xbf\\xbdy\\n\\n\\xc3\\xa9\\xe9\\n' | "$1" "$2" validate --json || true`);
    expect(fromArgs.map((r) => r.input)).toEqual(['/a\udcffb', 'x\ufffdy', '', '\u00e9\udce9']);
    expect(fromArgs).toEqual(fromStdin);
    expect(fromArgs[0]!.error!.hint).toContain('"%FF"');
  });
});

describe('the modules a run loads', () => {
  // A module-loading hook (node:module register) writes down each command module the binary
  // loads: a run imports the command it dispatches, not the table's every command
  // (src/cli/commands.ts `load`), which cost each start a third more.
  const loaded = (argv: string[]): string[] => {
    const dir = mkdtempSync(join(tmpdir(), 'urispec-loads-'));
    try {
      const log = join(dir, 'loaded.txt');
      const hooks = join(dir, 'hooks.mjs');
      writeFileSync(hooks, `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.endsWith('-command.js')) appendFileSync(${JSON.stringify(log)}, url.slice(url.lastIndexOf('/') + 1) + '\\n');
  return next(url, context);
}
`);
      const register = join(dir, 'register.mjs');
      writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
      const run = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, binary, ...argv], { encoding: 'utf8' });
      expect(run.error).toBeUndefined();
      return existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).sort() : [];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('validate loads validate-command.js alone; completion, which lists every option, loads them all', () => {
    expect(loaded(['validate', 'http://a/'])).toEqual(['validate-command.js']);
    expect(loaded(['--help'])).toEqual([]);
    const all = loaded(['completion', 'bash']);
    expect(all).toContain('validate-command.js');
    expect(all).toContain('diff-command.js');
    expect(all.length).toBeGreaterThanOrEqual(14);
  });
});
