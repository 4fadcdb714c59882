/**
 * `node --loader ts-node/esm --no-warnings scripts/bench-tree.ts [BEFORE]`: what `explain`,
 * `parse` and `resolve` cost on long inputs, whose derivation tree (or, rejected, its partial
 * tree) the traced recognizer builds (src/diagnose.ts traced with a tree), in ms, for 20,000 to
 * 160,000 characters: each length twice the one before, so a linear cost doubles from row to
 * row. With BEFORE (another build's dist/ directory) its figures are given beside this build's,
 * timed in the same rounds. Each figure is the best of 3 rounds, wall-clock time of one call.
 *
 * Run with `node --expose-gc`, it also gives the heap that `explain`'s tree of each 160,000-character
 * input holds (the heap used after a collection with the tree kept, less before it), in bytes a
 * character of the input.
 */
import * as now from '../dist/src/index.js';
import { fromBuild } from './builds.js';

type Library = Pick<typeof now, 'explain' | 'parse' | 'resolve'>;
const beforeDir = process.argv[2];
const before: Library | null = beforeDir ? await fromBuild<Library>(beforeDir, 'src/index.js') : null;
const builds: Array<[string, Library]> = before ? [['before', before], ['now', now]] : [['now', now]];

/** RFC 3986 URI-references of `n` characters and more: a long path, a long query; the path rejected at its end. */
const INPUTS: Array<[string, (n: number) => string]> = [
  ['path of one-letter segments', (n) => `http://a/${'a/'.repeat(n / 2)}`],
  ['query of ":"', (n) => `http://a/b?c${':'.repeat(n)}`],
  ['the path, then a space (rejected)', (n) => `http://a/${'a/'.repeat(n / 2)} `],
];
const BASE = 'http://a/b/c/d;p?q';

const calls: Array<[string, (lib: Library, s: string) => unknown]> = [
  ['explain', (lib, s) => lib.explain(s)],
  ['parse', (lib, s) => lib.parse(s)],
  ['resolve', (lib, s) => lib.resolve(BASE, s)],
];

function best(f: () => unknown): number {
  let ms = Infinity;
  for (let round = 0; round < 3; round++) {
    const t = performance.now();
    f();
    ms = Math.min(ms, performance.now() - t);
  }
  return ms;
}

console.log(`Node ${process.version}. rfc3986 URI-references, ms a call (best of 3), ${before ? 'before / now' : 'this build'}.\n`);
console.log(`| input | characters | ${calls.map(([name]) => name).join(' | ')} |`);
console.log(`|---|---:|${calls.map(() => '---:').join('|')}|`);
for (const [label, make] of INPUTS) {
  for (const n of [20_000, 40_000, 80_000, 160_000]) {
    const s = make(n);
    const cells = calls.map(([, call]) => builds.map(([, lib]) => best(() => call(lib, s)).toFixed(0)).join(' / '));
    console.log(`| ${label} | ${s.length.toLocaleString('en-US')} | ${cells.join(' | ')} |`);
  }
}

const gc = (globalThis as { gc?: () => void }).gc;
if (gc) {
  const heap = (): number => {
    gc();
    return process.memoryUsage().heapUsed;
  };
  console.log(`\nThe heap explain's tree holds, bytes a character, ${before ? 'before / now' : 'this build'}.\n`);
  console.log('| input | characters | explain\'s tree |');
  console.log('|---|---:|---:|');
  for (const [label, make] of INPUTS) {
    const s = make(160_000);
    const cells = builds.map(([, lib]) => {
      const start = heap();
      const kept = lib.explain(s);
      const bytes = heap() - start;
      return kept === null ? 'none' : (bytes / s.length).toFixed(0);
    });
    console.log(`| ${label} | ${s.length.toLocaleString('en-US')} | ${cells.join(' / ')} |`);
  }
}
