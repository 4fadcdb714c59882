// Writes the curated vector sets, vectors/<spec>.jsonl: CURATED_COUNT vectors an era from
// CURATED_SEED, exactly what `urispec vectors --spec <spec> --count 2000 --seed 1` prints.
// `npm run curate-vectors` rewrites them; test/vectors-gen.test.ts fails when a committed file
// differs from what this produces (a grammar or the generator changed: rerun and review).

import { writeFileSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { specs, vectors } from '../src/index.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CURATED_COUNT = 2000;
export const CURATED_SEED = 1;

/** The curated set of one era, as JSON Lines. */
export function curated(spec: string): string {
  let text = '';
  for (const v of vectors({ spec, count: CURATED_COUNT, seed: CURATED_SEED })) text += JSON.stringify(v) + '\n';
  return text;
}

/** The eras that have a curated set: every era urispec knows. */
export function curatedSpecs(): string[] {
  return specs().map((s) => s.id);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(join(ROOT, 'vectors'), { recursive: true });
  const only = process.argv.slice(2);
  for (const spec of only.length > 0 ? only : curatedSpecs()) {
    writeFileSync(join(ROOT, 'vectors', `${spec}.jsonl`), curated(spec));
    console.log(`vectors/${spec}.jsonl`);
  }
}
