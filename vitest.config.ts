import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Seconds each slow file took in a full run (collection and tests: test/timing-reporter.ts
 * prints them; `npx vitest run --reporter=./test/timing-reporter.ts`). Files not listed are fast.
 */
const SLOW_FILES: Record<string, number> = {
  'test/playground.test.ts': 61, // real Chromium: the page, its URL state, a long paste
  'test/offset-proof.test.ts': 52,
  'test/dask.test.ts': 38, // three runs of a real Dask cluster
  'test/recognizer.test.ts': 37,
  'test/resolve-properties.test.ts': 34,
  'test/grammar-diff.test.ts': 32, // nearly all in collection: grammarDiff of every pair of eras
  'test/cli/jobs.test.ts': 26,
  'test/scale.test.ts': 20,
  'test/conformance.test.ts': 19,
  'test/cli/bin.test.ts': 16,
  'test/derivation-proof.test.ts': 15,
  'test/examples.test.ts': 12,
  'test/vectors-gen.test.ts': 12,
  'test/diff.test.ts': 11,
  'test/traced-source.test.ts': 8,
  'test/entry-points.test.ts': 8,
  'test/explain-cli.test.ts': 7,
  'test/docs.test.ts': 7,
  'test/property.test.ts': 6,
  'test/explain.test.ts': 6,
  'test/cli/output.test.ts': 6,
};

/**
 * Slowest first, so that no long file starts last while the other workers idle. Vitest's own
 * order (longest first by the durations it cached from the last run, by file size on a fresh
 * clone) does not count the time a file spends collecting its tests, which is where
 * grammar-diff.test.ts spent two minutes (half a minute since grammarDiff resolves its targets
 * once a pair): it ran last and alone.
 */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rest = await super.sort(files.filter((f) => weight(f) === 0));
    return [...files.filter((f) => weight(f) > 0).sort((a, b) => weight(b) - weight(a)), ...rest];
  }
}

function weight(file: TestSpecification): number {
  const path = file.moduleId.slice(file.project.config.root.length + 1).split('\\').join('/');
  return SLOW_FILES[path] ?? 0;
}

export default defineConfig({
  test: {
    // Tests that spawn the real binary need dist/ compiled from the current src/: built once for
    // the run, beside the first files (which import src/ only); the others wait for it.
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/build-ready.ts'],
    // Vitest's default in a run is one worker fewer than the cores: on CI's 2 cores, one file at
    // a time. The files are independent (each writes only its own temporary or build directory),
    // so use every core: the suite's wall time is then about half its summed file time.
    maxWorkers: availableParallelism(),
    // One module graph per worker, not per file: each file no longer re-imports src/ and the
    // generated recognizers through Vite (about a second of CPU a file). No test mocks modules,
    // stubs globals or depends on a module's first evaluation; the caches src/ keeps (compiled
    // automata, grammarDiff's pairs) hold the same values whichever file fills them.
    isolate: false,
    sequence: { sequencer: SlowFirst },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
