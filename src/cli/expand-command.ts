/**
 * `urispec expand TEMPLATE --vars FILE.json [--spec ID] [--json]`
 *
 * Expands an RFC 6570 URI Template (§3, level 4) with the variables of a JSON object, and checks
 * the expansion as a URI reference of the chosen spec (RFC 3986 `URI-reference` by default; RFC
 * 3987 `IRI-reference` with --spec rfc3987 once that era exists). Exit status 0 when the
 * expansion is a valid reference, 1 when it is not (it is printed all the same, with a warning),
 * 2 for a usage error or a template expand refuses (with its diagnosis).
 */
import { readFileSync } from 'node:fs';
import { expand, specs, UsageError, validate, type ValidationResult, type Variables } from '../index.js';
import { escapeUnsafe, formatResult, palette, renderCaret, sectionLabel } from '../format.js';
import { badOption } from '../errors.js';
import { didYouMean } from '../suggest.js';
import { parseCommandArgs, CommandLineError, type OptionSpecs } from './args.js';
import { commandHelp } from './help.js';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, type CliIO } from './io.js';
import { stdoutOf } from './output.js';
import { eraWith, rowOf } from '../eras/table.js';

/** The template era, and the eras whose default rule an expansion can be checked as (its row). */
const TEMPLATES = eraWith('template');
const REFERENCE_SPECS: readonly string[] = rowOf(TEMPLATES)!.template!.checkedAs;

export const expandOptions: OptionSpecs = {
  vars: { type: 'string', value: 'FILE', description: 'a JSON object of the variables (--vars=- reads standard input)' },
  spec: { type: 'string', value: 'ID', description: `check the expansion as a reference of this spec: ${REFERENCE_SPECS.map((id, i) => (i === 0 ? `${id} (default)` : id)).join(' or ')}` },
  json: { type: 'boolean', description: 'one JSON object: {"template","expansion","spec","rule","valid","error"?}' },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

export const expandHelp = commandHelp({
  synopsis: 'urispec expand TEMPLATE --vars FILE.json [--spec ID] [--json]',
  summary: 'Expand an RFC 6570 URI Template (level 4) and check the result as a URI reference.',
  options: expandOptions,
  details: [
    'Values: strings, numbers, booleans, lists (arrays) and associative arrays (objects, in',
    'their order, except that JavaScript puts keys that are array indexes, such as "2", first);',
    'null, [] and {} are undefined (RFC 6570 §2.3).',
    'A template that is invalid, uses a reserved operator (= , ! @ |) or a prefix on a list or',
    'an associative array is refused with its diagnosis (exit status 2).',
    '',
    'Exit status: 0 the expansion is a valid reference, 1 it is not (printed with a warning),',
    '2 usage error or refused template.',
  ],
});

function readVariables(file: string, io: CliIO): Promise<Variables> | Variables {
  const parse = (text: string): Variables => {
    let v: unknown;
    try {
      v = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (e) {
      throw badOption(`--vars ${file}: not JSON (${(e as Error).message})`);
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw badOption(`--vars ${file}: not a JSON object of variables`);
    return v as Variables;
  };
  if (file === '-') {
    return (async () => {
      let text = '';
      for await (const chunk of io.stdin) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
      return parse(text);
    })();
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw badOption(`--vars ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return parse(text);
}

export async function expandCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('urispec expand', args, expandOptions, null);
  const out = stdoutOf(io);
  if (values.help) {
    await out.write(expandHelp);
    await out.end();
    return EXIT_OK;
  }
  if (positionals.length !== 1) throw new CommandLineError(`expand takes one TEMPLATE, got ${positionals.length}`);
  if (typeof values.vars !== 'string') throw new CommandLineError('expand needs --vars FILE.json (a JSON object of the variables)');
  const specId = typeof values.spec === 'string' ? values.spec.toLowerCase() : REFERENCE_SPECS[0]!;
  const known = REFERENCE_SPECS.filter((id) => specs().some((s) => s.id === id));
  if (!known.includes(specId)) throw badOption(`--spec ${values.spec}: an expansion is checked as a reference of ${known.join(' or ')}${didYouMean(specId, known)}`, known);
  const template = positionals[0]!;
  const variables = await readVariables(values.vars, io);
  const json = values.json === true;

  let expansion: string;
  try {
    expansion = expand(template, variables);
  } catch (e) {
    if (!(e instanceof UsageError) || e.kind !== 'template' || !e.diagnosis) throw e;
    // A refused template: its diagnosis, as validate shows one, and the usage status.
    const refused: ValidationResult = { valid: false, input: template, spec: TEMPLATES, rule: rowOf(TEMPLATES)!.template!.rule, error: e.diagnosis };
    if (json) await out.write(`${JSON.stringify({ template, error: e.diagnosis })}\n`);
    else if (validate(template, { spec: TEMPLATES }).valid) io.stderr.write(`${unexpandable(refused, e.message, io.color)}\n`);
    else io.stderr.write(`${formatResult(refused, { color: io.color })}\n`);
    await out.end();
    return EXIT_USAGE;
  }
  const checked = validate(expansion, { spec: specId });
  if (json) {
    const record = { template, expansion, spec: checked.spec, rule: checked.rule, valid: checked.valid, ...(checked.valid ? {} : { error: checked.error }) };
    await out.write(`${JSON.stringify(record)}\n`);
  } else {
    await out.write(`${expansion}\n`);
    if (!checked.valid) io.stderr.write(`urispec: warning: the expansion is not a valid ${checked.spec} ${checked.rule}\n${formatResult(checked, { color: io.color })}\n`);
  }
  await out.end();
  return checked.valid ? EXIT_OK : EXIT_INVALID;
}

/**
 * A template the grammar accepts that these variables cannot expand (a prefix on a list or an
 * associative array, §2.4.1; a reserved operator, §3.2.1): calling it invalid would contradict
 * `validate`, and the reason is the UsageError's, not the grammar's.
 */
function unexpandable(refused: ValidationResult & { valid: false }, reason: string, color: boolean): string {
  const c = palette(color);
  const { error } = refused;
  const [line, caret] = renderCaret(refused.input, error.offset).split('\n') as [string, string];
  const field = (name: string, value: string) => `  ${name.padEnd(10)}${value}`;
  return [
    `${c.red('✗')} ${line}  ${c.dim(`valid ${refused.spec} ${refused.rule}, but it cannot be expanded: at offset ${error.offset}`)}`,
    `  ${c.red(caret)}`,
    field('rule', `${c.bold(error.rule)}  ${c.dim(`(${error.rulePath.join(' > ')})`)}`),
    field('section', sectionLabel(refused.spec, error.section)),
    field('why', escapeUnsafe(reason)),
  ].join('\n');
}
