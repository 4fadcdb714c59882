/**
 * Batch at scale (issue 6): 1,000,000 lines through `urispec validate --jobs 2` keep every line
 * and its order; and the GNU parallel example of docs/scale.md, run as printed (with a smaller
 * block) when `parallel` is installed. When it is not, that test says in its name that it was
 * skipped, and why.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { binary, repoRoot, runInMemory } from './cli/cli-harness.js';

const MILLION = 1_000_000;

/** Line i: mostly valid, every 97th invalid (a long error record), every 1,000th empty. */
function lineOf(i: number): string {
  if (i % 1000 === 999) return '';
  if (i % 97 === 0) return `http://exa mple.com/${i}`;
  return `http://h${i % 13}.example/${i}?q#f`;
}

describe('batch at scale', () => {
  it('1,000,000 lines with --jobs 2: every line, in order', async () => {
    const input = Buffer.from(Array.from({ length: MILLION }, (_, i) => lineOf(i)).join('\n') + '\n');
    const child = spawn(process.execPath, [binary, 'validate', '--json', '--jobs', '2'], { stdio: 'pipe' });
    let next = 0;
    let pending = '';
    let mismatch: { line: number; got: string } | undefined;
    // Checked as it streams: record n must be the record of line n (its "input" first).
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      const lines = (pending + text).split('\n');
      pending = lines.pop()!;
      for (const got of lines) {
        if (mismatch === undefined && !got.startsWith(`{"input":${JSON.stringify(lineOf(next))},"spec":"rfc3986"`)) mismatch = { line: next, got };
        next++;
      }
    });
    const stderr: Buffer[] = [];
    child.stderr.on('data', (b: Buffer) => stderr.push(b));
    child.stdin.end(input);
    const status = await new Promise<number | null>((r) => child.on('close', r));
    expect(Buffer.concat(stderr).toString('utf8')).toBe('');
    expect(mismatch).toBeUndefined();
    expect(pending).toBe('');
    expect(next).toBe(MILLION);
    expect(status).toBe(1);
  }, 120_000);

  const hasParallel = spawnSync('parallel', ['--version'], { stdio: 'ignore' }).status === 0;
  const name = hasParallel
    ? 'docs/scale.md: the GNU parallel example keeps every line and its order'
    : 'docs/scale.md: the GNU parallel example SKIPPED: parallel is not installed (apt-get install parallel)';
  it.skipIf(!hasParallel)(name, async () => {
    const doc = readFileSync(join(repoRoot, 'docs/scale.md'), 'utf8');
    const block = /<!-- test\/scale\.test\.ts runs the next block[^>]*-->\n```sh\n([^`]+)```/.exec(doc)?.[1]?.trim();
    expect(block, 'docs/scale.md lost its marked parallel block').toBeDefined();
    // Many small blocks instead of one of 10 MB, so the order of the outputs is really at stake.
    const command = block!.replace(/--block \S+/, '--block 10k');
    expect(command).toMatch(/^parallel --pipe --keep-order --block 10k urispec validate --json --json-input < uris\.jsonl > verdicts\.jsonl$/);
    const dir = mkdtempSync(join(tmpdir(), 'urispec-parallel-'));
    try {
      // `urispec` on PATH, as after `npm install -g urispec`: the binary the tests build.
      writeFileSync(join(dir, 'urispec'), `#!/bin/sh\nexec "${process.execPath}" "${binary}" "$@"\n`);
      chmodSync(join(dir, 'urispec'), 0o755);
      // About ten blocks of 10k (each block a cold start of urispec): five rounds of parallel's
      // two jobs on CI's two cores, more than enough for the blocks to finish out of order.
      const lines = Array.from({ length: 3_000 }, (_, i) =>
        i % 5 === 0 ? JSON.stringify({ input: lineOf(i), spec: 'rfc1808' }) : i % 7 === 0 ? `{"input": "unreadable ${i}"` : JSON.stringify(lineOf(i)),
      );
      writeFileSync(join(dir, 'uris.jsonl'), lines.join('\n') + '\n');
      const run = spawnSync('sh', ['-c', command], {
        cwd: dir,
        env: { ...process.env, PATH: `${dir}${delimiter}${process.env.PATH ?? ''}` },
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBeGreaterThan(0); // some blocks held invalid lines
      // What one urispec writes for the whole file, run in memory: the same code with one job
      // (the binary, spawned by parallel for each block, is what wrote verdicts.jsonl).
      const direct = await runInMemory(['validate', '--json', '--json-input'], readFileSync(join(dir, 'uris.jsonl')));
      const verdicts = readFileSync(join(dir, 'verdicts.jsonl'), 'utf8');
      expect(verdicts.split('\n').length).toBe(lines.length + 1);
      expect(verdicts === direct.stdout).toBe(true);
      // Many blocks, or the test proves little about the order.
      const blocks = Number(execFileSync('sh', ['-c', 'parallel --pipe --block 10k wc -l < uris.jsonl | wc -l'], { cwd: dir, encoding: 'utf8' }).trim());
      expect(blocks).toBeGreaterThanOrEqual(8);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
