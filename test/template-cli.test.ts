// `urispec expand` and the template records of `urispec validate`, run in memory as the binary
// runs them (test/cli/cli-harness.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInMemory } from './cli/cli-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'urispec-expand-'));
const vars = (name: string, value: unknown): string => {
  const file = join(dir, name);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
};
// RFC 6570 §3.2's variables, as the RFC lists them.
const SECTION_3_2 = vars('3.2.json', {
  list: ['red', 'green', 'blue'], keys: { semi: ';', dot: '.', comma: ',' }, path: '/foo/bar', var: 'value', x: '1024', y: '768',
});

describe('urispec expand', () => {
  it('prints the expansion (RFC 6570 §3.2.6: {/list*,path:4} is /red/green/blue/%2Ffoo)', async () => {
    const r = await runInMemory(['expand', '{/list*,path:4}', '--vars', SECTION_3_2]);
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '/red/green/blue/%2Ffoo\n', '']);
  });

  it('--json gives the expansion and its check as an RFC 3986 URI-reference', async () => {
    const r = await runInMemory(['expand', 'http://a{?x,y}', '--vars', SECTION_3_2, '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ template: 'http://a{?x,y}', expansion: 'http://a?x=1024&y=768', spec: 'rfc3986', rule: 'URI-reference', valid: true });
  });

  it('warns, and exits 1, when the expansion is no URI reference ("+" passes reserved characters: two "#")', async () => {
    const file = vars('hash.json', { f: 'a#b#c' });
    const r = await runInMemory(['expand', '{+f}', '--vars', file]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('a#b#c\n');
    expect(r.stderr).toMatch(/warning: the expansion is not a valid rfc3986 URI-reference/);
    const j = await runInMemory(['expand', '{+f}', '--vars', file, '--json']);
    expect(JSON.parse(j.stdout)).toMatchObject({ expansion: 'a#b#c', valid: false, error: { offset: 3, found: '#' } });
  });

  it('refuses a reserved operator and an invalid template with the diagnosis, status 2', async () => {
    const r = await runInMemory(['expand', '{!var}', '--vars', SECTION_3_2]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/op-reserve/);
    const j = await runInMemory(['expand', '{keys:1}', '--vars', SECTION_3_2, '--json']);
    expect(j.status).toBe(2);
    expect(JSON.parse(j.stdout)).toMatchObject({ template: '{keys:1}', error: { offset: 5, rule: 'prefix', section: '2.4.1' } });
    const v = await runInMemory(['expand', '{var', '--vars', SECTION_3_2, '--json']);
    expect(JSON.parse(v.stdout)).toMatchObject({ error: { offset: 4, found: null } });
  });

  it('a valid template these variables cannot expand is not called invalid: it says why', async () => {
    const r = await runInMemory(['expand', '{l:1}', '--vars=-'], '{"l":["1","2"]}');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(/invalid/);
    expect(r.stderr.split('\n').slice(0, 2)).toEqual(['✗ {l:1}  valid rfc6570 URI-Template, but it cannot be expanded: at offset 2', '    ^']);
    expect(r.stderr).toMatch(/\n {2}why {7}not an expandable URI-Template: .*"l" is a list, and "Prefix modifiers are not applicable to variables that have composite values" \(RFC 6570 §2\.4\.1\)\n$/);
    // The template alone is not at fault: the same string validates.
    expect((await runInMemory(['validate', '--spec', 'rfc6570', '{l:1}'])).status).toBe(0);
    // A template the grammar refuses is still called invalid.
    expect((await runInMemory(['expand', '{l', '--vars=-'], '{}')).stderr).toMatch(/^✗ \{l {2}invalid rfc6570 URI-Template at offset 2\n/);
  });

  it('reads the variables from standard input with --vars=-', async () => {
    const r = await runInMemory(['expand', '{var}', '--vars=-'], '{"var":"é"}');
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '%C3%A9\n', '']);
  });

  it.each([
    [['expand', '{x}'], /--vars/],
    [['expand', '--vars', SECTION_3_2], /one TEMPLATE/],
    [['expand', '{x}', '--vars', join(dir, 'missing.json')], /cannot read/],
    [['expand', '{x}', '--vars', vars('bad.json', '{')], /not JSON/],
    [['expand', '{x}', '--vars', vars('list.json', [1])], /not a JSON object/],
    [['expand', '{x}', '--vars', vars('nested.json', { x: [[1]] })], /variable "x"/],
    [['expand', '{x}', '--vars', SECTION_3_2, '--spec', 'rfc1808'], /--spec rfc1808/],
  ])('%j is a usage error', async (argv, message) => {
    const r = await runInMemory(argv as string[]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('urispec validate --spec rfc6570', () => {
  it('--json: level and warnings on a valid template', async () => {
    const r = await runInMemory(['validate', '--spec', 'rfc6570', '--json', '{x}', '{!x}']);
    const [a, b] = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(a).toEqual({ input: '{x}', spec: 'rfc6570', rule: 'URI-Template', valid: true, level: 1 });
    expect(b).toMatchObject({ valid: true, level: 4, warnings: [{ offset: 1, rule: 'op-reserve', section: '2.2' }] });
    expect(r.status).toBe(0);
  });
  it('text: the level, the warning line, the hint line', async () => {
    const r = await runInMemory(['validate', '--spec', 'rfc6570', '{!x}', '{x..y}']);
    expect(r.stdout).toMatch(/valid rfc6570 URI-Template, level 4\n {2}warning +the operator "!"/);
    expect(r.stdout).toMatch(/\n {2}hint +a "\." in a varname/);
    expect(r.status).toBe(1);
  });
});
