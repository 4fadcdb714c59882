/**
 * Per-era entry points (`urispec/<era>`, generated/entries/) and the types (issue 19): each era
 * alone, side-effect free, within the bundle budgets the issue sets, agreeing with the main entry
 * point; era ids and each era's rule names as literal unions, so a wrong one is a compile error.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { isValid, parse, resolve, specs, validate } from '../src/index.js';
import { vectors } from '../src/vectors/index.js';
import { repoRoot } from './cli/cli-harness.js';

/** esbuild --bundle --minify of `code` importing the built package by name; gzip -9 of the output. */
async function bundled(code: string): Promise<{ minified: number; gzipped: number; text: string }> {
  const r = await build({
    stdin: { contents: code, resolveDir: repoRoot, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  const out = r.outputFiles[0]!.contents;
  return { minified: out.length, gzipped: gzipSync(out, { level: 9 }).length, text: r.outputFiles[0]!.text };
}

// The budgets in kB read strictly, 1 kB = 1000 bytes (the SI prefix). What keeps validate
// within it: the era table, which every validate reads, names the component lists and the scheme
// profiles by key (src/eras/table.ts), and what an era says after its grammar (a profile's prose,
// RFC 6570's notes) is passed in by the entry points of the eras that have it (src/validate-era.ts
// `AfterGrammar`), so neither is in RFC 3986's bundle.
describe('bundle budgets (esbuild --bundle --minify, gzip -9)', () => {
  it('isValid from urispec/rfc3986 is at most 8 kB', async () => {
    const { gzipped } = await bundled("import { isValid } from 'urispec/rfc3986'; console.log(isValid('http://a/'));");
    console.log(`isValid from urispec/rfc3986: ${gzipped} bytes gzip`);
    expect(gzipped).toBeLessThanOrEqual(8_000);
  });

  it('validate from urispec/rfc3986 is at most 25 kB', async () => {
    const { gzipped } = await bundled("import { validate } from 'urispec/rfc3986'; console.log(validate('http://a/'));");
    console.log(`validate from urispec/rfc3986: ${gzipped} bytes gzip`);
    expect(gzipped).toBeLessThanOrEqual(25_000);
  });

  it('an era without a scheme profile or notes bundles neither', async () => {
    const { text } = await bundled("import { validate } from 'urispec/rfc3986'; console.log(validate('http://a/'));");
    // RFC 9110's prose (src/profiles/http.ts) and RFC 6570's notes (src/template/notes.ts) by
    // their messages; RFC 1808's component list by its `params` component.
    expect(text).not.toContain('MUST be rejected');
    expect(text).not.toContain('reserved for future extensions');
    expect(text).not.toContain('"params"');
    // RFC 6570's hint rows (src/hints/template-rows.ts), which the template era's parts carry,
    // and the URN eras' (src/hints/urn-rows.ts).
    expect(text).not.toContain('a varname holds');
    expect(text).not.toContain('an NID is');
  });

  it('a URN era\'s entry bundles the URN hint rows, and gives the main entry\'s records', async () => {
    for (const [spec, input] of [['rfc8141', 'urn:a:b'], ['rfc2141', 'urn:a:b~']] as const) {
      const { text } = await bundled(`import { validate } from 'urispec/${spec}'; console.log(validate('${input}'));`);
      expect(text, spec).toContain('an NID is');
      const entry = (await import(`urispec/${spec}`)) as { validate: (input: string) => { error?: { hint?: string } } };
      const main = await import('urispec');
      const hint = (main.validate(input, { spec }) as { error?: { hint?: string } }).error?.hint;
      // RFC 8141 §2: an NID of one letter; RFC 2141 §2.4: "~" is excluded.
      expect(hint, spec).toMatch(spec === 'rfc8141' ? /an NID is 2 to 32/ : /is excluded \(RFC 2141 §2\.4\)/);
      expect(entry.validate(input).error?.hint, spec).toBe(hint);
    }
  });

  it('the template era\'s entry bundles its own hint rows', async () => {
    const { text } = await bundled("import { validate } from 'urispec/rfc6570'; console.log(validate('{a'));");
    expect(text).toContain('a varname holds');
    // And gives the records the main entry gives (RFC 6570 §2.2: a "," is followed by a varspec).
    const entry = (await import('urispec/rfc6570')) as { validate: (input: string) => { error?: { hint?: string } } };
    const main = await import('urispec');
    for (const input of ['{a,}', '{var:0}', 'a%zz']) expect(entry.validate(input).error?.hint, input).toBe((main.validate(input, { spec: 'rfc6570' }) as { error?: { hint?: string } }).error?.hint);
    expect(entry.validate('{a,}').error?.hint).toContain('another variable name');
  });

  it('importing an entry point for nothing bundles to nothing (side-effect free)', async () => {
    const { text } = await bundled("import 'urispec/rfc3986'; import 'urispec/rfc1738';");
    expect(text.trim()).toBe('');
  });

  it('one era does not bring another', async () => {
    const { text } = await bundled("import { validate } from 'urispec/rfc3986'; console.log(validate('x'));");
    for (const s of specs().filter((s) => s.id !== 'rfc3986')) {
      // Each era's rule metadata names its spec: none but RFC 3986's may be in the bundle.
      expect(text).not.toContain(`"spec":"${s.id}"`);
      expect(text).not.toContain(`spec:"${s.id}"`);
    }
  });
});

describe.each(specs().map((s) => [s.id] as const))('urispec/%s', (id) => {
  it('agrees with the main entry point on 300 of its vectors, every rule named', async () => {
    const entry = (await import(`urispec/${id}`)) as typeof import('../generated/entries/rfc3986.js');
    expect(entry.spec).toBe(id);
    for (const v of vectors({ spec: id, count: 300, seed: 7 })) {
      const rule: string = v.rule;
      expect(entry.isValid(v.input, { rule })).toBe(isValid(v.input, { spec: id, rule }));
      expect(entry.validate(v.input, { rule })).toEqual(validate(v.input, { spec: id, rule }));
    }
  });

  it('parse and resolve are the main entry point\'s with the era fixed', async () => {
    const entry = (await import(`urispec/${id}`)) as typeof import('../generated/entries/rfc3986.js');
    const sample = 'http://a/b/c/d;p?q';
    let mainParse: unknown;
    try {
      mainParse = parse(sample, { spec: id });
    } catch (e) {
      mainParse = (e as Error).message;
    }
    let entryParse: unknown;
    try {
      entryParse = entry.parse(sample);
    } catch (e) {
      entryParse = (e as Error).message;
    }
    expect(entryParse).toEqual(mainParse);
    const run = (f: () => unknown) => {
      try {
        return f();
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(run(() => entry.resolve(sample, '../g'))).toEqual(run(() => resolve(sample, '../g', { spec: id })));
  });
});

describe('types', () => {
  const dir = mkdtempSync(join(tmpdir(), 'urispec-types-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('an unknown spec id or another era\'s rule is a compile error; run-time strings still type-check', () => {
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(repoRoot, join(dir, 'node_modules', 'urispec'), 'dir');
    writeFileSync(join(dir, 'use.ts'), `
import { validate, isValid, type EraId, type RuleName } from 'urispec';
import * as rfc3986 from 'urispec/rfc3986';
import * as rfc1808 from 'urispec/rfc1808';

validate('x', { spec: 'rfc3986', rule: 'URI' });
validate('x', { spec: 'rfc1808', rule: 'URL' });
validate('x', { rule: 'IPv4address' });
isValid('x', { spec: 'rfc2396', rule: 'net_path' });
// @ts-expect-error: no era has this id
validate('x', { spec: 'rfc9999' });
// @ts-expect-error: no era has this id
isValid('x', { spec: 'rfc3896' });
// @ts-expect-error: URL is RFC 1808's rule, not RFC 3986's
validate('x', { spec: 'rfc3986', rule: 'URL' });
// @ts-expect-error: without a spec the rule is RFC 3986's
validate('x', { rule: 'net_path' });
rfc3986.validate('x', { rule: 'path-abempty' });
rfc1808.isValid('x', { rule: 'net_path' });
// @ts-expect-error: URI-reference is not a rule of RFC 1808
rfc1808.isValid('x', { rule: 'URI-reference' });
const r = rfc1808.validate('x');
const spec: 'rfc1808' = r.spec;
if (!r.valid) console.log(r.error.offset, spec);
const dynamic: string = process.argv[2] ?? 'rfc3986';
validate('x', { spec: dynamic, rule: process.argv[3] });
const dynamicRule: string = process.argv[3] ?? 'URI';
validate('x', { spec: 'rfc3986', rule: dynamicRule });
rfc1808.validate('x', { rule: dynamicRule });
const id: EraId = 'draft-ietf-uri-url-03';
const rule: RuleName<'rfc3986'> = 'dec-octet';
console.log(id, rule);
`);
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const args = ['--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--types', 'node', '--typeRoots', join(repoRoot, 'node_modules/@types'), 'use.ts'];
    let output = '';
    try {
      output = execFileSync(process.execPath, [tsc, ...args], { cwd: dir, encoding: 'utf8' });
    } catch (e) {
      output = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(output).toBe('');
  });
});
