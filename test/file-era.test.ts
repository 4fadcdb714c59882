/**
 * The file URI era (rfc8089) against its printed grammar read by the independent oracle, and
 * against RFC 3986.
 *
 * - The rows of test/vectors/rfc8089/ (every URI printed in RFC 8089: Appendix B's, the ones of
 *   Appendix E that §2 also derives, and Appendix E's nonstandard forms, which it does not; and
 *   held-out strings written by hand from the printed rules) are checked against the printed
 *   grammar: the verdict by the regex of the printed rule, the offset by the longest viable
 *   prefix. test/vectors.test.ts checks the same rows against urispec.
 * - Issue 25 point 8: strings generated from the printed file-URI are RFC 3986 URIs, judged by
 *   RFC 3986 Appendix A as printed and by urispec's rfc3986 (docs/decisions.md, "rfc8089").
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UsageError, isValid, parse, validate } from '../src/index.js';
import { runInMemory } from './cli/cli-harness.js';
import { whatwgColumn } from '../src/whatwg.js';
import { samples } from './oracle/derive.js';
import { loadPrinted } from './oracle/printed-grammars.js';
import { PrefixOracle, nfaOfRule } from './oracle/prefix.js';
import { compileRule } from './oracle/regex.js';

interface Row {
  input: string;
  rule?: string;
  valid: boolean;
  /** Read with the appendixE option: against Appendix F's collected rules. */
  appendixE?: boolean;
  error?: { offset: number };
  why?: string;
  source: string;
}

describe.each(['examples.json', 'traps.json', 'appendix-e.json'])('rfc8089 %s against the printed grammar', (file) => {
  const rows = JSON.parse(readFileSync(new URL(`vectors/rfc8089/${file}`, import.meta.url), 'utf8')) as Row[];
  it.each(rows.map((r) => [`${r.appendixE ? 'Appendix F ' : ''}${r.rule ?? 'file-URI'} ${JSON.stringify(r.input)}`, r] as const))('%s', (_n, row) => {
    const printed = loadPrinted(row.appendixE ? 'rfc8089-appendix-e' : 'rfc8089');
    const rule = row.rule ?? 'file-URI';
    expect(compileRule(printed, rule).test(row.input), `${row.source} ${row.why ?? ''}`).toBe(row.valid);
    if (!row.valid) {
      expect(row.error?.offset, 'an invalid row gives its offset').toBeTypeOf('number');
      const offset = new PrefixOracle(nfaOfRule(printed, rule)).longestViablePrefix(row.input);
      expect(offset, row.why).toBe(row.error!.offset);
    }
  });
});

describe('rfc8089 inside RFC 3986 (issue 25, point 8)', () => {
  it('every file-URI is an RFC 3986 URI', () => {
    const printed = loadPrinted('rfc8089');
    const regex = compileRule(printed, 'file-URI');
    const uris = samples(printed, 'file-URI', 0x8089, 4000).filter((s) => regex.test(s));
    expect(uris.length).toBeGreaterThan(500);
    // Both forms of §2's file-hier-part are in the sample, or the property is tested on one only.
    expect(uris.filter((s) => /^file:\/\//i.test(s)).length).toBeGreaterThan(100);
    expect(uris.filter((s) => !/^file:\/\//i.test(s)).length).toBeGreaterThan(100);
    const uri = compileRule(loadPrinted('rfc3986'), 'URI');
    const outside = uris.filter((s) => !uri.test(s) || !isValid(s, { spec: 'rfc3986', rule: 'URI' }));
    expect(outside).toEqual([]);
  });
});

describe('the appendixE option (RFC 8089 Appendix E, as Appendix F collects it)', () => {
  it('reads Appendix F: isValid agrees with the printed rules on seeded inputs', () => {
    const printed = loadPrinted('rfc8089-appendix-e');
    for (const rule of ['file-URI', 'file-hier-part', 'auth-path', 'local-path', 'file-auth', 'unc-authority', 'file-host']) {
      const regex = compileRule(printed, rule);
      const inputs = samples(printed, rule, 0xe, 1500);
      const members = inputs.filter((s) => regex.test(s)).length;
      expect(members, rule).toBeGreaterThan(inputs.length / 20);
      expect(inputs.length - members, rule).toBeGreaterThan(inputs.length / 20);
      const wrong = inputs.filter((s) => isValid(s, { spec: 'rfc8089', rule, appendixE: true }) !== regex.test(s));
      expect(wrong.slice(0, 10), rule).toEqual([]);
    }
  });

  it('an Appendix F file-URI is an RFC 3986 URI exactly when it holds no "|" (E.2.2: "[RFC3986] forbids the use of the vertical line")', () => {
    const printed = loadPrinted('rfc8089-appendix-e');
    const regex = compileRule(printed, 'file-URI');
    const uris = samples(printed, 'file-URI', 0xe2, 4000).filter((s) => regex.test(s));
    const bars = uris.filter((s) => s.includes('|'));
    expect(bars.length).toBeGreaterThan(50);
    expect(uris.length - bars.length).toBeGreaterThan(200);
    const uri = compileRule(loadPrinted('rfc3986'), 'URI');
    expect(uris.filter((s) => uri.test(s) === s.includes('|') || isValid(s, { spec: 'rfc3986', rule: 'URI' }) !== uri.test(s))).toEqual([]);
  });

  it('applies to rfc8089 only, and not with union', () => {
    expect(() => isValid('file:c:/x', { spec: 'rfc3986', appendixE: true })).toThrow(UsageError);
    expect(() => isValid('file:c:/x', { spec: 'rfc3986', appendixE: true })).toThrow(/rfc8089/);
    expect(() => isValid('file:c:/x', { spec: 'rfc8089', appendixE: true, union: true })).toThrow(UsageError);
    expect(isValid('file:c:/x', { spec: 'rfc8089', appendixE: false })).toBe(false);
  });

  it('names each Appendix E form that §2 refuses, its §2 form, and the option', () => {
    const hint = (input: string): string | undefined => {
      const r = validate(input, { spec: 'rfc8089' });
      return r.valid ? 'valid' : r.error.hint;
    };
    expect(hint('file:c:/path/to/file')).toMatch(/Appendix E\.2's nonstandard syntax \(§2 writes "file:\/\/\/c:\/path\/to\/file"\).*--appendix-e/);
    expect(hint('file:///c|/path/to/file')).toMatch(/Appendix E\.2\.2's .*§2 writes "file:\/\/\/c:\/path\/to\/file"/);
    expect(hint('file:c|/path/to/file')).toMatch(/Appendix E\.2\.2's .*"file:\/\/\/c:\/path\/to\/file"/);
    expect(hint('file:////host.example.com/path/to/file')).toMatch(/Appendix E\.3\.2's .*§2 writes "file:\/\/host\.example\.com\/path\/to\/file"/);
    expect(hint('file://///host.example.com/path/to/file')).toMatch(/Appendix E\.3\.2's .*"file:\/\/host\.example\.com\/path\/to\/file"/);
    expect(hint('file://user@host/a')).toMatch(/Appendix E\.1's nonstandard syntax \(§2 has no such form\)/);
    expect(hint('file:///c:/a\\b')).toMatch(/Appendix E\.4/);
    expect(hint('file://host.example.com')).toContain('"file://host.example.com/"');
    // Not an Appendix E form: no word of it.
    expect(hint('file:///a?b') ?? '').not.toMatch(/Appendix E/);
  });

  it('the CLI takes --appendix-e, and refuses it with another spec (exit 2)', async () => {
    const ok = await runInMemory(['validate', '--spec', 'rfc8089', '--appendix-e', '--json', 'file:c|/path/to/file']);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ spec: 'rfc8089', rule: 'file-URI', valid: true });
    const without = await runInMemory(['validate', '--spec', 'rfc8089', '--json', 'file:c|/path/to/file']);
    expect(without.status).toBe(1);
    const misuse = await runInMemory(['validate', '--appendix-e', 'file:c:/x']);
    expect(misuse.status).toBe(2);
    expect(misuse.stderr).toContain('rfc8089');
    const explained = await runInMemory(['explain', '--spec', 'rfc8089', '--appendix-e', '--json', 'file:c:/x']);
    expect(JSON.parse(explained.stdout).tree.children.map((n: { rule: string }) => n.rule)).toEqual(['file-scheme', 'drive-letter', 'path-absolute']);
  });
});

describe('rfc8089 components (issue 25, point 4): the host, or local, and the path', () => {
  const components = (input: string) => {
    const r = parse(input, { spec: 'rfc8089' });
    if (!r.valid) throw new Error(`${input}: ${r.error.message}`);
    return r.components;
  };

  it('reads §2: "localhost" as the special string, a host by its RFC 3986 form, no authority or an empty one (local)', () => {
    expect(components('file://localhost/etc/fstab')).toEqual({
      scheme: { value: 'file', start: 0, end: 4, rule: 'file-scheme' },
      host: { value: 'localhost', start: 7, end: 16, rule: 'file-auth', kind: 'localhost' },
      // §4: names UTF-8 before percent-encoding, so the path decoded (src/profiles/file.ts).
      path: { value: '/etc/fstab', start: 16, end: 26, rule: 'path-absolute', decoded: '/etc/fstab' },
    });
    expect(components('file://LocalHost/a').host?.kind).toBe('localhost');
    // A reg-name that begins with localhost is a host of its own (PEG note of file-auth).
    expect(components('file://localhost.example.com/a').host).toMatchObject({ value: 'localhost.example.com', kind: 'reg-name' });
    expect(components('file://host.example.com/path/to/file').host).toMatchObject({ value: 'host.example.com', kind: 'reg-name' });
    expect(components('file://[::1]/a').host).toMatchObject({ value: '[::1]', kind: 'IP-literal' });
    expect(components('file://192.0.2.1/a').host).toMatchObject({ value: '192.0.2.1', kind: 'IPv4address' });
    // Appendix B's local forms: an empty authority, and none.
    expect(components('file:///path/to/file').host).toMatchObject({ value: '', kind: 'reg-name' });
    expect(components('file:///path/to/file').path?.value).toBe('/path/to/file');
    expect(components('file:/path/to/file')).toEqual({
      scheme: { value: 'file', start: 0, end: 4, rule: 'file-scheme' },
      path: { value: '/path/to/file', start: 5, end: 18, rule: 'path-absolute', decoded: '/path/to/file' },
    });
    expect(components('file:///c:/path/to/file').path?.value).toBe('/c:/path/to/file');
  });

  it('gives the error record for what §2 refuses', () => {
    const r = parse('file://host.example.com', { spec: 'rfc8089' });
    expect(r.valid).toBe(false);
    if (!r.valid) expect(r.error.offset).toBe(23);
  });
});

describe('the WHATWG column on file URLs (issue 25, point 7), with Node\'s URL', () => {
  it('names the URL Standard\'s file host and drive letters beside RFC 8089\'s verdict', () => {
    const file = (input: string) => whatwgColumn(input).file ?? [];
    expect(whatwgColumn('file:c:/x').href).toBe('file:///c:/x');
    expect(file('file:c:/x').join(' ')).toMatch(/Windows drive letter \(RFC 8089 Appendix E\.2\).*§2 refuses it, Appendix E \(nonstandard\) lists it/);
    expect(whatwgColumn('file://localhost/x').href).toBe('file:///x');
    expect(file('file://localhost/x').join(' ')).toMatch(/empties the host "localhost".*RFC 8089 §2 accepts it/);
    expect(whatwgColumn('file:///C|/x').href).toBe('file:///C:/x');
    expect(file('file:///C|/x').join(' ')).toMatch(/"\|" as ":" \(RFC 8089 Appendix E\.2\.2\)/);
    expect(file('file://host').join(' ')).toMatch(/adds the path "\/".*RFC 8089 refuses it/);
    expect(file('file:///a?b').join(' ')).toMatch(/query or fragment/);
    expect(whatwgColumn('file:///C|/x').summary).toContain('WHATWG vs RFC 8089:');
    // Where both read it alike, and for other schemes, nothing is named.
    expect(whatwgColumn('file:///etc/fstab').file).toBeUndefined();
    expect(whatwgColumn('http://localhost/x').file).toBeUndefined();
  });
});
