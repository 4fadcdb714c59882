// The library's promises (contract, "Library"): no input string makes validate throw; misuse
// throws a UsageError naming the choices; the spec metadata comes from the grammars.
import { describe, expect, it } from 'vitest';
import { validate, isValid, specs, UsageError } from '../src/index.js';
import { rowOf } from '../src/eras/table.js';

const eraRules = specs().map((s) => [s.id, s.defaultRule] as const);

/** A valid beginning of the default rule's strings: `http://a/`, a URN in the URN eras, `file:///` in rfc8089, a mailto URI in rfc6068, a data URL in rfc2397. */
const START: Record<string, string> = { rfc8141: 'urn:ex:', rfc2141: 'urn:ex:', rfc8089: 'file:///', rfc6068: 'mailto:a@', rfc2397: 'data:,' };
const startOf = (spec: string): string => START[spec] ?? 'http://a/';

// The bad-input list of the foundation issue: each gives a result, never an exception.
const BAD_INPUTS: Array<[string, string]> = [
  ['empty', ''],
  ['NUL', 'http://a/\u0000'],
  ['control characters', 'http://a/\u0001\u001f\u007f'],
  ['tab and newline', 'http://a/\tb\nc'],
  ['CR at the end', 'http://a/\r'],
  ['non-ASCII', 'http://例え.jp/'],
  ['astral', 'http://a/\u{1F600}'],
  ['lone high surrogate', 'http://a/\ud800'],
  ['lone low surrogate', '\udc00'],
  ['replacement character (invalid UTF-8 after decoding)', 'http://a/\ufffd'],
  ['only spaces', '   '],
];

describe.each(eraRules)('%s (start rule %s) on bad input', (spec) => {
  it.each(BAD_INPUTS)('%s gives a result and no exception', (_name, input) => {
    const r = validate(input, { spec });
    expect(r.input).toBe(input);
    expect(r.spec).toBe(spec);
    expect(isValid(input, { spec })).toBe(r.valid);
    if (!r.valid) {
      expect(r.error.offset).toBeGreaterThanOrEqual(0);
      expect(r.error.offset).toBeLessThanOrEqual(input.length);
      // Every character before the offset was accepted by some rule, so it is ASCII (contract).
      expect(input.slice(0, r.error.offset)).toMatch(/^[\x00-\x7f]*$/);
      expect(r.error.found).toBe(r.error.offset < input.length ? String.fromCodePoint(input.codePointAt(r.error.offset)!) : null);
      expect(r.error.message).toContain(String(r.error.offset));
      expect(JSON.parse(JSON.stringify(r.error))).toEqual(r.error);
    }
  });

  // RFC 6570 §2.1: a template's literals include ucschar and pct-encoded, and its grammar has no
  // rule to end them; U+0080, a C1 control, is outside every other era's language (RFC 3987's
  // ucschar begins at U+00A0).
  it.skipIf(rowOf(spec)?.template !== undefined)('rejects a non-ASCII character at its offset', () => {
    const input = `${startOf(spec)}\u0080`;
    const r = validate(input, { spec, rule: specs().find((s) => s.id === spec)!.defaultRule });
    expect(r.valid).toBe(false);
    if (!r.valid) expect(r.error.found).toBe('\u0080');
  });

  it('validates a 1 MB input without a stack overflow', () => {
    const long = startOf(spec) + 'abcdefghi/'.repeat(100_000);
    expect(() => validate(long, { spec })).not.toThrow();
    // NUL is outside every grammar (draft-ietf-uri-url-03's `extra` even allows a space).
    const r = validate(long + '\u0000', { spec });
    expect(r.valid).toBe(false);
    if (!r.valid) expect(r.error.offset).toBe(long.length);
  });
});

describe('usage errors', () => {
  it('names the specs for an unknown spec', () => {
    const e = (() => {
      try {
        // A spec known only at run time (a literal one would not compile: test/entry-points.test.ts).
        validate('x', { spec: 'rfc9999' as string });
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(UsageError);
    expect((e as UsageError).kind).toBe('spec');
    expect((e as UsageError).choices).toEqual(specs().map((s) => s.id));
    expect((e as UsageError).message).toContain('rfc3986');
  });
  it('names the rules for an unknown rule', () => {
    const nope: string = 'nope';
    expect(() => isValid('x', { rule: nope })).toThrow(UsageError);
    try {
      isValid('x', { rule: nope });
    } catch (err) {
      expect((err as UsageError).kind).toBe('rule');
      expect((err as UsageError).choices).toContain('URI-reference');
    }
  });
  it('matches rule names case-insensitively and reports the spec spelling', () => {
    // In any case at run time; the types take the printed spelling, so these come as strings.
    const r = validate('http://a/', { rule: 'uri' as string });
    expect(r).toEqual({ valid: true, input: 'http://a/', spec: 'rfc3986', rule: 'URI' });
    expect(validate('1.2.3.4', { rule: 'ipv4ADDRESS' as string }).rule).toBe('IPv4address');
  });
  it('refuses union for a rule without a printed union', () => {
    expect(() => validate('http://a/', { union: true })).toThrow(UsageError);
  });
});

describe('specs()', () => {
  const all = specs();
  it('lists rfc3986 first among eras of its date and newest first', () => {
    const dates = all.map((s) => s.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.map((s) => s.id)).toContain('rfc3986');
  });
  it('reads RFC 3986 from its grammar: title, date, default rule, sections', () => {
    const s = all.find((x) => x.id === 'rfc3986')!;
    expect(s).toMatchObject({ date: '2005-01', defaultRule: 'URI-reference', notation: 'ABNF' });
    const section = Object.fromEntries(s.rules.map((r) => [r.name, r.section]));
    // RFC 3986: the section each rule is defined in.
    expect(section).toMatchObject({
      URI: '3', 'hier-part': '3', 'URI-reference': '4.1', 'absolute-URI': '4.3', 'relative-ref': '4.2',
      scheme: '3.1', authority: '3.2', userinfo: '3.2.1', host: '3.2.2', port: '3.2.3', 'reg-name': '3.2.2',
      'path-abempty': '3.3', query: '3.4', fragment: '3.5', 'pct-encoded': '2.1', unreserved: '2.3', 'sub-delims': '2.2',
    });
    expect(s.rules.filter((r) => r.core).map((r) => r.name).sort()).toEqual(['ALPHA', 'DIGIT', 'HEXDIG']);
  });
  it('keeps every rule of RFC 3986 Appendix A, in its order', () => {
    const names = all.find((x) => x.id === 'rfc3986')!.rules.filter((r) => !r.core).map((r) => r.name);
    expect(names).toEqual([
      'URI', 'hier-part', 'URI-reference', 'absolute-URI', 'relative-ref', 'relative-part', 'scheme', 'authority',
      'userinfo', 'host', 'port', 'IP-literal', 'IPvFuture', 'IPv6address', 'h16', 'ls32', 'IPv4address', 'dec-octet',
      'reg-name', 'path', 'path-abempty', 'path-absolute', 'path-noscheme', 'path-rootless', 'path-empty', 'segment',
      'segment-nz', 'segment-nz-nc', 'pchar', 'query', 'fragment', 'pct-encoded', 'unreserved', 'reserved',
      'gen-delims', 'sub-delims',
    ]);
  });
});
