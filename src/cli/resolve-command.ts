/**
 * `urispec resolve [--spec ID] [--json] [--non-strict] BASE [REF...]`
 * `urispec resolve --compare [--specs a,b,...] [--json] BASE [REF...]`
 *
 * Resolves each reference against the base by the era's own algorithm (RFC 3986 §5.2, the
 * 1996 draft's §6, RFC 1808 §4); with --compare by every era's, side by side. References from
 * the arguments after the base or, when there are none, from standard input, one a line,
 * streamed. Exit status 0 when every reference has a target, 1 when any has none (an invalid
 * base or reference), 2 for a usage error.
 */
import { resolutionOf, resolve, resolveAcross, resolvingEras, specs, type EraResolution, type ResolveResult } from '../index.js';
import { formatResult, renderInput } from '../format.js';
import { eraOf } from '../registry.js';
import { sectionInEra } from '../spec-label.js';
import { CommandLineError, parseCommandArgs, type OptionSpecs } from './args.js';
import { commandHelp, eraLines } from './help.js';
import { EXIT_INVALID, EXIT_OK, type CliIO } from './io.js';
import { forEachInput } from './lines.js';
import { stdoutOf } from './output.js';
import { table } from './table.js';
import { DEFAULT_ERA } from '../eras/table.js';

export const resolveOptions: OptionSpecs = {
  spec: { type: 'string', value: 'ID', description: `the era whose algorithm to use: ${resolvingEras().map((id) => (id === DEFAULT_ERA ? `${id} (default)` : id)).join(', ')}` },
  'non-strict': { type: 'boolean', description: 'RFC 3986 §5.2.2 backward-compatible reading: http:g against an http base is relative' },
  compare: { type: 'boolean', description: "every era's target side by side (instead of --spec)" },
  specs: { type: 'string', value: 'a,b,...', description: 'with --compare: the eras to show, in this order (default: all, newest first)' },
  json: {
    type: 'boolean',
    description: 'one JSON object a reference: {"base","ref","spec","baseUsed"?,"target","warning"?} or "error" (--compare: {"base","ref","results"})',
  },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

export const resolveHelp = commandHelp({
  synopsis: 'urispec resolve [--spec ID | --compare [--specs a,b,...]] [--non-strict] [--json] BASE [REF...]',
  summary: 'Resolve each reference against the base, by the algorithm of the chosen era.',
  options: resolveOptions,
  details: [
    // Generated from the registry: every era that defines resolution, with its section.
    'Algorithms:',
    ...eraLines(resolvingEras().map((id) => [id, (resolutionOf(id) as { section: string }).section])),
    'rfc3986 is strict unless --non-strict; where the 1996 draft\'s Appendix C disagrees with',
    'its §6, §6 governs. Eras without resolution (rfc1738, ...) say so.',
    'The base must be absolute in the era; its fragment is not used (RFC 1808 excepted: an',
    'empty reference gets it), and --json shows the base used as "baseUsed". An invalid base',
    'or reference gets the diagnosis of `urispec validate`; a valid one of a form the',
    'algorithm cannot use (an opaque base) gets its shape and the section that needs another.',
    'A target that reads back with other components than the algorithm built (RFC 3986 §3.3:',
    '`f:/a` with `.//g` gives `f://g`) is printed with a warning on standard error.',
    '',
    'References come from the arguments after BASE or, when there are none, from standard',
    'input, one a line.',
    '',
    'Exit status: 0 every reference resolved, 1 any not, 2 usage error.',
  ],
});

export async function resolveCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('urispec resolve', args, resolveOptions, 1);
  const out = stdoutOf(io);
  if (values.help) {
    await out.write(resolveHelp);
    await out.end();
    return EXIT_OK;
  }
  const [base, ...refs] = positionals;
  if (base === undefined) throw new CommandLineError('resolve needs a BASE (urispec resolve [--spec ID] BASE [REF...])');
  const compare = values.compare === true;
  const strict = values['non-strict'] !== true;
  const spec = typeof values.spec === 'string' ? values.spec : undefined;
  if (compare && spec !== undefined) throw new CommandLineError('--compare shows every era: give it or --spec, not both');
  let ids: string[] | undefined;
  if (typeof values.specs === 'string') {
    if (!compare) throw new CommandLineError('--specs goes with --compare (for one era: --spec ID)');
    ids = values.specs.split(',').map((s) => s.trim());
    if (ids.some((s) => s === '')) throw new CommandLineError(`--specs wants ids separated by commas, got '${values.specs}'`);
  }
  if (ids) resolveAcross('http:', '', { specs: ids }); // an unknown id: exit 2 before any input is read
  if (!compare) {
    // Usage errors (exit 2) before any input is read: an unknown spec, one without resolution,
    // --non-strict outside RFC 3986.
    const r = resolutionOf(spec);
    if (!r.defined) throw new CommandLineError(r.reason);
    resolve('http:', '', { ...(spec ? { spec } : {}), strict });
  }
  const json = values.json === true;
  const color = io.color && !json;

  let allResolved = true;
  const emit = async (ref: string) => {
    let line: string;
    if (compare) {
      const results = resolveAcross(base, ref, { strict, ...(ids ? { specs: ids } : {}) });
      if (results.some((r) => 'error' in r)) allResolved = false;
      line = json ? JSON.stringify({ base, ref, results }) : renderAcross(base, ref, results, color);
    } else {
      const r = resolve(base, ref, { ...(spec ? { spec } : {}), strict });
      if (r.error) allResolved = false;
      line = json ? JSON.stringify(r) : renderOne(r, color);
      // The target is the algorithm's; the warning says it reads back otherwise (one target a
      // line on standard output, so the warning goes beside it, to standard error).
      if (!json && r.warning) io.stderr.write(`urispec: warning: ${renderInput(ref)} gives ${renderInput(r.target!)}: ${r.warning.section}: ${r.warning.message}\n`);
    }
    await out.write(line + '\n');
  };
  await forEachInput(refs, io.stdin, out, emit);
  await out.end();
  return allResolved ? EXIT_OK : EXIT_INVALID;
}

/**
 * The target alone (its warning goes to standard error); or, for a base or
 * reference that cannot be used, the diagnosis of that input, or its shape and the section that
 * needs another.
 */
function renderOne(r: ResolveResult, color: boolean): string {
  if (r.target !== undefined) return r.target;
  const e = r.error!;
  const input = e.which === 'base' ? r.base : r.ref;
  const head = `${e.which === 'base' ? 'base' : 'reference'} ${renderInput(input)} is not usable in ${r.spec}`;
  if (e.shape) return `${head}: ${e.message}`;
  return `${head}:\n` + formatResult({ valid: false, input, spec: r.spec, rule: e.rulePath[0] ?? e.rule, error: e }, { color });
}

/** One row an era: its target, its failure, or why it has none. */
function renderAcross(base: string, ref: string, results: EraResolution[], color: boolean): string {
  const dates = new Map(specs().map((s) => [s.id, s.date]));
  const rows = results.map((r) => [
    r.spec,
    dates.get(r.spec) ?? '',
    'target' in r
      ? renderInput(r.target) + (r.warning ? `  (warning: ${r.warning.section})` : '')
      : 'error' in r
        ? r.error.shape
          ? `no target: the ${r.error.which === 'base' ? 'base' : 'reference'} is ${r.error.shape.join(' > ')}; ${r.error.section ? sectionInEra(eraOf(r.spec), r.error.section) : ''} needs ${r.error.rule}`
          : `no target: the ${r.error.which === 'base' ? 'base' : 'reference'} fails at offset ${r.error.offset} in ${r.error.rule}`
        : `not defined: ${r.notDefined}`,
  ]);
  return `${renderInput(ref)}  against ${renderInput(base)}\n` + table(['spec', 'date', 'target'], rows, color);
}
