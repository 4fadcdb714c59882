// The conformance report: every parser of scripts/conformance/parsers.ts that runs on this
// machine, rated by urispec over the curated vectors (vectors/<era>.jsonl), its disagreements
// classed and shrunk to minimal examples, its components and its resolution compared with
// urispec's. Writes docs/conformance.json and docs/conformance.md, and the published cases
// (vectors/conformance/).
//
//   npm run conformance -- --setup      (runs scripts/conformance/setup.sh first: the one command on a fresh machine)
//   bash scripts/conformance/setup.sh && npm run conformance      (the same, in two steps)
//   npm run conformance -- --count 200 --only fast-uri,uriparser    (a quick look; writes nothing)
//   npm run conformance -- --cases     (only vectors/conformance/, which needs no parser: after a grammar change)
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { componentValues, equivalent, parse, resolve, specs, validate } from '../../src/index.js';
import { ParserProcessError, readVectorsFile, type DiffOutcome } from '../../src/diff/index.js';
import { ask, ROOT, versionOf } from './ask.js';
import { classify, citation, factsFrom, probesOf, visibleChar, type Facts } from './classify.js';
import { PARSERS, ruleIn, type Parser } from './parsers.js';
import { shrinkAll } from './shrink.js';
import { writeCases } from './cases.js';
import { renderMarkdown } from './markdown.js';
import type { ClassRow, ComponentsReport, ConformanceReport, Example, ParserReport, ResolutionReport, Verdicts } from './report.js';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const COUNT = option('count') ? Number(option('count')) : Infinity;
const ONLY = option('only')?.split(',');
const QUICK = COUNT !== Infinity || ONLY !== undefined;

const ERAS: readonly string[] = ['rfc3986', 'rfc2396'];
const KNOWN = new Set(specs().map((s) => s.id));
/** The eras a disagreement may be explained by: the parser's verdict is that era's. */
const EXPLAINING_ERAS = ['rfc3986', 'rfc2396', 'rfc3987'].filter((e) => KNOWN.has(e));

/** Each era's inputs: the curated vectors of its default start rule. */
const INPUTS: Record<string, string[]> = {};
for (const era of ERAS) {
  const rule = specs().find((s) => s.id === era)!.defaultRule;
  INPUTS[era] = readVectorsFile(join(ROOT, 'vectors', `${era}.jsonl`), era, rule).map((i) => i.input).slice(0, COUNT);
}

const COMPONENTS = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'] as const;
// Bases are absolute-URIs (RFC 3986 §5.1: a base has no fragment).
const RESOLUTION_BASES = ['http://a/b/c/d;p?q', 'https://u@h.example:8080/p/q/r?s', 'foo://a/b/c?d'];

async function main(): Promise<void> {
  if (argv.includes('--setup')) {
    const setup = spawnSync('bash', [join(ROOT, 'scripts', 'conformance', 'setup.sh')], { stdio: 'inherit' });
    if (setup.status !== 0) process.stderr.write(`scripts/conformance/setup.sh exited with status ${setup.status}: going on with what is installed\n`);
  }
  if (argv.includes('--cases')) {
    writeCases(ROOT);
    process.stderr.write('wrote vectors/conformance/\n');
    return;
  }
  const reports: ParserReport[] = [];
  const skipped: { name: string; adapter: string; reason: string }[] = [];
  const answers = new Map<string, Map<string, boolean[]>>(); // era -> parser -> verdicts
  for (const era of ERAS) answers.set(era, new Map());

  for (const parser of PARSERS.filter((p) => !ONLY || ONLY.includes(p.name))) {
    const reason = await unavailable(parser);
    if (reason) {
      skipped.push({ name: parser.name, adapter: parser.adapter, reason });
      process.stderr.write(`skipped ${parser.name}: ${reason}\n`);
      continue;
    }
    const started = Date.now();
    const report: ParserReport = {
      name: parser.name, language: parser.language, version: versionOf(parser), claims: parser.claims, adapter: parser.adapter,
      command: parser.command, validWhen: parser.validWhen, rule: parser.rule ?? 'URI-reference', verdicts: {}, classes: {},
    };
    if (parser.whatwg) report.follows = 'WHATWG URL Standard';
    for (const era of ['rfc3986', ...(parser.alsoClaims ?? [])]) {
      const rule = ruleIn(era, parser.rule ?? 'URI-reference');
      const outcomes = await ask(parser, era, rule, INPUTS[era]!);
      answers.get(era)!.set(parser.name, outcomes.map((o) => o.parser.valid));
      report.verdicts[era] = verdicts(outcomes);
      report.classes[era] = await classes(parser, era, rule, outcomes);
      if (era === 'rfc3986') report.components = components(outcomes);
    }
    if (parser.resolves) report.resolution = await resolution(parser);
    reports.push(report);
    process.stderr.write(`${parser.name}: ${JSON.stringify(report.verdicts)} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  }

  const consensus = consensusOf(reports, answers);
  const examples = await exampleMatrix(reports);
  const report: ConformanceReport = {
    generated: {
      by: 'npm run conformance (scripts/conformance/run.ts)',
      vectors: Object.fromEntries(ERAS.map((e) => [e, { file: `vectors/${e}.jsonl`, rule: specs().find((s) => s.id === e)!.defaultRule, count: INPUTS[e]!.length }])),
      resolutionBases: RESOLUTION_BASES,
    },
    parsers: reports,
    skipped,
    consensus,
    sameVerdicts: sameVerdicts(reports, answers),
    invalidVectors: Object.fromEntries(ERAS.flatMap((era) => (['URI-reference', 'URI'] as const).map((rule) => [
      `${era} ${rule}`, INPUTS[era]!.filter((i) => !validate(i, { spec: era, rule: ruleIn(era, rule) }).valid).length,
    ]))),
    examples,
  };
  if (QUICK) {
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    return;
  }
  writeFileSync(join(ROOT, 'docs', 'conformance.json'), JSON.stringify(report, null, 2) + '\n');
  writeFileSync(join(ROOT, 'docs', 'conformance.md'), renderMarkdown(report));
  writeCases(ROOT);
  process.stderr.write(`wrote docs/conformance.json, docs/conformance.md and vectors/conformance/: ${reports.length} parsers, ${skipped.length} skipped\n`);
}

/** Why the parser cannot be run here, or undefined when it answers. */
async function unavailable(parser: Parser): Promise<string | undefined> {
  try {
    await ask(parser, 'rfc3986', 'URI-reference', ['a:b']);
    return undefined;
  } catch (error) {
    if (!(error instanceof ParserProcessError)) throw error;
    return error.message.split('\n').slice(0, 3).join(' ').slice(0, 300);
  }
}

function verdicts(outcomes: DiffOutcome[]): Verdicts {
  const v: Verdicts = { total: outcomes.length, agree: 0, falseAccepts: 0, falseRejects: 0 };
  for (const o of outcomes) {
    if (!o.disagreement) v.agree++;
    else if (o.disagreement === 'false-accept') v.falseAccepts++;
    else v.falseRejects++;
  }
  return v;
}

/** The parser's disagreements in classes, each with its shortest member shrunk to a minimal example. */
async function classes(parser: Parser, era: string, rule: string, outcomes: DiffOutcome[]): Promise<ClassRow[]> {
  const disagreements = outcomes.filter((o) => o.disagreement);
  const probes = [...new Set(disagreements.flatMap((o) => probesOf(o.input)))];
  const answers = new Map<string, DiffOutcome>();
  for (const o of await ask(parser, era, rule, probes)) answers.set(o.input, o);
  const eras = EXPLAINING_ERAS.map((spec) => ({ spec, rule: ruleIn(spec, parser.rule ?? 'URI-reference') }));
  const factsOf = (o: DiffOutcome, probed: ReadonlyMap<string, DiffOutcome>): Facts => factsFrom(o, probed, eras, parser.whatwg === true);
  const rows = new Map<string, { row: ClassRow; seed: DiffOutcome }>();
  for (const o of disagreements) {
    const cls = classify(o, factsOf(o, answers));
    let entry = rows.get(cls);
    if (!entry) {
      entry = { row: { class: cls, falseAccepts: 0, falseRejects: 0, example: undefined as unknown as Example }, seed: o };
      rows.set(cls, entry);
    }
    if (o.disagreement === 'false-accept') entry.row.falseAccepts++;
    else entry.row.falseRejects++;
    // The seed of the minimal example: the shortest input of the class's larger direction.
    if ([...o.input].length < [...entry.seed.input].length) entry.seed = o;
  }
  const list = [...rows.values()];
  const shrunk = await shrinkAll(parser, era, rule, list.map((e) => ({ cls: e.row.class, outcome: e.seed })), factsOf);
  return list
    .map((e, k) => ({ ...e.row, example: exampleOf(shrunk[k]!) }))
    .sort((a, b) => b.falseAccepts + b.falseRejects - (a.falseAccepts + a.falseRejects));
}

function exampleOf(o: DiffOutcome): Example {
  const cite = citation(o);
  const e: Example = { input: o.input, disagreement: o.disagreement!, rule: cite.rule, section: cite.section };
  if (o.error) e.urispec = o.error.message;
  if (o.parser.error !== undefined) e.parserError = String(o.parser.error).slice(0, 200);
  return e;
}

/** Same component, compared as RFC 3986 compares them: scheme and host without case, a host without brackets. */
function sameComponent(name: string, ours: string | undefined, theirs: unknown): boolean {
  let a = ours ?? '';
  let b = theirs === null || theirs === undefined ? '' : String(theirs);
  if (name === 'scheme' || name === 'host') {
    a = a.toLowerCase();
    b = b.toLowerCase();
  }
  if (name === 'host') {
    a = a.replace(/^\[(.*)\]$/, '$1');
    b = b.replace(/^\[(.*)\]$/, '$1');
  }
  return a === b;
}

/** The components differential, on the valid inputs both accept. */
function components(outcomes: DiffOutcome[]): ComponentsReport | undefined {
  const both = outcomes.filter((o) => o.valid && o.parser.valid && o.parser.components);
  if (both.length === 0) return undefined;
  const report: ComponentsReport = { compared: both.length, agreeAll: 0, byComponent: {} };
  for (const o of both) {
    const r = parse(o.input, { spec: o.spec, rule: o.rule });
    if (!r.valid) continue;
    const ours = componentValues(r.components);
    let all = true;
    for (const name of COMPONENTS) {
      if (!(name in o.parser.components!)) continue;
      const c = (report.byComponent[name] ??= { compared: 0, agree: 0 });
      c.compared++;
      if (sameComponent(name, ours[name], o.parser.components![name])) c.agree++;
      else {
        all = false;
        if (!c.example || [...o.input].length < [...c.example.input].length) {
          c.example = { input: o.input, urispec: ours[name] ?? null, parser: (o.parser.components![name] ?? null) as string | null };
        }
      }
    }
    if (all) report.agreeAll++;
  }
  return report;
}

/** Inputs for the resolution differential: RFC 3986 §5.4's rows, and valid references from the vectors. */
/**
 * The pairs each parser resolves: RFC 3986 §5.4's 42 references against its base, then generated
 * ones. A §5.4 reference printed with two targets (§5.4.2's `http:g`: "for strict parsers" and
 * "for backward compatibility") is one example with both as answers (`targets`), not two rows
 * scored against the strict one.
 */
function resolutionPairs(): { base: string; ref: string; source: string; targets?: string[] }[] {
  const rows = (JSON.parse(readText('test/resolution/rfc3986.json')) as { base: string; rows: { ref: string; target: string }[] });
  const pairs: { base: string; ref: string; source: string; targets?: string[] }[] = [];
  for (const r of rows.rows) {
    const same = pairs.find((p) => p.ref === r.ref);
    if (same) same.targets!.push(r.target);
    else pairs.push({ base: rows.base, ref: r.ref, source: 'RFC 3986 §5.4', targets: [r.target] });
  }
  const refs = INPUTS.rfc3986!.filter((i) => validate(i).valid).slice(0, Math.min(100, COUNT));
  for (const base of RESOLUTION_BASES) for (const ref of refs) pairs.push({ base, ref, source: 'generated' });
  return pairs;
}

function readText(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8');
}

async function resolution(parser: Parser): Promise<ResolutionReport> {
  const pairs = resolutionPairs();
  const report: ResolutionReport = { total: 0, agree: 0, equivalent: 0, differ: 0, refused: 0, rfc3986Examples: { total: 0, agree: 0 }, examples: [] };
  for (const base of [...new Set(pairs.map((p) => p.base))]) {
    const group = pairs.filter((p) => p.base === base);
    const outcomes = await ask(parser, 'rfc3986', 'URI-reference', group.map((p) => p.ref), `resolve '${base}'`);
    outcomes.forEach((o, k) => {
      const pair = group[k]!;
      const expected = resolve(base, pair.ref).target ?? null;
      const got = o.parser.valid ? String(o.parser.components?.target ?? '') : null;
      report.total++;
      const agree = got === expected || (got !== null && pair.targets?.includes(got) === true);
      if (pair.source === 'RFC 3986 §5.4') {
        report.rfc3986Examples.total++;
        if (agree) report.rfc3986Examples.agree++;
      }
      if (agree) report.agree++;
      else if (got === null) report.refused++;
      else if (expected !== null && equivalent(got, expected)) report.equivalent++;
      else report.differ++;
      // Examples: the first few of each kind (another target, refused), each reference once.
      const kind = got === null ? 'refused' : expected !== null && equivalent(got, expected) ? 'equivalent' : 'other';
      if (!agree && kind !== 'equivalent' && !report.examples.some((e) => e.ref === pair.ref)
          && report.examples.filter((e) => (e.got === null) === (got === null)).length < 2) {
        report.examples.push({ base, ref: pair.ref, source: pair.source, expected, got, parserError: o.parser.error });
      }
    });
  }
  return report;
}

/** What most parsers of the same start rule say, input by input, and how often each parser says it. */
function consensusOf(reports: ParserReport[], answers: Map<string, Map<string, boolean[]>>): ConformanceReport['consensus'] {
  const out: ConformanceReport['consensus'] = {};
  for (const era of ERAS) {
    const byParser = answers.get(era)!;
    for (const rule of ['URI-reference', 'URI'] as const) {
      const group = reports.filter((r) => r.rule === rule && byParser.has(r.name));
      if (group.length < 3) continue;
      const spec = ruleIn(era, rule);
      const inputs = INPUTS[era]!;
      let decided = 0;
      let withUrispec = 0;
      const majority: (boolean | undefined)[] = inputs.map((input, k) => {
        const yes = group.filter((r) => byParser.get(r.name)![k]).length;
        const m = yes * 2 > group.length ? true : yes * 2 < group.length ? false : undefined;
        if (m !== undefined) {
          decided++;
          if (m === validate(input, { spec: era, rule: spec }).valid) withUrispec++;
        }
        return m;
      });
      out[`${era} ${rule}`] = { parsers: group.map((r) => r.name), inputs: inputs.length, decided, agreeWithUrispec: withUrispec };
      for (const r of group) {
        const mine = byParser.get(r.name)!;
        let n = 0;
        let agree = 0;
        majority.forEach((m, k) => {
          if (m === undefined) return;
          n++;
          if (mine[k] === m) agree++;
        });
        (r.consensus ??= {})[era] = { decided: n, agree };
      }
    }
  }
  return out;
}

/** Parsers of the same start rule that say the same on every vector of an era. */
function sameVerdicts(reports: ParserReport[], answers: Map<string, Map<string, boolean[]>>): ConformanceReport['sameVerdicts'] {
  const out: ConformanceReport['sameVerdicts'] = [];
  for (const era of ERAS) {
    const groups = new Map<string, string[]>();
    for (const r of reports) {
      const verdicts = answers.get(era)!.get(r.name);
      if (!verdicts) continue;
      const key = `${r.rule} ${verdicts.map((v) => (v ? 1 : 0)).join('')}`;
      groups.set(key, [...(groups.get(key) ?? []), r.name]);
    }
    for (const parsers of groups.values()) if (parsers.length > 1) out.push({ era, parsers });
  }
  return out;
}

/** Every minimal example, asked of every parser: the matrix beside urispec's verdicts. */
async function exampleMatrix(reports: ParserReport[]): Promise<ConformanceReport['examples']> {
  const rows: ConformanceReport['examples'] = [];
  for (const era of ERAS) {
    const inputs = [...new Set(reports.flatMap((r) => (r.classes[era] ?? []).map((c) => c.example.input)))]
      .sort((a, b) => [...a].length - [...b].length || (a < b ? -1 : 1));
    if (inputs.length === 0) continue;
    const accepted = new Map<string, string[]>(inputs.map((i) => [i, []]));
    const asked: string[] = [];
    for (const r of reports) {
      const parser = PARSERS.find((p) => p.name === r.name)!;
      const outcomes = await ask(parser, era, ruleIn(era, parser.rule ?? 'URI-reference'), inputs);
      asked.push(r.name);
      for (const o of outcomes) if (o.parser.valid) accepted.get(o.input)!.push(r.name);
    }
    for (const input of inputs) {
      const acc = accepted.get(input)!;
      rows.push({
        era, input, visible: [...input].map((c) => (/^[\x21-\x7e]$/.test(c) ? c : visibleChar(c).replace(/"/g, ''))).join(''),
        urispec: {
          [ruleIn(era, 'URI-reference')]: validate(input, { spec: era, rule: ruleIn(era, 'URI-reference') }).valid,
          [ruleIn(era, 'URI')]: validate(input, { spec: era, rule: ruleIn(era, 'URI') }).valid,
        },
        acceptedBy: acc, parsers: asked.length,
      });
    }
  }
  return rows;
}

await main();
