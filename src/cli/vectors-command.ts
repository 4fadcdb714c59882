/**
 * `urispec vectors [--spec ID] [--rule NAME] [--count N] [--seed S] [--kind K] [--coverage]`
 *
 * Test vectors for other parsers, made from the era's grammar and labelled by urispec's own
 * verdict (src/vectors/), always as JSON Lines: {"input","spec","rule","valid","kind",
 * "other"?,"error"?}. `--coverage` prints, instead of the vectors, which rules and which
 * alternatives of the grammar the valid vectors were derived through.
 */
import { vectors, VECTOR_KINDS, type VectorCoverage, type VectorOptions } from '../vectors/index.js';
import { specs } from '../index.js';
import { eraOf } from '../registry.js';
import { sectionInEra } from '../spec-label.js';
import { CommandLineError, parseCommandArgs, type OptionSpecs } from './args.js';
import { commandHelp } from './help.js';
import { EXIT_OK, type CliIO } from './io.js';
import { stdoutOf } from './output.js';
import { table } from './table.js';

export const vectorsOptions: OptionSpecs = {
  spec: { type: 'string', value: 'ID', description: 'the spec whose grammar makes the vectors (default rfc3986)' },
  rule: { type: 'string', value: 'NAME', description: "the start rule of every vector (default: the spec's, and each rule it cannot reach)" },
  count: { type: 'string', value: 'N', description: 'how many vectors (default 1000)' },
  seed: { type: 'string', value: 'S', description: 'the same seed gives the same vectors (default 1)' },
  kind: { type: 'string', value: 'K', description: `${VECTOR_KINDS.join(', ')} (default all: about half valid, half invalid)` },
  coverage: { type: 'boolean', description: 'print which rules and alternatives the vectors exercise, not the vectors' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

export const vectorsHelp = commandHelp({
  synopsis: 'urispec vectors [--spec ID] [--rule NAME] [--count N] [--seed S] [--kind K] [--coverage]',
  summary: "Test vectors made from a spec's grammar, labelled by urispec's verdict, one JSON object a line.",
  options: vectorsOptions,
  details: [
    'Each line: {"input","spec","rule","valid","kind","other"?,"error"?}. Kinds: valid (derived from',
    'the grammar), near-miss (one or two edits from a derived string), contrast (valid here and',
    'invalid in the era named in "other", or the reverse). "valid" is always urispec\'s verdict;',
    '"error" is its diagnosis of an invalid vector. Duplicates are removed.',
    '',
    'Exit status: 0, or 2 for a usage error.',
  ],
});

/** A whole number from an option, or a CommandLineError naming the option. */
export function wholeNumber(name: string, text: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new CommandLineError(`--${name} wants a whole number, got '${text}'`);
  }
  return Number(text);
}

export async function vectorsCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('urispec vectors', args, vectorsOptions, null);
  const out = stdoutOf(io);
  if (values.help) {
    await out.write(vectorsHelp);
    await out.end();
    return EXIT_OK;
  }
  if (positionals.length > 0) throw new CommandLineError(`vectors takes no arguments, got '${positionals[0]}'`);
  const options: VectorOptions = {};
  if (typeof values.spec === 'string') options.spec = values.spec;
  if (typeof values.rule === 'string') options.rule = values.rule;
  if (typeof values.count === 'string') options.count = wholeNumber('count', values.count);
  if (typeof values.seed === 'string') options.seed = wholeNumber('seed', values.seed);
  if (typeof values.kind === 'string') {
    if (!(VECTOR_KINDS as readonly string[]).includes(values.kind)) {
      throw new CommandLineError(`--kind wants one of ${VECTOR_KINDS.join(', ')}, got '${values.kind}'`);
    }
    options.kind = values.kind as VectorOptions['kind'];
  }
  const it = vectors(options); // an unknown spec or rule is a usage error before any output
  let total = 0;
  let valid = 0;
  for (const v of it) {
    total++;
    if (v.valid) valid++;
    if (!values.coverage) {
      await out.write(JSON.stringify(v) + '\n');
      if (out.closed) break;
    }
  }
  if (values.coverage) await out.write(renderCoverage(it.coverage(), total, valid, io.color));
  await out.end();
  return EXIT_OK;
}

/** The coverage as a readable report: totals, then one row a rule, then what was not exercised. */
export function renderCoverage(c: VectorCoverage, total: number, valid: number, color: boolean): string {
  const sections = new Map(specs().find((s) => s.id === c.spec)?.rules.map((r) => [r.name, r.section]) ?? []);
  const era = eraOf(c.spec);
  const lines = [
    `${c.spec}: ${total} vectors, ${valid} valid, ${total - valid} invalid`,
    `rules exercised: ${c.rulesExercised} of ${c.rulesTotal}; alternatives exercised: ${c.alternativesExercised} of ${c.alternativesTotal}`,
    '',
  ];
  const rows = c.rules.map((r) => {
    const done = r.alternatives.filter((a) => a.exercised).length;
    const section = sections.get(r.rule);
    return [
      r.exercised ? '✓' : '✗',
      r.rule,
      section ? sectionInEra(era, section) : 'helper',
      r.alternatives.length === 0 ? '' : `${done}/${r.alternatives.length}`,
    ];
  });
  lines.push(table(['', 'rule', 'section', 'alternatives'], rows, color));
  const missing = c.rules.flatMap((r) =>
    r.alternatives.filter((a) => !a.exercised).map((a) => `  ${r.rule}, choice ${a.choice}, alternative ${a.alternative}: ${a.text}`),
  );
  if (missing.length > 0) lines.push('', 'alternatives not exercised:', ...missing);
  return lines.join('\n') + '\n';
}
