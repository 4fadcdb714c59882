/**
 * `node --loader ts-node/esm --no-warnings scripts/bench-diagnosis-lines.ts [BEFORE]`: which invalid lines
 * of the bench corpus (scripts/bench-corpus.ts, rfc3986 `URI-reference`) the diagnosis spends
 * its time on (issue 17). The corpus breaks lines the way real ones are broken, so many of its
 * invalid lines repeat (`http://exa mple.com/`, `http://[fe80::1%eth0]/`): each line that occurs
 * 20 times or more is a row of its own, the rest one row. Each row: validate a line and the
 * anchored RegExp of `URI-reference` over the same lines (the peer), in µs a line, CPU time,
 * interleaved, each piece at its best round (./interleaved.ts); and the row's share of the
 * whole diagnosis. BEFORE: another build's dist/ directory, whose validate is timed in the same
 * rounds, with the ratio of its cost to this build's.
 */
import { isValid, validate } from '../dist/src/index.js';
import { corpus, printedOracle } from './bench-corpus.js';
import { load, type Validate } from './diagnosis-copy.js';
import { interleaved } from './interleaved.js';

const beforeDir = process.argv[2];
const before: Validate | null = beforeDir ? await load(beforeDir) : null;

const options = { spec: 'rfc3986', rule: 'URI-reference', grammarOnly: true };
const REPEATED = 20;
const oracle = printedOracle(options.spec, options.rule)!;
const invalid = corpus(70_000).filter((s) => !isValid(s, options));
const counts = new Map<string, number>();
for (const s of invalid) counts.set(s, (counts.get(s) ?? 0) + 1);
const groups = new Map<string, string[]>();
for (const s of invalid) {
  const key = counts.get(s)! >= REPEATED ? s : 'every other line';
  let lines = groups.get(key);
  if (!lines) groups.set(key, (lines = []));
  lines.push(s);
}

const rows = [...groups].map(([key, lines]) => {
  const checks: Array<(s: string) => unknown> = [(s) => oracle(s), (s) => validate(s, options)];
  if (before) checks.push((s) => before(s, options));
  const [regexp, now, then] = interleaved(checks, lines, 7, 50);
  return { key, lines: lines.length, regexp: regexp!, now: now!, then };
});
const total = rows.reduce((sum, r) => sum + r.now * r.lines, 0);
rows.sort((a, b) => b.now * b.lines - a.now * a.lines);
console.log(`Node ${process.version}. The ${invalid.length} invalid rfc3986 URI-reference lines of the bench corpus, by line (those repeated ${REPEATED} times or more), µs a line, CPU time, 7 interleaved rounds.\n`);
const then = before ? ' before: validate µs | before / now |' : '';
console.log(`| lines | count | RegExp µs | validate µs | validate / RegExp | share of the diagnosis |${then}`);
console.log(`|---|---:|---:|---:|---:|---:|${before ? '---:|---:|' : ''}`);
for (const r of rows) {
  const row = `| ${r.key === 'every other line' ? r.key : `\`${r.key}\``} | ${r.lines} | ${r.regexp.toFixed(2)} | ${r.now.toFixed(2)} | ${(r.now / r.regexp).toFixed(1)} | ${((100 * r.now * r.lines) / total).toFixed(1)} % |`;
  console.log(r.then === undefined ? row : `${row} ${r.then.toFixed(2)} | ${(r.then / r.now).toFixed(2)} |`);
}
if (before) {
  const thenTotal = rows.reduce((sum, r) => sum + r.then! * r.lines, 0);
  console.log(`\nEvery invalid line: before / now ${(thenTotal / total).toFixed(2)} (${(thenTotal / invalid.length).toFixed(2)} / ${(total / invalid.length).toFixed(2)} µs a line).`);
}
