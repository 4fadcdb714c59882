/**
 * `urispec diff --spec ID --against "COMMAND" [--vectors FILE | --count N] [--rule NAME] [--json]`
 *
 * Runs another parser as a subprocess over vectors (src/diff/) and reports where it and
 * urispec part ways: each disagreement as it is found, then the counts. Exit status 0 when
 * the parser agrees on every input, 1 when it disagrees on any, 2 for a usage error or a
 * parser that could not be compared (it crashed, hung, or answered out of step).
 */
import { diffOutcomes, readVectorsFile, tally, type DiffInput, type DiffOutcome, type DiffSummary } from '../diff/diff.js';
import { ParserProcessError } from '../diff/parser-process.js';
import { eraOf, ruleOf } from '../registry.js';
import { CommandLineError, parseCommandArgs, type OptionSpecs } from './args.js';
import { commandHelp } from './help.js';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, type CliIO } from './io.js';
import { stdoutOf } from './output.js';
import { wholeNumber } from './vectors-command.js';

export const diffOptions: OptionSpecs = {
  spec: { type: 'string', value: 'ID', description: 'the spec urispec validates with (default rfc3986)' },
  rule: { type: 'string', value: 'NAME', description: "the start rule (default: the spec's); a vectors file's other rules are left out" },
  against: { type: 'string', value: 'COMMAND', description: 'the other parser: a shell command speaking the protocol below' },
  vectors: { type: 'string', value: 'FILE', description: 'inputs from a vectors file (JSON Lines: urispec vectors writes one; curated sets are in vectors/ of the source repository)' },
  count: { type: 'string', value: 'N', description: 'else this many fresh vectors of the spec and rule (default 1000)' },
  seed: { type: 'string', value: 'S', description: 'the seed of fresh vectors (default 1)' },
  timeout: { type: 'string', value: 'MS', description: 'longest wait for one answer, in milliseconds (default 5000)' },
  json: { type: 'boolean', description: 'one JSON object a disagreement, then {"spec","total","agreements","falseAccepts","falseRejects"}' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

export const diffHelp = commandHelp({
  synopsis: 'urispec diff --spec ID --against "COMMAND" [--vectors FILE | --count N] [--rule NAME] [--json]',
  summary: "Compare another parser's verdicts with urispec's, over vectors made from the grammar.",
  options: diffOptions,
  details: [
    'Protocol: urispec writes one JSON string a line to the command\'s standard input and reads',
    'one line an input back: true, false, or {"valid": true|false, "components"?: {...},',
    '"error"?: "...", "input"?: "..."} (an echoed input is checked). The parser must flush after',
    'each answer. Adapters for other parsers: examples/adapters/ of the source repository (docs/differential.md there).',
    '',
    'A false accept is an input the parser accepts and urispec rejects; a false reject, the reverse.',
    '',
    'Exit status: 0 no disagreement, 1 any disagreement, 2 usage error or a parser that crashed,',
    'hung, or answered out of step (the counts are then not printed).',
  ],
});

export async function diffCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('urispec diff', args, diffOptions, null);
  const out = stdoutOf(io);
  if (values.help) {
    await out.write(diffHelp);
    await out.end();
    return EXIT_OK;
  }
  if (positionals.length > 0) throw new CommandLineError(`diff takes no arguments, got '${positionals[0]}' (is --against quoted?)`);
  if (typeof values.against !== 'string') throw new CommandLineError('--against COMMAND is required: the parser to compare');
  if (typeof values.vectors === 'string' && typeof values.count === 'string') {
    throw new CommandLineError('--vectors and --count exclude each other: inputs come from the file or are made');
  }
  const era = eraOf(typeof values.spec === 'string' ? values.spec : undefined);
  const rule = ruleOf(era, typeof values.rule === 'string' ? values.rule : undefined);
  const count = typeof values.count === 'string' ? wholeNumber('count', values.count) : undefined;
  const seed = typeof values.seed === 'string' ? wholeNumber('seed', values.seed) : undefined;
  const timeoutMs = typeof values.timeout === 'string' ? wholeNumber('timeout', values.timeout) : undefined;
  if (timeoutMs === 0) throw new CommandLineError('--timeout wants at least 1 millisecond');
  let inputs: DiffInput[] | undefined;
  if (typeof values.vectors === 'string') inputs = readVectorsFile(values.vectors, era.id, rule.name);

  const summary: DiffSummary = { spec: era.id, total: 0, agreements: 0, falseAccepts: 0, falseRejects: 0 };
  try {
    for await (const o of diffOutcomes({ spec: era.id, rule: rule.name, against: values.against, inputs, count, seed, timeoutMs })) {
      tally(summary, o);
      if (o.disagreement) await out.write((values.json ? JSON.stringify(o) : render(o)) + '\n');
    }
  } catch (error) {
    if (!(error instanceof ParserProcessError)) throw error;
    await out.end();
    io.stderr.write(`urispec: ${error.message}\nurispec: no counts: the comparison stopped after ${summary.total} answers\n`);
    return EXIT_USAGE;
  }
  if (values.json) await out.write(JSON.stringify(summary) + '\n');
  else {
    await out.write(
      `${summary.spec} ${rule.name}: ${summary.total} inputs, ${summary.agreements} agreements, ` +
        `${summary.falseAccepts} false accepts, ${summary.falseRejects} false rejects\n`,
    );
  }
  await out.end();
  return summary.falseAccepts + summary.falseRejects > 0 ? EXIT_INVALID : EXIT_OK;
}

/** A disagreement in two lines: what, and why in urispec's terms (or the parser's words). */
function render(o: DiffOutcome): string {
  const head = `${o.disagreement === 'false-accept' ? 'false accept' : 'false reject'}  ${JSON.stringify(o.input)}${o.kind ? `  (${o.kind})` : ''}`;
  if (o.error) return `${head}\n  urispec: ${o.error.message}`;
  return `${head}\n  urispec: valid ${o.rule}; parser: invalid${o.parser.error ? ` (${o.parser.error})` : ''}`;
}
