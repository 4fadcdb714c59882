/**
 * Throughput of examples/dask/validate.py (issue 18) beside the single-process CLI, in one run:
 *
 *   node --loader ts-node/esm --no-warnings scripts/bench-dask.ts [--lines 140000] [--rounds 3] [--partition-bytes 1048576]
 *
 * The same file of corpus lines (scripts/bench-corpus.ts, about 10 % invalid) through
 * `urispec validate --json` with --jobs 1 and --jobs 2, and through the Dask script on a
 * LocalCluster of 1 and of 2 worker processes (one thread each). Rounds are interleaved, every
 * configuration once per round, best round kept, so load on a shared machine shifts all rows
 * alike. Lines per second are given as a ratio to `--jobs 1` measured in the same run. For Dask,
 * two figures: the whole command (Python start, cluster start and shutdown included) and the
 * script's own `seconds` (first task submitted to output written: what a long job pays per
 * line). Also the CLI's start-up on empty input, which each Dask partition pays once.
 * Every output is compared byte for byte with --jobs 1's, and the Dask summary's rows and
 * invalid count with the CLI's.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { corpus } from './bench-corpus.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const MAIN = join(ROOT, 'dist/src/cli/main.js');
const SCRIPT = join(ROOT, 'examples/dask/validate.py');
const PYTHON = '/usr/bin/python3';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}
const LINES = option('--lines', 140_000);
const ROUNDS = option('--rounds', 3);
const PARTITION_BYTES = option('--partition-bytes', 1 << 20);

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

interface Config {
  name: string;
  run: (input: string, output: string) => { seconds: number; inCluster?: number; summary?: Summary };
}
interface Summary {
  rows_in: number;
  rows_out: number;
  invalid: number;
  seconds: number;
  workers: number;
  partitions: number;
}

function timed<T>(f: () => T): { value: T; seconds: number } {
  const t0 = performance.now();
  const value = f();
  return { value, seconds: (performance.now() - t0) / 1000 };
}

function cli(jobs: number): Config {
  return {
    name: `urispec validate --json --jobs ${jobs}`,
    run: (input, output) => {
      const stdin = openSync(input, 'r');
      const stdout = openSync(output, 'w');
      const { value: r, seconds } = timed(() =>
        spawnSync(process.execPath, [MAIN, 'validate', '--json', '--jobs', String(jobs)], { stdio: [stdin, stdout, 'pipe'] }),
      );
      closeSync(stdin);
      closeSync(stdout);
      if (r.status !== 0 && r.status !== 1) throw new Error(`--jobs ${jobs} exited ${r.status}: ${String(r.stderr)}`);
      return { seconds };
    },
  };
}

function dask(workers: number): Config {
  return {
    name: `examples/dask/validate.py --workers ${workers}`,
    run: (input, output) => {
      const { value: r, seconds } = timed(() =>
        spawnSync(
          PYTHON,
          [SCRIPT, '--workers', String(workers), '--threads-per-worker', '1', '--partition-bytes', String(PARTITION_BYTES),
            '--cli', `${process.execPath} ${MAIN}`, input, output],
          { encoding: 'utf8' },
        ),
      );
      if (r.status !== 0 && r.status !== 1) throw new Error(`dask --workers ${workers} exited ${r.status}: ${r.stderr}`);
      const summary = JSON.parse(r.stdout.trim()) as Summary;
      return { seconds, inCluster: summary.seconds, summary };
    },
  };
}

function main(): void {
  if (spawnSync(PYTHON, ['-c', 'import distributed'], { stdio: 'ignore' }).status !== 0) {
    console.error(`${PYTHON} cannot import distributed: apt-get install python3-distributed`);
    process.exit(2);
  }
  const dir = mkdtempSync(join(tmpdir(), 'urispec-bench-dask-'));
  try {
    const inputs = corpus(LINES);
    const input = join(dir, 'uris.txt');
    writeFileSync(input, inputs.join('\n') + '\n');
    const configs = [cli(1), cli(2), dask(1), dask(2)];
    const best = configs.map(() => ({ seconds: Infinity, inCluster: Infinity }));
    const outputs = configs.map((_, k) => join(dir, `out-${k}.jsonl`));
    const summaries: Array<Summary | undefined> = [];
    let startup = Infinity;
    for (let round = 0; round < ROUNDS; round++) {
      startup = Math.min(startup, timed(() => spawnSync(process.execPath, [MAIN, 'validate', '--json'], { input: '' })).seconds);
      configs.forEach((config, k) => {
        const r = config.run(input, outputs[k]!);
        best[k]!.seconds = Math.min(best[k]!.seconds, r.seconds);
        if (r.inCluster !== undefined) best[k]!.inCluster = Math.min(best[k]!.inCluster, r.inCluster);
        summaries[k] = r.summary;
      });
    }
    const reference = readFileSync(outputs[0]!);
    const refLines = reference.toString('utf8').split('\n').length - 1;
    const refInvalid = reference.toString('utf8').split('\n').filter((l) => l !== '' && (JSON.parse(l) as { valid: boolean }).valid === false).length;
    const base = LINES / best[0]!.seconds;

    console.log(
      `${fmt(LINES)} lines of scripts/bench-corpus.ts (${(readFileSync(input).length / 2 ** 20).toFixed(1)} MB), ` +
        `${cpus().length} cores, best of ${ROUNDS} interleaved rounds; Dask partitions of ${fmt(PARTITION_BYTES)} bytes, ` +
        `one thread per worker process.\n`,
    );
    console.log('| configuration | seconds | lines/s | ratio to --jobs 1 | in-cluster lines/s | ratio |');
    console.log('|---|---:|---:|---:|---:|---:|');
    configs.forEach((config, k) => {
      const { seconds, inCluster } = best[k]!;
      const cluster = Number.isFinite(inCluster) ? `${fmt(LINES / inCluster)} | ${(LINES / inCluster / base).toFixed(2)}` : '| ';
      console.log(`| ${config.name} | ${seconds.toFixed(2)} | ${fmt(LINES / seconds)} | ${(LINES / seconds / base).toFixed(2)} | ${cluster} |`);
    });
    console.log(`\nCLI start-up on empty input (paid once per Dask partition): ${(startup * 1000).toFixed(0)} ms.`);
    console.log(`Single-process CLI: ${fmt(refLines)} records, ${fmt(refInvalid)} invalid.`);
    let ok = refLines === LINES;
    configs.forEach((config, k) => {
      const same = readFileSync(outputs[k]!).equals(reference);
      const s = summaries[k];
      const counts = s === undefined ? '' : `; rows_in ${fmt(s.rows_in)}, rows_out ${fmt(s.rows_out)}, invalid ${fmt(s.invalid)}, ${s.partitions} partitions, ${s.workers} workers`;
      const countsOk = s === undefined || (s.rows_in === LINES && s.rows_out === LINES && s.invalid === refInvalid);
      ok &&= same && countsOk;
      console.log(`${config.name}: output identical to --jobs 1: ${same ? 'yes' : 'NO'}${counts}${countsOk ? '' : ' (MISMATCH)'}`);
    });
    if (!ok) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
