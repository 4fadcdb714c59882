/**
 * Help texts and the version. Option lines are generated from each command's option table,
 * so help cannot drift from what the parser accepts.
 */
import { createRequire } from 'node:module';
import { describeOptions, type OptionSpecs } from './args.js';

export interface CommandHelp {
  synopsis: string;
  summary: string;
  options: OptionSpecs;
  details?: string[];
}

export function commandHelp({ synopsis, summary, options, details = [] }: CommandHelp): string {
  const rows = Object.entries(options).map(([name, o]) => [describeOptions({ [name]: o }), o.description] as const);
  const width = Math.max(...rows.map(([flag]) => flag.length));
  const lines = [
    `Usage: ${synopsis}`,
    '',
    summary,
    '',
    'Options:',
    ...rows.map(([flag, description]) => `  ${flag.padEnd(width)}  ${description}`),
  ];
  if (details.length > 0) lines.push('', ...details);
  return lines.join('\n') + '\n';
}

export const mainHelp = `Usage: urispec <command> [options]

Validate strings against the URI specifications of several eras (RFC 1738, RFC 1808, the
1996 draft, RFC 3986), with a precise diagnosis: offset, rule, rule path, section.

Commands:
  validate [URI...]   check URIs (arguments, or standard input one a line)
  compare [URI...]    the same URIs under every era, side by side
  explain [URI...]    the derivation tree of each URI in the spec's rule names
  grammar-diff A B    what changed between two eras: rules, and strings that show it
  specs               list the specs and their default start rules
  rules               list a spec's rules with their sections and definitions
  parse [URI...]      the components each era names, from the validating parse
  resolve BASE [REF...]  resolve references by an era's algorithm (--compare: every era's)
  normalize [URI...]  RFC 3986 §6 normalization, one normalized URI a line
  vectors             test vectors from a spec's grammar, labelled, JSON Lines
  diff --against CMD  another parser's verdicts on vectors against urispec's

Options:
  -h/--help           show help (also after a command: urispec validate --help)
  --version           show the version

Exit status: 0 all valid, 1 any invalid, 2 usage error.
`;

/** The package's version, read through the package's own `exports` (`urispec/package.json`). */
export function version(): string {
  const manifest = createRequire(import.meta.url)('urispec/package.json') as { version: string };
  return manifest.version;
}
