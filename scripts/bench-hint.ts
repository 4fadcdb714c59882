/**
 * `node --loader ts-node/esm --no-warnings scripts/bench-hint.ts BEFORE [NOW]`: what the hint of
 * an error record costs (issue 17: `hintFor(hintContext(...))` in src/diagnose.ts), per era, in
 * two builds' dist/ directories (NOW: this one's dist/ by default), timed in the same rounds.
 *
 * The calls: a copy of NOW's build whose src/diagnose.js keeps the arguments of each
 * hintContext call is run over each row's invalid lines (the rows of scripts/bench-diagnosis.ts:
 * rfc3986 `URI-reference` and `URI` on the bench corpus, each era's default rule on its own
 * corpus); each build's src/hints/ modules then make the hint of every kept call, the same
 * arguments for both. The hints must be the same string (else the script throws). CPU time,
 * each piece of 200 calls at its best of ROUNDS, the two builds interleaved, every row timed in
 * each round (so no row runs alone, warm on its own era, as no era does in a real mix). The
 * arguments are those the diagnosis passed, each call's own record and fix; what is shared from
 * one failure to the next (the era, the expected set's list) is shared here too.
 * The copy is written under the system's temporary directory and left there.
 *
 * Environment: ROUNDS (10), REPEAT (8), ONLY (the rows whose name holds it), ROWS=1 (print which row of the
 * table answers, per row of the corpus, and stop), PROFILE=N (N rounds of NOW alone, untimed, for
 * `node --cpu-prof`).
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpus, eraCorpus, printedOracle } from './bench-corpus.js';
import { cpu } from './interleaved.js';

type Validate = (input: string, options: { spec: string; rule: string; grammarOnly: boolean }) => unknown;
type Args = unknown[];
interface Hints {
  hint: (args: Args) => string | undefined;
}

const PIECE = 200;
const ROUNDS = Number(process.env.ROUNDS ?? 10);
/**
 * Each call is made REPEAT times in a row, as scripts/bench-diagnosis-parts.ts repeats the hint
 * of each failure: the diagnosis asks for it right after making the record, its lists in the
 * cache, where one call each over thousands of kept records would read them from memory.
 */
const REPEAT = Number(process.env.REPEAT ?? 8);

async function hintsOf(dir: string): Promise<Hints> {
  const table = (await import(pathToFileURL(join(dir, 'src/hints/table.js')).href)) as { hintFor: (c: unknown) => string | undefined };
  const context = (await import(pathToFileURL(join(dir, 'src/hints/context.js')).href)) as { hintContext: (...a: unknown[]) => unknown };
  const { hintFor } = table;
  const { hintContext } = context;
  // The call of src/diagnose.ts, its arguments spelled out (a spread cost more than some hints).
  return { hint: (a) => hintFor(hintContext(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7])) };
}

const [beforeArg, nowArg] = process.argv.slice(2);
if (!beforeArg) throw new Error('usage: bench-hint.ts BEFORE_DIST [NOW_DIST]');
const nowDir = resolve(nowArg ?? 'dist');

// The copy that keeps the arguments.
const copy = mkdtempSync(join(tmpdir(), 'urispec-hint-args-'));
cpSync(nowDir, copy, { recursive: true });
writeFileSync(join(copy, 'package.json'), '{ "type": "module" }\n');
const file = join(copy, 'src/diagnose.js');
const re = /const hint = hintFor\(hintContext\(([^\n]*)\)\);/;
const text = readFileSync(file, 'utf8');
if (!re.test(text)) throw new Error(`${file}: no hintFor(hintContext(...)) statement`);
writeFileSync(file, text.replace(re, (m, args: string) => `globalThis.__hintArgs?.push([${args}]); ${m}`));
const { validate, isValid, specs } = (await import(pathToFileURL(join(copy, 'src/index.js')).href)) as {
  validate: Validate;
  isValid: (s: string, o: object) => boolean;
  specs: () => Array<{ id: string; defaultRule: string }>;
};
const kept = globalThis as unknown as { __hintArgs?: Args[] };

const rows: Array<{ name: string; calls: Args[] }> = [];
function collect(name: string, spec: string, rule: string, lines: readonly string[]): void {
  const options = { spec, rule, grammarOnly: true };
  kept.__hintArgs = [];
  for (const s of lines) if (!isValid(s, options)) validate(s, options);
  rows.push({ name: `${spec} ${name}`, calls: kept.__hintArgs });
  kept.__hintArgs = undefined;
}
const bench = corpus(70_000);
for (const rule of ['URI-reference', 'URI']) collect(`${rule} (bench)`, 'rfc3986', rule, bench);
for (const spec of specs()) {
  const oracle = printedOracle(spec.id, spec.defaultRule);
  const lines = oracle && eraCorpus(spec.id, spec.defaultRule, oracle);
  if (lines) collect(spec.defaultRule, spec.id, spec.defaultRule, lines);
}

if (process.env.ONLY) rows.splice(0, rows.length, ...rows.filter((r) => r.name.includes(process.env.ONLY!)));
const builds = [await hintsOf(resolve(beforeArg)), await hintsOf(nowDir)];
// Same hints, call by call.
for (const { name, calls } of rows) {
  for (const args of calls) {
    const [b, n] = builds.map((h) => h.hint(args));
    if (b !== n) throw new Error(`${name}: ${JSON.stringify(args[2])}: before ${JSON.stringify(b)}, now ${JSON.stringify(n)}`);
  }
}

if (process.env.ROWS) {
  const t = (await import(pathToFileURL(join(nowDir, 'src/hints/table.js')).href)) as { firstHint: (c: unknown) => { row: { id: string } } | undefined };
  const cx = (await import(pathToFileURL(join(nowDir, 'src/hints/context.js')).href)) as { hintContext: (...a: unknown[]) => { found: string | null } };
  for (const { name, calls } of rows) {
    const n = new Map<string, number>();
    for (const a of calls) { const c = cx.hintContext(...a); const k = `${t.firstHint(c)?.row.id ?? '-'} ${c.found === null ? 'END' : c.found.charCodeAt(0) < 128 ? 'ascii' : 'non'}`; n.set(k, (n.get(k) ?? 0) + 1); }
    console.log(name, [...n].sort((x, y) => y[1] - x[1]).map(([k, v]) => `${k}: ${v}`).join('; '));
  }
  process.exit(0);
}
// PROFILE=N: N rounds of NOW's hints alone, untimed (for --cpu-prof).
if (process.env.PROFILE) {
  for (let r = 0; r < Number(process.env.PROFILE); r++) for (const { calls } of rows) for (const a of calls) for (let k = 0; k < REPEAT; k++) builds[1]!.hint(a);
  process.exit(0);
}
const best = rows.map(() => builds.map(() => [] as number[]));
for (let r = 0; r < ROUNDS; r++) {
  rows.forEach(({ calls }, row) => {
    // In turn first and second: the second of two builds timed back to back ran faster.
    for (const k of r % 2 === 0 ? [0, 1] : [1, 0]) {
      const h = builds[k]!;
      for (let p = 0, j = 0; p < calls.length; p += PIECE, j++) {
        const t = cpu();
        for (let i = p; i < Math.min(calls.length, p + PIECE); i++) for (let k = 0; k < REPEAT; k++) h.hint(calls[i]!);
        const dt = cpu() - t;
        if (!(best[row]![k]![j]! <= dt)) best[row]![k]![j] = dt;
      }
    }
  });
}
console.log(`hintFor(hintContext(...)) per invalid line, µs, CPU time, ${ROUNDS} interleaved rounds, each piece of ${PIECE} calls (each made ${REPEAT} times in a row) at its best.\n`);
console.log('| era, rule | calls | with a hint | before µs | now µs | before / now |');
console.log('|---|---:|---:|---:|---:|---:|');
rows.forEach(({ name, calls }, row) => {
  const [b, n] = best[row]!.map((pieces) => (pieces.reduce((a, x) => a + x, 0) * 1000) / calls.length / REPEAT);
  const hinted = calls.filter((a) => builds[1]!.hint(a) !== undefined).length;
  console.log(`| ${name} | ${calls.length} | ${hinted} | ${b!.toFixed(3)} | ${n!.toFixed(3)} | ${(b! / n!).toFixed(2)} |`);
});
