// `urispec compare` and `validate --union`, in memory and through the binary.
import { describe, expect, it } from 'vitest';
import { compare, specs } from '../../src/index.js';
import { records, runBinary, runInMemory } from './cli-harness.js';

const ids = specs().map((s) => s.id);

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
