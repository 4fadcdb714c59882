/**
 * `urispec parse [--spec ID] [--rule NAME] [--json] [URI...]`
 *
 * The components each era names (scheme, authority, host with its kind, ...), read from the
 * same parse that validates the input; an invalid input gets the diagnosis of `validate`.
 * URIs from the arguments or, when there are none, from standard input, one a line, streamed.
 * Exit status 0 when every URI is valid, 1 when any is invalid, 2 for a usage error.
 */
import { componentNames, parse, type ParseResult } from '../index.js';
import { escapeInput, formatResult, renderInput } from '../format.js';
import { parseCommandArgs, type OptionSpecs } from './args.js';
import { commandHelp } from './help.js';
import { EXIT_INVALID, EXIT_OK, type CliIO } from './io.js';
import { readLineBatches } from './lines.js';
import { Output } from './output.js';
import { table } from './table.js';

export const parseOptions: OptionSpecs = {
  spec: { type: 'string', value: 'ID', description: 'the spec whose components to give (default rfc3986; see `urispec specs`)' },
  rule: { type: 'string', value: 'NAME', description: "the start rule, as the spec spells it, any case (default: the spec's)" },
  json: {
    type: 'boolean',
    description: 'one JSON object a line: {"input","spec","rule","valid","components"|"error"}',
  },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

export const parseHelp = commandHelp({
  synopsis: 'urispec parse [--spec ID] [--rule NAME] [--json] [URI...]',
  summary: 'Break each URI into the components its era names, from the parse that validates it.',
  options: parseOptions,
  details: [
    'Components per era: rfc3986 scheme, authority, userinfo, host (IP-literal, IPv4address or',
    'reg-name), port, path (path-abempty, path-absolute, ...), query, fragment; rfc1808 scheme,',
    'net_loc, path, params, query, fragment; rfc2396-draft scheme, server, user, password, host,',
    'port, path, query, fragment; rfc1738 the parts of each scheme (user, password, host, port,',
    'fpath, ftptype, hpath, search, gtype, selector, group, article, database, ...).',
    'An absent component is not shown; an empty one is shown as (empty).',
    '',
    'URIs come from the arguments or, when there are none, from standard input, one a line.',
    '',
    'Exit status: 0 all valid, 1 any invalid, 2 usage error.',
  ],
});

export async function parseCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('urispec parse', args, parseOptions);
  const out = new Output(io.stdout, (message) => io.stderr.write(`urispec: ${message}\n`));
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
  const color = io.color && !json;

  let allValid = true;
  const emit = async (input: string) => {
    const r = parse(input, options);
    if (!r.valid) allValid = false;
    await out.write((json ? JSON.stringify(r) : render(r, color)) + '\n');
  };
  if (positionals.length > 0) {
    for (const input of positionals) await emit(input);
  } else {
    for await (const lines of readLineBatches(io.stdin)) {
      for (const line of lines) await emit(line);
      await out.flush();
      if (out.closed) break;
    }
  }
  await out.end();
  return allValid ? EXIT_OK : EXIT_INVALID;
}

/** The verdict line, then one row a component present, in the era's order. */
function render(r: ParseResult, color: boolean): string {
  if (!r.valid) return formatResult(r, { color });
  const head = formatResult({ valid: true, input: r.input, spec: r.spec, rule: r.rule }, { color });
  const rows = componentNames(r.spec)
    .filter((name) => name in r.components)
    .map((name) => {
      const c = r.components[name]!;
      return ['', name, c.value === '' ? '(empty)' : renderInput(c.value), c.kind ?? ''];
    });
  if (rows.length === 0) return `${head}\n  ${escapeInput('(no components)')}`;
  return `${head}\n${table(['', 'component', 'value', 'kind'], rows, color)}`;
}
