/**
 * The vectors (src/vectors/, `urispec vectors`): labels checked against an independent reading
 * of each printed grammar (test/oracle/), the curated sets (vectors/) up to date, and the
 * generator's promises: deterministic for a seed, no duplicates, about half valid, every
 * kind, every rule and alternative exercised.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isValid, specs, vectors, type Vector } from '../src/index.js';
import { CURATED_COUNT, CURATED_SEED, ROOT, curated, curatedSpecs } from '../scripts/curate-vectors.js';
import { lookupRule } from './oracle/ast.js';
import { hasPrinted, loadPrinted } from './oracle/printed-grammars.js';
import { compileRule } from './oracle/regex.js';
import { rfc1738UrlOracle } from './oracle/rfc1738-dispatch.js';
import { records, runInMemory } from './cli/cli-harness.js';

const curatedFile = (spec: string) => join(ROOT, 'vectors', `${spec}.jsonl`);
const readCurated = (spec: string): Vector[] =>
  readFileSync(curatedFile(spec), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Vector);

/**
 * The oracle's regexes work on UTF-16 units, urispec's grammars on code points: an astral
 * character is one character to urispec (the 1996 draft's `national`) and two to the oracle.
 * Every era treats all characters from U+0100 on alike (RFC 2141's `<excluded>` names octets up
 * to 255, U+00FF), so one BMP stand-in keeps the verdict; except where the printed rule reaches
 * past U+FFFF and the oracle reads code points too.
 */
const bmp = (s: string) => s.replace(/[\u{10000}-\u{10FFFF}]/gu, '\u0100');

describe('vector labels agree with the printed grammar (test/oracle/), curated sets', () => {
  for (const spec of curatedSpecs()) {
    it.skipIf(!hasPrinted(spec))(`${spec}: every label is the oracle's verdict`, () => {
      const printed = loadPrinted(spec);
      const disagreements: string[] = [];
      let checked = 0;
      const all = readCurated(spec);
      const url = spec === 'rfc1738' ? rfc1738UrlOracle(printed) : undefined;
      for (const v of all) {
        if (!lookupRule(printed, v.rule)) continue;
        // A rule that reaches past U+FFFF (RFC 6570's ucschar) has a `u` RegExp, which reads code points.
        const oracle = url && v.rule === 'url'
          ? (s: string) => url(bmp(s))
          : (s: string) => {
            const re = compileRule(printed, v.rule);
            return re.test(re.unicode ? s : bmp(s));
          };
        checked++;
        // A scheme profile's prose (src/profiles/) may refuse what the grammar accepts: such a
        // label is the grammar's verdict when the error is in the profile's layer.
        const grammarHolds = v.valid || v.error?.layer === 'profile';
        if (oracle(v.input) !== grammarHolds) disagreements.push(`${v.rule} ${JSON.stringify(v.input)}: urispec ${v.valid}`);
      }
      expect(disagreements.slice(0, 20), `${disagreements.length} disagreements`).toEqual([]);
      // Rules missing from a printed grammar would go unchecked: there must be (almost) none.
      expect(checked).toBeGreaterThan(all.length * 0.95);
    });
  }
});

describe('curated sets (vectors/<spec>.jsonl)', () => {
  it('exist for every era', () => {
    expect(curatedSpecs().sort()).toEqual(specs().map((s) => s.id).sort());
  });
  for (const spec of curatedSpecs()) {
    it(`${spec} is what \`npm run curate-vectors\` makes now`, () => {
      expect(readFileSync(curatedFile(spec), 'utf8') === curated(spec), `run npm run curate-vectors and review vectors/${spec}.jsonl`).toBe(true);
    });
    it(`${spec}: ${CURATED_COUNT} vectors from seed ${CURATED_SEED}, half valid, every kind, every rule and alternative`, () => {
      const all = readCurated(spec);
      expect(all).toHaveLength(CURATED_COUNT);
      const valid = all.filter((v) => v.valid).length;
      expect(valid / all.length).toBeGreaterThan(0.45);
      expect(valid / all.length).toBeLessThan(0.55);
      expect(new Set(all.map((v) => v.kind))).toEqual(new Set(['valid', 'near-miss', 'contrast']));
      const it = vectors({ spec, count: CURATED_COUNT, seed: CURATED_SEED });
      for (const _ of it);
      const c = it.coverage();
      expect(c.rules.filter((r) => !r.exercised).map((r) => r.rule)).toEqual([]);
      expect(c.rules.flatMap((r) => r.alternatives.filter((a) => !a.exercised).map((a) => `${r.rule} ${a.text}`))).toEqual([]);
      expect(c.rulesTotal).toBeGreaterThanOrEqual(specs().find((s) => s.id === spec)!.rules.length);
    });
  }
});

describe('vectors()', () => {
  const take = (options: Parameters<typeof vectors>[0]) => [...vectors(options)];

  it('is deterministic for a seed and differs between seeds', () => {
    expect(take({ count: 200, seed: 5 })).toEqual(take({ count: 200, seed: 5 }));
    expect(take({ count: 200, seed: 5 })).not.toEqual(take({ count: 200, seed: 6 }));
  });

  it('removes duplicates and labels with urispec\'s verdict and diagnosis', () => {
    const all = take({ spec: 'rfc1808', count: 500, seed: 2 });
    expect(new Set(all.map((v) => `${v.rule} ${v.input}`)).size).toBe(all.length);
    for (const v of all) {
      expect(isValid(v.input, { spec: v.spec, rule: v.rule })).toBe(v.valid);
      expect(v.error !== undefined).toBe(!v.valid);
    }
  });

  it('valid vectors are valid; near misses are one or two edits, mostly invalid', () => {
    const valid = take({ spec: 'rfc2396', kind: 'valid', count: 200 });
    expect(valid.every((v) => v.valid && v.kind === 'valid')).toBe(true);
    const near = take({ spec: 'rfc2396', kind: 'near-miss', count: 200 });
    expect(near.every((v) => v.kind === 'near-miss')).toBe(true);
    expect(near.filter((v) => !v.valid).length).toBeGreaterThan(150);
  });

  it('contrasts name another era whose verdict is the opposite, in both directions', () => {
    const all = take({ spec: 'rfc1808', kind: 'contrast', count: 100 });
    expect(all.length).toBe(100);
    for (const v of all) {
      expect(v.other!.spec).not.toBe('rfc1808');
      expect(v.other!.valid).toBe(!v.valid);
      expect(isValid(v.input, { spec: v.other!.spec, rule: v.other!.rule })).toBe(v.other!.valid);
    }
    // The directions alternate; a duplicate is dropped after its direction was counted, so the
    // split is about even (exactly 50 before rfc3987 and rfc6874 changed the draws).
    const valid = all.filter((v) => v.valid).length;
    expect(valid).toBeGreaterThanOrEqual(40);
    expect(valid).toBeLessThanOrEqual(60);
  });

  it('keeps to the rule asked for, and stops short when the language is small', () => {
    const v4 = take({ rule: 'ipv4address', count: 100 });
    expect(v4.every((v) => v.rule === 'IPv4address')).toBe(true);
    const gen = take({ rule: 'gen-delims', kind: 'valid', count: 50 });
    expect(gen.map((v) => v.input).sort()).toEqual([':', '/', '?', '#', '[', ']', '@'].sort());
  });

  it('derives through the alternatives that derive something new: RFC 2396 authority is server | reg_name', () => {
    // grammar/rfc2396.peggy: `reg_name !""` matches nothing, and `&((userinfo "@")? ipv6reference)
    // server` differs from `server !_reg_name_char` only in lookaheads, which derive nothing
    // (both are there for the diagnosis); the derivations read the printed `server | reg_name`.
    const gen = vectors({ spec: 'rfc2396', rule: 'authority', kind: 'valid', count: 20 });
    [...gen];
    const authority = gen.coverage().rules.find((r) => r.rule === 'authority')!;
    expect(authority.alternatives.map((a) => a.text)).toEqual(['server !_reg_name_char', 'reg_name']);
  });

  it('refuses an unknown spec, rule or kind, and a count that is not whole', () => {
    expect(() => vectors({ spec: 'rfc9999' })).toThrow(/unknown spec/);
    expect(() => vectors({ rule: 'nope' })).toThrow(/unknown rule/);
    expect(() => vectors({ kind: 'odd' as 'all' })).toThrow(/kind/);
    expect(() => vectors({ count: 1.5 })).toThrow(/count/);
  });
});

describe('urispec vectors', () => {
  it('prints JSON Lines, the same as the library', async () => {
    const r = await runInMemory(['vectors', '--spec', 'rfc1738', '--count', '30', '--seed', '9']);
    expect(r.status).toBe(0);
    expect(records(r.stdout)).toEqual(JSON.parse(JSON.stringify([...vectors({ spec: 'rfc1738', count: 30, seed: 9 })])));
  });

  it('--coverage reports rules and alternatives, and names what was not exercised', async () => {
    const full = await runInMemory(['vectors', '--spec', 'rfc1808', '--count', '400', '--coverage']);
    expect(full.stdout).toMatch(/^rfc1808: 400 vectors, \d+ valid, \d+ invalid\nrules exercised: 30 of 30; alternatives exercised: 81 of 81\n/);
    expect(full.stdout).toMatch(/✓ {2}net_loc +§2\.2 +3\/3/);
    const few = await runInMemory(['vectors', '--count', '3', '--coverage']);
    expect(few.stdout).toContain('alternatives not exercised:');
    expect(few.stdout).toMatch(/dec-octet, choice 1, alternative \d: /);
  });

  it('--coverage words a section as the era does where its document numbers none (url-03\'s "A", RFC 2396\'s RFC 2373 rules)', async () => {
    const url03 = await runInMemory(['vectors', '--spec', 'draft-ietf-uri-url-03', '--count', '20', '--coverage']);
    expect(url03.stdout).toMatch(/✓ {2}url +draft-ietf-uri-url-03, "BNF for specific URL schemes"/);
    expect(url03.stdout).not.toContain('§A');
    const rfc2396 = await runInMemory(['vectors', '--spec', 'rfc2396', '--count', '20', '--coverage']);
    expect(rfc2396.stdout).toMatch(/ IPv6address +RFC 2373 Appendix B \(imported by RFC 2732 §3\)/);
  });

  it.each([
    [['--kind', 'odd'], /--kind wants one of all, valid, near-miss, contrast/],
    [['--count', '-1'], /--count/],
    [['--count', 'x'], /--count wants a whole number/],
    [['--spec', 'rfc9999'], /unknown spec/],
    [['--rule', 'nope'], /unknown rule/],
    [['extra'], /takes no arguments/],
  ])('%j is a usage error', async (args, message) => {
    const r = await runInMemory(['vectors', ...args]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});
