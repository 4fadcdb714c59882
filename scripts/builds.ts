// A module of another build of the package (a dist/ directory, or a copy of one) for the
// benchmarks that time two builds in one process (scripts/bench-diagnosis.ts, bench-tree.ts,
// bench-traced-run.ts, ./diagnosis-copy.ts): the same module path, loaded from that directory.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The module at `path` (`src/index.js`, `generated/index.js`) of the build in `dir`. */
export function fromBuild<T>(dir: string, path: string): Promise<T> {
  return import(pathToFileURL(resolve(dir, path)).href) as Promise<T>;
}
