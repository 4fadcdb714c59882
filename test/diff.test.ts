/**
 * `urispec diff` and the library's diff(): counts against fake parsers whose answers are known
 * (test/fixtures/parsers/fake.mjs), every way a parser can break the protocol reported as an
 * error and never as counts, and the adapters of examples/adapters/ run end to end.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vectors } from '../src/index.js';
import { diff, ParserProcessError, readVectorsFile } from '../src/diff/index.js';
import { records, repoRoot, runInMemory } from './cli/cli-harness.js';

const fake = (mode: string) => `node ${JSON.stringify(join(repoRoot, 'test/fixtures/parsers/fake.mjs'))} ${mode}`;
const adapter = (file: string) => `${file.endsWith('.py') ? 'python3' : 'node'} ${JSON.stringify(join(repoRoot, 'examples/adapters', file))}`;
const hasPython = spawnSync('python3', ['--version']).status === 0;

describe('against an accept-everything parser', () => {
  const inputs = [...vectors({ spec: 'rfc3986', rule: 'URI-reference', count: 300, seed: 4 })];
  const invalid = inputs.filter((v) => !v.valid).map((v) => v.input);

  it('reports exactly the invalid vectors as false accepts (--json)', async () => {
    const r = await runInMemory(['diff', '--spec', 'rfc3986', '--count', '300', '--seed', '4', '--json', '--against', fake('accept')]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
    const lines = records(r.stdout);
    const summary = lines.pop();
    expect(summary).toEqual({ spec: 'rfc3986', total: 300, agreements: 300 - invalid.length, falseAccepts: invalid.length, falseRejects: 0 });
    expect(Object.keys(summary!)).toEqual(['spec', 'total', 'agreements', 'falseAccepts', 'falseRejects']);
    expect(lines.map((l) => l.input)).toEqual(invalid);
    for (const l of lines) {
      expect(l).toMatchObject({ spec: 'rfc3986', rule: 'URI-reference', valid: false, disagreement: 'false-accept', parser: { valid: true } });
      expect((l.error as { rule: string }).rule).toEqual(expect.any(String));
    }
  });

  it('library: the same counts, with echoed inputs checked', async () => {
    const report = await diff({ against: fake('object'), count: 300, seed: 4 });
    expect(report).toMatchObject({ total: 300, falseAccepts: invalid.length, falseRejects: 0 });
    expect(report.disagreements.map((d) => d.input)).toEqual(invalid);
  });

  it('a reject-everything parser: exactly the valid vectors as false rejects, readable output', async () => {
    const r = await runInMemory(['diff', '--count', '300', '--seed', '4', '--against', fake('reject')]);
    expect(r.status).toBe(1);
    const valid = inputs.length - invalid.length;
    expect(r.stdout).toContain(`rfc3986 URI-reference: 300 inputs, ${invalid.length} agreements, 0 false accepts, ${valid} false rejects\n`);
    expect(r.stdout.match(/^false reject {2}/gm)).toHaveLength(valid);
    expect(r.stdout).toContain('  urispec: valid URI-reference; parser: invalid');
  });

  it('exit status 0 when the parser agrees everywhere (urispec itself, any character through JSON)', async () => {
    const r = await runInMemory(['diff', '--spec', 'rfc2396-draft', '--count', '300', '--against', fake('urispec rfc2396-draft')]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('rfc2396-draft URL-reference: 300 inputs, 300 agreements, 0 false accepts, 0 false rejects\n');
    expect(r.status).toBe(0);
  });

  it('a shell one-liner parser', async () => {
    const r = await runInMemory(['diff', '--spec', 'rfc1808', '--count', '40', '--json', '--against', 'while IFS= read -r l; do echo false; done']);
    const summary = records(r.stdout).pop()!;
    expect(summary.falseAccepts).toBe(0);
    expect(summary.agreements as number).toBe(40 - (summary.falseRejects as number));
  });
});

describe('inputs from a vectors file', () => {
  it('keeps the start rule\'s vectors of a curated set', async () => {
    const inputs = readVectorsFile(join(repoRoot, 'vectors/rfc3986.jsonl'), 'rfc3986', 'URI-reference');
    const r = await runInMemory(['diff', '--vectors', join(repoRoot, 'vectors/rfc3986.jsonl'), '--json', '--against', fake('accept')]);
    const summary = records(r.stdout).pop()!;
    expect(summary.total).toBe(inputs.length);
    expect(inputs.length).toBeGreaterThan(1000);
  });

  it('reads plain JSON strings, and refuses lines of another spec or not JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'urispec-diff-'));
    const file = join(dir, 'inputs.jsonl');
    writeFileSync(file, '"http://a/"\n"http://a/%"\n"\\u0000"\n');
    const r = await runInMemory(['diff', '--vectors', file, '--rule', 'URI', '--json', '--against', fake('accept')]);
    expect(records(r.stdout).pop()).toEqual({ spec: 'rfc3986', total: 3, agreements: 1, falseAccepts: 2, falseRejects: 0 });
    writeFileSync(file, '{"input":"a","spec":"rfc1808"}\n');
    const other = await runInMemory(['diff', '--vectors', file, '--against', fake('accept')]);
    expect(other.status).toBe(2);
    expect(other.stderr).toMatch(/inputs\.jsonl:1: a vector of rfc1808, not rfc3986/);
    writeFileSync(file, 'http://a/\n');
    const bad = await runInMemory(['diff', '--vectors', file, '--against', fake('accept')]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/inputs\.jsonl:1: not JSON/);
  });
});

describe('a parser that breaks the protocol is an error, never a count', () => {
  it.each([
    ['crash 10', /exited with status 7 after 10 answers, with \d+ inputs written and unanswered[\s\S]*simulated crash/],
    ['early 10', /exited with status 0 after 10 answers/],
    ['hang 10', /no answer to input 11 \(.*\) within 300 ms \(does it flush its output after each answer\?\)/],
    ['garbage 10', /answer 11 \(to .*\) is not true, false or \{"valid": \.\.\.\}: "maybe\?"/],
    ['extra 10', /more lines than it was asked for/],
    ['skew 10', /answer 11 echoes .* but input 11 was .*: the parser is out of step/],
    ['linger', /answered every input but did not exit within 300 ms/],
    ['fail-exit', /exited with status 1 after answering every input/],
  ])('%s', async (mode, message) => {
    const r = await runInMemory(['diff', '--count', '50', '--timeout', '300', '--json', '--against', fake(mode)]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/no counts: the comparison stopped after \d+ answers/);
    expect(records(r.stdout).some((l) => 'total' in l)).toBe(false);
  });

  it('a command that does not exist', async () => {
    const r = await runInMemory(['diff', '--count', '5', '--against', 'urispec-no-such-parser-xyz']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/exited with status 127 after 0 answers[\s\S]*not found/);
  });

  it('library: a ParserProcessError with the failure and the input', async () => {
    const error = await diff({ against: fake('garbage 3'), count: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParserProcessError);
    expect(error).toMatchObject({ failure: 'bad-answer', index: 3 });
  });

  it.each([
    [[], /--against COMMAND is required/],
    [['--against', 'x', '--vectors', 'f', '--count', '3'], /exclude each other/],
    [['--against', 'x', '--timeout', '0'], /--timeout/],
    [['--against', 'x', '--spec', 'rfc9999'], /unknown spec/],
  ])('usage error %j', async (args, message) => {
    const r = await runInMemory(['diff', ...args]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('adapters (examples/adapters/)', () => {
  it.each(['node-url.mjs', 'fast-uri.mjs', 'uri-js.mjs'])('%s answers every vector', async (file) => {
    const r = await runInMemory(['diff', '--count', '200', '--json', '--against', adapter(file)]);
    expect(r.stderr).toBe('');
    const summary = records(r.stdout).pop()!;
    expect(summary.total).toBe(200);
    expect((summary.agreements as number) + (summary.falseAccepts as number) + (summary.falseRejects as number)).toBe(200);
  });

  it.skipIf(!hasPython)('python-urllib.py answers every vector', async () => {
    const r = await runInMemory(['diff', '--count', '200', '--json', '--against', adapter('python-urllib.py')]);
    expect(r.stderr).toBe('');
    expect(records(r.stdout).pop()!.total).toBe(200);
  });

  it.skipIf(!hasPython)('python-rfc3986.py answers, or says the module is missing', async () => {
    const installed = spawnSync('python3', ['-c', 'import rfc3986']).status === 0;
    const r = await runInMemory(['diff', '--count', '50', '--json', '--against', adapter('python-rfc3986.py')]);
    if (installed) expect(records(r.stdout).pop()!.total).toBe(50);
    else {
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/exited with status 3 after 0 answers[\s\S]*the rfc3986 module is not installed/);
    }
  });
});
