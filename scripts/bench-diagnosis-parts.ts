/**
 * `node --loader ts-node/esm --no-warnings scripts/bench-diagnosis-parts.ts BEFORE [NOW]`: what
 * each part of the error record's construction after the traced run costs (issue 17), per
 * invalid line, in two builds' dist/ directories (NOW: this one's dist/ by default), timed in
 * the same rounds.
 *
 * A part's cost is measured warm, where it runs: in a copy of a build whose src/diagnose.js runs
 * that part K extra times a failure (its result dropped), timed against the build itself; the
 * part costs (copy - build) / K. The parts: `sets` (Recorder.expectedSets, the memo key and its
 * lookup), `hint` (hintContext and the hint rows), `message` (the sentence), `record` (all of
 * errorRecord: the expected sets, the hint, the message, the other offsets and the record),
 * `runs` (the traced run with its recorder and the ranking's counterfactual runs:
 * scripts/diagnosis-copy.ts RUNS).
 * The lines: the invalid rfc3986 `URI-reference` lines of the bench corpus (scripts/bench-corpus.ts);
 * CPU time, each piece of 200 lines at its best of ROUNDS, the builds and copies interleaved.
 * A copy is written under the system's temporary directory and left there.
 *
 * Options after the builds: `--era ID` (again for more; `--era all`: every era with a corpus)
 * times the invalid lines of each era's own corpus (eraCorpus, its default rule) instead, one
 * table an era; `--part NAME` (again for more) times only those parts.
 *
 * `--without`: each copy leaves a part out instead (`ranking`: chooseRule and its counterfactual
 * runs, the last charged path named instead; `hint`; `sets`: the expected sets of the first
 * failure kept for every other; `all`: the three), and the table gives validate's cost with
 * and without it: what the rest of the diagnosis (the traced run with its recorder, the record
 * and its message) costs whatever those parts become. The records of a copy are wrong; only its
 * cost is read.
 */
import { resolve } from 'node:path';
import { isValid, specs } from '../dist/src/index.js';
import { corpus, eraCorpus, printedOracle } from './bench-corpus.js';
import { copyWith, type Edit, K, load, RUNS, type Validate } from './diagnosis-copy.js';
import { interleaved } from './interleaved.js';

const PIECE = 200;
const ROUNDS = 9;

/** Each part: what src/diagnose.js writes for it, and that statement run K times more before it. */
const PARTS: Record<string, readonly Edit[]> = {
  sets: [[/rec\.expectedSets\(choice\.path, nullableIn\(era\)\)/, (m) => `(${`${m}, `.repeat(K)}${m})`]],
  hint: [[/const hint = hintFor\((hintContext\([^\n]*\))\);/, (m, ctx) => `${`hintFor(${ctx}); `.repeat(K)}${m}`]],
  message: [[/record\.message = sentence\(([^\n]*)\);/, (m, args) => `${`sentence(${args}); `.repeat(K)}${m}`]],
  record: [[/const error = errorRecord\(([^\n]*)\);/, (m, args) => `${`errorRecord(${args}); `.repeat(K)}${m}`]],
  runs: RUNS,
};

/** `--without`: what src/diagnose.js writes for a part, and what the copy writes instead. */
const RANKING: Edit = [/const choice = chooseRule\([^\n]*\);/, () => 'const choice = { path: rec.last ?? [rule], from: null };'];
const HINT: Edit = [/const hint = hintFor\(hintContext\([^\n]*\)\);/, () => 'const hint = undefined;'];
const SETS: Edit = [/rec\.expectedSets\(choice\.path, nullableIn\(era\)\)/, () => '(globalThis.__keptSets ??= rec.expectedSets(choice.path, nullableIn(era)))'];
const WITHOUT: Record<string, Edit[]> = { ranking: [RANKING], hint: [HINT], sets: [SETS], all: [RANKING, HINT, SETS] };

/** The build at `dir` and its copies, one a part of `parts`. */
async function builds(name: string, dir: string, parts: readonly string[], without: boolean): Promise<Record<string, Validate>> {
  const out: Record<string, Validate> = { build: await load(dir) };
  for (const part of parts) out[part] = await copyWith(dir, `parts-${name}-${part}`, without ? WITHOUT[part]! : PARTS[part]!);
  return out;
}

const args = process.argv.slice(2);
const positional: string[] = [];
const eras: string[] = [];
const chosen: string[] = [];
let without = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--without') without = true;
  else if (args[i] === '--era') eras.push(args[++i]!);
  else if (args[i] === '--part') chosen.push(args[++i]!);
  else positional.push(args[i]!);
}
const [beforeArg, nowArg] = positional;
if (!beforeArg) throw new Error('usage: bench-diagnosis-parts.ts BEFORE_DIST [NOW_DIST] [--era ID|all]... [--part NAME]...');
const table = without ? WITHOUT : PARTS;
for (const part of chosen) if (!table[part]) throw new Error(`no part ${part}: ${Object.keys(table).join(', ')}`);
const parts = chosen.length > 0 ? chosen : Object.keys(table);
const named = { before: await builds('before', resolve(beforeArg), parts, without), now: await builds('now', resolve(nowArg ?? 'dist'), parts, without) };
const checks = Object.values(named).flatMap((b) => Object.values(b));

/** The rows timed: the bench corpus's, or each era's own corpus. */
const rows: Array<{ title: string; options: { spec: string; rule: string; grammarOnly: boolean }; lines: string[] }> = [];
if (eras.length === 0) {
  const options = { spec: 'rfc3986', rule: 'URI-reference', grammarOnly: true };
  const lines = corpus(70_000).filter((s) => !isValid(s, options));
  rows.push({ title: `rfc3986 URI-reference, ${lines.length} invalid lines of the bench corpus`, options, lines });
} else {
  for (const spec of specs()) {
    if (!eras.includes('all') && !eras.includes(spec.id)) continue;
    const oracle = printedOracle(spec.id, spec.defaultRule);
    const corpusLines = oracle && eraCorpus(spec.id, spec.defaultRule, oracle);
    if (!corpusLines) continue;
    const options = { spec: spec.id, rule: spec.defaultRule, grammarOnly: true };
    const lines = corpusLines.filter((s) => !isValid(s, options));
    rows.push({ title: `${spec.id} ${spec.defaultRule}, ${lines.length} invalid lines of its era corpus`, options, lines });
  }
}

for (const { title, options, lines } of rows) {
  const us = interleaved(checks.map((check) => (s: string) => check(s, options)), lines, ROUNDS, PIECE);
  const all = ['build', ...parts];
  const per = (b: number, part: string): number => {
    const at = b * all.length;
    return part === 'build' ? us[at]! : (us[at + all.indexOf(part)]! - us[at]!) / K;
  };
  if (without) {
    const at = (b: number, part: string): number => us[b * all.length + all.indexOf(part)]!;
    console.log(`${title}; validate, µs a line, CPU time, best of ${ROUNDS} rounds, without each part (the record then wrong).\n`);
    console.log('| left out | before µs | now µs | now / now with it |');
    console.log('|---|---:|---:|---:|');
    for (const part of all) console.log(`| ${part === 'build' ? 'nothing' : part} | ${at(0, part).toFixed(3)} | ${at(1, part).toFixed(3)} | ${(at(1, part) / at(1, 'build')).toFixed(2)} |`);
    console.log('');
    continue;
  }
  console.log(`${title}; µs a line, CPU time, best of ${ROUNDS} rounds; a part: (copy - build) / ${K}.\n`);
  console.log('| part | before µs | now µs | before / now |');
  console.log('|---|---:|---:|---:|');
  for (const part of all) {
    const [b, n] = [per(0, part), per(1, part)];
    console.log(`| ${part === 'build' ? 'validate' : part} | ${b.toFixed(3)} | ${n.toFixed(3)} | ${(b / n).toFixed(2)} |`);
  }
  console.log('');
}
