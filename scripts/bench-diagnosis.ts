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
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isValid, specs, validate } from '../dist/src/index.js';
import { corpus, eraCorpus, printedOracle } from './bench-corpus.js';

type Validate = (input: string, options: { spec: string; rule: string; grammarOnly: boolean }) => unknown;

const PIECE = 200;
const ROUNDS = 7;

/** CPU time of this process in milliseconds: on a shared machine, the wall clock counts other processes' turns. */
function cpu(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Microseconds a line for each check over `lines`: interleaved rounds, each piece at its best. */
function timed(checks: ReadonlyArray<(s: string) => unknown>, lines: readonly string[]): number[] {
  const best = checks.map(() => [] as number[]);
  for (let r = 0; r < ROUNDS; r++) {
    checks.forEach((check, k) => {
      for (let p = 0, j = 0; p < lines.length; p += PIECE, j++) {
        const t = cpu();
        for (let i = p; i < Math.min(lines.length, p + PIECE); i++) check(lines[i]!);
        const dt = cpu() - t;
        if (!(best[k]![j]! <= dt)) best[k]![j] = dt;
      }
    });
  }
  return best.map((b) => (b.reduce((a, x) => a + x, 0) * 1000) / lines.length);
}

const beforeDir = process.argv[2];
const before: Validate | null = beforeDir ? ((await import(pathToFileURL(resolve(beforeDir, 'src/index.js')).href)) as { validate: Validate }).validate : null;

const rows: Array<{ spec: string; rule: string; corpus: string; lines: string[] }> = [];
const bench = corpus(70_000);
for (const rule of ['URI-reference', 'URI']) rows.push({ spec: 'rfc3986', rule, corpus: 'bench', lines: bench });
for (const spec of specs()) {
  const oracle = printedOracle(spec.id, spec.defaultRule);
  const lines = oracle && eraCorpus(spec.id, spec.defaultRule, oracle);
  if (lines) rows.push({ spec: spec.id, rule: spec.defaultRule, corpus: 'era', lines });
}

console.log(`Node ${process.version}. validate per invalid line (grammarOnly), CPU time, ${ROUNDS} interleaved rounds, each piece of ${PIECE} lines at its best.\n`);
console.log(`| era, rule | corpus | invalid lines | RegExp µs | validate µs | validate / RegExp |${before ? ' before µs | before / now |' : ''}`);
console.log(`|---|---|---:|---:|---:|---:|${before ? '---:|---:|' : ''}`);
for (const { spec, rule, corpus: from, lines } of rows) {
  const options = { spec, rule, grammarOnly: true };
  const invalid = lines.filter((s) => !isValid(s, options));
  const oracle = printedOracle(spec, rule);
  if (invalid.length === 0 || !oracle) continue;
  const checks: Array<(s: string) => unknown> = [(s) => oracle(s), (s) => validate(s, options)];
  if (before) checks.push((s) => before(s, options));
  const [regexp, now, then] = timed(checks, invalid);
  console.log(
    `| ${spec} ${rule} | ${from} | ${invalid.length} | ${regexp!.toFixed(2)} | ${now!.toFixed(2)} | ${(now! / regexp!).toFixed(1)} |` +
      (then === undefined ? '' : ` ${then.toFixed(2)} | ${(then / now!).toFixed(2)} |`),
  );
}
