/**
 * The scheme-profile eras that are not URN syntaxes (test/urn-eras.test.ts has those) against
 * their printed grammars, read by the independent oracle, and against RFC 3986.
 *
 * - The rows of test/vectors/<era>/ (every example the RFC prints, and held-out strings written
 *   by hand from the printed rules) are checked against the printed grammar: the verdict by the
 *   regex of the printed rule, the offset by the longest viable prefix. A row that fails in the
 *   profile's layer (`error.layer: 'profile'`: the RFC's prose, src/profiles/) is one the
 *   printed grammar accepts. test/vectors.test.ts checks the same rows against urispec.
 * - Issue 25 point 8: strings generated from each profile's printed grammar are RFC 3986 URIs
 *   whose scheme is one the era's table row names (`profile.schemes`), judged by RFC 3986
 *   Appendix A as printed and by urispec's rfc3986, unless a decision says otherwise: rfc6068
 *   (docs/decisions.md, "rfc6068"), whose grammar is §2's ABNF with RFC 5322's addr-spec and
 *   whose §2 rule 1 requires percent-encoded what RFC 3986 refuses, and rfc2397, whose urlchar
 *   is the uric of RFC 2396 with RFC 2732 ("[" and "]" anywhere).
 *
 * To add a profile era: its vectors folder, its printed grammar (test/oracle/printed-grammars.ts)
 * and a row of PROFILES.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValid, specs } from '../src/index.js';
import { rowOf } from '../src/eras/table.js';
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

/** Each profile era and the rules whose generated members must be RFC 3986 URIs. */
const PROFILES: Array<{ spec: string; rules: string[]; seed: number }> = [
  { spec: 'rfc9110', rules: ['http-URI', 'https-URI'], seed: 0x9110 },
  // rfc6068: not every mailtoURI is an RFC 3986 URI (docs/decisions.md, "rfc6068"): tested below.
  { spec: 'rfc6068', rules: [], seed: 0x6068 },
  // rfc2397: a data URL may hold "[" and "]" (docs/decisions.md, "rfc2397"): tested below.
  { spec: 'rfc2397', rules: [], seed: 0x2397 },
];

const defaultRule = (spec: string): string => specs().find((s) => s.id === spec)!.defaultRule;

describe.each(PROFILES.map((p) => [p.spec] as const))('%s vectors against the printed grammar', (spec) => {
  const dir = new URL(`vectors/${spec}/`, import.meta.url);
  const printed = loadPrinted(spec);
  const rows = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Row[]);
  it.each(rows.map((r) => [`${r.rule ?? defaultRule(spec)} ${JSON.stringify(r.input)}`, r] as const))('%s', (_n, row) => {
    const rule = row.rule ?? defaultRule(spec);
    const grammarHolds = row.valid || row.error?.layer === 'profile';
    expect(compileRule(printed, rule).test(row.input), `${row.source} ${row.why ?? ''}`).toBe(grammarHolds);
    if (!grammarHolds) {
      expect(row.error?.offset, 'an invalid row gives its offset').toBeTypeOf('number');
      const offset = new PrefixOracle(nfaOfRule(printed, rule)).longestViablePrefix(row.input);
      expect(offset, row.why).toBe(row.error!.offset);
    }
  });
});

describe('the scheme profiles inside RFC 3986 (issue 25, point 8)', () => {
  const uri = compileRule(loadPrinted('rfc3986'), 'URI');
  it.each(PROFILES.flatMap((p) => p.rules.map((rule) => [p.spec, rule, p.seed] as const)))(
    'every %s %s is an RFC 3986 URI of a scheme its row names',
    (spec, rule, seed) => {
      const printed = loadPrinted(spec);
      const regex = compileRule(printed, rule);
      const members = samples(printed, rule, seed, 3000).filter((s) => regex.test(s));
      expect(members.length).toBeGreaterThan(500);
      const schemes = rowOf(spec)?.profile?.schemes ?? [];
      const outside = members.filter(
        (s) => !uri.test(s) || !isValid(s, { spec: 'rfc3986', rule: 'URI' }) || !schemes.includes(s.slice(0, s.indexOf(':')).toLowerCase()),
      );
      expect(outside).toEqual([]);
    },
  );
});

describe('rfc6068 and RFC 3986 (issue 25, point 8; docs/decisions.md, "rfc6068")', () => {
  const uri = compileRule(loadPrinted('rfc3986'), 'URI');
  it('a mailtoURI is an RFC 3986 URI exactly when it holds nothing that §2 rule 1 requires encoded and RFC 3986 refuses', () => {
    const printed = loadPrinted('rfc6068');
    const regex = compileRule(printed, 'mailtoURI');
    const mailtos = samples(printed, 'mailtoURI', 0x6068, 4000).filter((s) => regex.test(s));
    expect(mailtos.length).toBeGreaterThan(500);
    // Outside RFC 3986 exactly where an addr-spec holds what §2's rule 1 says MUST be
    // percent-encoded: a character RFC 3986 §2 does not allow (RFC 5322's '"', "\\", "^", "`",
    // "{", "|", "}", a quoted-pair's space), a "%" that begins no pct-encoded, a second "#"
    // (the first would begin a fragment), "[" or "]" (only an IP-literal host holds them).
    const uriChars = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
    const inside = (s: string): boolean =>
      uriChars.test(s) && !/%(?![0-9A-Fa-f]{2})/.test(s) && s.split('#').length <= 2 && !/[[\]]/.test(s);
    // The sample holds both kinds, or the statement would be tested on one side only.
    const outside = mailtos.filter((s) => !inside(s));
    expect(outside.length).toBeGreaterThan(10);
    expect(mailtos.length - outside.length).toBeGreaterThan(100);
    const wrong = mailtos.filter((s) => uri.test(s) !== inside(s) || isValid(s, { spec: 'rfc3986', rule: 'URI' }) !== uri.test(s));
    expect(wrong).toEqual([]);
  });
});

describe('rfc2397 and RFC 3986 (issue 25, point 8; docs/decisions.md, "rfc2397")', () => {
  it('a dataurl is an RFC 3986 URI exactly when it holds no "[" or "]"', () => {
    const uri = compileRule(loadPrinted('rfc3986'), 'URI');
    const printed = loadPrinted('rfc2397');
    const regex = compileRule(printed, 'dataurl');
    const urls = samples(printed, 'dataurl', 0x2397, 4000).filter((s) => regex.test(s));
    expect(urls.length).toBeGreaterThan(500);
    const bracketed = urls.filter((s) => /[[\]]/.test(s));
    // The sample holds both kinds, or the statement would be tested on one side only.
    expect(bracketed.length).toBeGreaterThan(10);
    expect(urls.length - bracketed.length).toBeGreaterThan(100);
    const wrong = urls.filter((s) => uri.test(s) !== !/[[\]]/.test(s) || isValid(s, { spec: 'rfc3986', rule: 'URI' }) !== uri.test(s));
    expect(wrong).toEqual([]);
  });
});
