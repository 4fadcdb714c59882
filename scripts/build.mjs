// The build (`npm run build`, and `prepare`): dist/ as the package ships it (issue 16: the
// package under 1.2 MB unpacked).
//
// 1. tsc compiles src/ to dist/src/ (JavaScript and declarations).
// 2. The JavaScript of dist/src/ loses its comments (esbuild, not minified: the code stays
//    readable in a stack trace); the declarations keep theirs, which editors show, but for those
//    of the diagnosis's machinery (./declarations.mjs: the public types reach them, no
//    public name is declared in them, so no consumer's editor shows their comments). The CLI's
//    declarations (dist/src/cli/) are built (its @example blocks type-check against them) but
//    not shipped: package.json "files" leaves them out, a command being no library.
// 3. generated/ is copied to dist/generated/ with its recognizers minified, and its data
//    modules (<era>.meta.js, <era>.printed.js, <era>.grammar.js) built by calls instead of written
//    out (packData; an era built on another keeps its references to its base's entries). The
//    committed generated/ stays as scripts/build-grammars.ts writes it, readable and reviewable
//    (each rule names its grammar line); only the shipped copy is compact, and it is the same
//    program (esbuild's minifier renames and reformats, it does not change what
//    runs; packData checks that the data is the same).
// 4. What dist/src/ imports as `#generated` (package.json "imports", generated/index.js for the
//    sources in development) becomes the relative path of dist/generated/index.js, and the
//    per-era entries' `../../dist/src/` becomes `../../src/`, so the package needs nothing
//    outside dist/ (package.json "files").

import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { inputsDigest, STAMP } from './build-inputs.mjs';
import { INTERNAL_DECLARATIONS, withoutDocComments } from './declarations.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

/** Every file under `dir`, as paths relative to it. */
function files(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

const js = (path) => path.endsWith('.js');
const dts = (path) => path.endsWith('.d.ts');

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });

// esbuild keeps `/* @__PURE__ */` annotations (the entries' calls: bundlers keep only what is
// imported) and drops the other comments.
const options = { format: 'esm', target: 'es2022', legalComments: 'none' };

const src = join(dist, 'src');
const generatedIndex = join(dist, 'generated', 'index.js');
for (const path of files(src).filter((p) => js(p) || dts(p))) {
  const file = join(src, path);
  let text = readFileSync(file, 'utf8');
  let target = relative(dirname(file), generatedIndex).split('\\').join('/');
  if (!target.startsWith('.')) target = `./${target}`;
  text = text.replace(/(['"])#generated\1/g, `'${target}'`);
  if (js(path)) text = transformSync(text, options).code;
  else if (INTERNAL_DECLARATIONS.some((dir) => path.split('\\').join('/').startsWith(dir))) text = withoutDocComments(text);
  writeFileSync(file, text);
}

/**
 * A data module (generated/<era>.meta.js, .printed.js and .grammar.js: one entry a line, each
 * JSON or, in an era built on another, a reference to its base's entry: scripts/inherited-data.ts)
 * as a module that builds the same value with less text: each JSON entry's objects of two or more
 * keys become calls of a function made once per key list (`a("literal", ":", false)` for
 * `{"type": "literal", "value": ":", "ignoreCase": false}`), keys in the same order; the other
 * lines stay as written. The value is checked equal, key order included, before it is written.
 */
async function packData(path, text) {
  const value = (await import(pathToFileURL(path).href)).default;
  const shapes = new Map();
  const encode = (v) => {
    if (v === null || typeof v !== 'object') return JSON.stringify(v);
    if (Array.isArray(v)) return `[${v.map(encode).join(',')}]`;
    const keys = Object.keys(v);
    if (keys.length < 2) return `{${keys.map((k) => `${JSON.stringify(k)}:${encode(v[k])}`).join(',')}}`;
    const signature = JSON.stringify(keys);
    if (!shapes.has(signature)) shapes.set(signature, `o${shapes.size}`);
    return `${shapes.get(signature)}(${keys.map((k) => encode(v[k])).join(',')})`;
  };
  /** A line's JSON object or array (an entry, a comma after it), or undefined. */
  const entryOf = (line) => {
    try {
      const v = JSON.parse(line.trim().replace(/,$/, ''));
      return v !== null && typeof v === 'object' ? v : undefined;
    } catch {
      return undefined;
    }
  };
  const body = text
    .split('\n')
    .map((line) => {
      const entry = entryOf(line);
      return entry === undefined ? line : `${encode(entry)}${line.trimEnd().endsWith(',') ? ',' : ''}`;
    })
    .join('\n');
  const makers = [...shapes].map(([signature, name]) => {
    const keys = JSON.parse(signature);
    return `const ${name} = (${keys.map((_, i) => `p${i}`).join(',')}) => ({${keys.map((k, i) => `${JSON.stringify(k)}:p${i}`).join(',')}});`;
  });
  // The makers after the imports (a module's imports come first only by convention: they are hoisted).
  const packed = `${makers.join('\n')}\n${body}`;
  // Checked where it cannot resolve its base's module by a relative path: named by its file URL.
  const checked = packed.replace(/(from\s*)(["'])(\.\/[^"']+)\2/g, (_, from, q, spec) => `${from}${q}${new URL(spec, pathToFileURL(path)).href}${q}`);
  const again = (await import(`data:text/javascript,${encodeURIComponent(checked)}`)).default;
  if (JSON.stringify(again) !== JSON.stringify(value)) throw new Error(`${path}: the packed data differs`);
  return text.length > packed.length ? packed : text;
}

const generated = join(root, 'generated');
for (const path of files(generated).filter((p) => js(p) || dts(p))) {
  let text = readFileSync(join(generated, path), 'utf8');
  if (path.startsWith('entries/')) text = text.replaceAll("'../../dist/src/", "'../../src/");
  if (/\.(meta|printed|grammar)\.js$/.test(path)) text = await packData(join(generated, path), text);
  // The entries are a few lines each, kept as written: their `/* @__PURE__ */` annotations are
  // what lets a bundler drop what is not imported, and the minifier drops them.
  if (js(path) && !path.startsWith('entries/')) text = transformSync(text, { ...options, minify: true }).code;
  const out = join(dist, 'generated', path);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
}

// 5. The command (package.json "bin") is executable. npm sets its mode when it installs the
//    package (npm ci in a clone too), but a rebuild (npm run build, npm run docs, npm run bench)
//    writes it anew without it, and then `npx urispec` in the clone (README) is refused.
const { bin } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
for (const path of typeof bin === 'string' ? [bin] : Object.values(bin)) chmodSync(join(root, path), 0o755);

// 6. The digest of the inputs dist/ was built from, written last: a build that stopped part way
//    leaves none (step 1 removed dist/), and the test run (test/global-setup.ts) builds again.
writeFileSync(join(root, STAMP), inputsDigest(root));
