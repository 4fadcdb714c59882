/**
 * Copies of a build whose src/diagnose.js is edited, for the diagnosis benchmarks
 * (scripts/bench-diagnosis.ts, bench-diagnosis-parts.ts): a part of the diagnosis is timed where
 * it runs, warm, by a copy that runs it K more times a failure (its results dropped), against the
 * build itself; the part costs (copy - build) / K. A copy is written under the system's temporary
 * directory and left there.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromBuild } from './builds.js';

export type Validate = (input: string, options: { spec: string; rule: string; grammarOnly: boolean }) => unknown;

/** How many more times a copy runs the part it times. */
export const K = 8;

/** An edit of src/diagnose.js: what it finds (every match, with a global RegExp) and what it writes instead. */
export type Edit = [RegExp, string | ((match: string, ...groups: string[]) => string)];

/**
 * The traced runs, K more times each: the first run (each extra one with a recorder of its own,
 * as the first has) and every counterfactual run of the ranking (a grant's run keeps no state).
 * What validate costs less these is what the diagnosis costs besides running the traced
 * recognizer: the rejection, the recorder's reading of the reports, the ranking's choice, the
 * record with its expected sets, hint and message.
 *
 * What the runs cost timed this way is not what they cost in a diagnosis: the K extra runs come
 * one after another over one line, each with a fresh recorder, where the diagnosis makes one. On
 * rfc3986's own corpus the runs came out at 43 % of validate this way, against 51 % to 70 % timed
 * where they are made (TIMED), in runs of scripts/bench-diagnosis.ts on 2026-11-28; that script
 * now times them in place.
 */
export const RUNS: readonly Edit[] = [
  [/let r = era\.diag\.trace\(input, startId, rec, ([^\n]*)\);/, (m, options) => `${`era.diag.trace(input, startId, recorder(), ${options}); `.repeat(K)}${m}`],
  [/era\.diag\.reach\(/g, `((d, ...a) => { ${'d.reach(...a); '.repeat(K)}return d.reach(...a); })(era.diag, `],
];

/**
 * The wrapper that times one call, as JavaScript over an accumulator `runs`: the copy's runs go
 * through it (TIMED), and so does timerCost()'s call that does nothing, so that the timer's cost
 * taken off is the cost of this very span.
 */
const TIMER = '(f, self, ...a) => { const t = performance.now(); const r = f.apply(self, a); runs.time += performance.now() - t; runs.calls++; return r; }';

/** What a TIMED copy adds up: milliseconds inside the runs, and how many. */
interface Runs {
  time: number;
  calls: number;
}

/**
 * The traced runs timed where the diagnosis makes them: each call of the first run and of the
 * ranking's counterfactual runs goes through TIMER, which adds up the times and the calls in
 * `globalThis.__urispecRuns` (runsTimed()). The timer's own cost inside each span is measured by
 * timerCost() and taken off by the reader.
 */
export const TIMED: readonly Edit[] = [
  [/^/, `const runs = (globalThis.__urispecRuns ??= { time: 0, calls: 0 });\nconst __timed = ${TIMER};\n`],
  [/era\.diag\.(trace|reach)\(/g, (_m, run) => `__timed(era.diag.${run}, era.diag, `],
];

/** What a TIMED copy has added up since the last reset. */
export function runsTimed(reset = false): Runs {
  const g = globalThis as { __urispecRuns?: Runs };
  const runs = (g.__urispecRuns ??= { time: 0, calls: 0 });
  const now = { time: runs.time, calls: runs.calls };
  if (reset) {
    runs.time = 0;
    runs.calls = 0;
  }
  return now;
}

/** Milliseconds TIMER's span adds around a call that does nothing: the timer's own share of each. */
export function timerCost(): number {
  const runs: Runs = { time: 0, calls: 0 };
  const timed = new Function('runs', `return ${TIMER};`)(runs) as (f: () => number, self: null) => number;
  const noop = (): number => 0;
  const n = 200_000;
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    runs.time = 0;
    for (let i = 0; i < n; i++) timed(noop, null);
    best = Math.min(best, runs.time / n);
  }
  return best;
}

export async function load(dir: string): Promise<Validate> {
  return (await fromBuild<{ validate: Validate }>(dir, 'src/index.js')).validate;
}

/** validate of a copy of the build at `dir` (a dist/ directory) with `edits` made to its src/diagnose.js. */
export async function copyWith(dir: string, name: string, edits: readonly Edit[]): Promise<Validate> {
  const copy = mkdtempSync(join(tmpdir(), `urispec-${name}-`));
  cpSync(dir, copy, { recursive: true });
  // dist/'s JavaScript is ES modules by the package's "type", which the copy has no package of.
  writeFileSync(join(copy, 'package.json'), '{ "type": "module" }\n');
  const file = join(copy, 'src/diagnose.js');
  let text = readFileSync(file, 'utf8');
  for (const [re, f] of edits) {
    if (!re.test(text)) throw new Error(`${file}: nothing of ${name} to edit (${re.source})`);
    re.lastIndex = 0;
    text = text.replace(re, f as (m: string, ...a: string[]) => string);
  }
  writeFileSync(file, text);
  return load(copy);
}
