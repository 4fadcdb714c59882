// Builds the playground into playground/dist/, a static folder that can be published as it is:
// index.html, style.css, main.js (the page's script with the library bundled by esbuild from
// src/), diff-worker.js (the grammar-diff search, run off the page's thread) and chunks/
// (esbuild's code splitting: each era's generated recognizers in a chunk of its own, the railroad
// diagrams and the search, all loaded when first used; the worker shares the page's chunks).
// `--serve` rebuilds on change and serves it locally.
//
//   npm run build:playground        write playground/dist/
//   npm run playground              serve it at http://127.0.0.1:8000/ (PORT to change)

import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const GENERATED = join(here, '..', 'generated');
export const OUTDIR = join(here, 'dist');

/** What the page lists of an era before loading it: a few words, no rules, no recognizer. */
const SUMMARY_FIELDS = ['title', 'date', 'defaultRule', 'status', 'amended'];

/**
 * Every era of generated/index.js (the registry's own list: an era added to grammar/ and
 * generated is picked up with no list here), with the files of its parts that the page uses.
 */
async function generatedEras() {
  const { eras } = await import(pathToFileURL(join(GENERATED, 'index.js')).href);
  return eras.map(({ meta }) => {
    const files = Object.fromEntries(['rules', 'fast', 'diag', 'grammar'].map((part) => [part, join(GENERATED, `${meta.spec}.${part}.js`)]));
    for (const file of Object.values(files)) if (!existsSync(file)) throw new Error(`playground: era ${meta.spec} has no ${file}`);
    const summary = { id: meta.spec, ...Object.fromEntries(SUMMARY_FIELDS.filter((k) => meta[k] !== undefined).map((k) => [k, meta[k]])) };
    return { id: meta.spec, files, summary };
  });
}

/**
 * The first load must not grow with the number of eras (issue 20: at most 150 kB of gzip'd
 * JavaScript). So in the page's bundle the library's registry starts empty (`#generated` is an
 * empty list) and each era's parts come in a chunk of their own, imported when the era is first
 * used (playground/eras.ts adds it to the registry then):
 *
 * - `playground:eras` lists every era's summary and a loader for its chunk;
 * - `playground:era/<id>` is that chunk: the fast recognizer (verdicts), the traced one
 *   (diagnosis, explain), the rule metadata and the grammar as data (railroad diagrams): the
 *   parts the registry has in Node too.
 */
function lazyEras(eras) {
  return {
    name: 'lazy-eras',
    setup(build) {
      build.onResolve({ filter: /^#generated$/ }, () => ({ path: 'registry-start', namespace: 'lazy-eras' }));
      build.onResolve({ filter: /^playground:eras$/ }, () => ({ path: 'index', namespace: 'lazy-eras' }));
      build.onResolve({ filter: /^playground:era\// }, (args) => ({ path: args.path.slice('playground:era/'.length), namespace: 'era-parts' }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-eras' }, (args) => ({
        loader: 'js',
        resolveDir: GENERATED,
        contents: args.path === 'registry-start'
          ? 'export const eras = []; // the page adds each era when it loads (playground/eras.ts)\n' +
            // The lazy DFA's runtime (issue 17), which isValid and validate ask for each era's start rule.
            "export { automatonOf } from './runtime/dfa.js';\n" +
            // The traced programs compiled to code when first run (issue 17), as in Node.
            "export { compileTracedWith } from './runtime/traced.js';\n" +
            "export { compileTraced } from './runtime/traced-source.js';\n"
          : `export const summaries = ${JSON.stringify(eras.map((e) => e.summary))};
export const loaders = {
${eras.map((e) => `  ${JSON.stringify(e.id)}: () => import(${JSON.stringify(`playground:era/${e.id}`)}),`).join('\n')}
};
`,
      }));
      build.onLoad({ filter: /.*/, namespace: 'era-parts' }, (args) => {
        const era = eras.find((e) => e.id === args.path);
        if (!era) return { errors: [{ text: `no era ${args.path}` }] };
        const { rules, fast, diag, grammar } = era.files;
        return {
          loader: 'js',
          resolveDir: GENERATED,
          contents: `import meta from ${JSON.stringify(rules)};
import * as fast from ${JSON.stringify(fast)};
import * as diag from ${JSON.stringify(diag)};
import grammar from ${JSON.stringify(grammar)};
export default { meta, fast, diag, grammar };
`,
        };
      });
    },
  };
}

/**
 * whatwg-url (./url-standard.ts) loads the legacy multi-byte encodings (150 kB of tables) for
 * the query's encoding override, which only an HTML form's non-UTF-8 document asks for: the
 * basic URL parser's encoding is UTF-8 unless its caller gives one, and the URL constructor
 * gives none. The page leaves them out.
 */
const noLegacyEncodings = {
  name: 'no-legacy-encodings',
  setup(build) {
    build.onResolve({ filter: /^@exodus\/bytes\/encoding\.js$/ }, () => ({ path: 'legacy-encodings', namespace: 'no-legacy-encodings' }));
    build.onLoad({ filter: /.*/, namespace: 'no-legacy-encodings' }, () => ({ loader: 'js', contents: '' }));
  },
};

/** esbuild's options for the page's script. */
function options(outdir, eras) {
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
    plugins: [lazyEras(eras), noLegacyEncodings],
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
  await esbuild.build(options(outdir, await generatedEras()));
  return outdir;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--serve')) {
    copyStatic(OUTDIR);
    const ctx = await esbuild.context(options(OUTDIR, await generatedEras()));
    await ctx.watch();
    const { port } = await ctx.serve({ servedir: OUTDIR, host: '127.0.0.1', port: Number(process.env.PORT ?? 8000) });
    console.log(`playground at http://127.0.0.1:${port}/ (html and css are copied at start: restart after editing them)`);
  } else {
    console.log(`built ${await buildPlayground()}`);
  }
}
