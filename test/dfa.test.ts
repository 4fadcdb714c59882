/**
 * The automata of scripts/codegen/runtime/dfa.ts (issue 17): built from each era's grammar data at run time, they
 * must read every terminal as Peggy's parser does (its RegExp for a class, its lower-casing for a
 * case-insensitive literal), keep their verdicts when their state cache is emptied, and stay
 * linear on long input. test/recognizer.test.ts holds their verdicts to Peggy's for every era and
 * rule; test/iri-codepoints.test.ts on code points.
 */
import { describe, expect, it } from 'vitest';
import { eras, type GeneratedExpression } from '#generated';
import { classRegExp, regExpOf } from '../scripts/codegen/char-sets.js';
import type { ClassNode } from '../scripts/codegen/ast.js';
import { automatonOf } from '../scripts/codegen/runtime/dfa.js';
import { type Ranges, terminalOf } from '../scripts/codegen/runtime/dfa-terminals.js';
import { isValid } from '../src/index.js';
import { eraOf } from '../src/registry.js';

/** Every terminal node (class, literal, `.`) of every era's grammar, once each. */
function terminals(): GeneratedExpression[] {
  const out = new Map<string, GeneratedExpression>();
  const walk = (e: GeneratedExpression): void => {
    if (e.type === 'class' || e.type === 'literal' || e.type === 'any') out.set(JSON.stringify(e), e);
    if ('expression' in e) walk(e.expression);
    if (e.type === 'choice') e.alternatives.forEach(walk);
    if (e.type === 'sequence') e.elements.forEach(walk);
  };
  for (const era of eras) for (const r of era.grammar.rules) walk(r.expression);
  return [...out.values()];
}

const inRanges = (r: Ranges, c: number): boolean => {
  for (let i = 0; i < r.length; i += 2) if (r[i]! <= c && c <= r[i + 1]!) return true;
  return false;
};

describe('terminals read as Peggy reads them', () => {
  const all = terminals();

  it('covers classes, literals of both cases and `.`', () => {
    expect(all.some((e) => e.type === 'class' && e.unicode)).toBe(true);
    expect(all.some((e) => e.type === 'literal' && e.ignoreCase)).toBe(true);
    expect(all.some((e) => e.type === 'any')).toBe(true);
  });

  it('a code-unit class: the units its RegExp (as Peggy builds it) accepts, all 65,536', () => {
    const problems: string[] = [];
    for (const e of all) {
      if (e.type !== 'class' || e.unicode) continue;
      const re = regExpOf(classRegExp(e as unknown as ClassNode));
      const steps = terminalOf(e)!;
      expect(steps.length).toBe(1);
      const units = (steps[0]![0] as { units: Ranges }).units;
      for (let c = 0; c <= 0xffff; c++) {
        if (re.test(String.fromCharCode(c)) !== inRanges(units, c)) problems.push(`${classRegExp(e as unknown as ClassNode)} at U+${c.toString(16)}`);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('a case-insensitive literal: each unit whose lower case is the literal\'s (KELVIN SIGN is "k")', () => {
    const problems: string[] = [];
    for (const e of all) {
      if (e.type !== 'literal' || !e.ignoreCase) continue;
      const steps = terminalOf(e)![0]!;
      const lower = e.value.toLowerCase();
      steps.forEach((step, i) => {
        const units = (step as { units: Ranges }).units;
        for (let c = 0; c <= 0xffff; c++) {
          if ((String.fromCharCode(c).toLowerCase() === lower[i]) !== inRanges(units, c)) problems.push(`${JSON.stringify(e.value)}[${i}] at U+${c.toString(16)}`);
        }
      });
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });
});

describe('the lazy DFA', () => {
  const rfc3986 = eraOf('rfc3986');
  const fast = (s: string) => rfc3986.fast.accepts(s, 'URI_reference');
  const inputs = [
    'http://example.com/a?b#c',
    '//[v7.x]:80/p',
    'http://[::ffff:1.2.3.4]/',
    'http://[::ffff:1.2.3.256]/',
    'http://1.2.3.4x/',
    'a:b%zz',
    '',
    '#f',
    'ftp://u:p@h:21/a/b;c=d',
    'http://ex ample/',
    '\0',
    'http://a/\u00e9',
    'mailto:a@b',
    'urn:isbn:0451450523',
  ];

  it('keeps its verdicts when its cache is emptied (a cap of 3 states)', () => {
    let fallbacks = 0;
    const tiny = automatonOf(rfc3986.grammar, 'URI_reference', (s) => {
      fallbacks++;
      return fast(s);
    }, 3)!;
    for (const s of inputs) expect(tiny.accepts(s), JSON.stringify(s)).toBe(fast(s));
    expect(tiny.resets).toBeGreaterThan(0);
    // A check that empties the cache twice hands the input to the fast recognizer.
    expect(fallbacks).toBeGreaterThan(0);
  });

  it('keeps its verdicts with a cap that one check fills once', () => {
    const small = automatonOf(rfc3986.grammar, 'URI_reference', () => {
      throw new Error('gave up');
    }, 40)!;
    for (const s of inputs) expect(small.accepts(s), JSON.stringify(s)).toBe(fast(s));
    expect(small.resets).toBeGreaterThan(0);
  });

  // RFC 3986 §3.3: a path segment is any number of pchar; §2.1 pct-encoded is "%" HEXDIG HEXDIG.
  it('reads a megabyte-long line in linear time', () => {
    const long = `http://a/${'a'.repeat(1 << 20)}`;
    const t0 = performance.now();
    expect(isValid(long)).toBe(true);
    expect(isValid(`${long}%`)).toBe(false);
    expect(isValid(`${long}%4`)).toBe(false);
    expect(isValid(`${long}%41`)).toBe(true);
    expect(isValid(`${'%41'.repeat(1 << 18)}`, { rule: 'path' })).toBe(true);
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  // RFC 3987 §2.2: ucschar and iprivate are code points; a lone surrogate is none, nor is NUL any
  // character of RFC 3986 §2.
  it('reads code points above U+FFFF as pairs, and refuses lone surrogates and NUL', () => {
    expect(isValid('http://a/\u{10000}', { spec: 'rfc3987', rule: 'IRI' })).toBe(true);
    expect(isValid('http://a/?\u{100000}', { spec: 'rfc3987', rule: 'IRI' })).toBe(true);
    expect(isValid('http://a/\u{100000}', { spec: 'rfc3987', rule: 'IRI' })).toBe(false); // iprivate only in iquery
    expect(isValid('http://a/\ud800', { spec: 'rfc3987', rule: 'IRI' })).toBe(false);
    expect(isValid('http://a/\udc00', { spec: 'rfc3987', rule: 'IRI' })).toBe(false);
    expect(isValid('http://a/\udc00\ud800', { spec: 'rfc3987', rule: 'IRI' })).toBe(false);
    expect(isValid('http://a/\u00e9', { spec: 'rfc3987', rule: 'IRI' })).toBe(true);
    expect(isValid('http://a/\u00e9')).toBe(false);
    expect(isValid('http://a/\0')).toBe(false);
    expect(isValid('http://a/\0', { spec: 'rfc3987', rule: 'IRI' })).toBe(false);
  });

  // Where a rejection stops (GeneratedAutomaton.stoppedAt, the diagnosis's floor): the first unit
  // that no word of the language continues the input with, or the input's length when every
  // unit does. RFC 3986 §2: a space and "é" are in no rule; §2.1: "%" begins pct-encoded, two
  // HEXDIG; RFC 3987 §2.2: a high surrogate with no low one after it completes no code point.
  // The same whatever the string's representation (the loop reads units without the string's
  // map): a literal, concatenated, sliced, two-byte.
  it('says where a rejected input stops, in any representation of the string', () => {
    const uriRef = automatonOf(rfc3986.grammar, 'URI_reference', fast)!;
    const iri = automatonOf(eraOf('rfc3987').grammar, 'IRI', () => false)!;
    const cases: Array<[typeof uriRef, string, number]> = [
      [uriRef, 'http://ex ample/', 9],
      [uriRef, 'http://example.com/a%zz', 21],
      [uriRef, 'http://example.com/a%4', 22],
      [uriRef, 'http://example.com/\u00e9', 19],
      [uriRef, '\0', 0],
      [iri, 'http://example.com/b\ud83d', 20],
    ];
    const forms = (s: string): string[] => [
      s,
      `${s.slice(0, 5)}${s.slice(5)}`,
      `${s}${'x'.repeat(20)}`.slice(0, s.length),
      `${s}\u0100`.slice(0, s.length),
    ];
    for (const [dfa, input, at] of cases) {
      for (const form of forms(input)) {
        expect(dfa.accepts(form), JSON.stringify(form)).toBe(false);
        expect(dfa.stoppedAt, JSON.stringify(form)).toBe(at);
      }
    }
  });

  it('has an automaton for every rule of every era', () => {
    const none = eras.flatMap((e) => e.grammar.rules.filter((r) => automatonOf(e.grammar, r.id, () => false) === null).map((r) => `${e.meta.spec} ${r.id}`));
    expect(none).toEqual([]);
  });
});
