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
 */
import { isValid, specs } from '../dist/src/index.js';
import { fromBuild } from './builds.js';
import { corpus, eraCorpus, printedOracle } from './bench-corpus.js';
import { interleaved } from './interleaved.js';

type Listener = Record<'enter' | 'leave' | 'fail' | 'stop' | 'notBegun', (...args: never[]) => void>;
interface Build {
  validate(input: string, options: object): unknown;
  eraOf(spec: string): {
    meta: { rules: unknown[] };
    fast: { matchEnd(input: string, startId: string): number };
    diag: { trace(input: string, startId: string, listener: unknown, options: object): unknown };
    grammar: unknown;
  };
  ruleOf(era: unknown, rule: string): unknown;
  startIdOf(era: unknown, rule: unknown): string;
  Recorder: new (rules: unknown[], root: null, tree: boolean) => Listener;
  automatonOf(grammar: unknown, startId: string, fallback: (s: string) => boolean): { accepts(s: string): boolean; stoppedAt: number } | null;
}

async function load(dist: string): Promise<Build> {
  // biome-ignore lint/suspicious/noExplicitAny: another build's modules, typed by Build below
  const at = (path: string) => fromBuild<any>(dist, path);
  const [index, registry, recorder, generated] = await Promise.all([at('src/index.js'), at('src/registry.js'), at('src/diagnosis/recorder.js'), at('generated/index.js')]);
  return { validate: index.validate, eraOf: registry.eraOf, ruleOf: registry.ruleOf, startIdOf: registry.startIdOf, Recorder: recorder.Recorder, automatonOf: generated.automatonOf };
}

const now = await load('dist');
const before = process.argv[2] ? await load(process.argv[2]) : null;
const NOTHING: Listener = { enter() {}, leave() {}, fail() {}, stop() {}, notBegun() {} };

const rows: Array<{ spec: string; rule: string; corpus: string; lines: string[] }> = [{ spec: 'rfc3986', rule: 'URI-reference', corpus: 'bench', lines: corpus(70_000) }];
for (const spec of specs()) {
  const oracle = printedOracle(spec.id, spec.defaultRule);
  const lines = oracle && eraCorpus(spec.id, spec.defaultRule, oracle);
  if (lines) rows.push({ spec: spec.id, rule: spec.defaultRule, corpus: 'era', lines });
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
for (const { spec, rule, corpus: from, lines } of rows) {
  const invalid = lines.filter((s) => !isValid(s, { spec, rule, grammarOnly: true }));
  if (invalid.length === 0) continue;
  const a = runs(now, spec, rule, invalid);
  const checks: Array<(s: string) => unknown> = [a.matchEnd, a.nothing, a.recorder, a.validate];
  if (before) {
    const b = runs(before, spec, rule, invalid);
    checks.push(b.recorder, b.validate);
  }
  const us = interleaved(checks, invalid, 7, 200).map((x) => x.toFixed(2));
  console.log(`| ${spec} ${rule} | ${from} | ${invalid.length} | ${us.join(' | ')} |`);
}
