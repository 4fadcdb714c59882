// The held-out table of issue 14: invalid strings across the eras, each with the rule (or the
// rules) a reader of the spec would fix, written from the spec text: test/diagnosis/rule-table.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isValid, specs, validate } from '../../src/index.js';

interface Row {
  spec: string;
  rule?: string;
  input: string;
  expect: string[];
  /** When given: the rulePath a reader follows to the rule, from the start rule. */
  rulePath?: string[];
  why: string;
  source: string;
}

const rows = JSON.parse(readFileSync(join(import.meta.dirname, 'rule-table.json'), 'utf8')) as Row[];

describe('diagnosis: the rule a reader of the spec would fix (issue 14)', () => {
  it('has at least 60 rows across every era, each with its reason and source', () => {
    expect(rows.length).toBeGreaterThanOrEqual(60);
    const eras = new Set(rows.map((r) => r.spec));
    // Every era of the registry: an era added later fails here until its judged rows are written.
    for (const s of specs()) expect(eras, s.id).toContain(s.id);
    for (const r of rows) expect(r.why && r.source && r.expect.length > 0, JSON.stringify(r)).toBeTruthy();
  });

  it.each(rows.map((r) => [`${r.spec} ${r.rule ?? ''} ${JSON.stringify(r.input)}`, r] as const))('%s', (_name, row) => {
    expect(isValid(row.input, { spec: row.spec, rule: row.rule })).toBe(false);
    const result = validate(row.input, { spec: row.spec, rule: row.rule });
    if (result.valid) return;
    expect(row.expect, `${row.why} (${row.source}); rulePath ${result.error.rulePath.join(' > ')}`).toContain(result.error.rule);
    // rulePath ends at the named rule, from the start rule.
    expect(result.error.rulePath.at(-1)).toBe(result.error.rule);
    expect(result.error.rulePath[0]).toBe(result.rule);
    if (row.rulePath) expect(result.error.rulePath, row.why).toEqual(row.rulePath);
  });
});
