// The @example blocks of src/ run as tests (issue 16, point 4). Each ```ts block under an
// `@example` tag is extracted (test/example-blocks.ts), type-checked against the built package's
// types, and run: 'urispec', 'urispec/ajv', 'urispec/diff' and 'urispec/<era>' resolve to dist/
// and generated/ through package.json's exports (a self-reference: the modules are written inside
// the repository, under the gitignored build/), and a relative import ('./suggest.js') names a
// module beside the example's source file. Every `expr; // value` line is checked: the expression's
// value must match the literal the comment begins with (see example-blocks.ts for `...`), and
// every checked line must be reached. A block with nothing to check must run without throwing.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ExampleBlock, expectationsOf, extractExamples, leadingLiteral, mismatch, type Pattern } from './example-blocks.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'build', 'examples');
const blocks = extractExamples(ROOT);

/** A file name for a block: `src/resolve/index.ts:33` → `src_resolve_index_33`. */
const baseName = (b: ExampleBlock) => b.name.replace(/\.ts:/, '_').replace(/[/.-]/g, '_');

/**
 * Rewrites a relative import specifier (a module beside the example's source file) to the built
 * module in dist/src: its .d.ts for the type check, its .js to run.
 */
function withImports(b: ExampleBlock, code: string): string {
  return code.replace(/(\bfrom\s+|\bimport\s*\(\s*)(['"])(\.\.?\/[^'"]+)\2/g, (_m, head: string, q: string, spec: string) => {
    const target = join(ROOT, 'dist', relative('.', dirname(b.file)), spec);
    return `${head}${q}./${relative(OUT, target).split('\\').join('/')}${q}`;
  });
}

/** The block with each checked expression wrapped in a call that records its value. */
function instrumented(b: ExampleBlock): string {
  let code = b.code;
  const checks = expectationsOf(code);
  for (const [i, c] of [...checks.entries()].reverse()) {
    code = `${code.slice(0, c.start)}__example.check(${i}, (${code.slice(c.start, c.end)}))${code.slice(c.end)}`;
  }
  // Examples print to show usage; keep the test's output quiet.
  return `const __example = globalThis.__urispecExample;\nconst console = __example.console;\n${code}`;
}

let typeErrors = new Map<string, string[]>();

beforeAll(() => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  // One program for all blocks, with the package's own compiler options (strict, NodeNext) but
  // no outDir: with it, TypeScript maps dist/*.d.ts back to src/*.ts and checks all of src.
  const files = blocks.map((b) => {
    const f = join(OUT, `${baseName(b)}.ts`);
    writeFileSync(f, withImports(b, b.code));
    return f;
  });
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const { outDir: _o, rootDir: _r, ...options } = config!.options;
  const program = ts.createProgram(files, { ...options, noEmit: true, declaration: false });
  typeErrors = new Map();
  const diagnostics = files.flatMap((f) => {
    const sf = program.getSourceFile(f)!;
    return [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)];
  });
  for (const d of diagnostics) {
    const file = d.file?.fileName ?? '';
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    const list = typeErrors.get(resolve(file)) ?? [];
    list.push(`line ${where} of the block: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    typeErrors.set(resolve(file), list);
  }
}, 60_000);

describe('the extractor and the comment literals', () => {
  it('finds the examples of every src file that has one', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(40);
    expect(new Set(blocks.map((b) => b.file))).toContain('src/validate.ts');
  });

  it('reads a comment literal and the prose after it', () => {
    const p = (s: string) => leadingLiteral(s);
    expect(p('false: "~" is national in 1995')).toEqual({ kind: 'value', value: false });
    expect(p("'http://a/b/c/d;p?y' (§6; Appendix C prints http://a/b/c/?y)")).toEqual({ kind: 'value', value: 'http://a/b/c/d;p?y' });
    expect(p('0; the readable report on io.stdout')).toEqual({ kind: 'value', value: 0 });
    expect(p('alternatives the valid vectors went through')).toBeUndefined();
    expect(p('undefined: no "#"')).toEqual({ kind: 'value', value: undefined });
    expect(p("{ a: 1, 'b-c': [2, ...], ... }")).toEqual({
      kind: 'object',
      open: true,
      members: [['a', { kind: 'value', value: 1 }], ['b-c', { kind: 'array', open: true, items: [{ kind: 'value', value: 2 }] }]],
    });
    expect(p('trueish')).toBeUndefined();
    expect(p('"~" is unreserved since the 1996 draft')).toBeUndefined();
  });

  it('matches values strictly, with the ellipsis as the only leeway', () => {
    const m = (actual: unknown, comment: string) => mismatch(actual, leadingLiteral(comment) as Pattern);
    expect(m(false, 'false')).toBeUndefined();
    expect(m(0, 'false')).toMatch(/expected false/);
    expect(m('1', '1')).toMatch(/expected 1/);
    expect(m(['a', 'b'], "['a']")).toMatch(/1 items/);
    expect(m(['a', 'b'], "['a', ...]")).toBeUndefined();
    expect(m(['b', 'a'], "['a', ...]")).toMatch(/\$\[0\]/);
    expect(m({ a: 1, b: 2 }, '{ a: 1 }')).toMatch(/unexpected keys b/);
    expect(m({ a: 1, b: 2 }, '{ a: 1, ... }')).toBeUndefined();
    expect(m({ a: 1 }, '{ a: ..., b: 2 }')).toMatch(/b: missing/);
    expect(m('RFC 1738 defines no resolution of', "'RFC 1738 defines no resolution ...'")).toBeUndefined();
    expect(m('RFC 1808', "'RFC 1738 ...'")).toMatch(/starting/);
    expect(m(undefined, 'undefined')).toBeUndefined();
    expect(m(null, 'undefined')).toMatch(/expected undefined/);
    const text = (want: string[]): Pattern => ({ kind: 'lines', lines: want });
    expect(mismatch('a\nb  \nc', text(['a', 'b', 'c']))).toBeUndefined();
    expect(mismatch('a\nb\nc\nd', text(['a', '...', 'd']))).toBeUndefined();
    expect(mismatch('a\nb\nc', text(['a', 'c']))).toMatch(/expected text/);
    expect(mismatch('a\nb\nc', text(['a', '…', 'b']))).toMatch(/expected text/);
    expect(mismatch('x\na\nb', text(['…', 'b']))).toBeUndefined();
    expect(mismatch(3, text(['3']))).toMatch(/expected text/);
  });
});

describe('@example blocks', () => {
  for (const b of blocks) {
    it(b.name, async () => {
      const checks = expectationsOf(b.code);
      const seen = new Set<number>();
      const failures: string[] = [];
      const quiet = { log() {}, error() {}, warn() {}, info() {} };
      (globalThis as Record<string, unknown>).__urispecExample = {
        console: quiet,
        check(i: number, value: unknown) {
          seen.add(i);
          const c = checks[i]!;
          const m = mismatch(value, c.expected);
          if (m) failures.push(`${b.file}:${b.line + c.line - 1}: ${c.expression}  // ${c.comment}\n    ${m}`);
          return value;
        },
      };
      const mjs = join(OUT, `${baseName(b)}.mjs`);
      const js = ts.transpileModule(withImports(b, instrumented(b)), {
        compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      writeFileSync(mjs, js);
      await import(/* @vite-ignore */ pathToFileURL(mjs).href);
      expect(failures).toEqual([]);
      const unreached = checks.filter((_, i) => !seen.has(i)).map((c) => `line ${b.line + c.line - 1}: ${c.expression}`);
      expect(unreached, 'checked lines the example never reached').toEqual([]);
      expect(typeErrors.get(join(OUT, `${baseName(b)}.ts`)) ?? [], `tsc on ${b.name}`).toEqual([]);
    });
  }
});
