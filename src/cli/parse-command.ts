/**
 * `urispec parse [--spec ID] [--rule NAME] [--json] [URI...]`
 *
 * The components each era names (scheme, authority, host with its kind, ...), read from the
 * same parse that validates the input; an invalid input gets the diagnosis of `validate`.
 * URIs from the arguments or, when there are none, from standard input, one a line, streamed.
 * Exit status 0 when every URI is valid, 1 when any is invalid, 2 for a usage error.
 */
import { componentNames, parse, specs, type Component, type ParseResult } from '../index.js';
import { escapeInput, formatResult, renderInput } from '../format.js';
import { parseCommandArgs, type OptionSpecs } from './args.js';
import { commandHelp, eraLines } from './help.js';
import { EXIT_INVALID, EXIT_OK, type CliIO } from './io.js';
import { jobsOption, parseJobs, runLines, type BatchResult } from './jobs.js';
import { readLineBatches } from './lines.js';
import { stdoutOf } from './output.js';
import { table } from './table.js';

export const parseOptions: OptionSpecs = {
  spec: { type: 'string', value: 'ID', description: 'the spec whose components to give (default rfc3986; see `urispec specs`)' },
  rule: { type: 'string', value: 'NAME', description: "the start rule, as the spec spells it, any case (default: the spec's)" },
  json: {
    type: 'boolean',
    description: 'one JSON object a line: {"input","spec","rule","valid","components"|"error"}',
  },
  jobs: jobsOption,
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

export const parseHelp = commandHelp({
  synopsis: 'urispec parse [--spec ID] [--rule NAME] [--json] [--jobs N] [URI...]',
  summary: 'Break each URI into the components its era names, from the parse that validates it.',
  options: parseOptions,
  details: [
    // Generated from the registry and the component tables, so that no era is left out.
    'Components per era (a host and a path also name their form: IP-literal, path-abempty, ...):',
    ...eraLines(specs().map((s) => [s.id, componentNames(s.id).join(', ') || 'none named yet'])),
    'An absent component is not shown; an empty one is shown as (empty).',
    '',
    'URIs come from the arguments or, when there are none, from standard input, one a line,',
    'streamed in constant memory; --jobs N parses it on N worker threads, output in input order.',
    '',
    'Exit status: 0 all valid, 1 any invalid, 2 usage error.',
  ],
});

export async function parseCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('urispec parse', args, parseOptions);
  const out = stdoutOf(io);
  if (values.help) {
    await out.write(parseHelp);
    await out.end();
    return EXIT_OK;
  }
  const options: { spec?: string; rule?: string } = {};
  if (typeof values.spec === 'string') options.spec = values.spec;
  if (typeof values.rule === 'string') options.rule = values.rule;
  parse('', options); // an unknown spec or rule is a usage error (exit 2) before any input is read
  const json = values.json === true;
  const settings: ParseSettings = { options, json, color: io.color && !json };
  const jobs = parseJobs(values.jobs);

  let allValid = true;
  if (positionals.length > 0) {
    for (const input of positionals) {
      const result = parseLines([input], settings);
      if (!result.allValid) allValid = false;
      await out.write(result.text);
    }
  } else {
    const task = { command: 'parse', settings } as const;
    allValid = await runLines(readLineBatches(io.stdin), out, jobs, task, (lines) => parseLines(lines, settings));
  }
  await out.end();
  return allValid ? EXIT_OK : EXIT_INVALID;
}

/** What a batch of lines needs besides the lines: plain data, so a --jobs worker can have it. */
export interface ParseSettings {
  options: { spec?: string; rule?: string };
  json: boolean;
  color: boolean;
}

/** The records of `lines`, each ending in LF; the same in this thread and in a worker. */
export function parseLines(lines: readonly string[], settings: ParseSettings): BatchResult {
  let text = '';
  let allValid = true;
  for (const input of lines) {
    const r = parse(input, settings.options);
    if (!r.valid) allValid = false;
    text += (settings.json ? JSON.stringify(r) : render(r, settings.color)) + '\n';
  }
  return { text, allValid };
}

/**
 * A component's row, then its members' (`to[1]`) and their parts' (`to[1].domain`), as a scheme
 * profile gives them; the last column says its kind and what the profile reads it as.
 */
function rowsOf(name: string, c: Component): string[][] {
  const notes = [c.kind, c.decoded === undefined || c.decoded === c.value ? undefined : `decoded ${c.decoded === null ? '(not UTF-8)' : JSON.stringify(c.decoded)}`, c.octets === undefined ? undefined : `${c.octets ?? 'no'} octets`];
  const row = ['', name, c.value === '' ? '(empty)' : renderInput(c.value), notes.filter((n) => n !== undefined).join('; ')];
  const items = (c.items ?? []).flatMap((item, i) => rowsOf(`${name}[${i}]`, item));
  const parts = Object.entries(c.parts ?? {}).flatMap(([part, p]) => rowsOf(`${name}.${part}`, p));
  return [row, ...items, ...parts];
}

/** The verdict line, then one row a component present, in the era's order. */
function render(r: ParseResult, color: boolean): string {
  if (!r.valid) return formatResult(r, { color });
  const head = formatResult({ valid: true, input: r.input, spec: r.spec, rule: r.rule }, { color });
  const rows = componentNames(r.spec, r.rule)
    .filter((name) => name in r.components)
    .flatMap((name) => rowsOf(name, r.components[name]!));
  if (rows.length === 0) return `${head}\n  ${escapeInput('(no components)')}`;
  return `${head}\n${table(['', 'component', 'value', 'kind'], rows, color)}`;
}
