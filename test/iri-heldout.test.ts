/**
 * The held-out rows of test/vectors/rfc3987/edges.json and test/vectors/rfc6874/zones.json
 * (characters at the edges of RFC 3987's ucschar and iprivate ranges, noncharacters, astral
 * characters, lone surrogates; zone identifiers), checked against the printed grammars read by
 * the independent oracle: the verdict by the regex of the printed rule (ABNF read by code point),
 * the offset by the longest viable prefix (the NFA over UTF-16, astral ranges as surrogate
 * pairs). test/vectors.test.ts checks the same rows against urispec; the rows were written by
 * hand from the RFC text, so the three must agree.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValid, validate } from '../src/index.js';
import { loadPrinted } from './oracle/printed-grammars.js';
import { PrefixOracle, nfaOfRule } from './oracle/prefix.js';
import { compileRule } from './oracle/regex.js';

interface Row {
  input: string;
  rule: string;
  valid: boolean;
  error?: { offset: number };
  why: string;
}

const TABLES: Array<[string, string]> = [
  ['rfc3987', 'edges.json'],
  ['rfc6874', 'zones.json'],
];

describe.each(TABLES)('%s %s against the printed grammar', (spec, file) => {
  const rows = JSON.parse(readFileSync(new URL(`vectors/${spec}/${file}`, import.meta.url), 'utf8')) as Row[];
  const printed = loadPrinted(spec);
  it.each(rows.map((r) => [`${r.rule} ${JSON.stringify(r.input)}`, r] as const))('%s', (_n, row) => {
    expect(compileRule(printed, row.rule).test(row.input), row.why).toBe(row.valid);
    if (!row.valid) {
      const offset = new PrefixOracle(nfaOfRule(printed, row.rule)).longestViablePrefix(row.input);
      expect(offset, row.why).toBe(row.error!.offset);
    }
  });
});

describe('zone identifiers across the eras', () => {
  it('http://[fe80::1%25eth0]/ is valid in rfc6874 only, among the RFC 3986 family', () => {
    const input = 'http://[fe80::1%25eth0]/';
    expect(['rfc6874', 'rfc3986', 'rfc3987', 'rfc2396'].map((spec) => isValid(input, { spec }))).toEqual([true, false, false, false]);
    // RFC 3986 Appendix A as printed agrees: its IP-literal has no zone.
    expect(compileRule(loadPrinted('rfc3986'), 'URI-reference').test(input)).toBe(false);
    const r = validate(input, { spec: 'rfc3986' });
    expect(r.valid ? null : r.error.offset).toBe(15);
  });
});
