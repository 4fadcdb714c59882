/**
 * Option parsing for every command, on Node's own `util.parseArgs`.
 *
 * parseArgs runs non-strict with tokens so that each mistake gets a message naming the
 * command's valid options (its strict errors do not), and so that `--spec --json` is
 * reported as a missing value instead of a spec called `--json`.
 */
import { parseArgs } from 'node:util';
import { didYouMean } from '../suggest.js';

/** A mistake on the command line: exit status 2, the message on standard error. */
export class CommandLineError extends Error {
  override name = 'CommandLineError';
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Placeholder shown in messages and help, e.g. `ID` for `--spec ID`. */
  value?: string;
  description: string;
  /** Values it takes beyond the spec ids, for shell completion (validate's `--spec auto`). */
  alsoTakes?: readonly string[];
}

export type OptionSpecs = Record<string, OptionSpec>;

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  /** The operands; a lone `-` (standard input, before any `--`) is not among them. */
  positionals: string[];
}

/** `--spec ID, --json, -h/--help`: the options as a user would type them. */
export function describeOptions(options: OptionSpecs): string {
  return Object.entries(options)
    .map(([name, o]) => (o.short ? `-${o.short}/` : '') + `--${name}` + (o.value ? ` ${o.value}` : ''))
    .join(', ');
}

/**
 * Parses `args` for `command` (used in messages) against `options`.
 * Throws {@link CommandLineError} for an unknown option (naming the closest one), a missing
 * value, or a value given to a flag. Everything after `--` is positional, so a URI may start
 * with `-`. A `-` before `--` means standard input, as in most Unix tools: it is taken out of
 * the operands, so the command reads its inputs from standard input. Inputs come from the
 * arguments or from standard input, never both, so `-` must stand in place of all of them:
 * after the `inputsFrom` operands that are no inputs (resolve's BASE: `resolve BASE -`), with
 * no other operand after them (`validate x -` would otherwise validate x and silently leave
 * standard input unread). `inputsFrom: null`: the command reads no inputs from standard input,
 * and refuses `-` for the same reason.
 */
export function parseCommandArgs(command: string, args: string[], options: OptionSpecs, inputsFrom: number | null = 0): ParsedArgs {
  const config = Object.fromEntries(
    Object.entries(options).map(([name, o]) => [name, o.short ? { type: o.type, short: o.short } : { type: o.type }]),
  );
  const { tokens } = parseArgs({ args, options: config, strict: false, allowPositionals: true, tokens: true });
  const values: ParsedArgs['values'] = {};
  const positionals: string[] = [];
  const choices = () => `options of ${command}: ${describeOptions(options)}`;
  let terminated = false;
  let stdinAt = -1;
  for (const token of tokens) {
    if (token.kind === 'positional') {
      if (!terminated && token.value === '-' && stdinAt === -1) stdinAt = positionals.length;
      else positionals.push(token.value);
      continue;
    }
    if (token.kind === 'option-terminator') {
      terminated = true;
      continue;
    }
    const option = options[token.name];
    if (!option) {
      const names = Object.keys(options).map((n) => `--${n}`);
      throw new CommandLineError(`unknown option '${token.rawName}'${didYouMean(`--${token.name}`, names)}; ${choices()}`);
    }
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw new CommandLineError(`option '${token.rawName}' takes no value`);
      values[token.name] = true;
    } else {
      // As strict parseArgs does: a following word that starts with '-' is an option, not a value.
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith('-'))) {
        throw new CommandLineError(`option '${token.rawName}' needs a value (${token.rawName} ${option.value ?? 'VALUE'})`);
      }
      values[token.name] = token.value;
    }
  }
  if (stdinAt !== -1) {
    if (inputsFrom === null) {
      throw new CommandLineError(`${command} reads no inputs from standard input, so '-' is none of its operands; an operand that is '-' goes after --`);
    }
    if (stdinAt !== positionals.length || positionals.length > inputsFrom) {
      throw new CommandLineError(`'-' (standard input) must come after the other operands, and inputs are read either from arguments or from standard input, not both; a URI that is '-' goes after --`);
    }
  }
  return { values, positionals };
}
