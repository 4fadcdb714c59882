// The documents' command examples are real output (scripts/console-blocks.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENTS, ROOT, refresh, splitArgs } from '../scripts/console-blocks.js';

describe.each(DOCUMENTS)('%s', (doc) => {
  it('shows what its commands print now (run `npm run docs` after a change)', () => {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    expect(text).toContain('```console');
    expect(text).toBe(refresh(text));
  });
});

describe('splitArgs', () => {
  it.each([
    ["urispec validate 'http://exa mple.com/'", ['urispec', 'validate', 'http://exa mple.com/']],
    ['urispec compare "a b" c', ['urispec', 'compare', 'a b', 'c']],
    ["urispec validate ''", ['urispec', 'validate', '']],
  ])('%s', (line, args) => expect(splitArgs(line)).toEqual(args));
});
