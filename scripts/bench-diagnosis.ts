/**
 * `node --loader ts-node/esm --no-warnings scripts/bench-diagnosis.ts [BEFORE]`: what the
 * diagnosis of one invalid line costs (issue 17), per era, in microseconds: `validate` over the
 * invalid lines only (the fast recognizer's rejection, then the traced run, the recorder, the
 * ranking, the hint and the message), and, as the peer in the same run, the era's anchored
 * RegExp (scripts/bench-corpus.ts printedOracle) over the same lines.
 *
 * The lines: rfc3986 `URI-reference` and `URI` on the 70,000-line corpus of `npm run bench`
 * (scripts/bench-corpus.ts corpus: `bench`), each era's default rule on its own corpus
 * (eraCorpus: `era`), each kept when the grammar rejects it. BEFORE: another build's dist/ directory (one made from an
 * earlier commit with `npm run build`), timed in the same rounds, interleaved, with the ratio
 * of its cost to this build's: a change's effect on one machine at one time. Each round is timed
 * in pieces, CPU time, the best round of each piece kept (as scripts/bench.ts does), since the
 * machine is shared.
 *
 * Beside each row, the budget its goal leaves the diagnosis: what one invalid line may cost for
 * validate, over the whole corpus, to reach the goal's share of the RegExp's speed, given this
 * run's RegExp over every line and validate over the valid ones; and how far over it the
 * diagnosis is. A negative budget: validate misses the goal on its valid lines alone.
 *
 * Then what the traced runs cost (the first run with its recorder, and the ranking's
 * counterfactual runs), timed where the diagnosis makes them by a copy of this build that times
 * each call (scripts/diagnosis-copy.ts TIMED; the timer's own cost taken off): their share of
 * the copy's validate, in its best of ROUNDS rounds over the row's invalid lines, applied to
 * validate's cost above; and the rest of the diagnosis (validate less the runs: the rejection,
 * the recorder's reading of the reports, the ranking's choice, the record with its expected sets,
 * hint and message) against the budget: where the rest alone is over it, no traced recognizer,
 * however fast, brings validate to its goal. (Until 2026-11-28 the runs were timed by a copy
 * making each K more times, scripts/diagnosis-copy.ts RUNS, which put them lower on some corpora
 * and so the rest higher: see there.)
 */
import { resolve } from 'node:path';
import { isValid, specs, validate } from '../dist/src/index.js';
import { corpus, eraCorpus, printedOracle } from './bench-corpus.js';
import { copyWith, load, runsTimed, TIMED, timerCost, type Validate } from './diagnosis-copy.js';
import { interleaved } from './interleaved.js';

const PIECE = 200;
const ROUNDS = 7;

/** Microseconds a line for each check over `lines` (./interleaved.ts). */
const timed = (checks: ReadonlyArray<(s: string) => unknown>, lines: readonly string[]): number[] => interleaved(checks, lines, ROUNDS, PIECE);

const beforeDir = process.argv[2];
const before: Validate | null = beforeDir ? await load(beforeDir) : null;
/** This build with each traced run timed where it is made. */
const timedCopy = await copyWith(resolve('dist'), 'timed', TIMED);
/** The timer's own cost in each timed span, ms. */
const timer = timerCost();

/**
 * The traced runs' share of the timed copy's validate over `lines`: in each of ROUNDS rounds, the
 * time inside the runs (less the timer's own cost in each) over the round's whole time, taken
 * from the round that took the least time.
 */
function runsShare(lines: readonly string[], options: { spec: string; rule: string; grammarOnly: boolean }): number {
  for (const s of lines) timedCopy(s, options);
  let best = Infinity;
  let share = 0;
  for (let r = 0; r < ROUNDS; r++) {
    runsTimed(true);
    const t = performance.now();
    for (const s of lines) timedCopy(s, options);
    const total = performance.now() - t;
    const { time, calls } = runsTimed();
    if (total < best) {
      best = total;
      share = (time - calls * timer) / (total - calls * timer);
    }
  }
  return share;
}

const rows: Array<{ spec: string; rule: string; corpus: string; lines: string[] }> = [];
const bench = corpus(70_000);
for (const rule of ['URI-reference', 'URI']) rows.push({ spec: 'rfc3986', rule, corpus: 'bench', lines: bench });
for (const spec of specs()) {
  const oracle = printedOracle(spec.id, spec.defaultRule);
  const lines = oracle && eraCorpus(spec.id, spec.defaultRule, oracle);
  if (lines) rows.push({ spec: spec.id, rule: spec.defaultRule, corpus: 'era', lines });
}

/**
 * The goal a row's corpus is held to, as validate's speed over the whole corpus against its
 * RegExp's (scripts/bench.ts): rfc3986 URI-reference on the bench corpus at 0.5 and every era's
 * default rule on its own at 0.3 (issue 17), rfc3986 URI on the bench corpus at 0.1 (issue 8).
 */
const goalOf = (corpus: string, rule: string): number => (corpus === 'era' ? 0.3 : rule === 'URI-reference' ? 0.5 : 0.1);

console.log(`Node ${process.version}. validate per invalid line (grammarOnly), CPU time, ${ROUNDS} interleaved rounds, each piece of ${PIECE} lines at its best.\n`);
console.log(
  'Budget: what the diagnosis of an invalid line may cost for validate to meet its goal on the whole corpus (goal: validate / ' +
    'RegExp over every line), given this run\'s RegExp over every line and validate over the valid ones: ' +
    '(RegExp / goal - valid share x validate of a valid line) / invalid share. Over: validate µs / budget. A budget below 0: validate misses the goal on its valid lines alone.\n',
);
console.log(
  `Runs: the traced runs of a diagnosis, validate µs x their share of a copy's validate that times them where they are made (its best of ${ROUNDS} rounds; the timer's cost, ${(timer * 1e6).toFixed(0)} ns a run, taken off). The rest: validate µs - runs; rest over: the rest / budget.\n`,
);
console.log(`| era, rule | corpus | invalid lines | RegExp µs | validate µs | validate / RegExp | valid line: RegExp µs | validate µs | goal | budget µs | over | runs µs | the rest µs | rest over |${before ? ' before µs | before / now |' : ''}`);
console.log(`|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|${before ? '---:|---:|' : ''}`);
for (const { spec, rule, corpus: from, lines } of rows) {
  const options = { spec, rule, grammarOnly: true };
  const invalid = lines.filter((s) => !isValid(s, options));
  const valid = lines.filter((s) => isValid(s, options));
  const oracle = printedOracle(spec, rule);
  if (invalid.length === 0 || !oracle) continue;
  const checks: Array<(s: string) => unknown> = [(s) => oracle(s), (s) => validate(s, options)];
  if (before) checks.push((s) => before(s, options));
  const [regexp, now, then] = timed(checks, invalid);
  const runs = now! * runsShare(invalid, options);
  const rest = now! - runs;
  const [validRegExp, validLine] = timed([(s) => oracle(s), (s) => validate(s, options)], valid);
  const share = invalid.length / lines.length;
  // The RegExp over every line, from its two parts timed above: one more timing of its own gave
  // figures that disagreed with them by up to half on the loaded machine.
  const everyLine = (1 - share) * validRegExp! + share * regexp!;
  const goal = goalOf(from, rule);
  const budget = (everyLine! / goal - (1 - share) * validLine!) / share;
  console.log(
    `| ${spec} ${rule} | ${from} | ${invalid.length} | ${regexp!.toFixed(2)} | ${now!.toFixed(2)} | ${(now! / regexp!).toFixed(1)} | ` +
      `${validRegExp!.toFixed(2)} | ${validLine!.toFixed(2)} | ${goal} | ${budget.toFixed(2)} | ${(now! / budget).toFixed(1)} | ` +
      `${runs.toFixed(2)} | ${rest.toFixed(2)} | ${(rest / budget).toFixed(1)} |` +
      (then === undefined ? '' : ` ${then.toFixed(2)} | ${(then / now!).toFixed(2)} |`),
  );
}
