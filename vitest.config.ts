import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Tests that spawn the real binary need dist/ compiled from the current src/: build once,
    // before any test file runs, instead of racing builds from several files.
    globalSetup: ['test/global-setup.ts'],
    // Vitest's default in a run is one worker fewer than the cores: on CI's 2 cores, one file at
    // a time. The files are independent (each writes only its own temporary or build directory),
    // so use every core: the suite's wall time is then about half its summed file time.
    maxWorkers: availableParallelism(),
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
