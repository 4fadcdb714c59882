/**
 * The URN eras (rfc8141, rfc2141) against the printed grammars read by the independent oracle,
 * and against RFC 3986.
 *
 * - The rows of test/vectors/rfc8141/ and test/vectors/rfc2141/ (every URN printed in RFC 8141
 *   and RFC 2141, and held-out strings written by hand from the printed rules) are checked
 *   against the printed grammars: the verdict by the regex of the printed rule, the offset by
 *   the longest viable prefix. test/vectors.test.ts checks the same rows against urispec. A row
 *   refused by the profile's layer (`error.layer: 'profile'`: the RFC's prose, src/profiles/urn.ts)
 *   is one the printed grammar holds.
 * - Issue 25 point 8: strings generated from each profile's printed grammar are RFC 3986 URIs
 *   unless a decision says otherwise (docs/decisions.md, "rfc2141": an NSS may hold a second
 *   "#"), judged by RFC 3986 Appendix A as printed and by urispec's rfc3986.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValid } from '../src/index.js';
import { samples } from './oracle/derive.js';
import { loadPrinted } from './oracle/printed-grammars.js';
import { PrefixOracle, nfaOfRule } from './oracle/prefix.js';
import { compileRule } from './oracle/regex.js';

interface Row {
  input: string;
  rule?: string;
  valid: boolean;
  error?: { offset: number; layer?: 'grammar' | 'profile' };
  why?: string;
  source: string;
}

const DEFAULT_RULE: Record<string, string> = { rfc8141: 'namestring', rfc2141: 'URN' };
const TABLES: Array<[string, string]> = [
  ['rfc8141', 'examples.json'],
  ['rfc8141', 'traps.json'],
  ['rfc2141', 'examples.json'],
  ['rfc2141', 'traps.json'],
];

describe.each(TABLES)('%s %s against the printed grammar', (spec, file) => {
  const rows = JSON.parse(readFileSync(new URL(`vectors/${spec}/${file}`, import.meta.url), 'utf8')) as Row[];
  const printed = loadPrinted(spec);
  it.each(rows.map((r) => [`${r.rule ?? DEFAULT_RULE[spec]} ${JSON.stringify(r.input)}`, r] as const))('%s', (_n, row) => {
    const rule = row.rule ?? DEFAULT_RULE[spec]!;
    const grammarHolds = row.valid || row.error?.layer === 'profile';
    expect(compileRule(printed, rule).test(row.input), `${row.source} ${row.why ?? ''}`).toBe(grammarHolds);
    if (!grammarHolds) {
      expect(row.error?.offset, 'an invalid row gives its offset').toBeTypeOf('number');
      const offset = new PrefixOracle(nfaOfRule(printed, rule)).longestViablePrefix(row.input);
      expect(offset, row.why).toBe(row.error!.offset);
    }
  });
});

describe('the URN eras inside RFC 3986 (issue 25, point 8)', () => {
  const uri = compileRule(loadPrinted('rfc3986'), 'URI');
  const members = (spec: string, rule: string, seed: number, n = 4000): string[] => {
    const printed = loadPrinted(spec);
    const regex = compileRule(printed, rule);
    return samples(printed, rule, seed, n).filter((s) => regex.test(s));
  };

  it('every rfc8141 namestring is an RFC 3986 URI', () => {
    const urns = members('rfc8141', 'namestring', 0x8141);
    expect(urns.length).toBeGreaterThan(500);
    const outside = urns.filter((s) => !uri.test(s) || !isValid(s, { spec: 'rfc3986', rule: 'URI' }));
    expect(outside).toEqual([]);
  });

  it('an rfc2141 URN is an RFC 3986 URI exactly when its NSS holds at most one "#" (docs/decisions.md)', () => {
    // A derivation picks <reserved> for one <trans> in five and "#" for one of its three
    // characters without "%": a sample of 8,000 holds enough URNs with two.
    const urns = members('rfc2141', 'URN', 0x2141, 8000);
    expect(urns.length).toBeGreaterThan(500);
    const twoHashes = urns.filter((s) => s.split('#').length > 2);
    // The sample holds both kinds, or the statement would be tested on one side only.
    expect(twoHashes.length).toBeGreaterThan(10);
    expect(urns.length - twoHashes.length).toBeGreaterThan(100);
    const wrong = urns.filter((s) => uri.test(s) !== s.split('#').length <= 2 || isValid(s, { spec: 'rfc3986', rule: 'URI' }) !== uri.test(s));
    expect(wrong).toEqual([]);
  });
});
