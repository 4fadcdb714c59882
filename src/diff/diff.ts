/**
 * Differential testing: another parser's verdicts on a set of vectors against urispec's
 * (docs/differential.md). The other parser runs as a subprocess (parser-process.ts); each
 * input's outcome is an agreement, a false accept (the parser accepts what the spec's grammar
 * does not derive) or a false reject (the parser rejects a string the grammar derives).
 */
import { readFileSync } from 'node:fs';
import { eraOf, ruleOf } from '../registry.js';
import { badOption } from '../errors.js';
import { validate, type SpecId } from '../validate.js';
import type { ValidationError } from '../diagnose.js';
import { vectors, type VectorKind } from '../vectors/index.js';
import { askParser, type ParserAnswer } from './parser-process.js';

/** An input to compare on: a string, with the kind of vector it was made as, if known. */
export interface DiffInput {
  input: string;
  kind?: VectorKind;
}

export interface DiffOptions {
  /** Default `rfc3986`. */
  spec?: SpecId;
  /** The start rule urispec validates with (default: the spec's). */
  rule?: string;
  /** The parser, as a shell command line (`sh -c`), speaking the protocol of docs/differential.md. */
  against: string;
  /** The inputs; by default `count` vectors of the spec and rule (src/vectors/). */
  inputs?: Iterable<DiffInput>;
  /** How many vectors to make when `inputs` is not given (default 1000). */
  count?: number;
  /** The seed of those vectors (default 1). */
  seed?: number;
  /** Longest wait for one answer, in milliseconds (default 5000). */
  timeoutMs?: number;
  /** Working directory of the parser's command. */
  cwd?: string;
}

export type Disagreement = 'false-accept' | 'false-reject';

/** One input, both verdicts. */
export interface DiffOutcome {
  input: string;
  spec: SpecId;
  rule: string;
  kind?: VectorKind;
  /** urispec's verdict. */
  valid: boolean;
  /** Absent when both agree. */
  disagreement?: Disagreement;
  /** The other parser's answer. */
  parser: ParserAnswer;
  /** urispec's diagnosis, when it rejects the input. */
  error?: ValidationError;
}

/** The counts of a comparison: the last record of `urispec diff --json`. */
export interface DiffSummary {
  spec: SpecId;
  total: number;
  agreements: number;
  falseAccepts: number;
  falseRejects: number;
}

export interface DiffReport extends DiffSummary {
  rule: string;
  disagreements: DiffOutcome[];
}

/**
 * Each input's outcome, in input order, as the parser answers. Throws a ParserProcessError
 * when the parser cannot be used (it does not start, exits early, hangs, answers out of step
 * or not in the protocol): a comparison stops rather than count wrong.
 *
 * @throws {UsageError} for an unknown spec or rule.
 * @example
 * ```ts
 * import { diffOutcomes } from 'urispec/diff';
 * for await (const o of diffOutcomes({ against: 'node examples/adapters/node-url.mjs', count: 100 })) {
 *   if (o.disagreement) console.log(o.disagreement, o.input, o.error?.message);
 * }
 * ```
 */
export async function* diffOutcomes(options: DiffOptions): AsyncGenerator<DiffOutcome, void, undefined> {
  const era = eraOf(options.spec);
  const rule = ruleOf(era, options.rule);
  if (typeof options.against !== 'string' || options.against.trim() === '') throw badOption('against: the parser command is empty');
  const inputs = options.inputs ?? [...vectors({ spec: era.id, rule: rule.name, count: options.count ?? 1000, seed: options.seed ?? 1 })];
  const pending: DiffInput[] = [];
  const strings = function* () {
    for (const i of inputs) {
      pending.push(i);
      yield i.input;
    }
  };
  for await (const answer of askParser(options.against, strings(), { timeoutMs: options.timeoutMs, cwd: options.cwd })) {
    const item = pending.shift()!;
    const r = validate(item.input, { spec: era.id, rule: rule.name });
    const outcome: DiffOutcome = { input: item.input, spec: era.id, rule: rule.name, valid: r.valid, parser: answer };
    if (item.kind) outcome.kind = item.kind;
    if (answer.valid !== r.valid) outcome.disagreement = answer.valid ? 'false-accept' : 'false-reject';
    if (!r.valid) outcome.error = r.error;
    yield outcome;
  }
}

/**
 * Runs another parser over vectors and counts agreements, false accepts (it accepts what urispec
 * rejects) and false rejects (the reverse), keeping every disagreement with urispec's diagnosis.
 *
 * @throws {ParserProcessError} when the parser crashes, hangs or answers out of step.
 * @throws {UsageError} for an unknown spec or rule.
 * @example
 * ```ts
 * import { diff } from 'urispec/diff';
 * const report = await diff({ spec: 'rfc3986', against: 'node examples/adapters/fast-uri.mjs', count: 500 });
 * console.log(report.agreements, report.falseAccepts, report.falseRejects);
 * for (const d of report.disagreements) console.log(d.disagreement, JSON.stringify(d.input));
 * ```
 */
export async function diff(options: DiffOptions): Promise<DiffReport> {
  const era = eraOf(options.spec);
  const rule = ruleOf(era, options.rule);
  const report: DiffReport = { spec: era.id, rule: rule.name, total: 0, agreements: 0, falseAccepts: 0, falseRejects: 0, disagreements: [] };
  for await (const o of diffOutcomes({ ...options, spec: era.id, rule: rule.name })) tally(report, o);
  return report;
}

/** Adds one outcome to the counts (and to the disagreements, when it is one). */
export function tally(report: DiffSummary & { disagreements?: DiffOutcome[] }, o: DiffOutcome): void {
  report.total++;
  if (o.disagreement === undefined) report.agreements++;
  else {
    if (o.disagreement === 'false-accept') report.falseAccepts++;
    else report.falseRejects++;
    report.disagreements?.push(o);
  }
}

/**
 * Reads a vectors file: one JSON value a line, either a string or an object with `input` (and
 * optionally `spec`, `rule`, `kind`, as `urispec vectors` writes them). Objects of another spec
 * are an error; objects of another rule than `rule` are left out (a curated file mixes rules).
 *
 * @throws {UsageError} for a line that is not such a value, or a vector of another spec.
 * @example
 * ```ts
 * import { readVectorsFile } from 'urispec/diff';
 * const inputs = readVectorsFile('vectors/rfc3986.jsonl', 'rfc3986', 'URI-reference');
 * inputs.length; // the file's URI-reference vectors
 * ```
 */
export function readVectorsFile(path: string, spec: SpecId, rule: string): DiffInput[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw badOption(`cannot read the vectors file ${path}: ${(error as Error).message}`);
  }
  const out: DiffInput[] = [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const [k, line] of lines.entries()) {
    const where = `${path}:${k + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw badOption(`${where}: not JSON: ${line.slice(0, 60)}`);
    }
    if (typeof value === 'string') {
      out.push({ input: value });
      continue;
    }
    const o = value as Record<string, unknown> | null;
    if (typeof o !== 'object' || o === null || typeof o.input !== 'string') {
      throw badOption(`${where}: a line must be a JSON string or an object with a string "input"`);
    }
    if (typeof o.spec === 'string' && o.spec !== spec) throw badOption(`${where}: a vector of ${o.spec}, not ${spec} (use --spec ${o.spec})`);
    if (typeof o.rule === 'string' && o.rule.toLowerCase() !== rule.toLowerCase()) continue;
    const item: DiffInput = { input: o.input };
    if (o.kind === 'valid' || o.kind === 'near-miss' || o.kind === 'contrast') item.kind = o.kind;
    out.push(item);
  }
  return out;
}
