/**
 * The short run of scripts/fuzz.ts (issue 6): a couple of thousand random and mutated inputs per
 * era, one of them long, through validate, isValid, parse and resolve of the sources, with every
 * check of the long run (`npm run fuzz`). A failure names the era, the input's index and the
 * input, so `npm run fuzz -- --era ERA --seed 6 --start INDEX --count 1` reproduces it.
 */
import { describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';
import { eraSeeds, fuzzEra, generate, LONG_EVERY, type FuzzLibrary } from '../scripts/fuzz.js';

const SEED = 6;
const COUNT = 1000;
// A window that holds one long input (index LONG_EVERY - 1).
const START = LONG_EVERY - COUNT + 100;

describe('fuzz (short run)', () => {
  it('derives every input from seed, era and index alone', () => {
    const seeds = ['http://a/b', 'ftp://x/y;type=a'];
    for (const index of [0, 1, 2, 77, LONG_EVERY - 1]) {
      expect(generate(SEED, 'rfc3986', index, seeds)).toEqual(generate(SEED, 'rfc3986', index, seeds));
    }
    expect(generate(SEED, 'rfc3986', LONG_EVERY - 1, seeds).long).toBe(true);
  });

  for (const spec of lib.specs()) {
    it(`${spec.id}: nothing throws, isValid agrees with validate, offsets within the input, time bounded`, async () => {
      const seeds = await eraSeeds(spec.id);
      expect(seeds.length).toBeGreaterThan(0);
      const report = fuzzEra(lib as unknown as FuzzLibrary, spec.id, seeds, { count: COUNT, start: START, seed: SEED, maxMs: 5000 });
      expect(report.longInputs).toBe(1);
      const shown = report.firstFailures.map((f) => `#${f.index} rule ${f.rule}: ${f.check} on ${JSON.stringify(f.input.slice(0, 120))}`);
      expect(shown).toEqual([]);
      expect(report.failures).toBe(0);
    });
  }
});
