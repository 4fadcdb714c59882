/**
 * URN components (RFC 8141 §2 and §2.3, RFC 2141 §2) and URN-equivalence (RFC 8141 §3, RFC 2141
 * §5), from the texts' printed examples: RFC 8141 §3.2's six groups and RFC 2141 §6's six URNs,
 * with the relations the texts state between them, and the reasons in their words.
 */
import { describe, expect, it } from 'vitest';
import { compareEquivalence, equivalence, equivalent, normalize, parse } from '../src/index.js';
import { runInMemory } from './cli/cli-harness.js';

/** Every pair of `xs`, each once. */
const pairs = <T>(xs: readonly T[]): Array<[T, T]> => xs.flatMap((x, i) => xs.slice(i + 1).map((y) => [x, y] as [T, T]));
/** Every pair with one from `xs` and one from `ys`. */
const across = <T>(xs: readonly T[], ys: readonly T[]): Array<[T, T]> => xs.flatMap((x) => ys.map((y) => [x, y] as [T, T]));

describe('RFC 8141 §3.2: the examples of URN-equivalence', () => {
  const spec = 'rfc8141' as const;
  // "First, because the scheme and NID are case insensitive, the following three URNs are URN-equivalent to each other"
  const first = ['urn:example:a123,z456', 'URN:example:a123,z456', 'urn:EXAMPLE:a123,z456'];
  // "Second, because the r-component, q-component, and f-component are not taken into account ...
  // the following three URNs are URN-equivalent to the first three examples above"
  const second = ['urn:example:a123,z456?+abc', 'urn:example:a123,z456?=xyz', 'urn:example:a123,z456#789'];
  // "Third, ... the following URNs are not URN-equivalent to each other or to the six preceding URNs"
  const third = ['urn:example:a123,z456/foo', 'urn:example:a123,z456/bar', 'urn:example:a123,z456/baz'];
  // "Fourth, ... the following URNs are URN-equivalent only to each other and not to any of those above"
  const fourth = ['urn:example:a123%2Cz456', 'URN:EXAMPLE:a123%2cz456'];
  // "Fifth, ... the following URNs are not URN-equivalent to the first three URNs"
  const fifth = ['urn:example:A123,z456', 'urn:example:a123,Z456'];
  // "Sixth, ... it is not URN-equivalent to the first three URNs"
  const sixth = ['urn:example:%D0%B0123,z456'];

  it.each([...pairs(first), ...across(first, second), ...pairs(fourth)])('%s and %s are URN-equivalent', (a, b) => {
    const e = equivalence(a, b, { spec });
    expect(e.equivalent).toBe(true);
    expect(equivalent(a, b, { spec })).toBe(true);
    for (const reason of e.because) expect(reason).toContain('RFC 8141 §3');
  });
  it.each([...pairs(third), ...across(third, [...first, ...second]), ...across(fourth, [...first, ...second, ...third]), ...across(fifth, first), ...across(sixth, first)])(
    '%s and %s are not URN-equivalent',
    (a, b) => {
      const e = equivalence(a, b, { spec });
      expect(e.equivalent).toBe(false);
      expect(equivalent(a, b, { spec })).toBe(false);
      expect(e.because.length).toBeGreaterThan(0);
      for (const reason of e.because) expect(reason).toMatch(/^NSS .*RFC 8141 §3/);
    },
  );
  it('the reasons name what §3.1 sets aside and what it keeps', () => {
    const caseOnly = equivalence('urn:example:a123,z456', 'URN:EXAMPLE:a123,z456', { spec }).because.join('\n');
    expect(caseOnly).toContain('"the URI scheme "urn", by conversion to lower case"');
    expect(caseOnly).toContain('"the NID, by conversion to lower case"');
    expect(equivalence('urn:example:a123,z456', 'urn:example:a123,z456?=xyz', { spec }).because).toEqual([expect.stringMatching(/^q-component none and "xyz": ignored .*MUST be ignored for purposes of determining URN-equivalence/)]);
    expect(equivalence(fourth[0]!, fourth[1]!, { spec }).because.join('\n')).toContain('by conversion to upper case for the digits A-F');
    expect(equivalence('urn:example:a123%2Cz456', 'urn:example:a123,z456', { spec }).because.join('\n')).toContain('"Percent-encoded characters MUST NOT be decoded"');
    expect(equivalence(fifth[0]!, first[0]!, { spec }).because.join('\n')).toContain('case-sensitive');
  });
  it('normalize --spec rfc8141: "urn" and the NID in lower case, hex digits of the NSS in upper case, nothing decoded', () => {
    expect(normalize('URN:EXAMPLE:a123%2cz456', { spec })).toEqual({ input: 'URN:EXAMPLE:a123%2cz456', normalized: 'urn:example:a123%2Cz456' });
    expect(normalize('urn:EXAMPLE:%D0%b0?+%aa#%bb', { spec }).normalized).toBe('urn:example:%D0%B0?+%aa#%bb');
    expect(normalize('urn:EXAMPLE:a', { spec, case: false }).normalized).toBe('urn:EXAMPLE:a');
    expect(normalize('urn:a:b', { spec }).error?.rule).toBe('NID');
  });
});

describe('RFC 2141 §5 and §6: lexical equivalence', () => {
  const spec = 'rfc2141' as const;
  // §6: "1- URN:foo:a123,456 2- urn:foo:a123,456 3- urn:FOO:a123,456 4- urn:foo:A123,456
  // 5- urn:foo:a123%2C456 6- URN:FOO:a123%2c456"
  const urns = ['URN:foo:a123,456', 'urn:foo:a123,456', 'urn:FOO:a123,456', 'urn:foo:A123,456', 'urn:foo:a123%2C456', 'URN:FOO:a123%2c456'];
  // "URNs 1, 2, and 3 are all lexically equivalent. URN 4 is not lexically equivalent any of the
  // other URNs of the above set. URNs 5 and 6 are only lexically equivalent to each other."
  const sameClass = (i: number, j: number) => (i < 3 && j < 3) || (i >= 4 && j >= 4);
  it.each(pairs(urns.map((_, i) => i)).map(([i, j]) => [urns[i]!, urns[j]!, sameClass(i, j)] as const))('%s and %s: lexically equivalent %s', (a, b, same) => {
    const e = equivalence(a, b, { spec });
    expect(e.equivalent).toBe(same);
    expect(equivalent(a, b, { spec })).toBe(same);
    for (const reason of e.because) expect(reason).toContain('RFC 2141 §5');
  });
  it('the reasons are §5\'s steps, and "%-escaping MUST NOT be removed"', () => {
    const e = equivalence(urns[0]!, urns[2]!, { spec }).because.join('\n');
    expect(e).toContain('1. normalize the case of the leading "urn:" token');
    expect(e).toContain('2. normalize the case of the NID');
    expect(equivalence(urns[4]!, urns[5]!, { spec }).because.join('\n')).toContain('3. normalizing the case of any %-escaping');
    expect(equivalence(urns[1]!, urns[4]!, { spec }).because.join('\n')).toContain('%-escaping MUST NOT be removed');
  });
  it('no r-, q- or f-components in RFC 2141: "?" and "#" are NSS characters, compared', () => {
    expect(equivalence('urn:foo:a', 'urn:foo:a#b', { spec }).equivalent).toBe(false);
    expect(equivalence('urn:foo:a', 'urn:foo:a#b', { spec: 'rfc8141' }).equivalent).toBe(true);
  });
});

describe('URN components (RFC 8141 §2.3, RFC 2141 §2)', () => {
  it('RFC 8141: NID, NSS, and the r-component ending at the first "?=" (§2.3.1)', () => {
    const r = parse('urn:example:a?+b?=c?=d#e', { spec: 'rfc8141' });
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(Object.keys(r.components)).toEqual(['NID', 'NSS', 'r-component', 'q-component', 'f-component']);
    expect(r.components).toMatchObject({
      NID: { value: 'example', start: 4 },
      NSS: { value: 'a', start: 12 },
      'r-component': { value: 'b', start: 15, end: 16 },
      'q-component': { value: 'c?=d', start: 18, end: 22 },
      'f-component': { value: 'e', start: 23 },
    });
  });
  it('RFC 8141: the printed examples of §2.3.1, §2.3.2 and §2.3.3', () => {
    const c = (s: string) => {
      const r = parse(s, { spec: 'rfc8141' });
      return r.valid ? Object.fromEntries(Object.entries(r.components).map(([k, v]) => [k, v.value])) : r.error;
    };
    expect(c('urn:example:foo-bar-baz-qux?+CCResolve:cc=uk')).toEqual({ NID: 'example', NSS: 'foo-bar-baz-qux', 'r-component': 'CCResolve:cc=uk' });
    expect(c('urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z')).toEqual({ NID: 'example', NSS: 'weather', 'q-component': 'op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z' });
    expect(c('urn:example:foo-bar-baz-qux#somepart')).toEqual({ NID: 'example', NSS: 'foo-bar-baz-qux', 'f-component': 'somepart' });
    // A q-component may hold "?+" (docs/decisions.md "rfc8141": no r-component after a q-component).
    expect(c('urn:example:a?=b?+c')).toEqual({ NID: 'example', NSS: 'a', 'q-component': 'b?+c' });
  });
  it('RFC 2141: NID and NSS, "/", "?" and "#" in the NSS', () => {
    const r = parse('URN:foo:a/b?c#d', { spec: 'rfc2141' });
    expect(r.valid && r.components).toMatchObject({ NID: { value: 'foo', start: 4 }, NSS: { value: 'a/b?c#d', start: 8 } });
  });
});

describe('urispec compare --equivalent on URNs', () => {
  it('the URN eras join RFC 3986 and RFC 3987; RFC 9110 does not profile urn', async () => {
    const c = compareEquivalence('urn:example:a123,z456', 'urn:EXAMPLE:a123,z456#789');
    expect(c.results.map((r) => [r.spec, r.equivalent])).toEqual([['rfc3986', false], ['rfc3987', false], ['rfc8141', true], ['rfc2141', false]]);
    const cli = await runInMemory(['compare', '--equivalent', 'urn:example:a123,z456', 'URN:example:a123,z456']);
    expect(cli.stdout).toContain('rfc8141: equal because');
    expect(cli.stdout).toContain('rfc2141: equal because');
    expect(cli.stdout).not.toContain('rfc9110');
  });
});
