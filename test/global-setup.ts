/**
 * Builds dist/ once for the run (scripts/build.mjs, as `npm run build`) for the tests that spawn
 * the real binary or import the package, instead of racing builds from several files. The build
 * runs beside the first test files, which import src/ only; every other file waits for it
 * (test/build-ready.ts, through the file named by `inject('buildDone')`). It is skipped when
 * dist/ was built from the sources as they are (scripts/build-inputs.mjs): on CI, `npm ci` has
 * just built it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain ES module script without declarations
import { builtFromCurrentInputs } from '../scripts/build-inputs.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file that appears when the build has ended: empty on success, else what went wrong. */
    buildDone: string;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'urispec-build-'));
  const done = join(dir, 'done');
  const output: Buffer[] = [];
  const finished = new Promise<void>((resolve) => {
    const end = (problem: string) => {
      // Written whole, then renamed: a waiting file never reads half of it.
      writeFileSync(`${done}.part`, problem);
      renameSync(`${done}.part`, done);
      resolve();
    };
    if (builtFromCurrentInputs(repoRoot)) {
      end('');
      return;
    }
    const child = spawn(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (b: Buffer) => output.push(b));
    child.stderr.on('data', (b: Buffer) => output.push(b));
    child.on('error', (e) => end(`scripts/build.mjs did not start: ${e.message}`));
    child.on('close', (status) => end(status === 0 ? '' : `scripts/build.mjs exited with status ${status}:\n${Buffer.concat(output).toString('utf8')}`));
  });
  project.provide('buildDone', done);
  return async () => {
    await finished;
    rmSync(dir, { recursive: true, force: true });
  };
}
