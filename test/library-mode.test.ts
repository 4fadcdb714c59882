// Peggy's own parser of each era (referenceParser, compiled by the tests, never shipped) is the
// reference that the generated recognizers are held to (test/recognizer.test.ts), run in Peggy's
// non-throwing library mode (`peg$library`). That mode is internal to Peggy 5.0.6, which is why peggy is pinned exactly;
// these tests fail if an upgrade changes it. The traced recognizer (generated/<era>.diag.js)
// keeps the same furthest-failure bookkeeping and reports through urispec's own trace protocol
// (src/diagnosis/trace.ts), tested at the end.
import { describe, expect, it } from 'vitest';
import type peggy from 'peggy';
import { referenceParser } from '../scripts/build-grammars.js';
import type { TraceListener } from '../src/diagnosis/trace.js';
import { eraOf } from '../src/registry.js';

type PeggyLibraryResult = peggy.LibraryResults;
const rfc3986 = { ...eraOf('rfc3986'), parser: referenceParser('rfc3986') };

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

describe('the traced recognizer (urispec\'s trace protocol)', () => {
  const ruleIndex = (name: string): number => rfc3986.meta.rules.findIndex((r) => r.name === name);

  it('reports each spec rule tried, with the furthest failure so far', () => {
    const calls: string[] = [];
    const listener: TraceListener = {
      enter: (k, pos, furthest, expected) => calls.push(`enter ${k} ${pos} ${furthest} ${expected.length}`),
      leave: (end) => calls.push(`leave ${end}`),
      fail: (start) => calls.push(`fail ${start}`),
      stop: () => calls.push('stop'),
    };
    const run = rfc3986.diag.trace('0', 'DIGIT', listener);
    expect(run).toEqual({ end: 1, furthest: 0, expected: [] });
    expect(calls).toEqual([`enter ${ruleIndex('DIGIT')} 0 0 0`, 'leave 1']);
  });

  it('ends a failed run at -1 with what was expected at the furthest failure, as the grammar writes it', () => {
    // "ht tp:" (RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":"):
    // at offset 2 the scheme could go on, or the ":" after it could come.
    const run = rfc3986.diag.trace('ht tp:', 'URI', null);
    expect(run.end).toBe(-1);
    expect(run.furthest).toBe(2);
    expect([...run.expected].sort()).toEqual(['"+"', '"-"', '"."', '":"', '%x30-39', '%x41-5A / %x61-7A']);
  });

  it('ends a run that matched a prefix where the match ended, as Peggy does', () => {
    const run = rfc3986.diag.trace('a:b c', 'URI', null);
    const peggy = rfc3986.parser.parse('a:b c', { startRule: 'URI', peg$library: true }) as PeggyLibraryResult;
    expect(run.end).toBe(peggy.peg$currPos);
    expect(run.furthest).toBe(peggy.peg$maxFailPos);
  });

  it('reports the constructs that stopped at the furthest failure so far, and only there', () => {
    const stops: Array<{ at: number; furthest: number }> = [];
    const listener: TraceListener = { enter() {}, leave() {}, fail() {}, stop: (_c, _k, at, _s, furthest) => stops.push({ at, furthest }) };
    rfc3986.diag.trace('http://a b/', 'URI', listener);
    for (const s of stops) expect(s.at).toBe(s.furthest);
    // The reg-name's repetition, among others, stopped at the space.
    expect(stops.filter((s) => s.at === 8).length).toBeGreaterThan(0);
  });

  it('in a counterfactual run, lets the granted construct accept the character and reports nothing', () => {
    // "http://a b/": the reg-name's repetition stopped at the space; granted, the parse ends.
    const stops: Array<{ construct: number; ruleStart: number }> = [];
    const listener: TraceListener = { enter() {}, leave() {}, fail() {}, stop: (construct, _k, _at, ruleStart) => stops.push({ construct, ruleStart }) };
    rfc3986.diag.trace('http://a b/', 'URI', listener);
    const reaches = stops.map((s) => rfc3986.diag.reach('http://a b/', 'URI', { ...s, pos: 8 }).end);
    expect(reaches).toContain('http://a b/'.length);
    // Nothing granted: URI matches the prefix "http://a" only.
    expect(rfc3986.diag.reach('http://a b/', 'URI', { construct: -1, ruleStart: 0, pos: 8 }).end).toBe(8);
  });

  it('throws for an unknown start rule', () => {
    expect(() => rfc3986.diag.trace('a', 'no-such-rule', null)).toThrow(/no-such-rule/);
  });
});
