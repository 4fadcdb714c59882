/**
 * The package as npm would publish it (issue 19): a LICENSE, no source map pointing at a file
 * that is not shipped, help texts that point only at shipped files or at the source repository,
 * and subpath types that `moduleResolution: node10` users can resolve.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, symlinkSync, writeFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/cli/commands.js';
import { runInMemory, repoRoot } from './cli/cli-harness.js';

interface PackFile { path: string }
const packed: string[] = (
  JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as Array<{ files: PackFile[] }>
)[0]!.files.map((f) => f.path);
const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Record<string, unknown>;

describe('the published files', () => {
  it('include the LICENSE that package.json names', () => {
    expect(manifest.license).toBe('MIT');
    expect(packed).toContain('LICENSE');
    expect(readFileSync(join(repoRoot, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });

  it('hold no source map whose sources are not shipped', () => {
    const maps = packed.filter((p) => p.endsWith('.map'));
    for (const map of maps) {
      const { sources, sourcesContent } = JSON.parse(readFileSync(join(repoRoot, map), 'utf8')) as { sources: string[]; sourcesContent?: string[] };
      if (sourcesContent?.length === sources.length) continue;
      for (const source of sources) expect(packed, `${map} points at ${source}`).toContain(join(map, '..', source).replace(/^\.\//, ''));
    }
  });

  it('every help text points only at shipped files, or says the file is in the source repository', async () => {
    for (const command of ['', ...COMMANDS.map((c) => c.name)]) {
      const { stdout } = await runInMemory(command ? [command, '--help'] : ['--help']);
      for (const line of stdout.split('\n')) {
        for (const [path] of line.matchAll(/\b(?:vectors|examples|docs|scripts|test|grammar|generated)\/[\w./<>-]*/g)) {
          if (/source repository/.test(line)) continue;
          const shipped = packed.some((p) => p.startsWith(path.replace(/<[^>]*>.*$/, '')));
          expect(shipped, `urispec ${command} --help mentions ${path}, which is not shipped`).toBe(true);
        }
      }
    }
  });
});

describe('types under moduleResolution node10', () => {
  const dir = mkdtempSync(join(tmpdir(), 'urispec-node10-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('resolve urispec, urispec/diff, urispec/ajv and urispec/<era> through typesVersions', () => {
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(repoRoot, join(dir, 'node_modules', 'urispec'), 'dir');
    symlinkSync(join(repoRoot, 'node_modules', 'ajv'), join(dir, 'node_modules', 'ajv'), 'dir');
    writeFileSync(join(dir, 'use.ts'), [
      "import { validate } from 'urispec';",
      "import { diff } from 'urispec/diff';",
      "import urispecFormats from 'urispec/ajv';",
      "import { isValid as isValid1808 } from 'urispec/rfc1808';",
      'export const used = [validate, diff, urispecFormats, isValid1808];',
      "export const offset: number = (() => { const r = validate('a b'); return r.valid ? -1 : r.error.offset; })();",
    ].join('\n'));
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const run = () => execFileSync(process.execPath, [tsc, '--noEmit', '--strict', '--skipLibCheck', '--esModuleInterop', '--module', 'commonjs', '--moduleResolution', 'node10', 'use.ts'], { cwd: dir, encoding: 'utf8' });
    expect(run).not.toThrow();
  });
});
