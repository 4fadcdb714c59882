/**
 * The URN profiles (issue 25): what RFC 2141 §2.1, §2.3.2 and §2.4 and RFC 8141 §2.3.1 say in
 * prose about strings their grammars accept, checked after the grammar (src/profiles/urn.ts),
 * the same in the main entry point, the per-era ones and `--spec auto`. Expectations are the
 * texts' words: RFC 2141 §2.3.2 "Namespace developers SHOULD NOT use these characters in
 * unencoded form" (a warning), §2.1 "the NID "urn" is reserved and MUST NOT be used" (an error).
 */
import { describe, expect, it } from 'vitest';
import { isValid, validate } from '../src/index.js';
import { profileFor } from '../src/profiles/auto.js';
import * as rfc2141 from '../generated/entries/rfc2141.js';
import * as rfc8141 from '../generated/entries/rfc8141.js';

describe('RFC 2141 §2.3.2: "/", "?" and "#" unencoded in the NSS', () => {
  it.each([
    ['urn:a:b/c', 7, ['"/"']],
    ['urn:a:b?c', 7, ['"?"']],
    ['urn:a:b#c', 7, ['"#"']],
    ['urn:a:x%2Fy/z?q#f', 11, ['"/"', '"?"', '"#"']],
  ])('%s: valid, with a warning at offset %i citing §2.3.2', (input, offset, chars) => {
    const r = validate(input, { spec: 'rfc2141' });
    expect(r.valid).toBe(true);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings![0]).toMatchObject({ offset, rule: 'NSS', section: 'RFC 2141 §2.3.2' });
    for (const c of chars) expect(r.warnings![0]!.message).toContain(c);
    expect(r.warnings![0]!.message).toContain('SHOULD NOT use these characters in unencoded form');
  });
  it('their %-encodings draw no warning (§2.3.2: "use the appropriate %-encoding for each character")', () => {
    expect(validate('urn:a:b%2Fc%3Fd%23e', { spec: 'rfc2141' }).warnings).toBeUndefined();
    expect(validate('urn:foo:a123%2C456', { spec: 'rfc2141' }).warnings).toBeUndefined();
  });
  it('the "/" of "urn:" and the NID is no NSS character', () => {
    expect(validate('URN:foo:a123,456', { spec: 'rfc2141' }).warnings).toBeUndefined();
  });
  it('RFC 8141 allows them: no such warning there', () => {
    expect(validate('urn:example:a123,z456/foo', { spec: 'rfc8141' }).warnings).toBeUndefined();
  });
});

describe('RFC 2141 §2.1 and §2.4', () => {
  it('the NID "urn", in any case, is refused by the profile layer', () => {
    for (const input of ['urn:urn:x', 'urn:URN:x', 'URN:uRn:a/b']) {
      const r = validate(input, { spec: 'rfc2141' });
      expect(r.valid, input).toBe(false);
      expect(!r.valid && r.error).toMatchObject({ layer: 'profile', section: 'RFC 2141 §2.1', rule: 'NID', offset: 4 });
      expect(isValid(input, { spec: 'rfc2141' })).toBe(false);
      expect(isValid(input, { spec: 'rfc2141', grammarOnly: true })).toBe(true);
    }
  });
  it('%00: a warning (§2.4: "should NEVER be used, in either unencoded or %-encoded form")', () => {
    const r = validate('urn:a:b%00', { spec: 'rfc2141' });
    expect(r).toMatchObject({ valid: true, warnings: [{ offset: 7, section: 'RFC 2141 §2.4' }] });
  });
});

describe('RFC 8141 §2.3.1: the r-component ends at "?="', () => {
  it('what follows the first "?=" must be a q-component (the grammar holds, the prose fails)', () => {
    for (const [input, found] of [['urn:example:a?+b?=', null], ['urn:example:a?+b?=/x', '/'], ['urn:example:a?+b?=?x#f', '?']] as const) {
      const r = validate(input, { spec: 'rfc8141' });
      expect(r.valid, input).toBe(false);
      expect(!r.valid && r.error).toMatchObject({ layer: 'profile', section: 'RFC 8141 §2.3.1', rule: 'q-component', offset: 18, found });
      expect(validate(input, { spec: 'rfc8141', grammarOnly: true }).valid).toBe(true);
    }
  });
  it('the printed examples stay valid, without findings', () => {
    // §2.3.1, §2.3.2, §2.3.3 and §3.2 print these.
    for (const input of ['urn:example:foo-bar-baz-qux?+CCResolve:cc=uk', 'urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z', 'urn:example:foo-bar-baz-qux#somepart', 'urn:example:a123,z456?+abc', 'urn:example:a123,z456?=xyz', 'urn:example:a123,z456#789']) {
      expect(validate(input, { spec: 'rfc8141' }), input).toEqual({ input, spec: 'rfc8141', rule: 'namestring', valid: true });
    }
  });
});

describe('RFC 8141 §2.1 and §5: the strings that can be NIDs', () => {
  it('an NID no namespace can have is a profile error: "urn-" not followed by a Number (§5.2), "X-" (Appendix C)', () => {
    // §5.2: InformalNamespaceName = "urn-" Number, Number = DigitNonZero 0*Digit; NIDs are case insensitive (§2.1).
    const cases: Array<[string, string]> = [['urn:urn-abc:x', 'RFC 8141 §5.2'], ['urn:urn-0:x', 'RFC 8141 §5.2'], ['urn:urn-07:x', 'RFC 8141 §5.2'], ['urn:X-foo:x', 'RFC 8141 Appendix C'], ['urn:x-Foo:x', 'RFC 8141 Appendix C']];
    for (const [input, section] of cases) {
      expect(validate(input, { spec: 'rfc8141', grammarOnly: true }).valid, input).toBe(true);
      const r = validate(input, { spec: 'rfc8141' });
      expect(!r.valid && r.error, input).toMatchObject({ layer: 'profile', rule: 'NID', offset: 4, section });
      expect(isValid(input, { spec: 'rfc8141' }), input).toBe(false);
    }
  });
  it('an informal NID as §5.2 prints it is valid, and so is a formal NID of three characters or more', () => {
    for (const input of ['urn:urn-7:x', 'urn:URN-12:x', 'urn:urn-10:x', 'urn:example:x', 'urn:abc:x', 'urn:a-b:x', 'urn:x1-:x'.replace('-:', '-a:')]) {
      expect(validate(input, { spec: 'rfc8141' }), input).toEqual({ input, spec: 'rfc8141', rule: 'namestring', valid: true });
    }
  });
  it('what §5.1 reserves for a future use (two characters, two letters and "-") is a warning, the URN valid', () => {
    for (const input of ['urn:ab:x', 'urn:xn--a:b', 'urn:de-x:y', 'urn:AB-c:x']) {
      const r = validate(input, { spec: 'rfc8141' });
      expect(r, input).toMatchObject({ valid: true, warnings: [{ section: 'RFC 8141 §5.1', rule: 'NID', offset: 4 }] });
      expect(isValid(input, { spec: 'rfc8141' }), input).toBe(true);
    }
  });
});

describe('RFC 8141 §2.2: characters outside ASCII are UTF-8, then percent-encoded', () => {
  it('a run of triplets that is not UTF-8 gets a warning where it begins, in the component it is in', () => {
    const cases: Array<[string, number, string]> = [
      ['urn:example:caf%E9', 15, 'NSS'],
      ['urn:example:%C3', 12, 'NSS'],
      ['urn:example:%ED%A0%80', 12, 'NSS'], // an encoded surrogate
      ['urn:example:%C0%AF', 12, 'NSS'], // an overlong "/"
      ['urn:example:a%C3%A9b?+%FF', 22, 'r-component'],
      ['urn:example:a?=x%E9', 16, 'q-component'],
      ['urn:example:a#%80', 14, 'f-component'],
    ];
    for (const [input, offset, rule] of cases) {
      const r = validate(input, { spec: 'rfc8141' });
      expect(r, input).toMatchObject({ valid: true, warnings: [{ section: 'RFC 8141 §2.2', rule, offset }] });
    }
  });
  it('UTF-8 octets, and ASCII ones, get none', () => {
    for (const input of ['urn:example:caf%C3%A9', 'urn:example:%F0%9F%98%80x%41', 'urn:example:a%2Fb?=%E2%82%AC#%C3%A9']) {
      expect(validate(input, { spec: 'rfc8141' }), input).toEqual({ input, spec: 'rfc8141', rule: 'namestring', valid: true });
    }
  });
});

describe('the per-era entry points and --spec auto', () => {
  it('urispec/rfc2141 and urispec/rfc8141 check the prose as the main entry point does', () => {
    expect(rfc2141.isValid('urn:urn:x')).toBe(false);
    expect(rfc2141.validate('urn:a:b/c')).toMatchObject({ valid: true, warnings: [{ section: 'RFC 2141 §2.3.2' }] });
    expect(rfc2141.isValid('urn:urn:x', { grammarOnly: true })).toBe(true);
    expect(rfc8141.isValid('urn:example:a?+b?=')).toBe(false);
    expect(rfc8141.validate('urn:example:a?+b?=')).toMatchObject({ valid: false, error: { layer: 'profile' } });
  });
  it('--spec auto checks a urn URI by RFC 8141 (built on RFC 3986), never by RFC 2141 (its own BNF)', () => {
    expect(profileFor('urn:a:b', 'URI-reference')).toEqual({ spec: 'rfc8141', rule: 'namestring' });
    const r = validate('urn:example:a?+b?=', { spec: 'auto' });
    expect(r.verdicts?.map((v) => [v.spec, v.valid])).toEqual([['rfc3986', true], ['rfc8141', false]]);
  });
});
