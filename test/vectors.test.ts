// One runner for every era's tables (test/vectors/<spec>/*.json) and for the per-rule examples
// written in the grammars (`//+` must match, `//-` must not). Each row carries its source.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eras } from '#generated';
import { validate, isValid } from '../src/index.js';
import type { ValidationError } from '../src/index.js';

interface Row {
  input: string;
  rule?: string;
  valid: boolean;
  union?: boolean;
  /** RFC 8089 Appendix E's nonstandard syntax (the appendixE option). */
  appendixE?: boolean;
  error?: Partial<ValidationError> & { expectedIncludes?: string[] };
  source?: string;
  why?: string;
}

const DIR = join(import.meta.dirname, 'vectors');
const specDirs = existsSync(DIR) ? readdirSync(DIR).filter((d) => !d.includes('.')) : [];

for (const spec of specDirs) {
  for (const file of readdirSync(join(DIR, spec)).filter((f) => f.endsWith('.json'))) {
    const rows = JSON.parse(readFileSync(join(DIR, spec, file), 'utf8')) as Row[];
    describe(`${spec}/${file}`, () => {
      it('has rows, each with its source', () => {
        expect(rows.length).toBeGreaterThan(0);
        for (const r of rows) expect(r.source ?? r.why, JSON.stringify(r)).toBeTruthy();
      });
      it.each(rows.map((r) => [`${r.rule ?? 'default'} ${JSON.stringify(r.input).slice(0, 80)}`, r] as const))(
        '%s',
        (_name, row) => {
          const options = { spec, rule: row.rule, union: row.union, appendixE: row.appendixE };
          const result = validate(row.input, options);
          expect(result.valid, `${row.source ?? ''} ${row.why ?? ''}`).toBe(row.valid);
          expect(isValid(row.input, options)).toBe(row.valid);
          if (row.error && !result.valid) {
            const { expectedIncludes, ...fields } = row.error;
            expect(result.error).toMatchObject(fields);
            for (const e of expectedIncludes ?? []) expect(result.error.expected).toContain(e);
          }
        },
      );
    });
  }
}

describe.each(eras.map((e) => [e.meta.spec, e] as const))('%s grammar examples (//+ and //-)', (spec, era) => {
  const rows = era.meta.rules.flatMap((r) => [
    ...r.matches.map((input) => ({ rule: r.name, input, valid: true })),
    ...r.rejects.map((input) => ({ rule: r.name, input, valid: false })),
  ]);
  it.each(rows.map((r) => [`${r.rule} ${r.valid ? '+' : '-'} ${JSON.stringify(r.input)}`, r] as const))('%s', (_n, r) => {
    // The grammar's examples are its language's: a scheme profile's prose comes after (src/profiles/).
    expect(isValid(r.input, { spec, rule: r.rule, grammarOnly: true })).toBe(r.valid);
  });
});
