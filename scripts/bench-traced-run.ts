/**
 * `node --loader ts-node/esm --no-warnings scripts/bench-traced-run.ts [BEFORE]`: what the first
 * traced run of a diagnosis costs (issue 17), beside what the fast recognizer costs over the same
 * lines, per invalid line of the bench corpus (rfc3986 `URI-reference`) and of each era's own
 * corpus (its default rule): the fast recognizer's `matchEnd`; the traced run from the floor the
 * diagnosis starts from (the start rule's automaton's `stoppedAt`, src/diagnose.ts) with a
 * listener that does nothing, and with the recorder the diagnosis uses (src/diagnosis/recorder.ts);
 * and validate. With BEFORE (another build's dist/ directory), its traced run with the recorder
 * and its validate, timed in the same rounds. µs a line, CPU time, each piece of 200 lines at its
 * best of 7 rounds (./interleaved.ts).
 *
 * A second table, of this build alone, counts where the first run's work is: the rule calls it
 * traces (each reported to the run's stack: hookEnter, through the compiled code's own calls,
 * scripts/codegen/runtime/traced-source.ts CALLS) at the offset of the failure and before it,
 * and the expectations of Peggy's list at the offset (every one recorded there: before the
 * offset a failure returns at once). Counts, not times: the same each run.
 */
import { isValid, specs } from '../dist/src/index.js';
import { fromBuild } from './builds.js';
import { corpus, eraCorpus, printedOracle } from './bench-corpus.js';
import { interleaved } from './interleaved.js';

type Listener = Record<'enter' | 'leave' | 'fail' | 'stop' | 'notBegun', (...args: never[]) => void>;
/** What the compiled traced code calls, by name (scripts/codegen/runtime/traced-source.ts CALLS). */
type Calls = Record<string, (...args: never[]) => unknown>;
type Compiler = (data: never, parts: never) => unknown;
interface Build {
  validate(input: string, options: object): unknown;
  eraOf(spec: string): {
    meta: { rules: unknown[] };
    fast: { matchEnd(input: string, startId: string): number };
    diag: { trace(input: string, startId: string, listener: unknown, options: object): { furthest: number; expected: readonly string[] } };
    grammar: unknown;
  };
  ruleOf(era: unknown, rule: string): unknown;
  startIdOf(era: unknown, rule: unknown): string;
  Recorder: new (rules: unknown[], root: null, tree: boolean) => Listener;
  automatonOf(grammar: unknown, startId: string, fallback: (s: string) => boolean): { accepts(s: string): boolean; stoppedAt: number } | null;
  /** The compiler of the traced programs, the one that takes the calls, and how one is chosen (scripts/codegen/runtime/traced.ts). */
  compileTraced: Compiler;
  compileTracedCalling(data: never, parts: never, calls: Calls): unknown;
  compileTracedWith(c: Compiler | null): void;
  CALLS: Calls;
}

async function load(dist: string): Promise<Build> {
  // biome-ignore lint/suspicious/noExplicitAny: another build's modules, typed by Build below
  const at = (path: string) => fromBuild<any>(dist, path);
  const [index, registry, recorder, generated, source] = await Promise.all([
    at('src/index.js'),
    at('src/registry.js'),
    at('src/diagnosis/recorder.js'),
    at('generated/index.js'),
    at('generated/runtime/traced-source.js'),
  ]);
  return {
    validate: index.validate,
    eraOf: registry.eraOf,
    ruleOf: registry.ruleOf,
    startIdOf: registry.startIdOf,
    Recorder: recorder.Recorder,
    automatonOf: generated.automatonOf,
    compileTraced: generated.compileTraced,
    compileTracedCalling: source.compileTraced,
    compileTracedWith: generated.compileTracedWith,
    CALLS: source.CALLS,
  };
}

const now = await load('dist');
const before = process.argv[2] ? await load(process.argv[2]) : null;
const NOTHING: Listener = { enter() {}, leave() {}, fail() {}, stop() {}, notBegun() {} };

/** Each row: its corpus's invalid lines (none: no row). */
const rows: Array<{ spec: string; rule: string; corpus: string; invalid: string[] }> = [];
const row = (spec: string, rule: string, from: string, lines: readonly string[]): void => {
  const invalid = lines.filter((s) => !isValid(s, { spec, rule, grammarOnly: true }));
  if (invalid.length > 0) rows.push({ spec, rule, corpus: from, invalid });
};
row('rfc3986', 'URI-reference', 'bench', corpus(70_000));
for (const spec of specs()) {
  const oracle = printedOracle(spec.id, spec.defaultRule);
  const lines = oracle && eraCorpus(spec.id, spec.defaultRule, oracle);
  if (lines) row(spec.id, spec.defaultRule, 'era', lines);
}

/** The first traced run of a build's diagnosis of each line, from its floor, with a listener made by `listener`. */
function runs(build: Build, spec: string, rule: string, lines: readonly string[]) {
  const era = build.eraOf(spec);
  const startId = build.startIdOf(era, build.ruleOf(era, rule));
  const automaton = build.automatonOf(era.grammar, startId, (s) => era.fast.matchEnd(s, startId) === s.length);
  const floors = new Map(lines.map((s) => [s, automaton !== null && !automaton.accepts(s) ? automaton.stoppedAt : Math.max(0, era.fast.matchEnd(s, startId))]));
  const traced = (listener: () => Listener) => (s: string) => era.diag.trace(s, startId, listener(), { furthestOnly: true, floor: floors.get(s)! });
  return {
    matchEnd: (s: string) => era.fast.matchEnd(s, startId),
    nothing: traced(() => NOTHING),
    recorder: traced(() => new build.Recorder(era.meta.rules, null, false)),
    validate: (s: string) => build.validate(s, { spec, rule, grammarOnly: true }),
  };
}

console.log(`Node ${process.version}. The first traced run of a diagnosis, µs an invalid line, CPU time, 7 interleaved rounds, each piece of 200 lines at its best.\n`);
console.log(`| era, rule | corpus | invalid lines | fast matchEnd | traced run, no listener | traced run, recorder | validate |${before ? ' before: traced run, recorder | validate |' : ''}`);
console.log(`|---|---|---:|---:|---:|---:|---:|${before ? '---:|---:|' : ''}`);
for (const { spec, rule, corpus: from, invalid } of rows) {
  const a = runs(now, spec, rule, invalid);
  const checks: Array<(s: string) => unknown> = [a.matchEnd, a.nothing, a.recorder, a.validate];
  if (before) {
    const b = runs(before, spec, rule, invalid);
    checks.push(b.recorder, b.validate);
  }
  const us = interleaved(checks, invalid, 7, 200).map((x) => x.toFixed(2));
  console.log(`| ${spec} ${rule} | ${from} | ${invalid.length} | ${us.join(' | ')} |`);
}

// The counts: this build's programs compiled again with a hookEnter that notes where each traced
// rule call starts, then compiled as before (a program made by another compiler is made again:
// scripts/codegen/runtime/traced.ts compileTracedWith).
let entered: number[] = [];
const hookEnter = now.CALLS.hookEnter as unknown as (k: number, p: number) => void;
const counting: Calls = {
  ...now.CALLS,
  hookEnter: ((k: number, p: number) => {
    entered.push(p);
    hookEnter(k, p);
  }) as Calls[string],
};
now.compileTracedWith((data, parts) => now.compileTracedCalling(data, parts, counting));
console.log(`\nWhere the first run's work is, a line on average: the rule calls it traces, before the offset and at it, and the expectations of Peggy's list at the offset.\n`);
console.log('| era, rule | corpus | rule calls before the offset | rule calls at the offset | share at the offset | expectations at the offset |');
console.log('|---|---|---:|---:|---:|---:|');
for (const { spec, rule, corpus: from, invalid } of rows) {
  const { recorder } = runs(now, spec, rule, invalid);
  let earlier = 0;
  let at = 0;
  let expected = 0;
  for (const s of invalid) {
    entered = [];
    const r = recorder(s);
    for (const p of entered) {
      if (p === r.furthest) at++;
      else earlier++;
    }
    expected += r.expected.length;
  }
  const n = invalid.length;
  console.log(`| ${spec} ${rule} | ${from} | ${(earlier / n).toFixed(1)} | ${(at / n).toFixed(1)} | ${((100 * at) / (at + earlier)).toFixed(0)} % | ${(expected / n).toFixed(1)} |`);
}
now.compileTracedWith(now.compileTraced);
