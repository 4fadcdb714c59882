// Builds the playground into playground/dist/, a static folder that can be published as it is:
// index.html, style.css, main.js (the page's script with the library and the generated
// parsers bundled by esbuild from src/), diff-worker.js (the grammar-diff search, run off the
// page's thread) and chunks/ (esbuild's code splitting: the railroad diagrams and the search
// load when first used, and the worker shares the library's chunk with the page).
// `--serve` rebuilds on change and serves it locally.
//
//   npm run build:playground        write playground/dist/
//   npm run playground              serve it at http://127.0.0.1:8000/ (PORT to change)

import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
export const OUTDIR = join(here, 'dist');

/**
 * The library validates with each era's fast recognizer (generated/<era>.fast.js) and diagnoses
 * with its traced one (<era>.diag.js); the plain Peggy parsers (<era>.js) that
 * generated/index.js also lists serve Node callers only. The page leaves them out (a fifth of
 * the bundle), each replaced by a stub that says so if it is ever called: test/playground.test.ts
 * fails on any page error.
 */
const withoutPlainParsers = {
  name: 'without-plain-parsers',
  setup(build) {
    build.onResolve({ filter: /^\.\/[a-z0-9-]+\.js$/ }, (args) =>
      args.importer.endsWith(join('generated', 'index.js')) ? { path: args.path, namespace: 'plain-parser' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'plain-parser' }, (args) => ({
      loader: 'js',
      contents: `export const StartRules = [];
export function parse() { throw new Error(${JSON.stringify(`the playground bundles no plain parser (generated/${args.path.slice(2)})`)}); }`,
    }));
  },
};

/** esbuild's options for the page's script. */
function options(outdir) {
  return {
    entryPoints: [join(here, 'main.ts'), join(here, 'diff-worker.ts')],
    outdir,
    bundle: true,
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [withoutPlainParsers],
  };
}

function copyStatic(outdir) {
  mkdirSync(outdir, { recursive: true });
  for (const file of ['index.html', 'style.css']) copyFileSync(join(here, file), join(outdir, file));
}

/** Writes the static folder; returns its path. */
export async function buildPlayground(outdir = OUTDIR) {
  rmSync(join(outdir, 'chunks'), { recursive: true, force: true }); // chunks of earlier builds
  copyStatic(outdir);
  await esbuild.build(options(outdir));
  return outdir;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--serve')) {
    copyStatic(OUTDIR);
    const ctx = await esbuild.context(options(OUTDIR));
    await ctx.watch();
    const { port } = await ctx.serve({ servedir: OUTDIR, host: '127.0.0.1', port: Number(process.env.PORT ?? 8000) });
    console.log(`playground at http://127.0.0.1:${port}/ (html and css are copied at start: restart after editing them)`);
  } else {
    console.log(`built ${await buildPlayground()}`);
  }
}
