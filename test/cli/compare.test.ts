// `urispec compare` and `validate --union`, in memory and through the binary.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compare, specs } from '../../src/index.js';
import { records, runBinary, runInMemory } from './cli-harness.js';

const ids = specs().map((s) => s.id);

/** Each era's `// @status` line, read from its grammar file (not from the generated metadata). */
const GRAMMARS = new URL('../../grammar/', import.meta.url);
const statusOf = new Map(
  readdirSync(GRAMMARS)
    .filter((f) => f.endsWith('.peggy'))
    .flatMap((f) => {
      const m = /^\/\/ @status (.+)$/m.exec(readFileSync(new URL(f, GRAMMARS), 'utf8'));
      return m ? [[f.slice(0, -'.peggy'.length), m[1]!.trim()] as const] : [];
    }),
);

describe('urispec compare', () => {
  it('prints one JSON object an input, every era newest first, as the library does', async () => {
    const { status, stdout } = await runInMemory(['compare', '--json', 'http://a/~u', 'http://a/b']);
    const lines = records(stdout);
    expect(lines).toEqual([compare('http://a/~u'), compare('http://a/b')].map((c) => JSON.parse(JSON.stringify(c))));
    const results = lines[0]?.results as Array<{ spec: string }> | undefined;
    expect(results?.map((r) => r.spec)).toEqual(ids);
    expect(status).toBe(ids.every((id) => compare('http://a/~u', { specs: [id] }).results[0]!.valid) ? 0 : 1);
  });

  it('reads standard input when no URI is given, one record a line, in order', async () => {
    const input = ['http://a/', '', 'http://a b/', 'news:*'];
    const { stdout } = await runBinary(['compare', '--json', '--specs', 'rfc3986'], input.join('\n') + '\n');
    expect(records(stdout).map((r) => r.input)).toEqual(input);
  });

  it('shows a readable table with a row per era, the failing rule and offset', async () => {
    const { stdout } = await runInMemory(['compare', '--specs', 'rfc3986', 'http://a b/']);
    expect(stdout).toContain('✗');
    expect(stdout).toMatch(/rfc3986\s+2005-01\s+URI-reference\s+offset 8 in reg-name \(§3\.2\.2\)/);
  });

  it('names a section the era words for a reader as validate does: draft-ietf-uri-url-03 numbers none', async () => {
    const { stdout } = await runInMemory(['compare', '--specs', 'draft-ietf-uri-url-03', 'ftp://a b']);
    const shown = 'offset 9 in ftpaddress (draft-ietf-uri-url-03, "BNF for specific URL schemes"), found end of input';
    expect(stdout).toContain(shown);
    expect(stdout).not.toContain('§A');
    const v = await runInMemory(['validate', '--spec', 'draft-ietf-uri-url-03', 'ftp://a b']);
    expect(v.stdout).toMatch(/section\s+draft-ietf-uri-url-03, "BNF for specific URL schemes"/);
  });

  // Issue 22: rfc6874's status (RFC 9844 obsoleted it) is shown by compare's table too.
  it('says under the table what became of each era compared whose grammar has a status', async () => {
    expect(statusOf.get('rfc6874')).toMatch(/^obsoleted by RFC 9844 \(2025-08\)/);
    const lines = async (...argv: string[]) => (await runInMemory(['compare', ...argv])).stdout.split('\n');
    // Whatever the input: one line an era with a status, as `urispec specs` prints it.
    const valid = await lines('http://a/b');
    for (const [id, status] of statusOf) expect(valid).toContain(`${id}: ${status}`);
    // Valid in rfc6874 and not in rfc3986 (RFC 6874 §2 vs RFC 3986 §3.2.2): the line says so instead.
    const zone = await lines('http://[fe80::1%25eth0]/');
    expect(zone).toContain(`valid in rfc6874 but not in rfc3986, and rfc6874 is ${statusOf.get('rfc6874')}`);
    expect(zone.filter((l) => l.startsWith('rfc6874: '))).toEqual([]);
    // An era without a status adds no line.
    expect((await lines('--specs', 'rfc3986', 'http://a/b')).filter((l) => /obsoleted/.test(l))).toEqual([]);
  });

  it.each([
    [['compare', '--specs', 'rfc3986,nope', 'x'], /unknown spec "nope"/],
    [['compare', '--specs', 'rfc3986,,rfc1808', 'x'], /separated by commas/],
    [['compare', '--nope', 'x'], /unknown option/],
  ])('%j is a usage error', async (argv, message) => {
    const { status, stderr, stdout } = await runInMemory(argv);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
  });
});

describe('urispec validate --union', () => {
  it('is refused for a rule without a printed union', async () => {
    const { status, stderr } = await runInMemory(['validate', '--union', 'http://a/']);
    expect(status).toBe(2);
    expect(stderr).toMatch(/--union/);
  });
  it.runIf(ids.includes('rfc1738'))('reads RFC 1738 url as the printed union', async () => {
    // http: is one of the ten schemes, so with dispatch it must be an httpurl; in the printed
    // union otherurl (genericurl) takes any scheme. "http:x" has no "//", so only the union accepts it.
    const dispatch = await runInMemory(['validate', '--spec', 'rfc1738', '--json', 'http:x']);
    const union = await runInMemory(['validate', '--spec', 'rfc1738', '--union', '--json', 'http:x']);
    expect(records(dispatch.stdout)[0]?.valid).toBe(false);
    expect(records(union.stdout)[0]?.valid).toBe(true);
  });
});
