// src/whatwg.ts: the URL Standard's verdict (from Node's URL, which implements it) and the
// validation errors named by reading the input along the Standard's parser states. Each row's
// expected names come from the Standard's text (the section given), not from the code.
import { describe, expect, it } from 'vitest';
import { isValid } from '../src/index.js';
import { divergence, whatwg } from '../src/whatwg.js';
import { records, runInMemory } from './cli/cli-harness.js';

interface Row {
  input: string;
  base?: string;
  /** The Standard's serialization, or null for failure. */
  href: string | null;
  errors: string[];
  source: string;
}

const ROWS: Row[] = [
  { input: 'http://a:65536/', href: null, errors: ['port-out-of-range'], source: 'URL Standard §4.4 port state: "If port is greater than 2^16 − 1, port-out-of-range validation error, return failure"' },
  { input: 'https://example.255/', href: null, errors: ['IPv4-non-numeric-part'], source: 'URL Standard §3.5 host parser: ends in a number, so the IPv4 parser; "example" is no number' },
  { input: 'http:///x', href: 'http://x/', errors: ['special-scheme-missing-following-solidus'], source: 'URL Standard §4.4 special authority ignore slashes state' },
  { input: 'http:x', href: 'http://x/', errors: ['special-scheme-missing-following-solidus'], source: 'URL Standard §4.4 special authority slashes state' },
  { input: 'http://a/b c', href: 'http://a/b%20c', errors: ['invalid-URL-unit'], source: 'URL Standard §4.4 path state: not a URL code point; §1.3 path percent-encode set has space' },
  { input: 'http:\\\\a\\b', href: 'http://a/b', errors: ['special-scheme-missing-following-solidus', 'invalid-reverse-solidus'], source: 'URL Standard §4.4 special authority slashes state ("\\" is not "/"), then path state ("\\" in a special URL)' },
  { input: 'http:\\\\a/b', href: 'http://a/b', errors: ['special-scheme-missing-following-solidus'], source: 'URL Standard §4.4 special authority slashes and ignore slashes states' },
  { input: ' http://a/ ', href: 'http://a/', errors: ['invalid-URL-unit'], source: 'URL Standard §4.4 basic URL parser step 1: leading or trailing C0 control or space' },
  { input: 'http://a\tb/', href: 'http://ab/', errors: ['invalid-URL-unit'], source: 'URL Standard §4.4 basic URL parser step 3: ASCII tab or newline removed' },
  { input: 'http://0x7f.1/', href: 'http://127.0.0.1/', errors: ['IPv4-non-decimal-part'], source: 'URL Standard §3.5 IPv4 number parser: 0x is hexadecimal' },
  { input: 'http://u@a/', href: 'http://u@a/', errors: ['invalid-credentials'], source: 'URL Standard §4.4 authority state: "@" seen' },
  { input: 'http://a b/', href: null, errors: ['domain-invalid-code-point'], source: 'URL Standard §3.5 host parser: forbidden domain code point (space)' },
  { input: '/a', href: null, errors: ['missing-scheme-non-relative-URL'], source: 'URL Standard §4.4 no scheme state without a base' },
  { input: '/a b', base: 'http://h/c', href: 'http://h/a%20b', errors: ['invalid-URL-unit'], source: 'URL Standard §4.4 relative state, then path state' },
  { input: 'http://[::1/', href: null, errors: ['IPv6-unclosed'], source: 'URL Standard §3.5 host parser: "[" without "]"' },
  { input: 'http://a:8x/', href: null, errors: ['port-invalid'], source: 'URL Standard §4.4 port state: not an ASCII digit' },
  { input: 'http://1.2.3.256/', href: null, errors: ['IPv4-out-of-range-part'], source: 'URL Standard §3.5 IPv4 parser: last part ≥ 256^(5 − 4)' },
  { input: 'http://1.2.3.4.5/', href: null, errors: ['IPv4-too-many-parts'], source: 'URL Standard §3.5 IPv4 parser: more than four parts' },
  { input: 'HTTP://A/./b/../c', href: 'http://a/c', errors: [], source: 'URL Standard §4.4: scheme and host lower-cased, single- and double-dot segments' },
  { input: 'http://例え.jp/', href: 'http://xn--r8jz45g.jp/', errors: [], source: 'URL Standard §3.5 domain to ASCII (UTS #46)' },
  { input: 'http://a/%zz', href: 'http://a/%zz', errors: ['invalid-URL-unit'], source: 'URL Standard §4.4 path state: "%" without two ASCII hex digits' },
  { input: 'http://a.b.c.d.e/', href: 'http://a.b.c.d.e/', errors: [], source: 'URL Standard §3.5: "e" is no number, so not IPv4' },
  { input: 'foo://a b/', href: null, errors: ['host-invalid-code-point'], source: 'URL Standard §3.5 opaque-host parser: forbidden host code point' },
  { input: 'http://a:080/', href: 'http://a/', errors: [], source: 'URL Standard §4.4 port state: the default port is removed' },
  { input: 'http://a/b', href: 'http://a/b', errors: [], source: 'URL Standard §4.4' },
  { input: 'file:x', href: 'file:///x', errors: ['special-scheme-missing-following-solidus'], source: 'URL Standard §4.4 scheme state: "if url\'s scheme is "file": If remaining does not start with "//", special-scheme-missing-following-solidus"' },
  { input: 'file://c:/x', href: 'file:///c:/x', errors: ['file-invalid-Windows-drive-letter-host'], source: 'URL Standard §4.4 file host state: "buffer is a Windows drive letter, file-invalid-Windows-drive-letter-host validation error"' },
  { input: 'file://a b/x', href: null, errors: ['domain-invalid-code-point'], source: 'URL Standard §4.4 file host state: host parsing, §3.5 forbidden domain code point (space)' },
  { input: 'FILE://A/x', href: 'file://a/x', errors: [], source: 'URL Standard §4.4 file host state: the host parser lower-cases a domain (§3.5 domain to ASCII)' },
];

describe('the URL Standard column', () => {
  it.each(ROWS)('$input: $source', (row) => {
    const w = whatwg(row.input, row.base);
    expect(w.href ?? null).toBe(row.href);
    expect(w.valid).toBe(row.href !== null);
    expect([...new Set(w.errors.map((e) => e.name))]).toEqual(row.errors);
    expect(w.errors.some((e) => e.fatal)).toBe(row.href === null);
  });

  it('names the divergence from RFC 3986 (verdicts from both parsers)', () => {
    const says = (input: string) => divergence(whatwg(input), isValid(input));
    expect(says('http://a:65536/')).toBe('RFC 3986 accepts, the URL Standard refuses: port-out-of-range');
    expect(says('https://example.255/')).toBe('RFC 3986 accepts, the URL Standard refuses: IPv4-non-numeric-part');
    expect(says('http://a/b c')).toBe('RFC 3986 refuses, the URL Standard repairs it (invalid-URL-unit) as http://a/b%20c');
    expect(says('http:///x')).toBe('both accept; the URL Standard notes special-scheme-missing-following-solidus and writes http://x/ (empty path written "/")');
    expect(says('http://a/b')).toBe('both accept, and agree');
  });

  it('names every change the serialization makes, and calls nothing a repair that changes nothing', () => {
    const says = (input: string) => divergence(whatwg(input), isValid(input));
    // URL Standard §4.4 path start state: a special URL's empty path is serialized "/".
    expect(says('https://a:443')).toBe('both accept; the URL Standard writes https://a/ (default port 443 removed, empty path written "/")');
    expect(says('http://a')).toBe('both accept; the URL Standard writes http://a/ (empty path written "/")');
    expect(says('http://a?q')).toBe('both accept; the URL Standard writes http://a/?q (empty path written "/")');
    expect(whatwg('foo://a').rewrites).toEqual([]);
    // The file scheme is special too (§4.4 file state, file host state, path start state).
    expect(says('file://a')).toBe('both accept; the URL Standard writes file://a/ (empty path written "/")');
    expect(says('FILE://A/x')).toBe('both accept; the URL Standard writes file://a/x (scheme lower-cased, host lower-cased)');
    expect(says('file:x')).toBe('both accept; the URL Standard notes special-scheme-missing-following-solidus and writes file:///x (an empty host written "//", the path from "/")');
    // §4.4 path state: a "%" without two hex digits is a validation error, and stays as written.
    expect(says('http://a/%zz')).toBe('RFC 3986 refuses, the URL Standard accepts it as written, noting invalid-URL-unit');
    expect(says('HTTP://a/%zz')).toBe('RFC 3986 refuses, the URL Standard accepts it and writes http://a/%zz (scheme lower-cased), noting invalid-URL-unit');
    expect(says('http://a/%zz c')).toBe('RFC 3986 refuses, the URL Standard repairs it (invalid-URL-unit) as http://a/%zz%20c');
  });

  it('never throws, whatever the input', () => {
    for (const input of ['', '\u0000', '\ud800', 'http://[', 'http://%', 'x'.repeat(100_000), 'http://a:99999999999999999999/', 'http://0x/', 'http://./']) {
      expect(() => whatwg(input)).not.toThrow();
    }
  });

  it('is the same column in urispec compare --whatwg, text and JSON; the exit status stays the eras\'', async () => {
    const text = await runInMemory(['compare', '--whatwg', '--specs', 'rfc3986', 'http://a:65536/']);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^✗ +whatwg +living +URL +failure: port-out-of-range$/m);
    expect(text.stdout).toContain('WHATWG vs RFC 3986: RFC 3986 accepts, the URL Standard refuses: port-out-of-range');
    const json = await runInMemory(['compare', '--whatwg', '--json', 'http://a/b c']);
    expect(json.status).toBe(1);
    const [record] = records(json.stdout);
    const w = whatwg('http://a/b c');
    expect(record!.whatwg).toEqual({ valid: true, href: w.href, errors: w.errors, rewrites: w.rewrites, divergence: divergence(w, false) });
    const plain = await runInMemory(['compare', '--json', 'http://a/b c']);
    expect(records(plain.stdout)[0]).not.toHaveProperty('whatwg');
  });
});
