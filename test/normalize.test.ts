/**
 * RFC 3986 §6 normalization and comparison: the examples of §6.2.2 and §6.2.3 and the issue's,
 * each step switched off on its own, properties over generated URI references (normalize is
 * idempotent, keeps the input valid; equivalent is symmetric and agrees with comparing
 * normalized forms), and `urispec normalize`.
 */
import { describe, expect, it } from 'vitest';
import { equivalent, isValid, normalize } from '../src/index.js';
import { mulberry32 } from './oracle/prng.js';
import { samples } from './oracle/derive.js';
import { loadPrinted } from './oracle/printed-grammars.js';
import { runInMemory } from './cli/cli-harness.js';

describe('normalize', () => {
  it('takes a spec id in any case, as validate does (issue 19)', () => {
    const spec = 'RFC3987' as 'rfc3987';
    expect(normalize('HTTP://A/%7e', { spec })).toEqual(normalize('HTTP://A/%7e', { spec: 'rfc3987' }));
    expect(() => normalize('x', { spec: 'rfc3896' as 'rfc3986' })).toThrow('did you mean "rfc3986"?');
  });

  it.each([
    ['HTTP://www.Example.COM:80/a/./b/../c/%7euser?%3d#F', 'http://www.example.com/a/c/~user?%3D#F', 'issue 5'],
    // §6.2.2: "example://a/b/c/%7Bfoo%7D" and "eXAMPLE://a/./b/../b/%63/%7bfoo%7d" are equivalent.
    ['eXAMPLE://a/./b/../b/%63/%7bfoo%7d', 'example://a/b/c/%7Bfoo%7D', 'RFC 3986 §6.2.2'],
    // §6.2.3: the four equivalent http URIs; the second is the normal form.
    ['http://example.com', 'http://example.com/', 'RFC 3986 §6.2.3'],
    ['http://example.com/', 'http://example.com/', 'RFC 3986 §6.2.3'],
    ['http://example.com:/', 'http://example.com/', 'RFC 3986 §6.2.3'],
    ['http://example.com:80/', 'http://example.com/', 'RFC 3986 §6.2.3'],
    ['https://example.com:443', 'https://example.com/', 'RFC 3986 §6.2.3'],
    ['https://example.com:80/', 'https://example.com:80/', 'RFC 3986 §6.2.3: 80 is not https\'s default'],
    // §3.2.3: "a port number in decimal"; normalizers "should omit the port component ... if
    // its value would be the same as that of the scheme's default": 080 has the value 80.
    ['http://a:080/', 'http://a/', 'RFC 3986 §3.2.3: the value 80'],
    ['HTTPS://a:0443', 'https://a/', 'RFC 3986 §3.2.3: the value 443'],
    ['http://a:000000000000000000000000080', 'http://a/', 'RFC 3986 §3.2.3: more digits than a number holds'],
    // Decision (docs/decisions.md): §6.2.3 licenses omitting the default port only, so another
    // port keeps its leading zeros; 0 is a value too, not the absence of one.
    ['http://a:08080/', 'http://a:08080/', 'decision: a port that is not the default stays as written'],
    ['http://a:00/', 'http://a:00/', 'decision: the value 0 is not http\'s default'],
    ['https://a:080/', 'https://a:080/', 'RFC 3986 §6.2.3: 80 is not https\'s default'],
    // §6.2.3: "http://example.com/?" is not normalized to "http://example.com/".
    ['http://example.com/?', 'http://example.com/?', 'RFC 3986 §6.2.3'],
    ['http://example.com/#', 'http://example.com/#', 'RFC 3986 §6.2.3'],
    ['ftp://example.com', 'ftp://example.com', 'RFC 3986 §6.2.3: only http and https'],
    ['http://%41b.C/%2f', 'http://ab.c/%2F', 'RFC 3986 §6.2.2.1-2: decoded, then lower-cased; %2F is reserved'],
    ['HTTP://[FE80::1]/', 'http://[fe80::1]/', 'RFC 3986 §6.2.2.1'],
    ['mailto:Joe@Example.COM', 'mailto:Joe@Example.COM', 'RFC 3986 §6.2.3: no scheme-based rules for mailto'],
    ['../a/./b', '../a/./b', 'a relative path keeps its dot-segments'],
    ['/a/../b', '/b', 'an absolute path loses them'],
    ['x:/.//a', 'x:/.//a', 'no path without authority may come to begin with //'],
  ])('%s gives %s (%s)', (input, output) => {
    expect(normalize(input).normalized).toBe(output);
  });

  it('each step can be switched off on its own', () => {
    const u = 'HTTP://A:80/%7e/./x';
    expect(normalize(u).normalized).toBe('http://a/~/x');
    expect(normalize(u, { case: false }).normalized).toBe('HTTP://A/~/x');
    expect(normalize(u, { percentEncoding: false }).normalized).toBe('http://a/%7E/x');
    expect(normalize(u, { pathSegments: false }).normalized).toBe('http://a/~/./x');
    expect(normalize(u, { schemeBased: false }).normalized).toBe('http://a:80/~/x');
  });

  it('a port with the default value is the default port, in equivalent too (RFC 3986 §3.2.3, §6.2.3; RFC 9110 §4.2.3)', () => {
    expect(equivalent('http://a:0080/', 'http://a/')).toBe(true);
    expect(equivalent('http://a:0080/', 'http://a/', { spec: 'rfc9110' })).toBe(true);
    expect(equivalent('http://a:080/', 'http://a:80/', { spec: 'rfc3987' })).toBe(true);
    expect(equivalent('http://a:08080/', 'http://a:8080/')).toBe(false);
    expect(normalize('http://a:080/', { schemeBased: false }).normalized).toBe('http://a:080/');
  });

  it('an invalid input gives the error record', () => {
    expect(normalize('http://a b').error).toMatchObject({ offset: 8, rule: 'reg-name' });
    expect(equivalent('http://a b', 'http://a b')).toBe(false);
  });
});

describe('properties over generated URI references', () => {
  const grammar = loadPrinted('rfc3986');
  const inputs = samples(grammar, 'URI-reference', 0x6e0, 3000).filter((s) => isValid(s));
  const uris = samples(grammar, 'URI', 0x6e1, 1500).filter((s) => isValid(s));

  it('draws thousands of valid references', () => {
    expect(inputs.length + uris.length).toBeGreaterThan(2000);
  });

  it('normalize gives a valid URI reference and is idempotent', () => {
    for (const input of [...inputs, ...uris]) {
      const once = normalize(input).normalized!;
      expect(isValid(once), `${input} -> ${once}`).toBe(true);
      expect(normalize(once).normalized, input).toBe(once);
    }
  });

  it('equivalent is symmetric and agrees with comparing normalized forms', () => {
    const rng = mulberry32(0x6e2);
    const variant = (s: string) =>
      [...s].map((c) => (rng.next() < 0.3 ? (rng.next() < 0.5 ? c.toUpperCase() : c.toLowerCase()) : c)).join('');
    const pool = [...inputs, ...uris];
    for (let i = 0; i < 3000; i++) {
      const a = rng.pick(pool);
      const b = i % 3 === 0 ? rng.pick(pool) : i % 3 === 1 ? normalize(a).normalized! : variant(a);
      const na = normalize(a).normalized;
      const nb = normalize(b).normalized;
      expect(equivalent(a, b), `${a} ~ ${b}`).toBe(equivalent(b, a));
      expect(equivalent(a, b), `${a} ~ ${b}`).toBe(na !== undefined && na === nb);
    }
  });
});

describe('urispec normalize', () => {
  it('one normalized URI a line; an invalid one is diagnosed and exits 1', async () => {
    const r = await runInMemory(['normalize', 'HTTP://www.Example.COM:80/a/./b/../c/%7euser?%3d#F', 'http://a b']);
    expect(r.status).toBe(1);
    const [first, second] = r.stdout.split('\n');
    expect(first).toBe('http://www.example.com/a/c/~user?%3D#F');
    expect(second).toMatch(/✗ http:\/\/a b/);
  });

  it('names the rule the error is of: the scheme\'s, or the era\'s URI-reference for a URI with a fragment', async () => {
    // rfc9110 normalizes `http-URI`; a URI with a fragment is read by URI-reference, which holds
    // the part before the "#" to http-URI (RFC 9110 §4.2.5): a second "#" is URI-reference's error.
    const r = await runInMemory(['normalize', '--spec', 'rfc9110', '--no-color', 'http://a/#f#g', 'http://:80/']);
    const heads = r.stdout.split('\n').filter((l) => l.startsWith('✗'));
    expect(heads).toEqual(['✗ http://a/#f#g  invalid rfc9110 URI-reference at offset 11', '✗ http://:80/  invalid rfc9110 http-URI at offset 7']);
  });

  it('--json and standard input; switches', async () => {
    const r = await runInMemory(['normalize', '--json', '--no-scheme-based'], 'http://A:80\n');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ input: 'http://A:80', normalized: 'http://a:80' });
  });
});
