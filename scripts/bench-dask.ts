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
 * line). CPU seconds of each command with all its descendants come from sh's `times`, so the
 * per-core throughput used by docs/scale.md's cost model does not depend on the machine's load.
 * Also the CLI's start-up on empty input, which each Dask worker thread pays once.
 * Every output is compared byte for byte with --jobs 1's, and the Dask summary's rows and
 * invalid count with the CLI's.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type DaskSummary as Summary, parseSummary } from '../examples/dask/summary.js';
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

interface Measured {
  seconds: number;
  /** CPU seconds (user + system) of the command and every descendant it waited for. */
  cpu: number;
  /** For Dask: the summary's own `seconds` (first task submitted to output written). */
  inCluster?: number;
  summary?: Summary;
}
interface Config {
  name: string;
  run: (input: string, output: string) => Measured;
}

/**
 * Runs `command args... < input > output` under sh, whose `times` then reports the CPU time of
 * the children it waited for, descendants included (Dask's scheduler, workers and their CLIs).
 */
function measure(command: string, args: string[], input: string, output: string): { seconds: number; cpu: number; stderr: string } {
  const t0 = performance.now();
  const r = spawnSync('sh', ['-c', '"$@" < "$IN" > "$OUT"; s=$?; times >&2; exit $s', 'sh', command, ...args], {
    env: { ...process.env, IN: input, OUT: output },
    encoding: 'utf8',
  });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${command} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  // The last line of `times`: the children's user and system time, as 0m1.230000s 0m0.040000s.
  const children = r.stderr.trim().split('\n').pop()!;
  const cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0);
  return { seconds, cpu, stderr: r.stderr };
}

function cli(jobs: number): Config {
  return {
    name: `urispec validate --json --jobs ${jobs}`,
    run: (input, output) => measure(process.execPath, [MAIN, 'validate', '--json', '--jobs', String(jobs)], input, output),
  };
}

function dask(workers: number): Config {
  return {
    name: `examples/dask/validate.py --workers ${workers}`,
    run: (input, output) => {
      const summaryFile = `${output}.summary`;
      const r = measure(
        PYTHON,
        [SCRIPT, '--workers', String(workers), '--threads-per-worker', '1', '--partition-bytes', String(PARTITION_BYTES),
          '--cli', `${process.execPath} ${MAIN}`, input, output],
        '/dev/null',
        summaryFile,
      );
      const summary = parseSummary(readFileSync(summaryFile, 'utf8'));
      return { seconds: r.seconds, cpu: r.cpu, inCluster: summary.seconds, summary };
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
    const best = configs.map(() => ({ seconds: Infinity, inCluster: Infinity, cpu: Infinity }));
    const outputs = configs.map((_, k) => join(dir, `out-${k}.jsonl`));
    const summaries: Array<Summary | undefined> = [];
    const startup = { seconds: Infinity, cpu: Infinity };
    for (let round = 0; round < ROUNDS; round++) {
      const empty = measure(process.execPath, [MAIN, 'validate', '--json'], '/dev/null', '/dev/null');
      startup.seconds = Math.min(startup.seconds, empty.seconds);
      startup.cpu = Math.min(startup.cpu, empty.cpu);
      configs.forEach((config, k) => {
        const r = config.run(input, outputs[k]!);
        best[k]!.seconds = Math.min(best[k]!.seconds, r.seconds);
        best[k]!.cpu = Math.min(best[k]!.cpu, r.cpu);
        if (r.inCluster !== undefined) best[k]!.inCluster = Math.min(best[k]!.inCluster, r.inCluster);
        summaries[k] = r.summary;
      });
    }
    const reference = readFileSync(outputs[0]!).toString('utf8');
    const refLines = reference.split('\n').length - 1;
    const refInvalid = reference.split('\n').filter((l) => l !== '' && (JSON.parse(l) as { valid: boolean }).valid === false).length;
    const base = LINES / best[0]!.seconds;
    const ratio = (linesPerSecond: number): string => (linesPerSecond / base).toFixed(2);

    console.log(
      `${fmt(LINES)} lines of scripts/bench-corpus.ts (${(readFileSync(input).length / 2 ** 20).toFixed(1)} MB), ` +
        `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at the end; best of ${ROUNDS} interleaved rounds; ` +
        `Dask partitions of ${fmt(PARTITION_BYTES)} bytes, one thread per worker process.\n`,
    );
    console.log('| configuration | seconds | lines/s | ratio to --jobs 1 | CPU seconds | in-cluster seconds | in-cluster lines/s | ratio |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    configs.forEach((config, k) => {
      const { seconds, inCluster, cpu } = best[k]!;
      const cluster = Number.isFinite(inCluster) ? `${inCluster.toFixed(2)} | ${fmt(LINES / inCluster)} | ${ratio(LINES / inCluster)}` : ' | | ';
      console.log(`| ${config.name} | ${seconds.toFixed(2)} | ${fmt(LINES / seconds)} | ${ratio(LINES / seconds)} | ${cpu.toFixed(2)} | ${cluster} |`);
    });
    console.log(
      `\nCPU seconds: user + system of the command and its descendants (sh's \`times\`). Per core, --jobs 1 ` +
        `validates ${fmt(LINES / best[0]!.cpu)} lines per CPU-second. The CLI's start-up on empty input ` +
        `(paid once per Dask worker thread): ${startup.seconds.toFixed(2)} s, ${startup.cpu.toFixed(2)} CPU-seconds.`,
    );
    const referenceBytes = readFileSync(outputs[0]!);
    const inBytes = readFileSync(input).length;
    console.log(
      `Single-process CLI: ${fmt(refLines)} records, ${fmt(refInvalid)} invalid; ` +
        `${(inBytes / LINES).toFixed(1)} bytes a line in, ${(referenceBytes.length / LINES).toFixed(1)} bytes a record out.`,
    );
    let ok = refLines === LINES;
    configs.forEach((config, k) => {
      const same = readFileSync(outputs[k]!).equals(referenceBytes);
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
