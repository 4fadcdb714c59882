// Peggy's own parser of each era (referenceParser, compiled by the tests, never shipped) is the
// reference that the generated recognizers are held to (test/recognizer.test.ts), run in Peggy's
// non-throwing library mode (`peg$library`). That mode is internal to Peggy 5.0.6, which is why peggy is pinned exactly;
// these tests fail if an upgrade changes it. The traced recognizer (generated/<era>.diag.js)
// answers in the same shape and calls the hooks of src/diagnose.ts, tested at the end.
import { describe, expect, it } from 'vitest';
import { eras } from '#generated';
import type { PeggyLibraryResult } from '#generated';
import { referenceParser } from '../scripts/build-grammars.js';

const rfc3986 = { ...eras.find((e) => e.meta.spec === 'rfc3986')!, parser: referenceParser('rfc3986') };

describe('Peggy library mode', () => {
  it('returns the furthest failure instead of throwing', () => {
    // "ht tp:": scheme stops at the space, where ":" was expected; URI fails as a whole.
    const r = rfc3986.parser.parse('ht tp:', { startRule: 'URI', peg$library: true }) as PeggyLibraryResult;
    expect(r.peg$result).toBe(r.peg$FAILED);
    expect(r.peg$maxFailPos).toBe(2);
    expect(r.peg$maxFailExpected.length).toBeGreaterThan(0);
  });
  it('reports a match of a prefix by its end position', () => {
    const r = rfc3986.parser.parse('a:b c', { startRule: 'URI', peg$library: true }) as PeggyLibraryResult;
    expect(r.peg$result).not.toBe(r.peg$FAILED);
    expect(r.peg$currPos).toBe(3);
  });
  it('agrees with the throwing mode on the furthest failure', () => {
    for (const input of ['http://exa mple.com/', 'http://[::1]:8x/', '1http:', 'http://a/%zz']) {
      const r = rfc3986.parser.parse(input, { startRule: 'URI', peg$library: true }) as PeggyLibraryResult;
      let offset = -1;
      try {
        rfc3986.parser.parse(input, { startRule: 'URI' });
      } catch (e) {
        offset = (e as { location: { start: { offset: number } } }).location.start.offset;
      }
      expect(Math.max(r.peg$maxFailPos, r.peg$result === r.peg$FAILED ? 0 : r.peg$currPos)).toBe(offset);
    }
  });
});

describe('the diagnostic build', () => {
  it('calls the hooks with the parser state', () => {
    const calls: string[] = [];
    const rec = {
      enter: (k: number, pos: number, max: number, list: unknown[]) => calls.push(`enter ${k} ${pos} ${max} ${Array.isArray(list)}`) > 0,
      leave: (pos: number) => calls.push(`leave ${pos}`) > 0,
      fail: (pos: number) => calls.push(`fail ${pos}`) > 0,
    };
    rfc3986.diag.parse('0', { startRule: 'DIGIT', $urispec: rec });
    const k = rfc3986.meta.rules.findIndex((r) => r.name === 'DIGIT');
    expect(calls).toEqual([`enter ${k} 0 0 true`, 'leave 1']);
  });
});
