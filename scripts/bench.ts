/**
 * `npm run bench`: throughput of urispec against the oracle RegExp and URL.canParse, then a
 * linearity check on megabyte inputs (style.md anti-pattern 2: a PEG can go super-linear
 * through nested backtracking). One process, best of several rounds, fixed corpus.
 *
 * Eras are rows of ERAS; an era runs when urispec knows its spec id, and its RegExp column
 * when its printed grammar exists.
 */
import { performance } from 'node:perf_hooks';
import { isValid, specs, validate } from '../dist/src/index.js';
import { PRINTED_GRAMMARS, hasPrinted, loadPrinted } from '../test/oracle/printed-grammars.js';
import { compileRule } from '../test/oracle/regex.js';
import { corpus } from './bench-corpus.js';

/** `rule`: the era's default start rule (docs/contract). Printed grammars: printed-grammars.ts. */
interface Era {
  spec: string;
  rule: string;
  /** Why the oracle's verdicts may differ from urispec's by design. */
  note?: string;
}

const ERAS: Era[] = [
  { spec: 'rfc3986', rule: 'URI-reference' },
  { spec: 'rfc2396-draft', rule: 'URL-reference' },
  { spec: 'rfc1808', rule: 'URL' },
  {
    spec: 'rfc1738',
    rule: 'url',
    note: 'the oracle reads the printed union `httpurl | ... | otherurl`; urispec dispatches on the scheme (contract), so verdicts differ by design',
  },
];

const CORPUS_SIZE = 50_000;
const ROUNDS = 4;

let heapPeak = 0;
function sampleHeap(): void {
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
}

/** Best (shortest) of `rounds` passes over the corpus, in URIs per second. */
function throughput(inputs: string[], check: (s: string) => boolean, rounds = ROUNDS): { perSecond: number; accepted: number } {
  let best = Infinity;
  let accepted = 0;
  for (let r = 0; r < rounds; r++) {
    accepted = 0;
    const t0 = performance.now();
    for (let i = 0; i < inputs.length; i++) {
      if (check(inputs[i]!)) accepted++;
      if ((i & 4095) === 0) sampleHeap();
    }
    best = Math.min(best, performance.now() - t0);
  }
  return { perSecond: (inputs.length / best) * 1000, accepted };
}

function timeOnce(f: () => unknown): { ms: number; result: unknown } {
  const t0 = performance.now();
  let result: unknown;
  try {
    result = f();
  } catch (e) {
    result = e instanceof RangeError ? `RangeError (stack overflow?): ${e.message}` : `threw ${String(e)}`;
  }
  const ms = performance.now() - t0;
  sampleHeap();
  return { ms, result };
}

function bestOf(n: number, f: () => unknown): { ms: number; result: unknown } {
  let best = { ms: Infinity, result: undefined as unknown };
  for (let k = 0; k < n; k++) {
    const run = timeOnce(f);
    if (run.ms < best.ms) best = run;
  }
  return best;
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** `http://a/` then segments of 8 characters up to `size` characters: RFC 3986 path-abempty. */
function longUri(size: number): string {
  const segment = 'abc%20d/';
  return 'http://a/' + segment.repeat(Math.ceil((size - 9) / segment.length)).slice(0, size - 9);
}

function throughputTable(era: Era, inputs: string[], canParse: { perSecond: number; accepted: number }): void {
  const options = { spec: era.spec, rule: era.rule };
  const rows: Array<[string, { perSecond: number; accepted: number }]> = [
    [`urispec isValid`, throughput(inputs, (s) => isValid(s, options))],
    [`urispec validate`, throughput(inputs, (s) => validate(s, options).valid)],
  ];
  let regex: { perSecond: number; accepted: number } | undefined;
  if (hasPrinted(era.spec)) {
    const re = compileRule(loadPrinted(era.spec), era.rule);
    regex = throughput(inputs, (s) => re.test(s));
    rows.push([`oracle RegExp (${PRINTED_GRAMMARS[era.spec]!.file})`, regex]);
    const differ = inputs.filter((s) => re.test(s) !== isValid(s, options));
    if (differ.length > 0) {
      console.log(`\n${era.spec}: isValid and the oracle disagree on ${differ.length} corpus URIs, e.g. ${JSON.stringify(differ.slice(0, 3))}`);
      if (era.note) console.log(`(expected: ${era.note})`);
    }
  }
  rows.push(['URL.canParse (WHATWG, not a spec check)', canParse]);

  console.log(`\n## ${era.spec}, rule ${era.rule}: ${fmt(inputs.length)} URIs, best of ${ROUNDS} rounds\n`);
  console.log('| parser | URIs/s | vs RegExp | accepted |');
  console.log('|---|---:|---:|---:|');
  for (const [name, r] of rows) {
    const ratio = regex ? `${(r.perSecond / regex.perSecond).toFixed(2)}x` : 'n/a';
    console.log(`| ${name} | ${fmt(r.perSecond)} | ${ratio} | ${fmt(r.accepted)} |`);
  }
}

function linearity(era: Era): void {
  const options = { spec: era.spec, rule: era.rule };
  const big = longUri(2 ** 20);
  const smalls = Array.from({ length: 10 }, () => longUri(2 ** 20 / 10));
  const bad = big.slice(0, -1) + ' '; // error at the very end: SP is in no rule
  console.log(`\n## ${era.spec} linearity: one 1 MB URI vs ten 100 KB URIs (same shape)\n`);
  console.log('| function | 1 x 1 MB | 10 x 100 KB | ratio | result |');
  console.log('|---|---:|---:|---:|---|');
  for (const [name, f] of [
    ['isValid', (s: string) => isValid(s, options)],
    ['validate', (s: string) => validate(s, options).valid],
  ] as const) {
    const one = bestOf(2, () => f(big));
    const ten = bestOf(2, () => smalls.map(f).every(Boolean));
    console.log(`| ${name} | ${one.ms.toFixed(1)} ms | ${ten.ms.toFixed(1)} ms | ${(one.ms / ten.ms).toFixed(2)} | ${String(one.result)} / ${String(ten.result)} |`);
  }
  // The diagnosis re-runs a traced parser (style.md 9): check that it stays linear too.
  const badSmalls = smalls.map((u) => u.slice(0, -1) + ' ');
  const diagnose = (s: string): string => {
    const r = validate(s, options);
    return r.valid ? 'valid (unexpected)' : `offset ${r.error.offset} of ${s.length}, rule ${r.error.rule}`;
  };
  const one = timeOnce(() => diagnose(bad));
  const ten = timeOnce(() => badSmalls.map(diagnose)[0]);
  console.log(`| validate, invalid at the end | ${one.ms.toFixed(1)} ms | ${ten.ms.toFixed(1)} ms | ${(one.ms / ten.ms).toFixed(2)} | ${String(one.result)} |`);
}

function main(): void {
  const known = new Set(specs().map((s: { id: string }) => s.id));
  const inputs = corpus(CORPUS_SIZE);
  const start = performance.now();
  console.log(`urispec benchmark: Node ${process.version}, ${fmt(inputs.length)} URIs (about 10 % invalid)`);
  const canParse = throughput(inputs, (s) => URL.canParse(s));
  for (const era of ERAS) {
    if (!known.has(era.spec)) {
      console.log(`\n## ${era.spec}: skipped, urispec has no such spec yet`);
      continue;
    }
    throughputTable(era, inputs, canParse);
  }
  for (const era of ERAS) if (known.has(era.spec)) linearity(era);
  sampleHeap();
  console.log(`\nheap high-water mark (sampled): ${mb(heapPeak)}; total ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

main();
