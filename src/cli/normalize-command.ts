/**
 * `urispec normalize [--json] [--no-case] [--no-percent-encoding] [--no-path-segments]
 * [--no-scheme-based] [URI...]`
 *
 * RFC 3986 §6.2.2 syntax-based and §6.2.3 scheme-based normalization: one normalized URI a
 * line. URIs from the arguments or, when there are none, from standard input, one a line,
 * streamed. Exit status 0 when every URI is valid, 1 when any is invalid, 2 for a usage error.
 */
import { equivalence, normalize, type NormalizeOptions, type NormalizeResult } from '../index.js';
import { formatResult } from '../format.js';
import { parseCommandArgs, type OptionSpecs } from './args.js';
import { commandHelp } from './help.js';
import { EXIT_INVALID, EXIT_OK, type CliIO } from './io.js';
import { forEachInput } from './lines.js';
import { badOption } from '../errors.js';
import { stdoutOf } from './output.js';
import { DEFAULT_ERA, erasWith, rowOf } from '../eras/table.js';

/** `rfc3986 (default: RFC 3986 §6) or rfc3987 (IRIs: RFC 3987 §5.3)`, from the era table. */
const NORMALIZING = erasWith('normalization').map((id) => {
  const n = rowOf(id)!.normalization!;
  return `${id} (${id === DEFAULT_ERA ? 'default' : n.iri ? 'IRIs' : 'also'}: ${n.section})`;
});

export const normalizeOptions: OptionSpecs = {
  spec: { type: 'string', value: 'ID', description: NORMALIZING.join(' or ') },
  json: { type: 'boolean', description: 'one JSON object a line: {"input","normalized"} or {"input","error"} (--equivalent: {"a","b","spec","equivalent","because"})' },
  equivalent: { type: 'boolean', description: 'compare two URIs: "equal because" or "not equal because", with the section (rfc9110: RFC 9110 §4.2.3)' },
  'no-case': { type: 'boolean', description: 'keep the case of scheme, host and percent-encodings (§6.2.2.1)' },
  'no-percent-encoding': { type: 'boolean', description: 'keep percent-encoded unreserved characters (§6.2.2.2)' },
  'no-path-segments': { type: 'boolean', description: 'keep dot-segments (§6.2.2.3)' },
  'no-scheme-based': { type: 'boolean', description: 'no http/https default port and empty path rules (§6.2.3)' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

export const normalizeHelp = commandHelp({
  synopsis: `urispec normalize [--spec ${erasWith('normalization').join('|')}] [--json] [--no-case] [--no-percent-encoding] [--no-path-segments] [--no-scheme-based] [URI...]`,
  summary: 'Normalize each RFC 3986 URI reference (§6.2.2 syntax-based, §6.2.3 scheme-based for http and https), or by a scheme profile\'s rule (--spec).',
  options: normalizeOptions,
  details: [
    'Every step is on by default. An invalid URI gets the diagnosis of `urispec validate`.',
    '--equivalent A B says whether A and B are equivalent after normalization, and why: each',
    'difference it set aside, or each one that remains (exit status 0 equal, 1 not).',
    'URIs come from the arguments or, when there are none, from standard input, one a line.',
    '',
    'Exit status: 0 all valid, 1 any invalid, 2 usage error.',
  ],
});

export async function normalizeCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('urispec normalize', args, normalizeOptions);
  const out = stdoutOf(io);
  if (values.help) {
    await out.write(normalizeHelp);
    await out.end();
    return EXIT_OK;
  }
  const spec = typeof values.spec === 'string' ? values.spec.toLowerCase() : DEFAULT_ERA;
  const options: NormalizeOptions = {
    spec: spec as NormalizeOptions['spec'],
    case: values['no-case'] !== true,
    percentEncoding: values['no-percent-encoding'] !== true,
    pathSegments: values['no-path-segments'] !== true,
    schemeBased: values['no-scheme-based'] !== true,
  };
  const json = values.json === true;
  const color = io.color && !json;

  normalize('', options); // an unsupported spec is a usage error (exit 2) before any input is read
  if (values.equivalent === true) {
    if (positionals.length !== 2) throw badOption('--equivalent takes two URIs');
    const e = equivalence(positionals[0]!, positionals[1]!, { spec: options.spec });
    await out.write(json ? `${JSON.stringify(e)}\n` : `${e.equivalent ? 'equal' : 'not equal'} because\n${e.because.map((b) => `  ${b}\n`).join('')}`);
    await out.end();
    return e.equivalent ? EXIT_OK : EXIT_INVALID;
  }
  let allValid = true;
  const emit = async (input: string) => {
    const r = normalize(input, options);
    if (r.error) allValid = false;
    await out.write(render(r, json, color, spec) + '\n');
  };
  await forEachInput(positionals, io.stdin, out, emit);
  await out.end();
  return allValid ? EXIT_OK : EXIT_INVALID;
}

function render(r: NormalizeResult, json: boolean, color: boolean, spec: string): string {
  if (json) return JSON.stringify(r.error ? { input: r.input, error: r.error } : { input: r.input, normalized: r.normalized });
  // The rule the error is of: normalize validates a URI with a fragment by the era's
  // URI-reference (which holds the part before the "#" to the scheme's rule), so the start rule
  // is the record's, the first of its rulePath, and not always the era's normalization rule.
  if (r.error) return formatResult({ valid: false, input: r.input, spec, rule: r.error.rulePath[0] ?? rowOf(spec)?.normalization?.rule ?? '', error: r.error }, { color });
  return r.normalized!;
}
