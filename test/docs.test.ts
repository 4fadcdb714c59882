// The documents' command examples are real output (scripts/console-blocks.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENTS, ROOT, refresh, splitArgs } from '../scripts/console-blocks.js';

describe.each(DOCUMENTS)('%s', (doc) => {
  // In this process through the built package's `run` (scripts/console-blocks.ts says why that
  // is what the binary prints); the binary itself over pipes: test/cli/bin.test.ts.
  it('shows what its commands print now (run `npm run docs` after a change)', async () => {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    expect(text).toContain('```console');
    expect(text).toBe(await refresh(text));
  });
});

describe('splitArgs', () => {
  it.each([
    ["urispec validate 'http://exa mple.com/'", ['urispec', 'validate', 'http://exa mple.com/']],
    ['urispec compare "a b" c', ['urispec', 'compare', 'a b', 'c']],
    ["urispec validate ''", ['urispec', 'validate', '']],
  ])('%s', (line, args) => expect(splitArgs(line)).toEqual(args));
});
