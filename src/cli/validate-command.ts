/**
 * `urispec validate [--spec ID] [--rule NAME] [--json] [--json-input] [URI...]`
 *
 * One record out for every URI in, in input order: from the arguments, or else from standard
 * input, one a line, streamed. Exit status 0 when every URI is valid, 1 when any is invalid
 * or any input line was unreadable.
 */
import { AUTO_SPEC } from '../profiles/auto.js';
import { validate, UsageError, type ValidationResult } from '../index.js';
import { formatInputError, formatResult } from '../format.js';
import { parseCommandArgs, type OptionSpecs } from './args.js';
import { commandHelp } from './help.js';
import { EXIT_INVALID, EXIT_OK, type CliIO } from './io.js';
import { isProblem, parseJsonInputLine } from './json-input.js';
import { jobsOption, parseJobs, runLines, type BatchResult } from './jobs.js';
import { readLineBatches } from './lines.js';
import { stdoutOf } from './output.js';
import { resolveSelection, type Selection } from './selection.js';

export const validateOptions: OptionSpecs = {
  spec: { type: 'string', value: 'ID', description: 'the spec to validate against (default rfc3986; see `urispec specs`); auto: rfc3986 and the profile of the URI\'s scheme', alsoTakes: [AUTO_SPEC] },
  rule: { type: 'string', value: 'NAME', description: "the start rule, as the spec spells it, any case (default: the spec's; see `urispec rules`)" },
  json: { type: 'boolean', description: 'one JSON object a line: {"input","spec","rule","valid","level"?,"warnings"?,"error"?,"verdicts"?} (a profile\'s error has "layer")' },
  'json-input': { type: 'boolean', description: 'each input is a JSON string or {"input","spec"?,"rule"?}' },
  union: { type: 'boolean', description: "read the rule as its printed union (rfc1738 url: any scheme may be otherurl)" },
  'appendix-e': { type: 'boolean', description: "file URIs: also accept the file scheme RFC's Appendix E forms (file:c:/x, file:///c|/x, file:////host/x, userinfo)" },
  'grammar-only': { type: 'boolean', description: "the grammar alone: skip the prose rules a scheme profile checks after it (an http URI's empty host)" },
  jobs: jobsOption,
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

export const validateHelp = commandHelp({
  synopsis: 'urispec validate [--spec ID] [--rule NAME] [--union] [--appendix-e] [--grammar-only] [--json] [--json-input] [--jobs N] [URI...]',
  summary: 'Check each URI against a spec\'s grammar and explain every failure.',
  options: validateOptions,
  details: [
    'URIs come from the arguments or, when there are none, from standard input, one a line.',
    'A CR before the LF is part of the line ending. Bytes that are not UTF-8 are read as',
    'U+DC80..U+DCFF, so the record shows which byte it was. Arguments after -- may start with -.',
    '',
    'With --json-input an unreadable line (not JSON, no string "input", an unknown spec or',
    'rule) gives a record {"input": <the line>, "valid": false, "inputError": "..."} and the',
    'run goes on.',
    '',
    'Standard input is streamed in constant memory, and read no faster than standard output',
    'is taken. --jobs N validates it on N worker threads, in batches of 1,000 lines, and writes',
    'the same bytes in the same order as one job (arguments are always checked in this thread).',
    '',
    'A scheme profile (see `urispec specs`) checks the rules its RFC states in prose after the grammar:',
    'a broken MUST is an error whose "layer" is "profile" (the grammar holds, the scheme\'s rule',
    'fails, with its section); a SHOULD or a deprecation is a warning. --grammar-only skips them.',
    '--spec auto checks each URI by RFC 3986 and, when the rule begins with a scheme (URI,',
    'URI-reference, absolute-URI) and the scheme has a profile (http, https, ...), by that',
    'profile too: valid when both are; "verdicts" (JSON) gives each.',
    '',
    'Exit status: 0 all valid, 1 any invalid or unreadable, 2 usage error.',
  ],
});

/** What one input produced: a validation result, or the reason the input could not be read. */
type LineRecord =
  | { result: ValidationResult }
  | { inputError: { input: string; spec?: string; rule?: string; message: string } };

/** What a batch of lines needs besides the lines: plain data, so a --jobs worker can have it. */
export interface ValidateSettings {
  json: boolean;
  jsonInput: boolean;
  color: boolean;
  /** The options as given (absent when not given), passed on to the library. */
  given: { spec?: string; rule?: string; union?: boolean; appendixE?: boolean; grammarOnly?: boolean };
  /** What they resolved to, for records that never reach the library. */
  resolved: Selection;
}

export async function validateCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('urispec validate', args, validateOptions);
  const out = stdoutOf(io);
  if (values.help) {
    await out.write(validateHelp);
    await out.end();
    return EXIT_OK;
  }
  const given: ValidateSettings['given'] = {};
  if (typeof values.spec === 'string') given.spec = values.spec;
  if (typeof values.rule === 'string') given.rule = values.rule;
  if (values.union === true) given.union = true;
  if (values['appendix-e'] === true) given.appendixE = true;
  if (values['grammar-only'] === true) given.grammarOnly = true;
  const json = values.json === true;
  const settings: ValidateSettings = {
    json,
    jsonInput: values['json-input'] === true,
    color: io.color && !json,
    given,
    // Throws UsageError (exit 2) before any input is read.
    resolved: resolveSelection(given.spec, given.rule, given),
  };

  const jobs = parseJobs(values.jobs);

  let allValid = true;
  if (positionals.length > 0) {
    for (const raw of positionals) {
      const result = validateLines([raw], settings);
      if (!result.allValid) allValid = false;
      await out.write(result.text);
    }
  } else {
    const task = { command: 'validate', settings } as const;
    allValid = await runLines(readLineBatches(io.stdin), out, jobs, task, (lines) => validateLines(lines, settings));
  }
  await out.end();
  return allValid ? EXIT_OK : EXIT_INVALID;
}

/** The records of `lines`, one a line, each ending in LF; the same in this thread and in a worker. */
export function validateLines(lines: readonly string[], settings: ValidateSettings): BatchResult {
  let text = '';
  let allValid = true;
  for (const raw of lines) {
    const record = check(raw, settings);
    if (!('result' in record && record.result.valid)) allValid = false;
    text += render(record, settings) + '\n';
  }
  return { text, allValid };
}

function check(raw: string, settings: ValidateSettings): LineRecord {
  if (!settings.jsonInput) return { result: validate(raw, settings.given) };
  const line = parseJsonInputLine(raw);
  // A line's own spec and rule take the place of the command's, each on its own.
  const spec = line.spec ?? settings.given.spec;
  const rule = line.rule ?? settings.given.rule;
  if (isProblem(line)) return { inputError: { input: raw, ...named(line, settings), message: line.problem } };
  const options: { spec?: string; rule?: string; union?: boolean; appendixE?: boolean; grammarOnly?: boolean } = {};
  if (spec !== undefined) options.spec = spec;
  if (rule !== undefined) options.rule = rule;
  if (settings.given.union) options.union = true;
  if (settings.given.appendixE) options.appendixE = true;
  if (settings.given.grammarOnly) options.grammarOnly = true;
  try {
    return { result: validate(line.input, options) };
  } catch (error) {
    // An unknown spec or rule on one line spoils that line only; anything else is a bug.
    if (!(error instanceof UsageError)) throw error;
    return { inputError: { input: raw, ...named(line, settings), message: error.message } };
  }
}

/**
 * The spec and rule an unreadable line would have been checked with, as far as that is known:
 * the line's own, else the command's. The command's default rule belongs to the command's
 * spec, so it is not claimed for a line that names another spec.
 */
function named(line: { spec?: string; rule?: string }, settings: ValidateSettings): { spec: string; rule?: string } {
  const spec = line.spec ?? settings.resolved.spec;
  const rule = line.rule ?? (settings.given.rule !== undefined || line.spec === undefined ? settings.resolved.rule : undefined);
  return rule === undefined ? { spec } : { spec, rule };
}

function render(record: LineRecord, settings: ValidateSettings): string {
  if ('result' in record) {
    const { result } = record;
    if (!settings.json) return formatResult(result, { color: settings.color });
    // A valid record with nothing beyond the contract's four fields, most lines of a batch, is
    // written as JSON.stringify would write it, without building an object for it (issue 17).
    // Anything more (a template's level, warnings, spec auto's verdicts, fields added later)
    // takes the general path, so the line is always the library's whole record.
    if (result.valid && fieldCount(result) === 4) {
      return `{"input":${JSON.stringify(result.input)},"spec":${JSON.stringify(result.spec)},"rule":${JSON.stringify(result.rule)},"valid":true}`;
    }
    return JSON.stringify(inContractOrder(result));
  }
  const { input, spec, rule, message } = record.inputError;
  if (!settings.json) return formatInputError(input, message, { color: settings.color });
  return JSON.stringify({ input, spec, rule, valid: false, inputError: message });
}

/** The record's own enumerable fields, counted without allocating (this runs once a line). */
function fieldCount(result: ValidationResult): number {
  let count = 0;
  for (const _ in result) count++;
  return count;
}

/**
 * The library's record, field for field, in the order the contract and `--json`'s help give:
 * input, spec, rule, valid, then level and warnings when present, then every other field
 * (error, verdicts, ...) as the library gives it. Nothing is named to be kept, so nothing the
 * library adds is dropped.
 */
function inContractOrder(result: ValidationResult): Record<string, unknown> {
  const record: Record<string, unknown> = { input: result.input, spec: result.spec, rule: result.rule, valid: result.valid };
  if ('level' in result) record.level = result.level;
  if ('warnings' in result) record.warnings = result.warnings;
  // Keys already set keep their place (and get the same values); the rest follow in order.
  return Object.assign(record, result);
}
