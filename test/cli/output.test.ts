/**
 * Output that cannot be written is lost data: every command says so on standard error and exits
 * 74 (EX_IOERR), while a reader that leaves early (EPIPE) is no error at all.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { PassThrough, Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { binary } from './cli-harness.js';

/** Runs the binary with standard output on `fd`; resolves to the status and standard error. */
function runInto(fd: number | 'ignore', argv: string[], stdin = ''): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binary, ...argv], { stdio: ['pipe', fd, 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
    child.stdin!.on('error', () => {});
    child.stdin!.end(stdin);
  });
}

const COMMANDS = [
  ['validate', '--json', 'http://a/'],
  ['validate', 'http://a/ b'],
  ['normalize', 'http://a/'],
  ['parse', 'http://a/'],
  ['to-uri', 'http://a/'],
  ['explain', 'http://a/'],
  ['resolve', 'http://a/', 'b'],
  ['compare', 'http://a/'],
  ['rules', '--spec', 'rfc3986', 'port'],
  ['specs'],
  ['vectors', '--spec', 'rfc3986'],
  ['completion', 'bash'],
  ['validate', '--help'],
  ['--help'],
];

/**
 * The commands through the real binary into /dev/full (the kernel's ENOSPC on a real descriptor):
 * one that writes records, one that writes a tree, and one that writes help. Every command runs
 * in memory below against a standard output that fails the same way, and each of these three is
 * checked there too: a cold start of the binary for each of fourteen commands cost more than the
 * rest of the file.
 */
const THROUGH_BINARY = [COMMANDS[0]!, COMMANDS[5]!, COMMANDS[13]!];

/** A standard output whose every write fails as a full disk's does. */
const fullDisk = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
    },
  });

describe('output that cannot be written', () => {
  it.each(COMMANDS)('urispec %s ... into a full disk exits 74 with a message (in memory)', async (...argv) => {
    const stderr = new PassThrough();
    let message = '';
    stderr.on('data', (b: Buffer) => (message += b.toString()));
    const status = await run(argv, { stdin: Readable.from([]), stdout: fullDisk(), stderr, color: false });
    expect(message).toBe('urispec: cannot write output: ENOSPC: no space left on device, write\n');
    expect(status).toBe(74);
  });

  it.each(THROUGH_BINARY)('urispec %s ... > /dev/full exits 74 with a message', async (...argv) => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = await runInto(full, argv);
      expect(r.stderr).toBe('urispec: cannot write output: ENOSPC: no space left on device, write\n');
      expect(r.status).toBe(74);
    } finally {
      closeSync(full);
    }
  });

  it('standard input read into /dev/full exits 74, the lines being lost', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = await runInto(full, ['validate', '--json'], 'http://a/\n'.repeat(50_000));
      expect(r).toEqual({ status: 74, stderr: 'urispec: cannot write output: ENOSPC: no space left on device, write\n' });
    } finally {
      closeSync(full);
    }
  });

  it('in memory too: run resolves to 74 when its stdout fails', async () => {
    const stdout = new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' }));
      },
    });
    const stderr = new PassThrough();
    let message = '';
    stderr.on('data', (b: Buffer) => (message += b.toString()));
    const status = await run(['validate', 'http://a/'], { stdin: Readable.from([]), stdout, stderr, color: false });
    expect(status).toBe(74);
    expect(message).toBe('urispec: cannot write output: EIO: i/o error, write\n');
  });

  it('a reader that leaves early (| head -1) is no error: quiet, the status of the input', async () => {
    for (const [line, status] of [['http://a/', 0], ['http://a b/', 1]] as const) {
      const r = await new Promise<{ status: number | null; stderr: string; first: string }>((resolve) => {
        const child = spawn(process.execPath, [binary, 'validate', '--json'], { stdio: 'pipe' });
        let stderr = '';
        let first = '';
        child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
        child.stdout.once('data', (b: Buffer) => {
          first = b.toString().split('\n')[0]!;
          child.stdout.destroy();
        });
        child.on('close', (s) => resolve({ status: s, stderr, first }));
        child.stdin.on('error', () => {});
        // More than a pipe holds, so that the child is still writing when the reader leaves.
        child.stdin.end(`${line}\n`.repeat(200_000));
      });
      expect(JSON.parse(r.first).input).toBe(line);
      expect(r).toMatchObject({ status, stderr: '' });
    }
  });

  it('output discarded on purpose (/dev/null opened read-write, as `stdio: ignore` does) is not lost', async () => {
    // A standard output closed before Node starts (`>&-`) becomes just this /dev/null, so the
    // two cannot be told apart (README): urispec keeps the status of the input.
    expect(await runInto('ignore', ['validate', 'http://a/'])).toEqual({ status: 0, stderr: '' });
  });
});
