/**
 * A setup file (vitest.config.ts): each test file but those that import src/ only waits here for
 * the build of dist/ that test/global-setup.ts started, and fails with its output if it failed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, inject } from 'vitest';

/**
 * Test files that neither spawn the binary nor import the built package, and start first
 * (vitest.config.ts orders the slowest first): they run while dist/ is being built.
 */
export const BEFORE_BUILD = ['test/grammar-diff.test.ts', 'test/recognizer.test.ts', 'test/resolve-properties.test.ts', 'test/offset-proof.test.ts'];

const file = (expect.getState().testPath ?? '').split('\\').join('/');
if (!BEFORE_BUILD.some((f) => file.endsWith(`/${f}`))) {
  const done = inject('buildDone');
  while (!existsSync(done)) await new Promise((resolve) => setTimeout(resolve, 50));
  const problem = readFileSync(done, 'utf8');
  if (problem !== '') throw new Error(problem);
}
