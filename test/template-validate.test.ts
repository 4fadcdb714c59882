// RFC 6570 templates under validate: the era's tables against the printed grammar's independent
// oracle, the published uritemplate-test cases (read from ../shared/testdata, pinned in its
// SOURCE.md), the level a template needs (§1.2), the §2.2 warnings, and the hints.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValid, validate } from '../src/index.js';
import { loadPrinted } from './oracle/printed-grammars.js';
import { compileRule } from './oracle/regex.js';
import { GRAMMATICAL_NEGATIVES, suiteFile } from './template-suite.js';

const SPEC = 'rfc6570';
const VECTORS = new URL('./vectors/rfc6570/', import.meta.url);

interface Row {
  input: string;
  rule?: string;
  valid: boolean;
  hintIncludes?: string | null;
  source: string;
  why?: string;
}

const printed = loadPrinted(SPEC);
const oracle = (rule: string, input: string) => compileRule(printed, rule).test(input);

describe('the rfc6570 tables agree with the printed grammar (with Errata ID 6937), read independently', () => {
  const files = readdirSync(VECTORS).filter((f) => f.endsWith('.json'));
  const rows = files.flatMap((f) => (JSON.parse(readFileSync(new URL(f, VECTORS), 'utf8')) as Row[]).map((r) => ({ ...r, file: f })));
  it('has the held-out rows: broken braces, prefix bounds, non-ASCII edges, percent-encodings, "\'"', () => {
    const inputs = new Set(rows.map((r) => r.input));
    for (const s of ['{', '}', '{var', '{var:0}', '{var:1}', '{var:9999}', '{var:10000}', '\ud800', '\u{10000}', '\u{E0000}', '%2', '%20', "'x"]) {
      expect(inputs.has(s), s).toBe(true);
    }
  });
  it.each(rows.map((r) => [`${r.file} ${r.rule ?? 'URI-Template'} ${JSON.stringify(r.input)}`, r] as const))('%s', (_n, row) => {
    expect(oracle(row.rule ?? 'URI-Template', row.input), `${row.source}: ${row.why ?? ''}`).toBe(row.valid);
  });
});

describe('the hints of the error table (test/vectors/rfc6570/errors.json)', () => {
  const rows = JSON.parse(readFileSync(new URL('errors.json', VECTORS), 'utf8')) as Row[];
  it.each(rows.map((r) => [JSON.stringify(r.input), r] as const))('%s', (_n, row) => {
    const r = validate(row.input, { spec: SPEC });
    expect(r.valid).toBe(false);
    if (r.valid) return;
    if (row.hintIncludes === null || row.hintIncludes === undefined) expect(r.error.hint).toBeUndefined();
    else {
      expect(r.error.hint).toContain(row.hintIncludes);
      // The contract: the message carries the hint.
      expect(r.error.message).toContain(r.error.hint);
    }
  });
});

describe('uritemplate-test: every template of the expansion cases is valid', () => {
  const files = ['spec-examples.json', 'spec-examples-by-section.json', 'extended-tests.json'];
  const cases = files.flatMap((f) =>
    Object.entries(suiteFile(f)).flatMap(([group, g]) => g.testcases.map(([template]) => ({ f, group, template }))),
  );
  it('reads them all', () => expect(cases.length).toBeGreaterThan(200));
  it.each(cases.map((c) => [`${c.f} ${c.group}: ${c.template}`, c] as const))('%s', (_n, c) => {
    expect(oracle('URI-Template', c.template)).toBe(true);
    const r = validate(c.template, { spec: SPEC });
    expect(r.valid).toBe(true);
    expect(r.valid && r.warnings).toBeUndefined();
  });
});

describe('uritemplate-test negative-tests.json: every case is refused', () => {
  const cases = Object.values(suiteFile('negative-tests.json')).flatMap((g) => g.testcases.map(([template]) => template));
  it('reads them all', () => expect(cases.length).toBe(36));
  it.each(cases)('%s', (template) => {
    const r = validate(template, { spec: SPEC });
    expect(isValid(template, { spec: SPEC })).toBe(r.valid);
    expect(oracle('URI-Template', template)).toBe(r.valid);
    if (template in GRAMMATICAL_NEGATIVES) {
      expect(r.valid).toBe(true);
      // A reserved operator is reported as a warning at its offset (the prefix cases by expand).
      if (/^\{[=,!@|]/.test(template)) expect(r.valid && r.warnings?.map((w) => [w.offset, w.rule, w.section])).toEqual([[1, 'op-reserve', '2.2']]);
      return;
    }
    expect(r.valid).toBe(false);
    if (r.valid) return;
    expect(r.error.offset).toBeGreaterThanOrEqual(0);
    expect(r.error.offset).toBeLessThanOrEqual(template.length);
    expect(r.error.section).toMatch(/^(1\.5|2(\.\d)*)$/);
  });
});

/**
 * The level (§1.2) of each template of §1.2's four tables, as the tables print them, where the
 * template itself uses the level's syntax. (The level 4 table also lists `{list}`, `{keys}`
 * and the like, which use only level 1 to 3 syntax: it is their composite values, a property of
 * the variables, that need a level 4 processor; see the next test.)
 */
const LEVELS: Array<[string, number, string]> = [
  ['', 1, '§2: a template without expressions'],
  ['http://example.com/', 1, '§2.1: literals only'],
  ['{var}', 1, '§1.2 level 1 table'],
  ['{hello}', 1, '§1.2 level 1 table'],
  ['{+var}', 2, '§1.2 level 2 table'],
  ['{+path}/here', 2, '§1.2 level 2 table'],
  ['here?ref={+path}', 2, '§1.2 level 2 table'],
  ['X{#var}', 2, '§1.2 level 2 table'],
  ['map?{x,y}', 3, '§1.2 level 3 table: several variables'],
  ['{+x,hello,y}', 3, '§1.2 level 3 table'],
  ['{#path,x}/here', 3, '§1.2 level 3 table'],
  ['X{.var}', 3, '§1.2 level 3 table'],
  ['{/var}', 3, '§1.2 level 3 table'],
  ['{;x,y}', 3, '§1.2 level 3 table'],
  ['{?x,y}', 3, '§1.2 level 3 table'],
  ['?fixed=yes{&x}', 3, '§1.2 level 3 table'],
  ['{var:3}', 4, '§1.2 level 4 table: prefix'],
  ['{list*}', 4, '§1.2 level 4 table: explode'],
  ['{+path:6}/here', 4, '§1.2 level 4 table'],
  ['{/list*,path:4}', 4, '§1.2 level 4 table'],
  ['{&keys*}', 4, '§1.2 level 4 table'],
  ['{var}{+x}{.y}{z*}', 4, '§1.2: the highest expression decides'],
  ['{a}{b}', 1, '§3.2: one variable in each expression'],
  ['{!x}', 4, 'op-reserve: only the level 4 ABNF has it (docs/decisions.md, rfc6570)'],
];

describe('the level a template needs (RFC 6570 §1.2), with the verdict', () => {
  it.each(LEVELS)('%j is level %i (%s)', (template, level) => {
    const r = validate(template, { spec: SPEC });
    expect(r.valid && r.level).toBe(level);
  });
  it('the templates of uritemplate-test spec-examples.json need at most their group\'s level', () => {
    for (const g of Object.values(suiteFile('spec-examples.json'))) {
      for (const [template] of g.testcases) {
        const r = validate(template, { spec: SPEC });
        expect(r.valid && r.level! <= g.level!, `${template} in a level ${g.level} group`).toBe(true);
      }
    }
  });
  it('the rule expression has a level too; no other rule does, and an invalid template has none', () => {
    expect(validate('{;x,y}', { spec: SPEC, rule: 'expression' })).toMatchObject({ valid: true, level: 3 });
    expect(validate('x,y', { spec: SPEC, rule: 'variable-list' })).not.toHaveProperty('level');
    expect(validate('{x', { spec: SPEC })).not.toHaveProperty('level');
    expect(validate('http://a/', { spec: 'rfc3986' })).not.toHaveProperty('level');
  });
});

describe('§2.2 reserved operators: valid, with a warning each', () => {
  it.each(['=', ',', '!', '@', '|'])('%s', (op) => {
    const template = `a{x}{${op}y}`;
    const r = validate(template, { spec: SPEC });
    expect(r).toMatchObject({ valid: true, warnings: [{ offset: 5, rule: 'op-reserve', section: '2.2' }] });
    expect(r.valid && r.warnings![0]!.message).toContain(`"${op}"`);
  });
  it('no warning for the operators §3 defines', () => {
    for (const op of ['', '+', '#', '.', '/', ';', '?', '&']) expect(validate(`{${op}x}`, { spec: SPEC })).not.toHaveProperty('warnings');
  });
});
