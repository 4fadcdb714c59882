// The conformance report (docs/conformance.md): its adapters speak the protocol, its classes and
// shrinking do what they say, its published cases have one fault each, and the committed report
// meets the issue's bar. Adapters whose runtime is not installed (scripts/conformance/setup.sh
// installs them) are skipped, each by name.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../src/index.js';
import { ParserProcessError, type DiffOutcome } from '../src/diff/index.js';
import { ask, ROOT } from '../scripts/conformance/ask.js';
import { classify, plainPercent, swapScheme, type Facts } from '../scripts/conformance/classify.js';
import { PARSERS, type Parser } from '../scripts/conformance/parsers.js';
import { deletions } from '../scripts/conformance/shrink.js';
import { casesFor, jsonSchemaFormats, visible } from '../scripts/conformance/cases.js';
import type { ConformanceReport } from '../scripts/conformance/report.js';

/** Why a parser cannot run here (its runtime or build is missing), or undefined. */
async function missing(parser: Parser): Promise<string | undefined> {
  try {
    await ask(parser, 'rfc3986', 'URI-reference', ['a:b']);
    return undefined;
  } catch (error) {
    if (error instanceof ParserProcessError) return error.message.split('\n')[0];
    throw error;
  }
}

// The first inputs of the curated RFC 3986 vectors: enough to go through the protocol, quickly.
const SAMPLE = readFileSync(join(ROOT, 'vectors', 'rfc3986.jsonl'), 'utf8').split('\n').slice(0, 40)
  .map((l) => (JSON.parse(l) as { input: string }).input);
// RFC 3986 §1.1.2's own examples: every parser of this report accepts them, whatever it follows.
const EXAMPLES = ['http://www.ietf.org/rfc/rfc2396.txt', 'ftp://ftp.is.co.za/rfc/rfc1808.txt', 'telnet://192.0.2.16:80/'];
// Bad input never costs another input its answer: empty, NUL, a lone surrogate, an astral
// character, a newline, quotes and backslashes, 100 KB. An adapter that cannot hand an input to
// its parser (a lone surrogate has no UTF-8 form) answers it as refused, saying why.
const HOSTILE = ['', 'a\u0000b', '\ud800x', 'x:\u{1F600}', '\n', 'a"b\\c', `http://${'a'.repeat(100_000)}/`];
const INPUTS = [...SAMPLE, ...EXAMPLES, ...HOSTILE];

/**
 * One run of each adapter (each start costs, a JVM most): vectors, examples and hostile input,
 * which also shows that its runtime is here. Only when that run fails is the adapter asked
 * `missing`'s one input: if that fails too, the runtime is missing (skipped); if not, the
 * failure is the adapter's own, and its test below fails with it.
 */
async function firstRun(parser: Parser): Promise<{ parser: Parser; reason?: string; answer?: Promise<DiffOutcome[]> }> {
  try {
    return { parser, answer: Promise.resolve(await ask(parser, 'rfc3986', parser.rule ?? 'URI-reference', INPUTS)) };
  } catch (error) {
    const reason = error instanceof ParserProcessError ? await missing(parser) : undefined;
    if (reason !== undefined) return { parser, reason };
    const answer = Promise.reject(error as Error);
    answer.catch(() => {}); // rejected in its test, not here
    return { parser, answer };
  }
}

const availability = await Promise.all(PARSERS.map(firstRun));
const runnable = availability.filter((a) => a.reason === undefined);
const skipped = availability.filter((a) => a.reason !== undefined);
if (skipped.length > 0) {
  console.log(`conformance adapters skipped (run scripts/conformance/setup.sh): ${skipped.map((s) => `${s.parser.name} (${s.reason})`).join('; ')}`);
}

describe('adapters (examples/adapters/) whose runtime is installed', () => {
  for (const s of skipped) it.skip(`${s.parser.name}: skipped, ${s.reason}`, () => {});

  it.each(runnable.map((a) => [a.parser.name, a.answer!] as const))('%s answers vectors and hostile inputs in step, and accepts RFC 3986\'s examples', async (_name, answer) => {
    const inputs = INPUTS;
    const outcomes = await answer;
    expect(outcomes.map((o) => o.input)).toEqual(inputs);
    expect(outcomes.slice(SAMPLE.length, SAMPLE.length + EXAMPLES.length).map((o) => o.parser.valid)).toEqual([true, true, true]);
  });

  it.each(runnable.map((a) => a.parser).filter((p) => p.resolves).map((p) => [p.name, p] as const))('%s resolves RFC 3986 §5.4.1 examples', async (_name, parser) => {
    // RFC 3986 §5.4.1: against http://a/b/c/d;p?q, "g" is http://a/b/c/g and "../g" http://a/b/g.
    const outcomes = await ask(parser, 'rfc3986', 'URI-reference', ['g', '../g'], "resolve 'http://a/b/c/d;p?q'");
    expect(outcomes.map((o) => o.parser.components?.target)).toEqual(['http://a/b/c/g', 'http://a/b/g']);
  });
});

/** An outcome as diff makes it, for the class table. */
function outcome(input: string, parserValid: boolean, rule = 'URI-reference'): DiffOutcome {
  const r = validate(input, { spec: 'rfc3986' as string, rule });
  const o: DiffOutcome = { input, spec: 'rfc3986', rule, valid: r.valid, parser: { valid: parserValid } };
  if (parserValid !== r.valid) o.disagreement = parserValid ? 'false-accept' : 'false-reject';
  if (!r.valid) o.error = r.error;
  return o;
}

const NO_FACTS: Facts = { otherEras: [], whatwg: false };

describe('classes of disagreement (scripts/conformance/classify.ts)', () => {
  // The five classes are those of the 2022 URL parsing confusion study (Claroty and Snyk).
  it.each([
    ['http:\\\\a/', true, NO_FACTS, 'backslash confusion', 'a "\\" no RFC 3986 rule allows'],
    [':x', true, NO_FACTS, 'scheme confusion', 'an empty scheme (RFC 3986 §3.1: scheme = ALPHA *( ... ))'],
    ['1a:b', true, NO_FACTS, 'scheme confusion', 'a scheme starting with a digit'],
    ['http:///a', false, NO_FACTS, 'slashes confusion', 'three slashes: an empty authority, valid by §3.2'],
    ['a%zz', true, NO_FACTS, 'URL-encoded data confusion', 'a "%" without two HEXDIG (§2.1)'],
    ['x:a%41', false, { ...NO_FACTS, plainVerdict: true }, 'URL-encoded data confusion', 'a valid triplet refused, the plain letter accepted'],
    ['x:a b', true, { ...NO_FACTS, swappedVerdict: false }, 'scheme mix-up', 'accepted as x:, refused as http:'],
    ['x:a b', true, { ...NO_FACTS, swappedVerdict: false, whatwg: true }, 'WHATWG', 'special schemes are the WHATWG standard\'s rule'],
    ['x:a b', true, { otherEras: ['rfc2396'], whatwg: false }, 'era mismatch (rfc2396)', 'another era\'s verdict'],
    ['//[v1.x]', false, { otherEras: ['rfc2396'], whatwg: true }, 'WHATWG', 'a WHATWG parser claims no RFC to mismatch'],
    ['x:a b', true, NO_FACTS, 'accepts a space', 'what urispec finds at the error'],
    ['//[v1.x]', false, NO_FACTS, 'rejects an IPvFuture literal', 'RFC 3986 §3.2.2 IPvFuture'],
    ['//h:', false, NO_FACTS, 'rejects an empty port', 'RFC 3986 §3.2.3: port = *DIGIT'],
  ] as [string, boolean, Facts, string, string][])('%j, parser says %s: %s (%s)', (input, parserValid, facts, cls) => {
    expect(classify(outcome(input, parserValid), facts)).toBe(cls);
  });

  it('an absolute-URI parser accepting a relative reference is named so', () => {
    expect(classify(outcome('/a', true, 'URI'), NO_FACTS)).toBe('accepts a relative reference');
  });

  it.each([
    ['http://a', 'x://a'], ['HTTPS:b', 'x:b'], ['foo:b', 'http:b'], ['/a:b', undefined],
  ])('swapScheme(%j) is %j', (input, swapped) => expect(swapScheme(input)).toBe(swapped));

  it('plainPercent writes each triplet as a letter', () => {
    expect(plainPercent('a%41b%zz%4')).toBe('aab%zz%4');
    expect(plainPercent('abc')).toBeUndefined();
  });
});

describe('shrinking (scripts/conformance/shrink.ts)', () => {
  it('deletes one code point, or a run of 2, 4... of them, never splitting a surrogate pair', () => {
    expect(deletions('abc').sort()).toEqual(['a', 'ab', 'ac', 'bc', 'c'].sort());
    expect(deletions('a😀')).toEqual(expect.arrayContaining(['a', '😀']));
    expect(deletions('a😀').some((s) => /[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '')))).toBe(false);
  });
});

describe('the report (docs/conformance.json) is of the vectors shipped', () => {
  it('counts, for each era, the records of its start rule in the vectors file it names', () => {
    // The curated vectors are regenerated with the grammars and the diagnosis; a report left from
    // older vectors gives totals no one re-running an adapter on the shipped files can get
    // (`npm run conformance` writes it again).
    const report = JSON.parse(readFileSync(join(ROOT, 'docs', 'conformance.json'), 'utf8')) as ConformanceReport;
    for (const [era, v] of Object.entries(report.generated.vectors)) {
      const records = readFileSync(join(ROOT, v.file), 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { rule: string });
      expect(records.filter((r) => r.rule === v.rule).length, era).toBe(v.count);
    }
  });
});

describe('published cases (vectors/conformance/)', () => {
  const cases = casesFor('rfc3986', 'URI-reference', 40);

  it('each invalid case is a valid case with one edit, and the edit is what breaks it', () => {
    const invalid = cases.filter((c) => !c.valid);
    expect(invalid.length).toBe(40);
    for (const c of invalid) {
      const { edit, offset, char, from } = c.fault!;
      const rebuilt = from.slice(0, offset) + (edit === 'delete' ? '' : char) + from.slice(edit === 'insert' ? offset : offset + [...from.slice(offset)][0]!.length);
      expect(rebuilt).toBe(c.input);
      expect(validate(from).valid).toBe(true);
      const r = validate(c.input);
      expect(r.valid).toBe(false);
      if (!r.valid) expect(c.error).toEqual({ rule: r.error.rule, section: r.error.section, offset: r.error.offset });
    }
  });

  it('names show controls, spaces and non-ASCII characters', () => {
    expect(visible('a\tb c\u0000é')).toBe('a{U+0009}b{U+0020}c{U+0000}{U+00E9}');
    for (const c of cases) expect(c.name).toMatch(/^[\x21-\x7e]+$/);
  });

  // Like vectors/*.jsonl, the files change only with a grammar or the generator, in a reviewed
  // commit: `npm run conformance -- --cases` rewrites them (no parser needed).
  it.each(['rfc3986', 'rfc2396'])('vectors/conformance/%s.json is what the grammars give now', (spec) => {
    const committed = JSON.parse(readFileSync(join(ROOT, 'vectors', 'conformance', `${spec}.json`), 'utf8')) as { rule: string; cases: unknown[] };
    expect(committed.cases, 'stale: run `npm run conformance -- --cases` and review the change').toEqual(casesFor(spec, committed.rule));
  });

  it('the committed JSON Schema export has the suite\'s shape', () => {
    // uri and uri-reference always; iri and iri-reference once urispec has the rfc3987 era and
    // `npm run conformance -- --cases` has written them (until then they are absent, and said so).
    for (const { format, spec, rule } of jsonSchemaFormats()) {
      const file = join(ROOT, 'vectors', 'conformance', 'json-schema', `${format}.json`);
      if (spec !== 'rfc3986' && !existsSync(file)) {
        console.log(`vectors/conformance/json-schema/${format}.json not written yet: run npm run conformance -- --cases`);
        continue;
      }
      const suite = JSON.parse(readFileSync(file, 'utf8')) as
        { schema: { format: string }; tests: { data: string; valid: boolean }[] }[];
      expect(suite[0]!.schema.format).toBe(format);
      for (const t of suite[0]!.tests) expect(validate(t.data, { spec, rule }).valid).toBe(t.valid);
    }
  });
});

describe('the runner (scripts/conformance/run.ts)', () => {
  // End to end on one parser that always runs (Node), a few vectors, through ts-node as
  // `npm run conformance` runs it (transpiling only: a change of the library's types elsewhere
  // does not stop the report; a change of its behaviour fails here).
  it('rates, classes, shrinks and resolves in quick mode, writing nothing', () => {
    const r = spawnSync(process.execPath, ['--loader', 'ts-node/esm', '--no-warnings', 'scripts/conformance/run.ts', '--count', '60', '--only', 'fast-uri'],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000, env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' } });
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as ConformanceReport;
    const fast = report.parsers[0]!;
    expect(fast.name).toBe('fast-uri');
    expect(fast.verdicts.rfc3986!.total).toBe(60);
    const classed = fast.classes.rfc3986!.reduce((n, c) => n + c.falseAccepts + c.falseRejects, 0);
    expect(classed).toBe(fast.verdicts.rfc3986!.falseAccepts + fast.verdicts.rfc3986!.falseRejects);
    // Each minimal example still disagrees the way its class does: urispec's verdict is the opposite of the parser's.
    for (const c of fast.classes.rfc3986!) expect(validate(c.example.input).valid).toBe(c.example.disagreement === 'false-reject');
    expect(fast.resolution!.rfc3986Examples.total).toBeGreaterThan(0);
  });
});

describe('the committed report (docs/conformance.json)', () => {
  const report = JSON.parse(readFileSync(join(ROOT, 'docs', 'conformance.json'), 'utf8')) as ConformanceReport;

  it('rates at least 15 parsers in at least 6 languages on at least 1,000 RFC 3986 vectors, 5 on resolution', () => {
    expect(report.parsers.length).toBeGreaterThanOrEqual(15);
    expect(new Set(report.parsers.map((p) => p.language)).size).toBeGreaterThanOrEqual(6);
    for (const p of report.parsers) expect(p.verdicts.rfc3986!.total).toBeGreaterThanOrEqual(1000);
    expect(report.parsers.filter((p) => p.resolution).length).toBeGreaterThanOrEqual(5);
  });

  it('each row has the issue\'s fields and names an adapter in the repository', () => {
    for (const p of report.parsers) {
      expect(Object.keys(p)).toEqual(expect.arrayContaining(['name', 'language', 'version', 'claims', 'adapter', 'verdicts']));
      expect(existsSync(join(ROOT, p.adapter))).toBe(true);
      for (const v of Object.values(p.verdicts)) expect(v.agree + v.falseAccepts + v.falseRejects).toBe(v.total);
    }
  });
});
