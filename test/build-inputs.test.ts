// The test run skips its build of dist/ when dist/ holds the digest of the sources it was built
// from (scripts/build-inputs.mjs, test/global-setup.ts): the digest must change with any input.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without declarations
import { builtFromCurrentInputs, inputsDigest, STAMP } from '../scripts/build-inputs.mjs';

describe('the digest of the build\'s inputs', () => {
  const root = mkdtempSync(join(tmpdir(), 'urispec-inputs-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('changes with a source\'s bytes, a new source, a generated module and the lock file; not with a test', () => {
    write('src/a.ts', 'export const a = 1;\n');
    write('generated/x.js', 'export default 1;\n');
    write('package-lock.json', '{}\n');
    const seen = [inputsDigest(root)];
    for (const [path, text] of [['src/a.ts', 'export const a = 2;\n'], ['src/cli/b.ts', ''], ['generated/x.js', 'export default 2;\n'], ['package-lock.json', '{"v":1}\n']]) {
      write(path!, text!);
      seen.push(inputsDigest(root));
    }
    expect(new Set(seen).size).toBe(seen.length);
    write('test/t.test.ts', 'x');
    expect(inputsDigest(root)).toBe(seen.at(-1));
  });

  it('a file moved to another path is another input', () => {
    write('src/m.ts', 'm');
    const before = inputsDigest(root);
    rmSync(join(root, 'src/m.ts'));
    write('src/n.ts', 'm');
    expect(inputsDigest(root)).not.toBe(before);
  });

  it('dist/ counts as built only with the current digest in its stamp', () => {
    rmSync(join(root, 'dist'), { recursive: true, force: true });
    expect(builtFromCurrentInputs(root)).toBe(false);
    write(STAMP, inputsDigest(root));
    expect(builtFromCurrentInputs(root)).toBe(true);
    write('src/a.ts', 'export const a = 3;\n');
    expect(builtFromCurrentInputs(root)).toBe(false);
  });
});

describe('this clone\'s dist/', () => {
  it('was built from the sources as they are (by npm ci, or by the run\'s global setup)', () => {
    expect(builtFromCurrentInputs(join(import.meta.dirname, '..'))).toBe(true);
  });
});
