/**
 * Other parsers' resolution suites, imported as data (test/resolution/peers/*.json, each with
 * its repository, commit and path), run unmodified against urispec's RFC 3986 §5.2. Every row
 * gives the suite's target, or says what urispec gives instead and why (the reason cites the
 * RFC's text).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolve } from '../src/index.js';

interface PeerRow {
  base: string;
  ref: string;
  /** The suite's expected target. */
  target: string;
  /** Where urispec differs: its target, and why. */
  urispec?: string;
  why?: string;
  note?: string;
  name?: string;
  notRun?: boolean;
}

interface PeerSuite {
  suite: string;
  repo: string;
  commit: string;
  path: string;
  spec: string;
  rows: PeerRow[];
}

const DIR = new URL('resolution/peers/', import.meta.url);
const SUITES = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, DIR), 'utf8')) as PeerSuite);

describe.each(SUITES)('$repo $path @ $commit', (suite) => {
  it('is pinned: a repository, a 40-digit commit, a path', () => {
    expect(suite.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
    expect(suite.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(suite.rows.length).toBeGreaterThan(100);
  });

  it.each(suite.rows.map((r) => ({ ...r, label: `${JSON.stringify(r.ref)} against ${r.base}` })))('$label = $target', (row) => {
    const r = resolve(row.base, row.ref, { spec: suite.spec });
    expect(r.error).toBeUndefined();
    if (row.urispec !== undefined) {
      expect(row.why, 'a disagreement says why').toBeTruthy();
      expect(row.urispec).not.toBe(row.target);
      expect(r.target).toBe(row.urispec);
    } else {
      expect(r.target).toBe(row.target);
    }
  });
});

it('the disagreements are few, and each has its reason', () => {
  const differ = SUITES.flatMap((s) => s.rows.filter((r) => r.urispec !== undefined).map((r) => `${s.repo}: ${r.ref} against ${r.base}`));
  expect(differ).toEqual([
    'haskell/network-uri: ./ against http://ex/a/b',
    'uriparser/uriparser: ../c against foo:a/b',
    'uriparser/uriparser: foo/../../../bar against zz:abc',
    'uriparser/uriparser: foo/../bar against zz:abc',
    'uriparser/uriparser: .//g against f:/a',
  ]);
});
