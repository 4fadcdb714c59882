import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Tests that spawn the real binary need dist/ compiled from the current src/: build once,
    // before any test file runs, instead of racing builds from several files.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
