// expand() (RFC 6570 §3) against every expansion case of the published uritemplate-test suite
// (read unchanged from ../shared/testdata, commit in its SOURCE.md), every negative case refused
// with a diagnosis, and the decisions where §3.2.1 and Appendix A part ways, each row from the
// RFC's own words.
import { describe, expect, it } from 'vitest';
import { UsageError, expand, isValid } from '../src/index.js';
import type { Variables } from '../src/index.js';
import { GRAMMATICAL_NEGATIVES, suiteFile } from './template-suite.js';

const EXPANSION_FILES = ['spec-examples.json', 'spec-examples-by-section.json', 'extended-tests.json'];

function refusal(f: () => unknown): UsageError {
  try {
    f();
  } catch (e) {
    if (e instanceof UsageError) return e;
    throw e;
  }
  throw new Error('expected a UsageError');
}

describe.each(EXPANSION_FILES)('uritemplate-test %s', (file) => {
  const cases = Object.entries(suiteFile(file)).flatMap(([group, g]) =>
    g.testcases.map(([template, expected]) => ({ group, template, expected, variables: g.variables as Variables })),
  );
  it('has cases', () => expect(cases.length).toBeGreaterThan(50));
  it.each(cases.map((c) => [`${c.group}: ${c.template}`, c] as const))('%s', (_n, c) => {
    const got = expand(c.template, c.variables);
    // An array lists the acceptable expansions (the order of an associative array's pairs).
    if (Array.isArray(c.expected)) expect(c.expected).toContain(got);
    else expect(got).toBe(c.expected);
    // Every expansion of the suite is a URI reference (RFC 3986).
    expect(isValid(got, { spec: 'rfc3986', rule: 'URI-reference' })).toBe(true);
  });
});

describe('uritemplate-test negative-tests.json: expand refuses each, with a diagnosis', () => {
  const [group] = Object.values(suiteFile('negative-tests.json'));
  it.each(group!.testcases.map(([t]) => t))('%s', (template) => {
    const e = refusal(() => expand(template, group!.variables as Variables));
    expect(e.kind).toBe('template');
    expect(e.diagnosis).toBeDefined();
    expect(e.diagnosis!.offset).toBeGreaterThanOrEqual(0);
    expect(e.diagnosis!.offset).toBeLessThanOrEqual(template.length);
    expect(e.message).toBe(e.diagnosis!.message);
    if (template in GRAMMATICAL_NEGATIVES) {
      // Valid grammar: the refusal is §2.2's (reserved operator) or §2.4.1's (prefix on keys).
      expect([e.diagnosis!.rule, e.diagnosis!.section]).toEqual(/^\{[=,!@|]/.test(template) ? ['op-reserve', '2.2'] : ['prefix', '2.4.1']);
      expect(e.diagnosis!.offset).toBe(/^\{[=,!@|]/.test(template) ? 1 : template.indexOf(':'));
    }
  });
});

/**
 * The two corners where §3.2.1 and Appendix A read differently (shared/specs/README.md,
 * "Errata"), decided for §3.2.1 (docs/decisions.md, "rfc6570: expansion"), and the list varname.
 */
const CORNERS: Array<[string, Variables, string, string]> = [
  // §3.2.1: "either "name=value" or, if the value is the empty string and the expression type
  // does not indicate form-style parameters (i.e., not a "?" or "&" type), simply "name"".
  // Appendix A (named false): "name=value".
  ['{keys*}', { keys: { a: '', b: 'x' } }, 'a,b=x', '§3.2.1: an empty value under the default operator is "simply name"'],
  ['{.keys*}', { keys: { a: '' } }, '.a', '§3.2.1: simply name, under "."'],
  ['{/keys*}', { keys: { a: '', b: '1' } }, '/a/b=1', '§3.2.1: simply name, under "/"'],
  ['{#keys*}', { keys: { a: '' } }, '#a', '§3.2.1: simply name, under "#"'],
  ['{;keys*}', { keys: { a: '' } }, ';a', '§3.2.1 and Appendix A agree (ifemp "")'],
  ['{?keys*}', { keys: { a: '' } }, '?a=', '§3.2.1 and Appendix A agree: form-style keeps "="'],
  // §3.2.1: "Both name and value strings are encoded in the same way as simple string values";
  // Appendix A: "the same encoding process as for literals". They differ on reserved characters
  // and "%XX" in a pair's name.
  ['{?keys*}', { keys: { 'a/b': '1' } }, '?a%2Fb=1', '§3.2.1: a pair name is encoded as a value ("/" under "?")'],
  ['{?keys*}', { keys: { '%41': '1' } }, '?%2541=1', '§3.2.1: a "%" in a pair name is "%25", as in values'],
  ['{+keys*}', { keys: { 'a/b': '%41' } }, 'a/b=%41', 'under "+" (U+R) the two readings agree'],
  ['{keys}', { keys: { 'a/b': '1' } }, 'a%2Fb,1', 'without explode Appendix A too encodes the name with the allow set'],
  // A list's varname is the template's own: §2.3 "triplets are ... not decoded during processing",
  // and §3.2.7 to §3.2.9 append "the variable name (encoded as if it were a literal string)".
  ['{?Some%20Thing*}', { 'Some%20Thing': ['x', 'y'] }, '?Some%20Thing=x&Some%20Thing=y', 'a list varname is copied as a literal'],
];

describe('§3.2.1 against Appendix A: the decided corners', () => {
  it.each(CORNERS)('%s with %j is %s (%s)', (template, variables, expected) => {
    expect(expand(template, variables)).toBe(expected);
  });
});

describe('values, prefixes, encodings (§2.3, §2.4.1, §3.1, §3.2.1)', () => {
  const rows: Array<[string, Variables, string, string]> = [
    ['{x}', { x: null }, '', '§2.3: null is undefined'],
    ['{?x,y}', { x: undefined, y: 'b' }, '?y=b', '§2.3'],
    ['{x}', { x: [] }, '', '§2.3: a list of zero members is undefined'],
    ['{x}', { x: {} }, '', '§2.3: an empty associative array is undefined'],
    ['{x}', { x: { a: null } }, '', '§2.3: all members undefined'],
    ['{x}', { x: [null, 'a'] }, 'a', 'Appendix A: each defined list member'],
    ['{x}', { x: true }, 'true', 'a boolean as its name'],
    ['{x}', { x: 0 }, '0', 'a number as JavaScript writes it'],
    ['{x:1}', { x: '\u{1D11E}a' }, '%F0%9D%84%9E', '§2.4.1: a prefix counts code points, never half a pair'],
    ['{+x:2}', { x: '%41bc' }, '%41b', 'Appendix A: a prefix does not split a pct-encoded triplet (U+R)'],
    ['{x:2}', { x: '%41bc' }, '%254', 'outside U+R a "%" is data: "%25"'],
    // §2.4.1: "to avoid splitting between the octets of a multi-octet-encoded character"; §3.2.1:
    // "count each Unicode code point as one character". The UTF-8 of é, €, 😀 as triplets.
    ['{+x:1}', { x: '%C3%A9b' }, '%C3%A9', '§3.2.1: the triplets of one code point are one character'],
    ['{#x:1}', { x: '%e2%82%acz' }, '#%e2%82%ac', '§2.4.1: three triplets, one character'],
    ['{+x:3}', { x: 'a%CE%B1%CE%B2c' }, 'a%CE%B1%CE%B2', 'two code points of two triplets each'],
    ['{+x:1}', { x: '%F0%9F%98%80)' }, '%F0%9F%98%80', 'four triplets, one code point'],
    ['{+x:1}', { x: '%E9b' }, '%E9', 'a triplet that leads no UTF-8 is one character'],
    ['{+x:1}', { x: '%C3%41' }, '%C3', 'a lead whose next triplet is no continuation: one character'],
    ['{+x:1}', { x: '%E0%80%80' }, '%E0', 'an overlong form is no code point (RFC 3629 §3)'],
    ['{+x}', { x: '%zz%4' }, '%25zz%254', '§3.2.1: "%" only as part of a triplet'],
    ['{+x}', { x: 'a b[c]#d' }, 'a%20b[c]#d', 'U+R passes reserved, not SP'],
    ['caf\u00e9{x}', { x: '\u00e9' }, 'caf%C3%A9%C3%A9', '§3.1: literals and values alike, UTF-8'],
    ['\u{10000}', {}, '%F0%90%80%80', '§3.1: an astral literal'],
    ['{constructor}', {}, '', 'only the variables given: no inherited property of an object'],
    ['{a}', new Map([['a', 'm']]), 'm', 'a Map of variables'],
    ['{?m*}', { m: new Map([['2', 'b'], ['1', 'a']]) }, '?2=b&1=a', 'a Map keeps its insertion order'],
  ];
  it.each(rows)('%s with %j is %j (%s)', (template, variables, expected) => {
    expect(expand(template, variables)).toBe(expected);
  });

  it('refuses values of no type the contract names, naming the variable', () => {
    // A key is a name "encoded in the same way as simple string values" (§3.2.1): no lone surrogate either.
    for (const bad of [{ x: [[1]] }, { x: { a: { b: 1 } } }, { x: Number.NaN }, { x: '\ud800' }, { x: () => 1 }, { x: { '\ud800': 'a' } }, { x: new Map([['\udc00', 'v']]) }] as unknown as Variables[]) {
      const e = refusal(() => expand('{x}', bad));
      expect(e.kind).toBe('option');
      expect(e.message).toContain('"x"');
    }
  });

  it('refuses an invalid template with its diagnosis', () => {
    const e = refusal(() => expand('{var:0}', { var: 'v' }));
    expect(e.kind).toBe('template');
    expect(e.diagnosis).toMatchObject({ offset: 5, rule: 'max-length', section: '2.4.1' });
    expect(e.diagnosis!.hint).toContain('positive integer');
  });

  it('expands a long template in linear time', () => {
    const template = '{x}/'.repeat(50_000);
    const t0 = performance.now();
    expect(expand(template, { x: 'ab' }).length).toBe(150_000);
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});
