/**
 * `npm run fuzz -- [--count N] [--start I] [--seed S] [--era ID]... [--max-ms MS]`: robustness of the library
 * under random and mutated inputs, era by era (issue 6).
 *
 * For each era, `count` inputs (default 1,000,000), each derived from (seed, era, index) alone,
 * so any one can be regenerated from the report: random characters from the URI alphabet, random
 * UTF-16 code units (lone surrogates and controls included), mutations of the era's own grammar
 * examples (generated/<era>.rules.js `matches` and `rejects`) and crossovers of two of them, and
 * one input in 4,999 long (1 KB to 64 KB). Every input goes to validate, isValid, parse and
 * resolve (as the reference against a fixed base, and every fourth also as the base), with the
 * era's default rule four times in five and else any rule of its grammar. Checked:
 *
 * - nothing throws, except a UsageError where the era has no component table (parse) or no
 *   resolution (resolve), decided once per era, not per input;
 * - isValid(x) === validate(x).valid, and parse(x).valid agrees;
 * - an error's offset is a whole number within the input (0 to its length; `found` null exactly at
 *   the end), and every character before it is ASCII, as the contract says; the same for parse's
 *   and resolve's errors, against the input they name;
 * - the four calls on one input take at most `--max-ms` (default 5,000 ms: generous, a
 *   quadratic blow-up on 64 KB takes far longer) together; the slowest
 *   input of each era is reported. A hang is caught too: each era runs in a worker thread, and a
 *   worker that reports no progress for 30 s past the bound is stopped, its input regenerated
 *   and reported.
 *
 * The eras run on worker threads, as many at once as there are cores. Exit status 0 when every
 * check held, 1 otherwise (the first failures are printed, each with its era, index and input).
 * A short run of the same checks is part of `npm test` (test/fuzz.test.ts).
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { codePointEras } from '../src/eras/table.js';

/** The part of the library the fuzzer drives: passed in, so a test can give it the sources. */
export interface FuzzLibrary {
  validate(input: string, options?: { spec?: string; rule?: string }): {
    valid: boolean;
    error?: { offset: number; found: string | null; rule: string };
  };
  isValid(input: string, options?: { spec?: string; rule?: string }): boolean;
  parse(input: string, options?: { spec?: string; rule?: string }): {
    valid: boolean;
    error?: { offset: number; found: string | null };
  };
  resolve(base: string, ref: string, options?: { spec?: string }): {
    target?: string;
    error?: { offset: number; found: string | null; which: 'base' | 'ref' };
  };
  specs(): Array<{ id: string; defaultRule: string; rules: Array<{ name: string; core: boolean }> }>;
  resolutionOf(spec?: string): { defined: boolean };
  UsageError: new (...args: never[]) => Error;
}

export interface FuzzOptions {
  count: number;
  /** The index of the first input (default 0): inputs `start` to `start + count - 1`. */
  start?: number;
  seed: number;
  /** The bound on the four calls for one input, in ms. */
  maxMs: number;
  /** Stop collecting failures after this many (the run goes on counting them). */
  keepFailures?: number;
  /** Called every `progressEvery` inputs with the number done. */
  onProgress?: (done: number) => void;
  progressEvery?: number;
}

export interface FuzzFailure {
  era: string;
  index: number;
  input: string;
  rule: string;
  check: string;
}

export interface EraReport {
  era: string;
  count: number;
  seeds: number;
  failures: number;
  firstFailures: FuzzFailure[];
  /** Failures matching an entry of {@link KNOWN}, by its id: not counted in `failures`. */
  known: Record<string, number>;
  /** Inputs that came out valid. */
  valid: number;
  longInputs: number;
  /** Characters of all inputs together. */
  chars: number;
  ms: number;
  slowest: { ms: number; index: number; length: number };
  parse: 'checked' | 'no component table';
  resolve: 'checked' | 'no resolution';
}

/** The base every reference is resolved against; absolute in every era that resolves. */
export const FUZZ_BASE = 'http://a/b/c/d;p?q';
/** The reference resolved against a fuzzed base. */
const FUZZ_REF = 'g;x?y#s';

// ---------------------------------------------------------------------------------------------
// Inputs: a pure function of (seed, era, index).

/** mulberry32: small, fast, and good enough to spread inputs. */
function rng(state: number): () => number {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string, for the era's part of an input's seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function mix(seed: number, era: number, index: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ era;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) ^ index;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}

const URI_CHARS =
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789' + ":/?#[]@!$&'()*+,;=-._~%" + ' "<>\\^`{|}\t';
/** Pieces that steer a parser into its corners. */
const TOKENS = [
  '://', '//', '/', ':', '::', '@', '?', '#', '[', ']', '%', '%2', '%zz', '%41', '%00', '.', '..', '/./', '/../',
  ';', ';type=a', '=', '+', '~', '255.255.255.255', '256.1.1.1', '1.2.3', '[::1]', '[v1.x]', '[::ffff:1.2.3.4]',
  'ffff:', ':0', '80', ':65536', 'http', 'ftp', 'mailto:', 'news:', 'file:', 'gopher://h/', 'wais://h/d?',
  'prospero://h/p;a=b', 'telnet://u:p@h/', 'nntp://h/g/1', 'x-', '*', '&', '$', "'", '(', ')', '!', ',',
  '\u0000', '\u007f', ' ', '\r', '\n', '\u00e9', '\ud800', '\udc80', '\u{1f600}', '\ufeff',
];

/** Every so many inputs, one is long (1 KB to 64 KB). */
export const LONG_EVERY = 4999;

export function generate(seed: number, era: string, index: number, seeds: readonly string[]): { input: string; long: boolean } {
  const r = rng(mix(seed, hash(era), index));
  const int = (n: number) => Math.floor(r() * n);
  const pickOf = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const randomAscii = (n: number) => {
    let s = '';
    for (let i = 0; i < n; i++) s += URI_CHARS[int(URI_CHARS.length)]!;
    return s;
  };
  const seedText = () => (seeds.length > 0 ? pickOf(seeds) : randomAscii(int(24)));
  const pick = r();
  // One input in 4,999 is long: its own shape, repeated.
  if (index % LONG_EVERY === LONG_EVERY - 1) {
    const size = 1024 + int(63 * 1024);
    const unit = pickOf(['a/', '%20', '1.', ':', '[', '::', '@', '/..', ';a=b', 'x', seedText() || 'z/']);
    let s = seedText() + unit.repeat(Math.ceil(size / Math.max(1, unit.length)));
    s = s.slice(0, size);
    if (r() < 0.5) s = mutate(s, r, 1 + int(3));
    return { input: s, long: true };
  }
  let input: string;
  if (pick < 0.3) input = randomAscii(int(48));
  else if (pick < 0.4) {
    input = '';
    const n = int(32);
    for (let i = 0; i < n; i++) input += r() < 0.5 ? URI_CHARS[int(URI_CHARS.length)]! : String.fromCharCode(int(0x10000));
  } else if (pick < 0.45) {
    // A seed and the bytes a non-UTF-8 line becomes on the command line (U+DC80..U+DCFF).
    input = seedText();
    const at = int(input.length + 1);
    input = input.slice(0, at) + String.fromCharCode(0xdc80 + int(0x80)) + input.slice(at);
  } else if (pick < 0.5) {
    const a = seedText();
    const b = seedText();
    input = a.slice(0, int(a.length + 1)) + b.slice(int(b.length + 1));
  } else if (pick < 0.55) input = seedText();
  else input = mutate(seedText(), r, 1 + int(5));
  return { input, long: false };
}

function mutate(text: string, r: () => number, times: number): string {
  const int = (n: number) => Math.floor(r() * n);
  let s = text;
  for (let k = 0; k < times; k++) {
    const at = int(s.length + 1);
    const end = Math.min(s.length, at + 1 + int(8));
    switch (int(9)) {
      case 0: s = s.slice(0, at) + URI_CHARS[int(URI_CHARS.length)]! + s.slice(at); break;
      case 1: s = s.slice(0, at) + TOKENS[int(TOKENS.length)]! + s.slice(at); break;
      case 2: s = s.slice(0, at) + s.slice(end); break;
      case 3: s = s.slice(0, at) + URI_CHARS[int(URI_CHARS.length)]! + s.slice(at + 1); break;
      case 4: s = s.slice(0, end) + s.slice(at, end) + s.slice(end); break;
      case 5: s = s.slice(0, at); break;
      case 6: {
        const c = s.charAt(at);
        s = s.slice(0, at) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + s.slice(at + 1);
        break;
      }
      case 7: {
        const c = s.charCodeAt(at);
        if (!Number.isNaN(c) && c < 0x80) s = s.slice(0, at) + '%' + c.toString(16).toUpperCase().padStart(2, '0') + s.slice(at + 1);
        break;
      }
      default: s = s.slice(0, at) + String.fromCodePoint(pickOf([0, 0x7f, 0xe9, 0xd800, 0xdcff, 0x1f600, 0xfeff, 0x85, 0x2028])) + s.slice(at);
    }
  }
  return s;
  function pickOf<T>(xs: readonly T[]): T {
    return xs[int(xs.length)]!;
  }
}

// ---------------------------------------------------------------------------------------------
// The checks.

/** The seeds of an era: every example its grammar's rules give, accepted and rejected. */
export async function eraSeeds(era: string): Promise<string[]> {
  const url = new URL(`../generated/${era}.rules.js`, import.meta.url);
  const meta = (await import(url.href)) as { default: { rules: Array<{ matches?: string[]; rejects?: string[] }> } };
  const out = new Set<string>();
  for (const rule of meta.default.rules) for (const s of [...(rule.matches ?? []), ...(rule.rejects ?? [])]) out.add(s);
  return [...out];
}

/**
 * Failures already understood and reported but not yet fixed where they live: counted and shown
 * apart, so they stay visible without failing every run. Remove an entry once its fix is in.
 */
export const KNOWN: ReadonlyArray<{ id: string; note: string; matches: (f: FuzzFailure, core: boolean) => boolean }> = [];

/**
 * Eras whose default rule's language holds non-ASCII characters, so that the contract's "every
 * character before it is ASCII" does not apply to them: RFC 6570 §1.6 and RFC 3987 §2.2 make their
 * terminals Unicode code points (ucschar, iprivate). Their records give the offset in code points
 * and UTF-8 bytes too (contract).
 */
const NON_ASCII_ERAS: ReadonlySet<string> = new Set(codePointEras());

/**
 * Why an error record is not where the contract puts it, or null. `asciiBefore`: for the start
 * rules of URIs, every character before the offset is ASCII; an era whose characters go beyond
 * ASCII (rfc3987's IRIs) must then give the offset in code points and UTF-8 bytes too (the
 * contract: "where non-ASCII precedes it, the record also gives it in code points and in UTF-8
 * bytes"). Not for a rule such as rfc2396-draft's `national`, whose language is non-ASCII.
 */
function offsetProblem(
  input: string,
  error: { offset: number; found: string | null; codePointOffset?: number; utf8Offset?: number } | undefined,
  asciiBefore = false,
  nonAsciiEra = false,
): string | null {
  if (!error) return 'invalid without an error record';
  const { offset, found } = error;
  if (!Number.isInteger(offset) || offset < 0 || offset > input.length) return `offset ${offset} outside 0..${input.length}`;
  if ((found === null) !== (offset === input.length)) return `found ${JSON.stringify(found)} at offset ${offset} of ${input.length}`;
  if (!asciiBefore) return null;
  const prefix = input.slice(0, offset);
  const at = prefix.search(/[^\x00-\x7f]/);
  if (at < 0) return null;
  if (!nonAsciiEra) return `non-ASCII at ${at}, before offset ${offset}`;
  if (error.codePointOffset !== [...prefix].length || error.utf8Offset !== Buffer.byteLength(prefix)) {
    return `non-ASCII before offset ${offset}, but codePointOffset ${error.codePointOffset} and utf8Offset ${error.utf8Offset}`;
  }
  return null;
}

export function fuzzEra(lib: FuzzLibrary, era: string, seeds: readonly string[], options: FuzzOptions): EraReport {
  const spec = lib.specs().find((s) => s.id === era);
  if (!spec) throw new Error(`no era ${era}`);
  const rules = spec.rules.map((r) => r.name);
  const core = new Set(spec.rules.filter((r) => r.core).map((r) => r.name));
  const parses = canParse(lib, era);
  const resolves = lib.resolutionOf(era).defined;
  const nonAscii = NON_ASCII_ERAS.has(era);
  const keep = options.keepFailures ?? 20;
  const every = options.progressEvery ?? 10_000;
  const report: EraReport = {
    era, count: options.count, seeds: seeds.length, failures: 0, firstFailures: [], known: {}, valid: 0, longInputs: 0, chars: 0, ms: 0,
    slowest: { ms: 0, index: -1, length: 0 },
    parse: parses ? 'checked' : 'no component table',
    resolve: resolves ? 'checked' : 'no resolution',
  };
  const t0 = performance.now();
  const first = options.start ?? 0;
  for (let index = first; index < first + options.count; index++) {
    const { input, long } = generate(options.seed, era, index, seeds);
    const rule = ruleOf(options.seed, era, index, spec.defaultRule, rules);
    const fail = (check: string) => {
      const failure = { era, index, input, rule, check };
      const known = KNOWN.find((k) => k.matches(failure, core.has(rule)));
      if (known) {
        report.known[known.id] = (report.known[known.id] ?? 0) + 1;
        return;
      }
      report.failures++;
      if (report.firstFailures.length < keep) report.firstFailures.push(failure);
    };
    if (long) report.longInputs++;
    report.chars += input.length;
    const opts = { spec: era, rule };
    const start = performance.now();
    try {
      const v = lib.validate(input, opts);
      if (typeof v.valid !== 'boolean') fail('validate: no boolean valid');
      if (v.valid) report.valid++;
      else {
        const problem = offsetProblem(input, v.error, rule === spec.defaultRule, nonAscii);
        if (problem) fail(`validate: ${problem}`);
      }
      const fast = lib.isValid(input, opts);
      if (fast !== v.valid) fail(`isValid ${fast} but validate ${v.valid}`);
      if (parses) {
        const p = lib.parse(input, opts);
        if (p.valid !== v.valid) fail(`parse valid ${p.valid} but validate ${v.valid}`);
        else if (!p.valid) {
          const problem = offsetProblem(input, p.error, rule === spec.defaultRule, nonAscii);
          if (problem) fail(`parse: ${problem}`);
        }
      }
      if (resolves) {
        const pairs: Array<[string, string]> = [[FUZZ_BASE, input]];
        if (index % 4 === 0) pairs.push([input, FUZZ_REF]);
        for (const [base, ref] of pairs) {
          const x = lib.resolve(base, ref, { spec: era });
          if (typeof x.target !== 'string' && !x.error) fail('resolve: neither target nor error');
          if (x.error) {
            const problem = offsetProblem(x.error.which === 'base' ? base : ref, x.error, true, nonAscii);
            if (problem) fail(`resolve(${JSON.stringify(base.slice(0, 40))}, ${JSON.stringify(ref.slice(0, 40))}): error in ${x.error.which}: ${problem}`);
          }
        }
      }
    } catch (error) {
      fail(`threw ${(error as Error)?.stack?.split('\n').slice(0, 3).join(' | ') ?? String(error)}`);
    }
    const ms = performance.now() - start;
    if (ms > report.slowest.ms) report.slowest = { ms, index, length: input.length };
    if (ms > options.maxMs) fail(`took ${ms.toFixed(0)} ms (bound ${options.maxMs} ms) on ${input.length} characters`);
    if ((index + 1 - first) % every === 0) options.onProgress?.(index + 1 - first);
  }
  report.ms = performance.now() - t0;
  return report;
}

/** The start rule of input `index`: the era's default four times in five, else any of its rules. */
export function ruleOf(seed: number, era: string, index: number, defaultRule: string, rules: readonly string[]): string {
  const r = rng(mix(seed ^ 0x5bd1e995, hash(era) ^ 0x27d4eb2f, index));
  return r() < 0.8 || rules.length === 0 ? defaultRule : rules[Math.floor(r() * rules.length)]!;
}

function canParse(lib: FuzzLibrary, era: string): boolean {
  try {
    lib.parse('', { spec: era });
    return true;
  } catch (error) {
    if (error instanceof lib.UsageError) return false;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The command: one worker thread per era, at most as many at once as there are cores.

interface WorkerTask {
  era: string;
  options: Omit<FuzzOptions, 'onProgress'>;
  progress: SharedArrayBuffer;
}

async function library(): Promise<FuzzLibrary> {
  return (await import(new URL('../dist/src/index.js', import.meta.url).href)) as unknown as FuzzLibrary;
}

async function workerMain(task: WorkerTask): Promise<void> {
  const lib = await library();
  const seeds = await eraSeeds(task.era);
  const done = new Int32Array(task.progress);
  const report = fuzzEra(lib, task.era, seeds, { ...task.options, progressEvery: 1000, onProgress: (n) => Atomics.store(done, 0, n) });
  parentPort!.postMessage(report);
}

function parseCli(argv: string[]): { count: number; start: number; seed: number; maxMs: number; eras: string[] } {
  const out = { count: 1_000_000, start: 0, seed: 1, maxMs: 5000, eras: [] as string[] };
  for (let i = 0; i < argv.length; i++) {
    const [name, value] = [argv[i], argv[i + 1]];
    const num = () => {
      const n = Number(value);
      if (!Number.isFinite(n) || n < 0) throw new Error(`${name} needs a number`);
      i++;
      return n;
    };
    if (name === '--count') out.count = Math.floor(num());
    else if (name === '--seed') out.seed = Math.floor(num()) >>> 0;
    else if (name === '--start') out.start = Math.floor(num());
    else if (name === '--max-ms') out.maxMs = num();
    else if (name === '--era' && value !== undefined) {
      out.eras.push(value);
      i++;
    }
    else throw new Error(`unknown argument ${name}; usage: npm run fuzz -- [--count N] [--start I] [--seed S] [--era ID]... [--max-ms MS]`);
  }
  return out;
}

async function main(): Promise<number> {
  const cli = parseCli(process.argv.slice(2));
  const lib = await library();
  const eras = cli.eras.length > 0 ? cli.eras : lib.specs().map((s) => s.id);
  const options = { count: cli.count, start: cli.start, seed: cli.seed, maxMs: cli.maxMs };
  const threads = Math.max(1, Math.min(eras.length, availableParallelism()));
  console.log(`# urispec fuzz\n\nNode ${process.version}; seed ${cli.seed}; ${cli.count.toLocaleString('en-US')} inputs per era${cli.start > 0 ? ` from #${cli.start}` : ''}; bound ${cli.maxMs} ms per input; ${threads} threads.\n`);
  const started = performance.now();
  const reports: EraReport[] = [];
  const queue = [...eras];
  const hangMs = cli.maxMs + 30_000;

  const runOne = (era: string) =>
    new Promise<EraReport>((resolve, reject) => {
      const progress = new SharedArrayBuffer(4);
      const done = new Int32Array(progress);
      const worker = new Worker(new URL(import.meta.url), { workerData: { era, options, progress } satisfies WorkerTask });
      let last = -1;
      let lastChange = performance.now();
      const watch = setInterval(() => {
        const n = Atomics.load(done, 0);
        if (n !== last) {
          last = n;
          lastChange = performance.now();
          return;
        }
        if (performance.now() - lastChange < hangMs) return;
        clearInterval(watch);
        void worker.terminate();
        // The worker reports progress every 1,000 inputs: the hang is in the next 1,000, named by
        // the options that rerun just them.
        const from = cli.start + n;
        reject(new Error(`${era}: no progress for ${hangMs / 1000} s after input ${from}: the hang is in --era ${era} --seed ${cli.seed} --start ${from} --count 1000`));
      }, 1000);
      worker.once('message', (report: EraReport) => {
        clearInterval(watch);
        void worker.terminate();
        resolve(report);
      });
      worker.once('error', (error) => {
        clearInterval(watch);
        reject(error);
      });
    });

  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: threads }, async () => {
      for (let era = queue.shift(); era !== undefined; era = queue.shift()) {
        try {
          const report = await runOne(era);
          reports.push(report);
          console.error(`${era}: ${report.count.toLocaleString('en-US')} inputs in ${(report.ms / 1000).toFixed(1)} s, ${report.failures} failures`);
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
    }),
  );
  reports.sort((a, b) => eras.indexOf(a.era) - eras.indexOf(b.era));
  console.log('| era | inputs | seeds | valid | long (1-64 KB) | parse | resolve | inputs/s | slowest input | failures |');
  console.log('|---|---:|---:|---:|---:|---|---|---:|---:|---:|');
  for (const r of reports) {
    console.log(
      `| ${r.era} | ${r.count.toLocaleString('en-US')} | ${r.seeds} | ${((r.valid / r.count) * 100).toFixed(1)} % | ${r.longInputs} | ${r.parse} | ${r.resolve} | ` +
        `${Math.round(r.count / (r.ms / 1000)).toLocaleString('en-US')} | ${r.slowest.ms.toFixed(1)} ms (#${r.slowest.index}, ${r.slowest.length} chars) | ${r.failures} |`,
    );
  }
  const total = reports.reduce((n, r) => n + r.failures, 0) + failures.length;
  for (const k of KNOWN) {
    const per = reports.filter((r) => (r.known[k.id] ?? 0) > 0).map((r) => `${r.era} ${r.known[k.id]}`);
    if (per.length > 0) console.log(`\nKnown, not counted as failures (${k.id}): ${per.join(', ')}. ${k.note}.`);
  }
  for (const message of failures) console.log(`\n${message}`);
  for (const r of reports) {
    for (const f of r.firstFailures) {
      const shown = f.input.length > 200 ? `${JSON.stringify(f.input.slice(0, 200))}... (${f.input.length} chars)` : JSON.stringify(f.input);
      console.log(`\n- ${f.era} #${f.index}, rule ${f.rule}: ${f.check}\n  input ${shown}\n  rerun: npm run fuzz -- --era ${f.era} --seed ${cli.seed} --start ${f.index} --count 1`);
    }
  }
  console.log(`\n${total === 0 ? 'Every check held' : `${total} failures`}; ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return total === 0 ? 0 : 1;
}

if (!isMainThread && (workerData as WorkerTask | undefined)?.era !== undefined && (workerData as WorkerTask).progress instanceof SharedArrayBuffer) {
  await workerMain(workerData as WorkerTask);
} else if (isMainThread && process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}

export const fuzzScript = fileURLToPath(import.meta.url);
