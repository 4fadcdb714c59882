/**
 * Two ways to run the command line with given arguments and standard input bytes: in memory
 * through `run` (fast, for many rows), and as the real binary over pipes (`node
 * dist/src/cli/main.js`, built once for the run by test/global-setup.ts), which is what users and
 * scripts see.
 */
import { spawn } from 'node:child_process';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { run } from '../../src/cli/run.js';

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const binary = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));

/** `stdin` as bytes, or as the stream itself (one that fails, as main.ts's does on a directory). */
export async function runInMemory(argv: string[], stdin: Buffer | string | AsyncIterable<Uint8Array | string> = ''): Promise<CliRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (b: Buffer) => out.push(b));
  stderr.on('data', (b: Buffer) => err.push(b));
  const input = typeof stdin === 'string' || Buffer.isBuffer(stdin) ? Readable.from([Buffer.from(stdin)]) : stdin;
  const status = await run(argv, { stdin: input, stdout, stderr, color: false });
  return { status, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

export function runBinary(argv: string[], stdin: Buffer | string = '', env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binary, ...argv], { env: { ...process.env, ...env }, stdio: 'pipe' });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (status) =>
      resolve({ status, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
    child.stdin.on('error', () => {}); // a child that exits early (usage error) closes its stdin
    child.stdin.end(stdin);
  });
}

/** The `--json` records of a run, one per line; fails on anything that is not one JSON object a line. */
export function records(stdout: string): Array<Record<string, unknown>> {
  if (stdout === '') return [];
  if (!stdout.endsWith('\n')) throw new Error('output does not end with a newline');
  return stdout
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
