/**
 * Scheme profiles (issue 25, src/profiles/): the rules RFC 9110 §4.2 states in prose, checked
 * after the grammar, with the layer that failed; `--spec auto`. Expectations are the RFC's
 * words: §4.2.1/§4.2.2 "A recipient that processes such a URI reference MUST reject it as
 * invalid" (an error), §4.2.4 "SHOULD parse for userinfo and treat its presence as an error"
 * (a warning: a SHOULD of the recipient, docs/decisions.md "rfc9110").
 */
import { describe, expect, it } from 'vitest';
import { compareEquivalence, equivalence, isValid, parse, validate } from '../src/index.js';
import { HTTP_PROSE, httpParts } from '../src/profiles/http.js';
import { erasWith, rowOf } from '../src/eras/table.js';
import { profileProse } from '../src/profiles/of-era.js';
import * as rfc9110 from '../generated/entries/rfc9110.js';
import { runInMemory } from './cli/cli-harness.js';

describe('RFC 9110 §4.2.1 and §4.2.2: an empty host', () => {
  it.each([
    ['http://:80/', 'http-URI', 7, 'RFC 9110 §4.2.1'],
    ['http:///a', 'http-URI', 7, 'RFC 9110 §4.2.1'],
    ['http://u@:1/', 'http-URI', 9, 'RFC 9110 §4.2.1'],
    ['https://', 'https-URI', 8, 'RFC 9110 §4.2.2'],
    ['HTTPS://:443?q', 'https-URI', 8, 'RFC 9110 §4.2.2'],
  ])('%s as %s: the grammar holds, the scheme\'s rule fails at %i (%s)', (input, rule, offset, section) => {
    expect(validate(input, { spec: 'rfc9110', rule, grammarOnly: true }).valid).toBe(true);
    expect(isValid(input, { spec: 'rfc9110', rule, grammarOnly: true })).toBe(true);
    expect(isValid(input, { spec: 'rfc9110', rule })).toBe(false);
    const r = validate(input, { spec: 'rfc9110', rule });
    expect(r.valid).toBe(false);
    if (r.valid) return;
    expect(r.error).toMatchObject({ layer: 'profile', offset, rule: 'host', rulePath: [rule, 'authority', 'host'], section, expected: [] });
    expect(r.error.message).toContain(`the grammar holds (RFC 3986 §3.2.2); the scheme's rule fails (${section}: an ${input.slice(0, input.indexOf(':')).toLowerCase()} URI with an empty host MUST be rejected)`);
  });

  it.each(['http://a', 'http://[::1]:/', 'http://0/', 'http://%41/', 'https://a:443'])('%s has a host', (input) => {
    const rule = input.startsWith('https') ? 'https-URI' : 'http-URI';
    expect(validate(input, { spec: 'rfc9110', rule })).toEqual({ input, spec: 'rfc9110', rule, valid: true });
  });

  it('a grammar failure of a profile era says its layer', () => {
    const r = validate('http://a b/', { spec: 'rfc9110' });
    expect(!r.valid && r.error.layer).toBe('grammar');
    // Eras without a profile have one layer and no `layer` field.
    const plain = validate('http://a b/');
    expect(!plain.valid && plain.error.layer).toBeUndefined();
  });
});

describe('RFC 9110 §4.2.4: userinfo is deprecated, a warning', () => {
  it('the URI stays valid and carries the warning, with its section and offset', () => {
    const r = validate('http://user:pass@a/', { spec: 'rfc9110' });
    expect(r.valid).toBe(true);
    expect(r.warnings).toEqual([expect.objectContaining({ offset: 7, rule: 'userinfo', section: 'RFC 9110 §4.2.4' })]);
    expect(r.warnings?.[0]?.message).toContain('deprecated');
    expect(isValid('http://user:pass@a/', { spec: 'rfc9110' })).toBe(true);
  });
  it('with an empty host too: the error, and the warning beside it', () => {
    const r = validate('http://u@:1/', { spec: 'rfc9110' });
    expect(!r.valid && r.error.section).toBe('RFC 9110 §4.2.1');
    expect(r.warnings?.map((w) => w.section)).toEqual(['RFC 9110 §4.2.4']);
  });
  it('grammarOnly skips the prose', () => {
    expect(validate('http://user@a/', { spec: 'rfc9110', grammarOnly: true })).toEqual({ input: 'http://user@a/', spec: 'rfc9110', rule: 'http-URI', valid: true });
  });
});

describe('RFC 9110 §4.2.5: no fragment in http-URI', () => {
  it('a "#" is a grammar failure whose hint names §4.2.5', () => {
    const r = validate('http://a/#f', { spec: 'rfc9110' });
    expect(!r.valid && r.error).toMatchObject({ layer: 'grammar', offset: 9 });
    expect(!r.valid && r.error.hint).toContain('RFC 9110 §4.2.5');
  });
  it('a "#" before the "//" is no fragment: the scheme is unfinished, so §4.2.5 is not the hint', () => {
    const r = validate('HTTP#s', { spec: 'rfc9110' });
    expect(!r.valid && r.error).toMatchObject({ offset: 4, found: '#' });
    expect(!r.valid && (r.error.hint ?? '')).not.toContain('§4.2.5');
  });
});

describe('the per-era entry point urispec/rfc9110 checks the prose too', () => {
  it('isValid and validate', () => {
    expect(rfc9110.isValid('http://:80/')).toBe(false);
    expect(rfc9110.isValid('http://:80/', { grammarOnly: true })).toBe(true);
    expect(rfc9110.validate('http://:80/')).toEqual(validate('http://:80/', { spec: 'rfc9110' }));
  });
});

describe('httpParts splits a valid http(s)-URI as RFC 3986 §3.2 reads its authority', () => {
  it.each([
    ['http://example.com:80/~smith/home.html', { host: 'example.com', port: '80', path: '/~smith/home.html' }],
    ['http://EXAMPLE.com:/%7esmith/home.html', { host: 'EXAMPLE.com', port: '', path: '/%7esmith/home.html' }],
    ['http://u:p@[::1]:8080?q', { userinfo: 'u:p', host: '[::1]', port: '8080', path: '', query: 'q' }],
    ['https://a?b/c?d', { host: 'a', path: '', query: 'b/c?d' }],
  ])('%s', (input, want) => {
    const p = httpParts(input);
    const got = Object.fromEntries(
      (['userinfo', 'host', 'port', 'path', 'query'] as const).flatMap((k) => (p[k] === undefined ? [] : [[k, p[k]!.value]])),
    );
    expect(got).toEqual(want);
    // Each part's offset points at its text.
    for (const k of ['userinfo', 'host', 'port', 'path', 'query'] as const) {
      const part = p[k];
      if (part) expect(input.slice(part.start, part.start + part.value.length)).toBe(part.value);
    }
  });
});

describe('the era table drives the profiles', () => {
  it('each profile\'s prose names a rule for every scheme of its row, and only those', () => {
    for (const id of erasWith('profile')) {
      const profile = rowOf(id)!.profile!;
      const prose = profileProse(id);
      expect(prose !== undefined).toBe(profile.prose !== undefined);
      if (prose) expect(Object.keys(prose.rules).sort()).toEqual([...profile.schemes].sort());
    }
    expect(profileProse('rfc9110')).toBe(HTTP_PROSE);
  });
});

describe("spec 'auto' (issue 25 point 3)", () => {
  it('an http URI with an empty host: RFC 3986 holds, RFC 9110 §4.2.1 fails', () => {
    const r = validate('http://:80/', { spec: 'auto' });
    expect(r).toMatchObject({ spec: 'auto', rule: 'URI-reference', valid: false, error: { layer: 'profile', section: 'RFC 9110 §4.2.1' } });
    expect(r.verdicts?.map((v) => [v.spec, v.rule, v.valid])).toEqual([
      ['rfc3986', 'URI-reference', true],
      ['rfc9110', 'http-URI', false],
    ]);
    expect(isValid('http://:80/', { spec: 'auto' })).toBe(false);
  });
  it('the scheme picks the profile and its rule, in any case', () => {
    expect(validate('HTTPS://a/', { spec: 'AUTO' as string }).verdicts?.map((v) => `${v.spec} ${v.rule} ${v.valid}`)).toEqual([
      'rfc3986 URI-reference true',
      'rfc9110 https-URI true',
    ]);
  });
  it('a scheme without a profile, or no scheme: RFC 3986 alone', () => {
    expect(validate('x:y', { spec: 'auto' }).verdicts?.map((v) => v.spec)).toEqual(['rfc3986']);
    expect(validate('/a b', { spec: 'auto' }).verdicts?.map((v) => v.spec)).toEqual(['rfc3986']);
    expect(isValid('x:y', { spec: 'auto' })).toBe(true);
  });
  it('the rule applies to RFC 3986; an RFC 3986 failure comes first', () => {
    const r = validate('http://a b/', { spec: 'auto', rule: 'URI' });
    expect(r.rule).toBe('URI');
    expect(!r.valid && r.error.rule).toBe('reg-name');
    expect(r.verdicts?.map((v) => v.valid)).toEqual([false, false]);
  });
});

describe('urispec validate --spec auto (the CLI)', () => {
  it("says that the grammar holds and RFC 9110 §4.2.1 fails for 'http://:80/'", async () => {
    const r = await runInMemory(['validate', '--spec', 'auto', 'http://:80/']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('✓ http://:80/  valid rfc3986 URI-reference');
    expect(r.stdout).toContain('✗ http://:80/  invalid rfc9110 http-URI at offset 7');
    expect(r.stdout).toContain("the grammar holds (RFC 3986 §3.2.2); the scheme's rule fails (RFC 9110 §4.2.1: an http URI with an empty host MUST be rejected)");
  });
  it('--json gives both verdicts', async () => {
    const r = await runInMemory(['validate', '--spec', 'auto', '--json', 'http://:80/', 'https://a/']);
    const [bad, good] = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(bad).toMatchObject({ input: 'http://:80/', spec: 'auto', valid: false, error: { layer: 'profile' } });
    expect(bad.verdicts.map((v: { spec: string; valid: boolean }) => `${v.spec} ${v.valid}`)).toEqual(['rfc3986 true', 'rfc9110 false']);
    expect(good).toMatchObject({ input: 'https://a/', valid: true });
  });
  it('--grammar-only turns the prose off; a warning shows in the readable output', async () => {
    expect((await runInMemory(['validate', '--spec', 'rfc9110', '--grammar-only', 'http://:80/'])).status).toBe(0);
    const w = await runInMemory(['validate', '--spec', 'rfc9110', 'http://u@a/']);
    expect(w.status).toBe(0);
    expect(w.stdout).toMatch(/warning .*RFC 9110 §4\.2\.4/);
  });
});

describe('RFC 9110 §4.2.3: equivalence with its reasons', () => {
  // §4.2.3: "For example, the following three URIs are equivalent".
  const THREE = ['http://example.com:80/~smith/home.html', 'http://EXAMPLE.com/%7Esmith/home.html', 'http://EXAMPLE.com:/%7esmith/home.html'];
  it.each([
    [THREE[0]!, THREE[1]!],
    [THREE[0]!, THREE[2]!],
    [THREE[1]!, THREE[2]!],
  ])('%s and %s are equivalent, and the reasons cite §4.2.3', (a, b) => {
    const e = equivalence(a, b, { spec: 'rfc9110' });
    expect(e.equivalent).toBe(true);
    expect(e.because.length).toBeGreaterThan(0);
    for (const reason of e.because) expect(reason).toContain('RFC 9110 §4.2.3');
  });
  it('an empty path is "/", a default port is no port (§4.2.3)', () => {
    const e = equivalence('https://a:443', 'https://a/', { spec: 'rfc9110' });
    expect(e.equivalent).toBe(true);
    expect(e.because.join('\n')).toMatch(/port "443" and none[^\n]*default/);
    expect(e.because.join('\n')).toContain('an empty path component is equivalent to an absolute path of "/"');
  });
  it('not equal because: another scheme (§4.2.2), a query in another case, another port', () => {
    expect(equivalence('http://a/', 'https://a/', { spec: 'rfc9110' })).toMatchObject({ equivalent: false, because: [expect.stringContaining('RFC 9110 §4.2.2')] });
    expect(equivalence('http://a/?q', 'http://a/?Q', { spec: 'rfc9110' }).because).toEqual([expect.stringContaining('compared in a case-sensitive manner')]);
    // 8080 is not http's default port 80 (§4.2.2): the port's rule is the reason, not case.
    expect(equivalence('http://a:8080/', 'http://a/', { spec: 'rfc9110' })).toMatchObject({ equivalent: false, because: [expect.stringMatching(/^port "8080" and none .*the default port for a scheme/)] });
  });
  it('a port is a value (RFC 3986 §3.2.3): 0080 is the default port 80; 08080 is 8080 but not omitted', () => {
    const e = equivalence('http://a:0080/', 'http://a/', { spec: 'rfc9110' });
    expect(e).toMatchObject({ equivalent: true, because: [expect.stringMatching(/^port "0080" and none: the scheme's default either way \(RFC 9110 §4.2.3/)] });
    const f = equivalence('http://a:08080/', 'http://a:8080/', { spec: 'rfc9110' });
    expect(f).toMatchObject({ equivalent: false, because: [expect.stringMatching(/^port "08080" and "8080" after normalization \(the same port number .*omits only the scheme's default/)] });
  });
  it('an invalid URI is equivalent to nothing, and says why', () => {
    const e = equivalence('http://:80/', 'http://:80/', { spec: 'rfc9110' });
    expect(e.equivalent).toBe(false);
    expect(e.because[0]).toContain('RFC 9110 §4.2.1');
  });
  it('the CLI: urispec normalize --spec rfc9110 --equivalent A B', async () => {
    const eq = await runInMemory(['normalize', '--spec', 'rfc9110', '--equivalent', THREE[0]!, THREE[2]!]);
    expect(eq.status).toBe(0);
    expect(eq.stdout).toMatch(/^equal because\n/);
    const ne = await runInMemory(['normalize', '--spec', 'rfc9110', '--equivalent', 'http://a/', 'https://a/']);
    expect(ne.status).toBe(1);
    expect(ne.stdout).toMatch(/^not equal because\n/);
  });
});

describe('equivalence: each reason names the difference it is about', () => {
  const reasons = (a: string, b: string, spec?: 'rfc3986' | 'rfc3987' | 'rfc9110') => equivalence(a, b, spec ? { spec } : {});
  it('an IRI character and its percent-encoded UTF-8: RFC 3987 §3.1 and §5.3.2.3, not §6.2.2.2 (U+E000 is no unreserved character, RFC 3986 §2.3)', () => {
    const e = reasons('http://a/?%EE%80%80', 'http://a/?\uE000', 'rfc3987');
    expect(e.equivalent).toBe(true);
    expect(e.because).toEqual([expect.stringMatching(/^query "%EE%80%80" and "\uE000": a percent-encoded UTF-8 character and the character \(RFC 3987 §5\.3\.2\.3: .*§3\.1 step 2/)]);
    expect(e.because.join('\n')).not.toContain('§6.2.2.2');
    // Both kinds in one query: "~" is unreserved (§6.2.2.2), U+E000 is not (§5.3.2.3).
    const both = reasons('http://a/?%7e%EE%80%80', 'http://a/?~\uE000', 'rfc3987').because.join('\n');
    expect(both).toContain('RFC 3986 §6.2.2.2');
    expect(both).toContain('RFC 3987 §5.3.2.3');
  });
  it('RFC 3986 §6.2.2\'s example: scheme case, hex-digit case, a decoded unreserved character, dot-segments, each named', () => {
    const e = reasons('example://a/b/c/%7Bfoo%7D', 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d');
    expect(e.equivalent).toBe(true);
    expect(e.because[0]).toMatch(/^scheme "example" and "eXAMPLE": case only \(RFC 3986 §6\.2\.2\.1/);
    expect(e.because[1]).toMatch(/^path .*hex digits \(RFC 3986 §6\.2\.2\.1.*; percent-encoded unreserved characters, decoded \(RFC 3986 §6\.2\.2\.2.*; dot-segments \(RFC 3986 §6\.2\.2\.3/);
    // Only what differs: hex-digit case alone cites neither decoding nor dot-segments.
    expect(reasons('http://a/%2f', 'http://a/%2F').because).toEqual([expect.stringMatching(/^path "\/%2f" and "\/%2F": the case of percent-encodings' hex digits \(RFC 3986 §6\.2\.2\.1[^;]*$/)]);
  });
  it('not equal: an empty path against "/" where the scheme defines none (RFC 3986 §6.2.3), not case', () => {
    const e = reasons('foo://a', 'foo://a/');
    expect(e).toMatchObject({ equivalent: false, because: [expect.stringContaining('unless licensed to do so by the scheme specification')] });
    expect(e.because.join('\n')).not.toContain('case-sensitive');
  });
  it('not equal: a sequence and its canonical equivalent in an IRI (RFC 3987 §5.3.2.2), not case', () => {
    const e = reasons('http://a/e\u0301', 'http://a/\u00e9', 'rfc3987');
    expect(e).toMatchObject({ equivalent: false, because: [expect.stringContaining('appropriately pre-character-normalized')] });
    expect(e.because.join('\n')).not.toContain('case-sensitive');
  });
  it('not equal: a reserved character and its encoding (RFC 3986 §2.2), an empty query and none (§6.2.3), other characters (§6.2.1); letter case is case', () => {
    expect(reasons('http://a/?%2F', 'http://a/?/').because).toEqual([expect.stringContaining('"URIs that differ in the replacement of a reserved character with its corresponding percent-encoded octet are not equivalent"')]);
    expect(reasons('http://a/x', 'http://a/x?').because).toEqual([expect.stringContaining('"http://example.com/?" cannot be assumed to be equivalent')]);
    expect(reasons('http://a/x', 'http://a/y').because).toEqual([expect.stringMatching(/other characters, RFC 3986 §6\.2\.1/)]);
    expect(reasons('http://a/x', 'http://a/X').because).toEqual([expect.stringMatching(/letter case only, RFC 3986 §6\.2\.2\.1: "The other generic syntax components are assumed to be case-sensitive"/)]);
  });
});

describe('urispec compare --equivalent: every normalizing era, each by its own rule', () => {
  // RFC 3986 §6.2.3: "the following four URIs are equivalent"; RFC 9110 §4.2.3 follows it for http.
  const FOUR = ['http://example.com', 'http://example.com/', 'http://example.com:/', 'http://example.com:80/'];
  it.each(FOUR.slice(1).map((b) => [FOUR[0]!, b]))('%s and %s: equal under every era that normalizes, each citing its own section', (a, b) => {
    const c = compareEquivalence(a, b);
    // RFC 3986, RFC 3987 and the profile of http; not the URN eras' (a profile applies to its schemes).
    expect(c.results.map((r) => r.spec)).toEqual(erasWith('normalization').filter((id) => !rowOf(id)!.profile || rowOf(id)!.profile!.schemes.includes('http')));
    expect(c.results.map((r) => r.spec)).toContain('rfc9110');
    expect(c.results.map((r) => r.spec)).not.toContain('rfc8141');
    for (const r of c.results) {
      expect(r.equivalent, r.spec).toBe(true);
      for (const reason of r.because) expect(reason).toContain(rowOf(r.spec)!.normalization!.section);
    }
    // RFC 3986's reasons are its own words, not RFC 9110's.
    const generic = c.results.find((r) => r.spec === 'rfc3986')!;
    expect(generic.because.join('\n')).not.toContain('RFC 9110');
  });
  it('an IRI and its URI: equal by RFC 3987 §5.3.2.3 only (RFC 3986 refuses the IRI)', () => {
    const c = compareEquivalence('http://a/ros%C3%A9', 'http://a/rosé', { specs: ['rfc3986', 'rfc3987'] });
    expect(c.results.map((r) => r.equivalent)).toEqual([false, true]);
    expect(c.results[1]!.because.join('\n')).toContain('RFC 3987 §5.3.2.3');
  });
  it('the CLI: a block an era, exit status 0 only when equal under each', async () => {
    const eq = await runInMemory(['compare', '--equivalent', FOUR[0]!, FOUR[3]!]);
    expect(eq.status).toBe(0);
    for (const id of ['rfc3986', 'rfc3987', 'rfc9110']) expect(eq.stdout).toContain(`${id}: equal because`);
    const ne = await runInMemory(['compare', '--equivalent', '--json', 'http://a/', 'https://a/']);
    expect(ne.status).toBe(1);
    expect(JSON.parse(ne.stdout).results.every((r: { equivalent: boolean }) => !r.equivalent)).toBe(true);
    expect((await runInMemory(['compare', '--equivalent', 'http://a/'])).status).toBe(2);
    expect((await runInMemory(['compare', '--equivalent', '--specs', 'rfc1808', 'a', 'b'])).status).toBe(2);
  });
});

describe('components of http(s) URIs (RFC 9110 §4.2.1, §4.2.2)', () => {
  it('scheme, authority, host and the effective port: the default when empty or not given', () => {
    const given = parse('http://a:8080/b', { spec: 'rfc9110' });
    expect(given.valid && given.components['effective port']).toMatchObject({ value: '8080', kind: 'port' });
    for (const [input, rule, port] of [['http://a/', 'http-URI', '80'], ['http://a:/', 'http-URI', '80'], ['HTTPS://a', 'https-URI', '443']] as const) {
      const r = parse(input, { spec: 'rfc9110', rule });
      expect(r.valid, input).toBe(true);
      if (!r.valid) continue;
      expect(r.components['effective port']).toMatchObject({ value: port, kind: 'default' });
      expect(r.components.scheme?.value).toBe(input.slice(0, input.indexOf(':')));
      expect(r.components.host?.value).toBe('a');
      expect(r.components.authority?.value).toBe(input.includes(':/') && input.includes('a:/') ? 'a:' : 'a');
    }
  });
  it('an empty host is refused by parse as by validate', () => {
    expect(parse('http://:80/', { spec: 'rfc9110' })).toMatchObject({ valid: false, error: { layer: 'profile' } });
  });
});
