/**
 * The file URI era (rfc8089) against its printed grammar read by the independent oracle, and
 * against RFC 3986.
 *
 * - The rows of test/vectors/rfc8089/ (every URI printed in RFC 8089: Appendix B's, the ones of
 *   Appendix E that §2 also derives, and Appendix E's nonstandard forms, which it does not; and
 *   held-out strings written by hand from the printed rules) are checked against the printed
 *   grammar: the verdict by the regex of the printed rule, the offset by the longest viable
 *   prefix. test/vectors.test.ts checks the same rows against urispec.
 * - Issue 25 point 8: strings generated from the printed file-URI are RFC 3986 URIs, judged by
 *   RFC 3986 Appendix A as printed and by urispec's rfc3986 (docs/decisions.md, "rfc8089").
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
  error?: { offset: number };
  why?: string;
  source: string;
}

describe.each(['examples.json', 'traps.json'])('rfc8089 %s against the printed grammar', (file) => {
  const rows = JSON.parse(readFileSync(new URL(`vectors/rfc8089/${file}`, import.meta.url), 'utf8')) as Row[];
  const printed = loadPrinted('rfc8089');
  it.each(rows.map((r) => [`${r.rule ?? 'file-URI'} ${JSON.stringify(r.input)}`, r] as const))('%s', (_n, row) => {
    const rule = row.rule ?? 'file-URI';
    expect(compileRule(printed, rule).test(row.input), `${row.source} ${row.why ?? ''}`).toBe(row.valid);
    if (!row.valid) {
      expect(row.error?.offset, 'an invalid row gives its offset').toBeTypeOf('number');
      const offset = new PrefixOracle(nfaOfRule(printed, rule)).longestViablePrefix(row.input);
      expect(offset, row.why).toBe(row.error!.offset);
    }
  });
});

describe('rfc8089 inside RFC 3986 (issue 25, point 8)', () => {
  it('every file-URI is an RFC 3986 URI', () => {
    const printed = loadPrinted('rfc8089');
    const regex = compileRule(printed, 'file-URI');
    const uris = samples(printed, 'file-URI', 0x8089, 4000).filter((s) => regex.test(s));
    expect(uris.length).toBeGreaterThan(500);
    // Both forms of §2's file-hier-part are in the sample, or the property is tested on one only.
    expect(uris.filter((s) => /^file:\/\//i.test(s)).length).toBeGreaterThan(100);
    expect(uris.filter((s) => !/^file:\/\//i.test(s)).length).toBeGreaterThan(100);
    const uri = compileRule(loadPrinted('rfc3986'), 'URI');
    const outside = uris.filter((s) => !uri.test(s) || !isValid(s, { spec: 'rfc3986', rule: 'URI' }));
    expect(outside).toEqual([]);
  });
});
