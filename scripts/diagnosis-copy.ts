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
 */
export const RUNS: readonly Edit[] = [
  [/let r = era\.diag\.trace\(input, startId, rec, ([^\n]*)\);/, (m, options) => `${`era.diag.trace(input, startId, recorder(), ${options}); `.repeat(K)}${m}`],
  [/era\.diag\.reach\(/g, `((d, ...a) => { ${'d.reach(...a); '.repeat(K)}return d.reach(...a); })(era.diag, `],
];

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
