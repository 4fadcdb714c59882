/**
 * The command table: one row a command. Dispatch (`run.ts`), the main help and shell
 * completion (`completion-command.ts`) are all read from it, so a command added here is
 * dispatched, listed and completed, and one missing here is none of these.
 */
import { specs } from '../index.js';
import type { OptionSpecs } from './args.js';
import type { CliIO } from './io.js';
import { OUTPUT_LOST_STATUS } from './help.js';
import { SHELLS } from './shells.js';

export interface Command {
  name: string;
  /** What follows the name in the main help: `[URI...]`, `A B`. */
  operands: string;
  /** One line for the main help. */
  summary: string;
  /** The words its operand is one of, for shell completion (completion's shells). */
  choices?: readonly string[];
  /**
   * The command's module, imported when the command is dispatched (or completion lists its
   * options; Node imports a module once): a process loads only the command it runs. Every module at once cost a start a third
   * more than `validate`'s alone (316 ms against 212 ms, dist/src/cli/run.js against
   * validate-command.js).
   */
  load: () => Promise<LoadedCommand>;
}

/** What a command's module gives: its options and the command itself. */
export interface LoadedCommand {
  options: OptionSpecs;
  run: (args: string[], io: CliIO) => Promise<number>;
}

export const COMMANDS: readonly Command[] = [
  { name: 'validate', operands: '[URI...]', summary: 'check URIs (arguments, or standard input one a line)', load: () => import('./validate-command.js').then((m) => ({ options: m.validateOptions, run: m.validateCommand })) },
  { name: 'compare', operands: '[URI...]', summary: 'the same URIs under every era, side by side', load: () => import('./compare-command.js').then((m) => ({ options: m.compareOptions, run: m.compareCommand })) },
  { name: 'explain', operands: '[URI...]', summary: "the derivation tree of each URI in the spec's rule names", load: () => import('./explain-command.js').then((m) => ({ options: m.explainOptions, run: m.explainCommand })) },
  { name: 'grammar-diff', operands: 'A B', summary: 'what changed between two eras: rules, and strings that show it', load: () => import('./grammar-diff-command.js').then((m) => ({ options: m.grammarDiffOptions, run: m.grammarDiffCommand })) },
  { name: 'specs', operands: '', summary: 'list the specs and their default start rules', load: () => import('./specs-command.js').then((m) => ({ options: m.specsOptions, run: m.specsCommand })) },
  { name: 'rules', operands: '[NAME...]', summary: "list a spec's rules with their sections and definitions", load: () => import('./rules-command.js').then((m) => ({ options: m.rulesOptions, run: m.rulesCommand })) },
  { name: 'parse', operands: '[URI...]', summary: 'the components each era names, from the validating parse', load: () => import('./parse-command.js').then((m) => ({ options: m.parseOptions, run: m.parseCommand })) },
  { name: 'resolve', operands: 'BASE [REF...]', summary: "resolve references by an era's algorithm (--compare: every era's)", load: () => import('./resolve-command.js').then((m) => ({ options: m.resolveOptions, run: m.resolveCommand })) },
  { name: 'normalize', operands: '[URI...]', summary: 'RFC 3986 §6 normalization, one normalized URI a line', load: () => import('./normalize-command.js').then((m) => ({ options: m.normalizeOptions, run: m.normalizeCommand })) },
  { name: 'expand', operands: 'TEMPLATE --vars FILE', summary: 'expand an RFC 6570 URI Template and check the result as a URI reference', load: () => import('./expand-command.js').then((m) => ({ options: m.expandOptions, run: m.expandCommand })) },
  { name: 'to-uri', operands: '[IRI...]', summary: 'map IRIs to URIs by RFC 3987 §3.1 (--idna for the host)', load: () => import('./to-uri-command.js').then((m) => ({ options: m.toUriOptions, run: m.toUriCommand })) },
  { name: 'vectors', operands: '', summary: "test vectors from a spec's grammar, labelled, JSON Lines", load: () => import('./vectors-command.js').then((m) => ({ options: m.vectorsOptions, run: m.vectorsCommand })) },
  { name: 'diff', operands: '--against CMD', summary: "another parser's verdicts on vectors against urispec's", load: () => import('./diff-command.js').then((m) => ({ options: m.diffOptions, run: m.diffCommand })) },
  { name: 'completion', operands: 'bash|zsh|fish', summary: 'a shell completion script for urispec', choices: SHELLS, load: () => import('./completion-command.js').then((m) => ({ options: m.completionOptions, run: m.completionCommand })) },
];

export function commandOf(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}

/** What `--color=WHEN` takes (run.ts). */
export const COLOR_MODES = ['auto', 'always', 'never'] as const;

/** Options every command takes, handled before dispatch (run.ts). */
export const GLOBAL_OPTIONS: OptionSpecs = {
  color: { type: 'string', value: 'WHEN', description: 'colour: auto (a terminal, NO_COLOR unset), always, never; FORCE_COLOR=1 forces it' },
};

/** The main help, listing every command of the table and every era of the registry. */
export function mainHelp(): string {
  const heads = COMMANDS.map((c) => `${c.name}${c.operands ? ` ${c.operands}` : ''}`);
  const width = Math.max(...heads.map((h) => h.length), '-h/--help'.length, '--color=WHEN'.length);
  const row = (head: string, text: string) => `  ${head.padEnd(width)}  ${text}`;
  const eras = specs().map((s) => s.id);
  return [
    'Usage: urispec <command> [options]',
    '',
    'Validate strings against the URI specifications of every era, with a precise diagnosis:',
    'offset, rule, rule path, section.',
    '',
    'Commands:',
    ...COMMANDS.map((c, i) => row(heads[i]!, c.summary)),
    '',
    'Options:',
    row('-h/--help', 'show help (also after a command: urispec validate --help)'),
    row('--version', 'show the version'),
    row('--color=WHEN', GLOBAL_OPTIONS.color!.description),
    '',
    `Specs (--spec ID, any case): ${eras.join(', ')}.`,
    '',
    'Exit status: 0 all valid, 1 any invalid, 2 usage error.',
    OUTPUT_LOST_STATUS,
    '',
  ].join('\n');
}
