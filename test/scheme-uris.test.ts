/**
 * A URI of a profile's scheme read by a rule other than the scheme's own (src/profiles/of-era.ts
 * `schemeTargets`, src/profiles/profile.ts `fragment`): the era's `URI-reference` (RFC 9110's is
 * RFC 3986's), and `--spec auto`.
 *
 * What the RFCs say:
 * - A scheme's RFC defines its URIs by its rule: RFC 9110 §4.2.1 "http-URI = "http" "://"
 *   authority path-abempty [ "?" query ]"; RFC 3986 §3.2.2: "the "http" scheme considers a
 *   missing authority or empty host invalid". So `http:/a`, an RFC 3986 `URI-reference`, is no
 *   http URI, and RFC 9110's `URI-reference` does not hold it.
 * - The fragment is no part of a scheme's definition: RFC 9110 §4.2.5 ("The fragment identifier
 *   component is not part of the scheme definition for a URI scheme"), RFC 3986 §3.5 ("Fragment
 *   identifier semantics are independent of the URI scheme and thus cannot be redefined by
 *   scheme specifications"). So `http://a/b#f` is an http URI reference: its part before "#" is
 *   an `http-URI`. RFC 8141's `namestring` takes its `f-component` itself; RFC 6068 §2 advises
 *   against a fragment ("SHOULD NOT be used on 'mailto' URIs"): a warning.
 *
 * The examples below are those texts'; the property holds every profile era's rules that begin
 * with a scheme to the definition, computed from the grammar alone (`grammarOnly`) and the
 * scheme's rule on the part before "#", over the vectors of the era and of the era it builds on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { componentValues, equivalence, isValid, normalize, parse, validate } from '../src/index.js';
import { erasWith, rowOf } from '../src/eras/table.js';
import { profileProse } from '../src/profiles/of-era.js';
import { runInMemory } from './cli/cli-harness.js';

type Row = [spec: string, rule: string, input: string, valid: boolean, error?: Record<string, unknown>, warning?: string];

const ROWS: Row[] = [
  // RFC 9110 §4.2.5: the fragment is the reference's; the part before it is an http-URI.
  ['rfc9110', 'URI-reference', 'http://a/b#f', true],
  ['rfc9110', 'URI', 'HTTPS://a/b?q#f', true],
  // RFC 3986 §3.2.2: "the "http" scheme considers a missing authority ... invalid".
  ['rfc9110', 'URI-reference', 'http:/a', false, { offset: 6, rule: 'http-URI', rulePath: ['http-URI'], found: 'a', layer: 'grammar' }],
  // RFC 3986 §5.4.2's "http:g", which RFC 3986 holds as a URI.
  ['rfc9110', 'URI', 'http:g', false, { offset: 5, rule: 'http-URI', found: 'g' }],
  ['rfc9110', 'absolute-URI', 'https:', false, { offset: 6, rule: 'https-URI', found: null }],
  // §4.2.1: "A recipient that processes such a URI reference MUST reject it as invalid".
  ['rfc9110', 'URI-reference', 'http://:80/#f', false, { offset: 7, rule: 'host', rulePath: ['http-URI', 'authority', 'host'], layer: 'profile', section: 'RFC 9110 §4.2.1' }],
  // An error where the part before "#" ends finds the "#".
  ['rfc9110', 'URI-reference', 'http:#x', false, { offset: 5, rule: 'http-URI', found: '#' }],
  // Relative references and other schemes: RFC 3986's rule alone.
  ['rfc9110', 'URI-reference', '//:80/a', true],
  ['rfc9110', 'URI-reference', 'ftp:/a', true],
  // RFC 8089 §2: file-URI = file-scheme ":" file-hier-part.
  ['rfc8089', 'URI-reference', 'file:///a#x', true],
  ['rfc8089', 'URI', 'file:#x', false, { offset: 5, rule: 'file-hier-part', found: '#' }],
  // RFC 8141 §2: `namestring = assigned-name [ rq-components ] [ "#" f-component ]`.
  ['rfc8141', 'URI-reference', 'urn:example:a#b', true],
  // RFC 8141 Appendix C: "X-" NIDs are "not valid URNs"; §2: the NID is at least two characters.
  ['rfc8141', 'absolute-URI', 'urn:X-abc:x', false, { offset: 4, rule: 'NID' }],
  ['rfc8141', 'URI', 'urn:a:b#c', false, { offset: 5, rule: 'NID' }],
  // §2: `q-component = pchar *( pchar / "/" / "?" )`: the "?=" after the r-component "b" needs one.
  ['rfc8141', 'URI-reference', 'urn:ex:a?+b?=', false, { offset: 13 }],
  // RFC 6068 §2: fragments "SHOULD NOT be used on 'mailto' URIs".
  ['rfc6068', 'URI', 'mailto:a@b#x', true, undefined, 'RFC 6068 §2'],
  ['rfc6068', 'URI-reference', 'mailto:Mike&family@example.org', false, { layer: 'profile' }],
  // RFC 2397 builds on RFC 2396: its URI-reference and absoluteURI.
  ['rfc2397', 'URI-reference', 'data:,x#y', true],
  ['rfc2397', 'absoluteURI', 'data:x', false, { offset: 6, found: null }],
  // RFC 2396 §3.1: "programs interpreting URI should treat upper case letters as equivalent to
  // lower case in scheme names"; RFC 3986 §3.1: "the canonical form is lowercase". The scheme's
  // rule reads the URI with its scheme lower-cased, at the same offsets (dataurl's "data:" is
  // case-sensitive: `DATA:,a` is no `dataurl`, below).
  ['rfc2397', 'URI-reference', 'DATA:,a', true],
  ['rfc2397', 'absoluteURI', 'Data:,a', true],
  ['rfc2397', 'URI-reference', 'DaTa:,a#f', true],
  ['rfc2397', 'absoluteURI', 'DATA:x', false, { offset: 6, found: null, rule: 'token' }],
  // Profiles whose scheme literal is ABNF's, case-insensitive already (RFC 5234 §2.3).
  ['rfc9110', 'URI-reference', 'HTTP://a/', true],
  ['rfc8141', 'URI', 'URN:ISBN:1', true],
  ['rfc8089', 'URI', 'FILE:x', false, { offset: 5, rule: 'file-hier-part', found: 'x' }],
];

describe('a URI of a scheme read by the era\'s rules that begin with a scheme', () => {
  it.each(ROWS)('%s %s %j: valid %s', (spec, rule, input, valid, error, warning) => {
    const r = validate(input, { spec, rule });
    expect(r.valid).toBe(valid);
    expect(isValid(input, { spec, rule })).toBe(valid);
    // The grammar alone is RFC 3986's (or RFC 2396's) rule: every row's input is in it.
    expect(isValid(input, { spec, rule, grammarOnly: true })).toBe(true);
    if (!r.valid) expect(r.error).toMatchObject(error ?? {});
    expect(r.warnings?.map((w) => w.section) ?? []).toEqual(warning === undefined ? expect.anything() : expect.arrayContaining([warning]));
  });
});

describe("spec 'auto': the scheme's rule reads the URI before its fragment", () => {
  it.each([
    ['http://a/b#frag', true, 10],
    ['HTTP://a/b?q#f', true, 12],
    ['file:#x', false, 5],
    ['mailto:a@b#x', true, 10],
    ['urn:example:a#b', true, undefined],
    ['data:,x#y', true, 7],
    ['http://a/b', true, undefined],
  ] as const)('%j: valid %s, the profile\'s verdict up to %s', (input, valid, upTo) => {
    const r = validate(input, { spec: 'auto' });
    expect(r.valid).toBe(valid);
    expect(isValid(input, { spec: 'auto' })).toBe(valid);
    expect(r.verdicts).toHaveLength(2);
    expect(r.verdicts![1]!.upTo).toBe(upTo);
  });
  it.each([
    ['DATA:,a', true],
    ['Data:,a#f', true],
    ['HTTP://a/', true],
    ['URN:ISBN:1', true],
    ['DATA:x', false],
  ] as const)('%j: the scheme\'s rule reads it with its scheme lower-cased: valid %s', (input, valid) => {
    const r = validate(input, { spec: 'auto' });
    expect(r.valid).toBe(valid);
    expect(r.input).toBe(input);
    expect(r.verdicts?.[1]?.valid).toBe(valid);
    expect(isValid(input, { spec: 'auto' })).toBe(valid);
    if (!r.valid) expect(r.error).toMatchObject({ offset: 6, rule: 'token' });
  });
  it('dataurl itself keeps its case-sensitive "data:" (decision rfc2397 "Literal case")', async () => {
    expect(validate('DATA:,a', { spec: 'rfc2397' })).toMatchObject({ valid: false, error: { offset: 0, rule: 'dataurl' } });
    const r = await runInMemory(['validate', '--spec', 'rfc2397', '--rule', 'URI-reference', 'DATA:,a']);
    expect(r.stdout).toContain('✓ DATA:,a  valid rfc2397 URI-reference');
    expect(r.status).toBe(0);
  });
  it('the readable output says which part a verdict is of', async () => {
    const r = await runInMemory(['validate', '--spec', 'auto', 'http://a/b#frag', 'file:#x']);
    expect(r.stdout).toContain('✓ http://a/b#frag  valid rfc9110 http-URI, read before the "#" at 10');
    expect(r.stdout).toContain('✗ file:#x  invalid rfc8089 file-URI, read before the "#" at 5, at offset 5');
    expect(r.status).toBe(1);
  });
});

describe("spec 'auto': only a rule that begins with a scheme reads one", () => {
  // RFC 3986 §3.4: `query = *( pchar / "/" / "?" )`: `http:x` is a query, no URI with a scheme.
  // The rules that begin with one are RFC 3986's `withScheme` in the era table.
  const WITH_SCHEME = rowOf('rfc3986')!.withScheme as readonly string[];
  it.each([
    ['query', 'http:x'],
    ['fragment', 'urn:x'],
    ['path', 'mailto:x'],
    ['segment', 'file:x'],
    ['userinfo', 'data:x'],
  ] as const)('rule %s, %j: RFC 3986\'s verdict alone', (rule, input) => {
    const r = validate(input, { spec: 'auto', rule });
    expect(r.valid).toBe(true);
    expect(r.verdicts).toEqual([{ spec: 'rfc3986', rule, valid: true }]);
    expect(isValid(input, { spec: 'auto', rule })).toBe(true);
    // The era's own rule of that name is RFC 3986's too.
    if (rule === 'query') expect(isValid(input, { spec: 'rfc9110', rule })).toBe(true);
  });
  it.each(WITH_SCHEME)('rule %s: the scheme\'s profile too', (rule) => {
    const r = validate('http:x', { spec: 'auto', rule });
    expect(r.valid).toBe(false);
    expect(r.verdicts?.map((v) => v.spec)).toEqual(['rfc3986', 'rfc9110']);
    expect(isValid('http:x', { spec: 'auto', rule })).toBe(false);
    // Rules match in any case, and the default rule is URI-reference.
    expect(isValid('http:x', { spec: 'auto', rule: rule.toLowerCase() })).toBe(false);
  });
  it('the default rule, and the CLI', async () => {
    expect(isValid('http:x', { spec: 'auto' })).toBe(false);
    const r = await runInMemory(['validate', '--spec', 'auto', '--rule', 'query', 'http:x']);
    expect(r.stdout).toContain('✓ http:x  valid rfc3986 query');
    expect(r.stdout).not.toContain('rfc9110');
    expect(r.status).toBe(0);
  });
});

/** Every profile era built on another, with that era's rules that begin with a scheme. */
const ERAS = erasWith('profile').flatMap((spec) => {
  const on = rowOf(spec)!.profile!.on;
  const rules = on === undefined ? [] : ((rowOf(on)!.withScheme ?? []) as readonly string[]);
  return rules.length === 0 ? [] : [{ spec, on: on!, rules }];
});

/** The inputs of an era's vectors (test/vectors/<era>/*.json). */
function vectorInputs(era: string): string[] {
  const dir = new URL(`./vectors/${era}/`, import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => (JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as { input: string }[]).map((v) => v.input));
}

describe('the definition, over the vectors', () => {
  it('every profile era built on another has rules that begin with a scheme', () => {
    expect(ERAS.map((e) => e.spec).sort()).toEqual(['rfc2397', 'rfc6068', 'rfc8089', 'rfc8141', 'rfc9110']);
  });
  it.each(ERAS)('$spec: valid exactly when the grammar holds and, for a URI of its schemes, the scheme\'s rule holds the part it reads', ({ spec, on, rules }) => {
    const prose = profileProse(spec)!;
    const base = [...vectorInputs(spec), ...vectorInputs(on)];
    // Each input also with a fragment, and for a URI of the profile's schemes, cut at each "#".
    const inputs = [...new Set([...base, ...base.map((s) => `${s}#x`)])];
    let checked = 0;
    for (const rule of rules) {
      for (const input of inputs) {
        if (!isValid(input, { spec, rule, grammarOnly: true })) {
          expect(isValid(input, { spec, rule }), `${rule} ${input}`).toBe(false);
          continue;
        }
        const scheme = /^[A-Za-z][A-Za-z0-9+.-]*(?=:)/.exec(input)?.[0].toLowerCase();
        const own = scheme === undefined ? undefined : prose.rules[scheme];
        // The scheme's rule reads the URI with its scheme lower-cased (RFC 2396 §3.1, RFC 3986 §3.1).
        const read = scheme === undefined ? input : scheme + input.slice(scheme.length);
        const hash = read.indexOf('#');
        const part = own === undefined || prose.fragment === 'own' || hash < 0 ? read : read.slice(0, hash);
        const expected = own === undefined || isValid(part, { spec, rule: own });
        expect(isValid(input, { spec, rule }), `${rule} ${input}`).toBe(expected);
        expect(validate(input, { spec, rule }).valid, `${rule} ${input}`).toBe(expected);
        if (own !== undefined) checked++;
      }
    }
    // Each era's vectors hold URIs of its schemes that the rules read.
    expect(checked).toBeGreaterThan(20);
  });
});

describe('normalize and equivalence in rfc9110: the part before "#" by the scheme\'s rule, the fragment by RFC 3986 §6.2.2', () => {
  it.each([
    // §4.2.3: scheme and host case, the default port, and an empty path as "/"; RFC 3986
    // §6.2.2.1/§6.2.2.2 in the fragment: "%7e" is "~", "%2f" is "%2F".
    ['HTTP://A:80/%7e/./b#%7e%2f', 'http://a/~/b#~%2F'],
    ['https://A:443#F', 'https://a/#F'],
    ['http://a/b#', 'http://a/b#'],
  ])('%s → %s', (input, normalized) => {
    expect(normalize(input, { spec: 'rfc9110' })).toEqual({ input, normalized });
  });
  it.each([
    ['http://a/#f#g', 11, 'fragment'],
    ['HTTP://:80/#x', 7, 'host'],
  ])('%s is no http URI reference: the error of the era\'s URI-reference (offset %i, %s)', (input, offset, rule) => {
    expect(normalize(input, { spec: 'rfc9110' }).error).toMatchObject({ offset, rule });
  });
  it('equivalence gives each difference its section, the fragment\'s too', () => {
    const e = equivalence('http://a/b#x', 'HTTP://A:80/b#%78', { spec: 'rfc9110' });
    expect(e.equivalent).toBe(true);
    expect(e.because.map((b) => b.split(' ')[0])).toEqual(['scheme', 'host', 'port', 'fragment']);
    expect(equivalence('http://a/b#x', 'http://a/b#y', { spec: 'rfc9110' }).equivalent).toBe(false);
  });
  it('the fragment\'s reasons cite RFC 3986 §6.2.2, which normalizes it, not RFC 9110 §4.2.3 (§4.2.5: "not part of the scheme definition")', () => {
    const [eq] = equivalence('http://a/#%7e', 'http://a/#~', { spec: 'rfc9110' }).because;
    expect(eq).toMatch(/^fragment "%7e" and "~": percent-encoded unreserved characters, decoded \(RFC 3986 §6\.2\.2\.2: /);
    expect(eq).not.toContain('9110');
    const [ne] = equivalence('http://a/#a', 'http://a/#A', { spec: 'rfc9110' }).because;
    expect(ne).toContain('RFC 3986 §6.2.2.1: "The other generic syntax components are assumed to be case-sensitive"');
    expect(ne).not.toContain('9110');
    // The part before "#" keeps the scheme's section.
    expect(equivalence('http://a/#x', 'HTTP://a/#x', { spec: 'rfc9110' }).because[0]).toContain('RFC 9110 §4.2.3');
  });
  it('parse of the era\'s URI-reference names the scheme and the fragment', () => {
    const p = parse('HTTP://A:80/b?q#f', { spec: 'rfc9110', rule: 'URI-reference' });
    expect(p.valid && componentValues(p.components)).toMatchObject({ scheme: 'HTTP', host: 'A', port: '80', path: '/b', query: 'q', fragment: 'f' });
  });
});
