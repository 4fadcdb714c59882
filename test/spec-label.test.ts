/**
 * How a record's section is worded for a reader (src/spec-label.ts): a section that names its
 * document already (`RFC 3986 §3.2.2` in a composed era, `RFC 8141 Appendix C` in a profile's
 * finding) is kept as it is; any other is the era's document and "§". Checked over the sections
 * of every invalid curated vector of every era, and a profile finding that cites an appendix: no
 * label names a document after "§".
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validate, type SpecId } from '../src/index.js';
import { formatResult } from '../src/format.js';
import { sectionLabel } from '../src/spec-label.js';
import { eraOf } from '../src/registry.js';

const VECTORS = new URL('../vectors/', import.meta.url);
const MISWORDED = /§\s*(?:RFC|draft-)|§§/;

describe('section labels', () => {
  it('a profile finding citing an appendix names its document once (RFC 8141 Appendix C: "X-" NIDs)', () => {
    const r = validate('urn:X-abc:x', { spec: 'rfc8141' });
    expect(r.valid).toBe(false);
    if (r.valid) return;
    expect(r.error.section).toBe('RFC 8141 Appendix C');
    expect(sectionLabel(eraOf('rfc8141'), r.error.section)).toBe('RFC 8141 Appendix C');
    expect(formatResult(r, { color: false })).toMatch(/section {3}RFC 8141 Appendix C\n/);
  });

  it('no section of an invalid curated vector of any era is worded with a document after "§"', () => {
    // A label depends on the era and the section only: each pair the vectors' records hold.
    const pairs = new Set<string>();
    for (const file of readdirSync(VECTORS).filter((f) => f.endsWith('.jsonl'))) {
      for (const line of readFileSync(new URL(file, VECTORS), 'utf8').split('\n')) {
        if (line === '') continue;
        const v = JSON.parse(line) as { spec: SpecId; error?: { section: string } };
        if (v.error) pairs.add(JSON.stringify([v.spec, v.error.section]));
      }
    }
    for (const pair of pairs) {
      const [spec, section] = JSON.parse(pair) as [SpecId, string];
      expect(sectionLabel(eraOf(spec), section), pair).not.toMatch(MISWORDED);
    }
    expect(pairs.size).toBeGreaterThan(100);
  });
});
