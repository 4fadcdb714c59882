/**
 * `urispec compare [--specs a,b,...] [--whatwg] [--json] [URI...]`
 * `urispec compare --equivalent [--specs a,b,...] [--json] A B`
 *
 * The same input under every era (or the ones named), each with its default start rule: how
 * the verdict on one string changed from 1994 to 2005. URIs from the arguments or, when there
 * are none, from standard input, one a line, streamed. Exit status 0 when every input is valid
 * in every era compared, 1 otherwise, 2 for a usage error. With --equivalent: whether A and B are
 * equivalent under each era's normalization (a scheme profile's by its own rule, RFC 9110
 * §4.2.3), "equal because" / "not equal because"; exit status 0 when equal under every one.
 */
import { compare, compareEquivalence, specs, type Comparison, type EquivalenceComparison } from '../index.js';
import { statusLines } from '../compare.js';
import { eraOf } from '../registry.js';
import { sectionInEra } from '../spec-label.js';
import { foundShown } from '../hints/context.js';
import { escapeUnsafe, renderInput } from '../format.js';
import { CommandLineError, parseCommandArgs, type OptionSpecs } from './args.js';
import { commandHelp } from './help.js';
import { EXIT_INVALID, EXIT_OK, type CliIO } from './io.js';
import { forEachInput } from './lines.js';
import { stdoutOf } from './output.js';
import { table } from './table.js';
import { whatwgColumn, type WhatwgColumn } from '../whatwg.js';

export const compareOptions: OptionSpecs = {
  specs: { type: 'string', value: 'a,b,...', description: 'the eras to compare, in this order (default: all, newest first)' },
  whatwg: { type: 'boolean', description: 'also what the WHATWG URL Standard makes of it (Node\'s URL), with its validation errors and how it differs from RFC 3986' },
  equivalent: { type: 'boolean', description: 'two URIs: equivalent or not under each era that normalizes, and why (a scheme profile by its own rule)' },
  json: { type: 'boolean', description: 'one JSON object a line: {"input","results":[{"spec","rule","valid","error"?}],"whatwg"?} (--equivalent: {"a","b","results":[{"spec","equivalent","because"}]})' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

export const compareHelp = commandHelp({
  synopsis: 'urispec compare [--specs a,b,...] [--whatwg] [--json] [URI...] | --equivalent A B',
  summary: 'Validate each URI under every era, each with its default start rule, side by side.',
  options: compareOptions,
  details: [
    'URIs come from the arguments or, when there are none, from standard input, one a line.',
    '',
    '--whatwg adds a row for the URL Standard; it does not change the exit status.',
    '',
    '--equivalent A B compares two URIs under each era that defines normalization (default: all',
    'of them), each by its own rule: "equal because" with the differences it set aside, or',
    '"not equal because" with those that remain, each citing its section; exit status 0 when',
    'equal under every era compared.',
    '',
    'Exit status: 0 every input valid in every era compared, 1 otherwise, 2 usage error.',
  ],
});

export async function compareCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('urispec compare', args, compareOptions);
  const out = stdoutOf(io);
  if (values.help) {
    await out.write(compareHelp);
    await out.end();
    return EXIT_OK;
  }
  let ids: string[] | undefined;
  if (typeof values.specs === 'string') {
    ids = values.specs.split(',').map((s) => s.trim());
    if (ids.some((s) => s === '')) throw new CommandLineError(`--specs wants ids separated by commas, got '${values.specs}'`);
  }
  const options = ids ? { specs: ids } : {};
  if (values.equivalent === true) {
    if (positionals.length !== 2) throw new CommandLineError('--equivalent takes two URIs');
    const e = compareEquivalence(positionals[0]!, positionals[1]!, options);
    await out.write(values.json ? `${JSON.stringify(e)}\n` : renderEquivalence(e));
    await out.end();
    return e.results.every((r) => r.equivalent) ? EXIT_OK : EXIT_INVALID;
  }
  compare('', options); // an unknown id is a usage error (exit 2) before any input is read
  const color = io.color && values.json !== true;

  let allValid = true;
  const emit = async (input: string) => {
    const c = compare(input, options);
    if (c.results.some((r) => !r.valid)) allValid = false;
    const w = values.whatwg ? whatwgColumn(input) : undefined;
    const record = w && (({ row, summary, input: _, ...data }) => data)(w);
    await out.write((values.json ? JSON.stringify(record ? { ...c, whatwg: record } : c) : render(c, color, w)) + '\n');
  };
  await forEachInput(positionals, io.stdin, out, emit);
  await out.end();
  return allValid ? EXIT_OK : EXIT_INVALID;
}

/** A table, one row an era: verdict, era, date, start rule, and where and in which rule it fails. */
function render(c: Comparison, color: boolean, w?: WhatwgColumn): string {
  const dates = new Map(specs().map((s) => [s.id, s.date]));
  const rows = c.results.map((r) => [
    r.valid ? '✓' : '✗',
    r.spec,
    dates.get(r.spec) ?? '',
    r.rule,
    r.error ? `offset ${r.error.offset} in ${r.error.rule} (${sectionInEra(eraOf(r.spec), r.error.section)}), found ${r.error.found === null ? 'end of input' : foundShown(r.error.found)}` : '',
  ]);
  if (w) rows.push(w.row);
  return renderInput(c.input) + '\n' + table(['', 'spec', 'date', 'start rule', 'failure'], rows, color) + hints(c) + note(c) + (w ? `\n${w.summary}` : '');
}

/** The status of each era compared that has one (RFC 6874's: obsoleted by RFC 9844), compare.ts. */
function note(c: Comparison): string {
  return statusLines(c).map((line) => `\n${line}`).join('');
}

/** The eras' hints under the table, one line a hint, with the eras that give it. */
function hints(c: Comparison): string {
  const by = new Map<string, string[]>();
  for (const r of c.results) if (r.error?.hint) by.set(r.error.hint, [...(by.get(r.error.hint) ?? []), r.spec]);
  return [...by].map(([hint, eras]) => `\nhint (${eras.join(', ')}): ${escapeUnsafe(hint)}`).join('');
}

/** One block an era: "equal because" or "not equal because", then each reason, indented. */
function renderEquivalence(e: EquivalenceComparison): string {
  const head = `${renderInput(e.a)}\n${renderInput(e.b)}\n`;
  return head + e.results.map((r) => `${r.spec}: ${r.equivalent ? 'equal' : 'not equal'} because\n${r.because.map((b) => `  ${escapeUnsafe(b)}\n`).join('')}`).join('');
}
