// What dist/ is built from, as one digest (SHA-256 over each input file's path and bytes, in
// path order): scripts/build.mjs writes it beside its output when the build has ended, and the
// test run's build (test/global-setup.ts) is skipped when dist/ holds the digest of the sources
// as they are. On a fresh clone `npm ci` has just built dist/ (`prepare`), and building it again
// cost the run's first seconds on both of CI's cores.
//
// The inputs: the sources tsc compiles (tsconfig.json "include": src/), the generated modules
// copied and minified, the build's own code and configuration, and the lock file, which pins
// the TypeScript and esbuild that write dist/.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const INPUTS = ['src', 'generated', 'scripts/build.mjs', 'scripts/build-inputs.mjs', 'scripts/declarations.mjs', 'tsconfig.json', 'package.json', 'package-lock.json'];

/** Where the build writes the digest of the inputs it was built from. */
export const STAMP = join('dist', '.inputs-sha256');

/** The digest of the build's inputs under `root`, as hex. */
export function inputsDigest(root) {
  const paths = [];
  for (const input of INPUTS) {
    const at = join(root, input);
    if (!existsSync(at)) continue;
    if (!statSync(at).isDirectory()) paths.push(input);
    else {
      for (const e of readdirSync(at, { withFileTypes: true, recursive: true })) {
        if (e.isFile()) paths.push(relative(root, join(e.parentPath, e.name)).split('\\').join('/'));
      }
    }
  }
  const hash = createHash('sha256');
  for (const path of paths.sort()) {
    const bytes = readFileSync(join(root, path));
    hash.update(`${path}\u0000${bytes.length}\u0000`).update(bytes);
  }
  return hash.digest('hex');
}

/** Whether dist/ under `root` was built from the inputs as they are now. */
export function builtFromCurrentInputs(root) {
  const stamp = join(root, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === inputsDigest(root);
}
