/**
 * `node --loader ts-node/esm --no-warnings scripts/bench-recorder.ts BEFORE [NOW]`: what the
 * recorder of a failure costs (issue 17), per invalid line, in two builds' dist/ directories
 * (NOW: this one's dist/ by default), timed in the same rounds, interleaved.
 *
 * Each line's traced run (as `validate` runs it: furthest failure only, from the automaton's
 * floor) is run once, its reports to the listener kept (each with a copy of the expectation list
 * as it stood); then each build replays them into its own Recorder (src/diagnosis/recorder.ts),
 * with the flushes diagnose.ts's `traced` makes after the run: `reports`. Then the reads after
 * the run: the ranking (src/diagnosis/rank.ts chooseRule, its counterfactual runs' scores taken
 * from the capture, so no run is timed) and the expected sets of the named path:
 * `reports + reads`; and the expected sets alone (the named path's, from the capture's ranking),
 * timed as `reports + sets` less `reports`. The replay's own loop, timed with a listener that does
 * nothing (`replay`), is taken off `reports` and `reports + reads`. What is timed is the recorder and its readers, not the traced run.
 *
 * The lines: the invalid lines of rfc3986 `URI-reference` on the bench corpus and of each era's
 * default rule on its own corpus (scripts/bench-corpus.ts). CPU time, each piece of 200 lines at
 * its best of ROUNDS. ROWS=<regexp>: only the rows whose name it matches. HOT=1: instead, the
 * expected sets alone, hot (each of a sample of recorders asked 5,000 times; the best of 5 rounds).
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpus, eraCorpus, printedOracle } from './bench-corpus.js';
import { cpu, interleaved } from './interleaved.js';

const PIECE = 200;
const ROUNDS = 9;

// The builds' modules, loosely typed: each build's own classes and eras.
// biome-ignore lint/suspicious/noExplicitAny: two builds' modules, whose types may differ
type Any = any;
interface Build {
  Recorder: Any;
  chooseRule: Any;
  nullableIn: Any;
  eraOf: (spec: string) => Any;
  ruleOf: (era: Any, rule: string) => Any;
  startIdOf: (era: Any, rule: Any) => string;
}

async function load(dir: string): Promise<Build> {
  const imp = async (f: string): Promise<Any> => import(pathToFileURL(join(dir, f)).href);
  const [rec, rank, nullable, registry] = await Promise.all([imp('src/diagnosis/recorder.js'), imp('src/diagnosis/rank.js'), imp('src/diagnosis/nullable.js'), imp('src/registry.js')]);
  return { Recorder: rec.Recorder, chooseRule: rank.chooseRule, nullableIn: nullable.nullableIn, eraOf: registry.eraOf, ruleOf: registry.ruleOf, startIdOf: registry.startIdOf };
}

/** One line's traced run, as the listener heard it, and what the reads after it need. */
interface Capture {
  spec: string;
  rule: string;
  input: string;
  calls: Any[][];
  furthest: number;
  expected: string[];
  end: number;
  /** The counterfactual runs' scores: construct, rule start, sequence not begun, completesOnly, score. */
  scores: number[];
  /** The list traced's last flush charges "end of input" with. */
  endList: string[];
  /** The named path's rules, by index (from the capture's ranking). */
  path?: number[];
  /** Each build's era, rule, start rule and named path for the line, looked up before the timing. */
  at: Map<Build, { era: Any; rule: Any; startId: string; path?: Any[] }>;
}

const [beforeArg, nowArg] = process.argv.slice(2);
if (!beforeArg) throw new Error('usage: bench-recorder.ts BEFORE_DIST [NOW_DIST]');
const nowDir = resolve(nowArg ?? 'dist');
const builds = { before: await load(resolve(beforeArg)), now: await load(nowDir) };
const index: Any = await import(pathToFileURL(join(nowDir, 'src/index.js')).href);
const validateEra: Any = await import(pathToFileURL(join(nowDir, 'src/validate-era.js')).href);
const generated: Any = await import(pathToFileURL(join(nowDir, 'generated/index.js')).href);

/** A listener that keeps each report, with the expectation list copied. */
function logger(calls: Any[][]): Any {
  return {
    enter: (k: number, p: number, m: number, e: string[]) => calls.push(['enter', k, p, m, e.slice()]),
    leave: (p: number, m: number, e: string[]) => calls.push(['leave', p, m, e.slice()]),
    fail: (p: number, m: number, e: string[]) => calls.push(['fail', p, m, e.slice()]),
    stop: (id: number, k: number, p: number, s: number, m: number, e: string[]) => calls.push(['stop', id, k, p, s, m, e.slice()]),
    notBegun: (count: number, seq: number, at: number) => calls.push(['notBegun', count, seq, at]),
  };
}

/** The traced run of a rejected line as `traced` (src/diagnose.ts) runs it without a tree. */
function capture(spec: string, rule: string, input: string): Capture | null {
  const era = builds.now.eraOf(spec);
  const t = validateEra.targetIn(era, rule, {}, builds.now.startIdOf, { automata: generated.automatonOf }, true);
  if (validateEra.acceptsIn(t, input)) return null;
  const floor = t.automaton ? t.automaton.stoppedAt : -1;
  const lower = floor >= 0 ? floor : Math.max(0, era.fast.matchEnd(input, t.startId));
  let calls: Any[][] = [];
  let r = era.diag.trace(input, t.startId, logger(calls), { furthestOnly: true, floor: lower });
  if (r.furthest < lower && r.end < lower) {
    calls = [];
    r = era.diag.trace(input, t.startId, logger(calls), { furthestOnly: true });
  }
  if (r.end === input.length) return null;
  const c: Capture = { spec, rule, input, calls, furthest: r.furthest, expected: r.expected.slice(), end: r.end, endList: r.end > r.furthest ? ['end of input'] : [...r.expected, 'end of input'], scores: [], at: new Map() };
  for (const b of Object.values(builds)) {
    const e = b.eraOf(spec);
    const m = b.ruleOf(e, rule);
    c.at.set(b, { era: e, rule: m, startId: b.startIdOf(e, m) });
  }
  // The scores each build's ranking asks for, from the real counterfactual runs (as diagnose.ts's
  // reach); the named path, from this build's.
  for (const b of [builds.before, builds.now])
    replay(b, c, (x: Any, completesOnly: boolean) =>
      x.notBegunIn < 0 ? { construct: x.id, ruleStart: x.start, pos: -1 } : { construct: x.id, ruleStart: x.start, pos: -1, sequence: x.notBegunIn, completesOnly },
    );
  for (const [b, at] of c.at) at.path = c.path!.map((k) => b.eraOf(spec).meta.rules[k]);
  return c;
}

/**
 * Replays a capture into `b`'s recorder, then the reads after the run. `grantOf` (capture only):
 * makes the real counterfactual run's grant, whose score is kept in the capture.
 */
function replay(b: Build, c: Capture, grantOf: Any): unknown {
  const { era, rule, startId } = c.at.get(b)!;
  const rec = reported(b, c);
  const score = (x: Any, completesOnly: boolean): number => {
    const g = grantOf(x, completesOnly);
    g.pos = rec.offset;
    const r = era.diag.reach(c.input, startId, g);
    const s = r.completed === false ? -1 : completesOnly && x.notBegunIn >= 0 ? 0 : r.end < 0 ? r.furthest : r.end === c.input.length ? Infinity : Math.max(r.end, r.furthest);
    c.scores.push(x.id, x.start, x.notBegunIn, completesOnly ? 1 : 0, s);
    return s;
  };
  const choice = b.chooseRule(rec, rule, rec.offset >= c.input.length, score, c.input);
  c.path = choice.path.map((r: Any) => era.meta.rules.indexOf(r));
  return rec.expectedSets(choice.path, b.nullableIn(era));
}

/** The body of the timed replay: compiled once a build, so that each build's calls have their own feedback. */
const REPLAY = `
  const { era, rule, startId } = c.at.get(b);
  const rec = new b.Recorder(era.meta.rules, startId === rule.id ? null : { rule, start: 0, children: null }, false);
  const calls = c.calls;
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i];
    switch (call[0]) {
      case 'enter': rec.enter(call[1], call[2], call[3], call[4]); break;
      case 'leave': rec.leave(call[1], call[2], call[3]); break;
      case 'fail': rec.fail(call[1], call[2], call[3]); break;
      case 'stop': rec.stop(call[1], call[2], call[3], call[4], call[5], call[6]); break;
      default: rec.notBegun(call[1], call[2], call[3]);
    }
  }
  rec.flush(c.furthest, c.expected);
  if (c.end >= 0 && c.end >= c.furthest) rec.flush(c.end, c.endList);
  if (!reads) return rec;
  if (reads === 'sets') return rec.expectedSets(c.at.get(b).path, b.nullableIn(era));
  const scores = c.scores;
  const score = (x, completesOnly) => {
    const co = completesOnly ? 1 : 0;
    for (let i = 0; i < scores.length; i += 5) if (scores[i] === x.id && scores[i + 1] === x.start && scores[i + 2] === x.notBegunIn && scores[i + 3] === co) return scores[i + 4];
    throw new Error('a score not captured');
  };
  const choice = b.chooseRule(rec, rule, rec.offset >= c.input.length, score, c.input);
  return rec.expectedSets(choice.path, b.nullableIn(era));
`;

/** The replay of the reports alone (reads false) or with the reads after, compiled for build `b`. */
function replayer(b: Build, reads: boolean | 'sets'): (c: Capture) => unknown {
  const f = new Function('b', 'reads', 'c', REPLAY) as (b: Build, reads: boolean | 'sets', c: Capture) => unknown;
  return (c) => f(b, reads, c);
}

/** The recorder after a capture's reports (capture only): the timed replay's own code, compiled once a build. */
const reporters = new Map<Build, (c: Capture) => unknown>();
function reported(b: Build, c: Capture): Any {
  let replayed = reporters.get(b);
  if (replayed === undefined) reporters.set(b, (replayed = replayer(b, false)));
  return replayed(c);
}

const rows: Array<{ name: string; captures: Capture[] }> = [];
{
  const options = { spec: 'rfc3986', rule: 'URI-reference' };
  const lines = corpus(70_000).filter((s) => !index.isValid(s, options));
  rows.push({ name: 'rfc3986 URI-reference, bench', captures: lines.map((s) => capture(options.spec, options.rule, s)).filter((x): x is Capture => x !== null) });
}
for (const spec of index.specs() as Array<{ id: string; defaultRule: string }>) {
  const oracle = printedOracle(spec.id, spec.defaultRule);
  const lines = oracle && eraCorpus(spec.id, spec.defaultRule, oracle);
  if (!lines) continue;
  const options = { spec: spec.id, rule: spec.defaultRule };
  const bad = lines.filter((s) => !index.isValid(s, options));
  rows.push({ name: `${spec.id} ${spec.defaultRule}, era`, captures: bad.map((s) => capture(spec.id, spec.defaultRule, s)).filter((x): x is Capture => x !== null) });
}

/** µs a line for each check over `items` (./interleaved.ts). */
const timed = (checks: ReadonlyArray<(c: Capture) => unknown>, items: readonly Capture[]): number[] => interleaved(checks, items, ROUNDS, PIECE);

/** A listener that does nothing: what the replay itself costs, taken off each build's figures. */
class Noop {
  offset = 0;
  enter(): void {}
  leave(): void {}
  fail(): void {}
  stop(): void {}
  notBegun(): void {}
  flush(): void {}
}
const noop: Build = { ...builds.now, Recorder: Noop };

const only = process.env.ROWS ? new RegExp(process.env.ROWS) : null;
console.log(`Node ${process.version}. The recorder per invalid line, µs, CPU time, ${ROUNDS} interleaved rounds, each piece of ${PIECE} lines at its best.\n`);
console.log('| era, rule, corpus | lines | replay µs | reports before | now | before / now | expected sets before | now | before / now | reports + reads before | now | before / now |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const { name, captures } of rows) {
  if (captures.length === 0 || (only && !only.test(name))) continue;
  if (process.env.HOT) {
    // The expected sets alone, hot: each of a sample of recorders asked again and again.
    const ns = (b: Build): number => {
      let total = 0;
      let count = 0;
      for (let i = 0; i < captures.length; i += 50) {
        const c = captures[i]!;
        const rec = replayer(b, false)(c) as Any;
        const at = c.at.get(b)!;
        const nullable = b.nullableIn(at.era);
        const t = cpu();
        for (let k = 0; k < 5000; k++) rec.expectedSets(at.path, nullable);
        total += cpu() - t;
        count += 5000;
      }
      return (total * 1e6) / count;
    };
    const rounds = [0, 1, 2, 3, 4].map(() => [ns(builds.before), ns(builds.now)] as const);
    const [hb, hn] = [Math.min(...rounds.map((r) => r[0])), Math.min(...rounds.map((r) => r[1]))];
    console.log(`| ${name} | expected sets, hot, ns: before ${hb.toFixed(0)} | now ${hn.toFixed(0)} | ${(hb / hn).toFixed(2)} |`);
    continue;
  }
  for (const c of captures) c.at.set(noop, c.at.get(builds.now)!);
  const [h, rb0, rn0, sb, sn, ab0, an0] = timed(
    [
      replayer(noop, false),
      replayer(builds.before, false),
      replayer(builds.now, false),
      replayer(builds.before, 'sets'),
      replayer(builds.now, 'sets'),
      replayer(builds.before, true),
      replayer(builds.now, true),
    ],
    captures,
  );
  // Each build's figures without the replay's own loop (the listener that does nothing).
  const [rb, rn, ab, an] = [rb0! - h!, rn0! - h!, ab0! - h!, an0! - h!];
  const [eb, en] = [sb! - rb0!, sn! - rn0!];
  console.log(
    `| ${name} | ${captures.length} | ${h!.toFixed(3)} | ${rb.toFixed(3)} | ${rn.toFixed(3)} | ${(rb / rn).toFixed(2)} | ${eb.toFixed(3)} | ${en.toFixed(3)} | ${(eb / en).toFixed(2)} | ` +
      `${ab.toFixed(3)} | ${an.toFixed(3)} | ${(ab / an).toFixed(2)} |`,
  );
}
