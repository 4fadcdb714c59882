/**
 * `node --loader ts-node/esm --no-warnings scripts/bench-ranking.ts BEFORE`: what the ranking of
 * a diagnosis costs (issue 17), per corpus, in microseconds an invalid line: chooseRule
 * (src/diagnosis/rank.ts) with the counterfactual runs it asks for (src/diagnose.ts reach,
 * TracedRecognizer.reach), for this build (dist/) and for BEFORE (another build's dist/ directory,
 * made from an earlier commit with `npm run build`), timed in the same rounds, interleaved, with
 * the ratio of BEFORE's cost to this build's; and how many passes over the input the runs make,
 * a diagnosis (a pass: a run's first pass, or its second, which measures the furthest failure);
 * and the choice alone: chooseRule with each run's result replayed (the same calls, in the same
 * order, chooseRule being deterministic), what the ranking costs besides the runs.
 *
 * Each build diagnoses each line with its own traced run and recorder, as src/diagnose.ts
 * traced() does (furthestOnly), once; then its chooseRule over those recorders is timed, with a
 * scorer that is its own diagnose.ts reach (not exported: read from the built file). The lines:
 * the invalid ones of scripts/bench-diagnosis.ts's rows (the bench corpus for rfc3986
 * `URI-reference`, each era's corpus for its default rule). Each round is timed in pieces, CPU
 * time, the best round of each piece kept (as scripts/bench-diagnosis.ts does), since the
 * machine is shared. The chosen paths of the two builds are compared, line by line.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Era, RuleMeta } from '../src/era.js';
import type { Recorder } from '../src/diagnosis/recorder.js';
import type { chooseRule } from '../src/diagnosis/rank.js';
import type { Grant, TraceRun } from '../src/diagnosis/trace.js';
import { corpus, eraCorpus, printedOracle } from './bench-corpus.js';
import { interleaved } from './interleaved.js';

const PIECE = 200;
const ROUNDS = 7;

/** What is used of a build: its own modules (the same shapes in both builds). */
interface Build {
  dir: string;
  isValid: (s: string, o: object) => boolean;
  specs: () => Array<{ id: string; defaultRule: string }>;
  eraOf: (spec: string) => Era;
  startIdOf: (era: Era, rule: RuleMeta) => string;
  Recorder: typeof Recorder;
  chooseRule: typeof chooseRule;
  /** The build's src/diagnose.ts reach, compiled from its dist/src/diagnose.js. */
  reach: (era: { diag: Pick<Era['diag'], 'reach'> }, startId: string, input: string, c: unknown, offset: number, completesOnly: boolean, runs: unknown) => number;
}

async function load(dir: string): Promise<Build> {
  const url = (p: string): string => pathToFileURL(resolve(dir, p)).href;
  const index = await import(url('src/index.js'));
  const registry = await import(url('src/registry.js'));
  const recorder = await import(url('src/diagnosis/recorder.js'));
  const rank = await import(url('src/diagnosis/rank.js'));
  const text = readFileSync(resolve(dir, 'src/diagnose.js'), 'utf8');
  const from = text.indexOf('function reach(');
  const to = text.indexOf('\nfunction ', from + 1);
  if (from < 0 || to < 0) throw new Error(`no reach function in ${dir}/src/diagnose.js`);
  const reach = new Function(`return ${text.slice(from, to)}`)() as Build['reach'];
  return { dir, isValid: index.isValid, specs: index.specs, eraOf: registry.eraOf, startIdOf: registry.startIdOf, Recorder: recorder.Recorder, chooseRule: rank.chooseRule, reach };
}

const END_OF_INPUT = 'end of input';

/** What chooseRule is given for a line: the recorder of its traced run, as src/diagnose.ts traced() makes it. */
interface Case {
  rec: Recorder;
  input: string;
  atEnd: boolean;
}

function cases(b: Build, spec: string, ruleName: string, lines: readonly string[]): { era: Era; rule: RuleMeta; startId: string; cases: Case[] } {
  const era = b.eraOf(spec);
  const rule = era.meta.rules.find((r) => r.name === ruleName)!;
  const startId = b.startIdOf(era, rule);
  const out: Case[] = [];
  for (const input of lines) {
    const rec = new b.Recorder(era.meta.rules, startId === rule.id ? null : { rule, start: 0, children: null }, false);
    const r = era.diag.trace(input, startId, rec, { furthestOnly: true });
    if (r.end === input.length) throw new Error(`${spec}: ${JSON.stringify(input)} is valid`);
    rec.flush(r.furthest, r.expected);
    if (r.end >= 0 && r.end >= r.furthest) rec.flush(r.end, r.end > r.furthest ? [END_OF_INPUT] : [...r.expected, END_OF_INPUT]);
    out.push({ rec, input, atEnd: rec.offset >= input.length });
  }
  return { era, rule, startId, cases: out };
}

const beforeDir = process.argv[2];
if (!beforeDir) throw new Error('usage: scripts/bench-ranking.ts BEFORE_DIST');
const builds = [await load('dist'), await load(beforeDir)];

const rows: Array<{ spec: string; rule: string; corpus: string; lines: string[] }> = [{ spec: 'rfc3986', rule: 'URI-reference', corpus: 'bench', lines: corpus(70_000) }];
for (const spec of builds[0]!.specs()) {
  const oracle = printedOracle(spec.id, spec.defaultRule);
  const lines = oracle && eraCorpus(spec.id, spec.defaultRule, oracle);
  if (lines) rows.push({ spec: spec.id, rule: spec.defaultRule, corpus: 'era', lines });
}

console.log(`Node ${process.version}. chooseRule with its counterfactual runs, per invalid line, CPU time, ${ROUNDS} interleaved rounds, each piece of ${PIECE} lines at its best.\n`);
console.log('| era, rule | corpus | invalid lines | passes a line, before | now | ranking µs, before | now | before / now | the choice alone µs, before | now | before / now |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
let sumBefore = 0;
let sumNow = 0;
let sumChoiceBefore = 0;
let sumChoiceNow = 0;
for (const { spec, rule, corpus: from, lines } of rows) {
  const invalid = lines.filter((s) => !builds[0]!.isValid(s, { spec, rule, grammarOnly: true }));
  if (invalid.length === 0) continue;
  const setups = builds.map((b) => ({ b, ...cases(b, spec, rule, invalid) }));
  // A scorer per build and line, counting the passes its runs make.
  const passes = [0, 0];
  /** Each build's scores for each line, in the order chooseRule asked for them (replayed). */
  const replay: number[][][] = [[], []];
  const runOne = (k: number, i: number, count: boolean): { path: Array<{ name: string }> } => {
    const { b, era, rule: meta, startId, cases: cs } = setups[k]!;
    const c = cs[i]!;
    const diag = count
      ? {
          diag: {
            reach: (input: string, start: string, grant: Grant): TraceRun => {
              const r = era.diag.reach(input, start, grant);
              passes[k]! += grant.firstOnly || grant.measure ? 1 : r.furthest === -1 ? 1 : 2;
              return r;
            },
          },
        }
      : era;
    if (!count) return b.chooseRule(c.rec, meta, c.atEnd, (cand, completesOnly, runs) => b.reach(diag, startId, c.input, cand, c.rec.offset, completesOnly, runs), c.input);
    const scores: number[] = (replay[k]![i] = []);
    return b.chooseRule(
      c.rec,
      meta,
      c.atEnd,
      (cand, completesOnly, runs) => {
        const s = b.reach(diag, startId, c.input, cand, c.rec.offset, completesOnly, runs);
        scores.push(s);
        return s;
      },
      c.input,
    );
  };
  const chooseOne = (k: number, i: number): unknown => {
    const { b, rule: meta, cases: cs } = setups[k]!;
    const c = cs[i]!;
    const scores = replay[k]![i]!;
    let next = 0;
    return b.chooseRule(c.rec, meta, c.atEnd, () => scores[next++]!, c.input);
  };
  let differ = 0;
  for (let i = 0; i < invalid.length; i++) {
    const [a, z] = [runOne(0, i, true), runOne(1, i, true)];
    if (a.path.map((r) => r.name).join('>') !== z.path.map((r) => r.name).join('>')) differ++;
  }
  // Each of the four (with runs, the choice alone; each build) timed in turn, a piece at a time.
  const checks = [(i: number) => runOne(0, i, false), (i: number) => runOne(1, i, false), (i: number) => chooseOne(0, i), (i: number) => chooseOne(1, i)];
  const [now, before, choiceNow, choiceBefore] = interleaved(checks, invalid.map((_, i) => i), ROUNDS, PIECE) as [number, number, number, number];
  sumNow += now * invalid.length;
  sumBefore += before * invalid.length;
  sumChoiceNow += choiceNow * invalid.length;
  sumChoiceBefore += choiceBefore * invalid.length;
  console.log(
    `| ${spec} ${rule} | ${from} | ${invalid.length} | ${(passes[1]! / invalid.length).toFixed(3)} | ${(passes[0]! / invalid.length).toFixed(3)} | ` +
      `${before.toFixed(2)} | ${now.toFixed(2)} | ${(before / now).toFixed(2)} | ${choiceBefore.toFixed(2)} | ${choiceNow.toFixed(2)} | ${(choiceBefore / choiceNow).toFixed(2)} |` +
        (differ ? ` ${differ} paths differ |` : ''),
  );
}
console.log(`\nEvery row, weighted by its lines: before / now ${(sumBefore / sumNow).toFixed(2)}, the choice alone ${(sumChoiceBefore / sumChoiceNow).toFixed(2)}.`);
