/**
 * The two eras of issue 22 through every feature: components (src/parse.ts), explain, compare
 * (with rfc6874's status), specs, grammar-diff against rfc3986, and how an era composed on
 * another (`@extends`) is built. Expected values come from the RFC text cited beside each.
 */
import { describe, expect, it } from 'vitest';
import { compare, componentValues, explain, grammarDiff, isValid, parse, specs, validate } from '../src/index.js';
import { statusNote } from '../src/compare.js';
import { composeGrammar } from '../scripts/compose-grammar.js';
import { runInMemory } from './cli/cli-harness.js';

describe('components', () => {
  it('rfc3987: RFC 3986 component names over the IRI rules (§2.2)', () => {
    const r = parse('http://ü@例え.jp:80/a/ö?q=ä\ue000#é', { spec: 'rfc3987' });
    if (!r.valid) throw new Error(r.error.message);
    expect(componentValues(r.components)).toEqual({
      scheme: 'http', authority: 'ü@例え.jp:80', userinfo: 'ü', host: '例え.jp', port: '80', path: '/a/ö', query: 'q=ä\ue000', fragment: 'é',
    });
    expect(r.components.host!.kind).toBe('ireg-name');
    expect(r.components.path!.kind).toBe('ipath-abempty');
    // Offsets are UTF-16 indexes: the astral character counts two.
    const astral = parse('/\u{10000}x', { spec: 'rfc3987' });
    expect(astral.valid && astral.components.path).toMatchObject({ start: 0, end: 4 });
  });

  it('rfc6874: the zone identifier is a component of an IPv6addrz host (§2)', () => {
    const r = parse('http://[fe80::a%25en1]:8080/', { spec: 'rfc6874' });
    if (!r.valid) throw new Error(r.error.message);
    expect(componentValues(r.components)).toMatchObject({ host: '[fe80::a%25en1]', zone: 'en1', port: '8080', path: '/' });
    expect(r.components.host!.kind).toBe('IP-literal');
  });
});

describe('explain and validate', () => {
  it('derives an IRI in the spec rule names', () => {
    const x = explain('http://例え.jp/', { spec: 'rfc3987', rule: 'IRI' });
    expect(x.tree?.children.map((n) => n.rule)).toEqual(['scheme', 'ihier-part']);
  });

  it('diagnoses a private-use character in the path with the rule and section of §2.2', () => {
    const r = validate('http://a/b\ue000', { spec: 'rfc3987' });
    expect(r.valid ? null : [r.error.offset, r.error.rule, r.error.section, r.error.found]).toEqual([10, 'isegment', '2.2', '\ue000']);
  });

  it('names RFC 3986 for an inherited rule of rfc6874, once', () => {
    const r = validate('http://a b/', { spec: 'rfc6874' });
    if (r.valid) throw new Error('valid');
    expect(r.error.section).toBe('RFC 3986 §3.2.2');
    expect(r.error.message).toContain('in reg-name (RFC 3986 §3.2.2)');
  });
});

describe("rfc6874's status", () => {
  it('is part of the era record', () => {
    const s = specs().find((x) => x.id === 'rfc6874')!;
    expect(s.status).toMatch(/^obsoleted by RFC 9844 \(2025-08\)/);
    expect(specs().find((x) => x.id === 'rfc3986')!.status).toBeUndefined();
  });

  it('compare says http://[fe80::1%25eth0]/ is valid in rfc6874 only of the two, and obsoleted', () => {
    const c = compare('http://[fe80::1%25eth0]/', { specs: ['rfc6874', 'rfc3986', 'rfc3987'] });
    expect(c.results.map((r) => [r.spec, r.valid])).toEqual([['rfc6874', true], ['rfc3986', false], ['rfc3987', false]]);
    expect(c.results[0]!.status).toMatch(/RFC 9844/);
    expect(statusNote(c)).toMatch(/^valid in rfc6874 but not in rfc3986, and rfc6874 is obsoleted by RFC 9844/);
    expect(statusNote(compare('http://[::1]/'))).toBeNull();
  });

  it('is printed by urispec specs and urispec compare', async () => {
    expect((await runInMemory(['specs'])).stdout).toMatch(/^rfc6874: obsoleted by RFC 9844/m);
    expect((await runInMemory(['specs', '--json'])).stdout).toContain('"status": "obsoleted by RFC 9844');
    const out = (await runInMemory(['compare', 'http://[fe80::1%25eth0]/'])).stdout;
    expect(out).toMatch(/valid in rfc6874 but not in rfc3986, and rfc6874 is obsoleted by RFC 9844/);
  });
});

describe('grammar-diff against rfc3986', () => {
  it('rfc3986 to rfc6874: IP-literal changed, two rules added, a zone as witness', () => {
    const d = grammarDiff('rfc3986', 'rfc6874');
    expect([...d.onlyIn.rfc6874!].sort()).toEqual(['IPv6addrz', 'ZoneID']);
    expect(d.onlyIn.rfc3986).toEqual([]);
    expect(d.changed.map((c) => c.rule)).toEqual(['IP-literal']);
    expect(d.witnesses.some((w) => w.valid.rfc6874 && !w.valid.rfc3986 && w.input.includes('%25'))).toBe(true);
  });

  it('rfc3986 to rfc3987: non-ASCII witnesses, astral and private use among them', () => {
    const d = grammarDiff('rfc3986', 'rfc3987');
    const accepted = d.witnesses.filter((w) => w.valid.rfc3987 && !w.valid.rfc3986).map((w) => w.input);
    expect(accepted.some((s) => /[\ud800-\udbff]/.test(s))).toBe(true);
    expect(accepted.some((s) => s.includes('?\ue000'))).toBe(true);
  });
});

describe('composition (@extends)', () => {
  const base = [
    '// @spec b', '// @title RFC 1, Base', '// @date 2000-01', '// @default a', '// @notation ABNF', '// @source x',
    '', '// ----- 1. One -----', '', '// a = b c', 'a', '  = b c', '', '// b = "x"', 'b', '  = "x"', '', '// ----- 2. Two -----', '', '// c = "y"', 'c', '  = "y"', '',
  ].join('\n');
  const ext = [
    '// @spec e', '// @extends b', '', '// ----- 3. New -----', '', '// b = "z"', 'b', '  = "z"', '', '// d = "w"', 'd', '  = "w"', '',
  ].join('\n');
  const text = composeGrammar(ext, 'e.peggy', () => base);

  it("replaces a base rule where it stood, adds the new ones there, and qualifies the base's sections", () => {
    expect(text).toContain('// ----- RFC 1 1. One -----');
    expect(text).toContain('// ----- RFC 1 2. Two -----');
    expect(text).not.toContain('"x"');
    const order = ['\na\n  = b c', '\nb\n  = "z"', '\nd\n  = "w"', '\nc\n  = "y"'].map((k) => text.indexOf(k));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((x, y) => x - y));
    // After the extending rules the base's banner in force there is repeated, so `a`... `c` keep theirs.
    expect(text.indexOf('// ----- 3. New -----')).toBeLessThan(text.lastIndexOf('// ----- RFC 1 1. One -----'));
  });

  it('refuses a cycle', () => {
    expect(() => composeGrammar('// @extends e\n// ----- 1. x -----\n', 'e.peggy', () => '// @extends e\n// ----- 1. x -----\n')).toThrow(/cycle/);
  });
});

describe('RFC 3987 §4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO, RLO, and PDF)"', () => {
  // The seven by name (Unicode): LRM U+200E, RLM U+200F, LRE U+202A, RLE U+202B, PDF U+202C, LRO U+202D, RLO U+202E.
  const SEVEN = ['\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e'];
  it.each(SEVEN.flatMap((ch) => ['IRI', 'IRI-reference', 'absolute-IRI', 'irelative-ref'].map((rule) => [ch.charCodeAt(0).toString(16).toUpperCase(), rule, ch] as const)))(
    'U+%s in %s: the grammar holds (ucschar %%xA0-D7FF), the text refuses it',
    (_code, rule, ch) => {
      const input = rule === 'irelative-ref' ? `a/b${ch}c/${ch}` : `http://a/b${ch}c/${ch}`;
      const offset = input.indexOf(ch);
      expect(validate(input, { spec: 'rfc3987', rule, grammarOnly: true }).valid).toBe(true);
      expect(isValid(input, { spec: 'rfc3987', rule })).toBe(false);
      const r = validate(input, { spec: 'rfc3987', rule });
      expect(!r.valid && r.error).toMatchObject({ offset, section: 'RFC 3987 §4.1', layer: 'profile', expected: [], found: ch });
    },
  );
  it("a component's rule stays the grammar's; the isolates (Unicode 6.3, after RFC 3987) are not in §4.1's list", () => {
    expect(isValid('\u202e', { spec: 'rfc3987', rule: 'ucschar' })).toBe(true);
    expect(isValid('a\u202eb', { spec: 'rfc3987', rule: 'ihost' })).toBe(true);
    expect(isValid('http://a/\u2066b\u2069', { spec: 'rfc3987' })).toBe(true);
  });
  it('the hint of another era does not say that an IRI takes one', () => {
    const r = validate('http://a/\u202e', { spec: 'rfc3986' });
    expect(!r.valid && r.error.hint).toBe('percent-encode its UTF-8 bytes: U+202E → "%E2%80%AE"');
    const e = validate('http://a/\u00e9', { spec: 'rfc3986' });
    expect(!e.valid && e.error.hint).toContain('an IRI (spec rfc3987) takes it as typed');
  });
});
