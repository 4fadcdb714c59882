/**
 * The command line without the process: `run(argv, io)` dispatches to a command and returns
 * the exit status, turning usage mistakes into a message on standard error and status 2.
 */
import { UsageError } from '../index.js';
import { CommandLineError } from './args.js';
import { mainHelp, version } from './help.js';
import { EXIT_OK, EXIT_USAGE, type CliIO } from './io.js';
import { compareCommand } from './compare-command.js';
import { diffCommand } from './diff-command.js';
import { explainCommand } from './explain-command.js';
import { grammarDiffCommand } from './grammar-diff-command.js';
import { normalizeCommand } from './normalize-command.js';
import { parseCommand } from './parse-command.js';
import { resolveCommand } from './resolve-command.js';
import { rulesCommand } from './rules-command.js';
import { specsCommand } from './specs-command.js';
import { validateCommand } from './validate-command.js';
import { vectorsCommand } from './vectors-command.js';

const commands: Record<string, (args: string[], io: CliIO) => Promise<number>> = {
  validate: validateCommand,
  compare: compareCommand,
  explain: explainCommand,
  'grammar-diff': grammarDiffCommand,
  specs: specsCommand,
  rules: rulesCommand,
  parse: parseCommand,
  resolve: resolveCommand,
  normalize: normalizeCommand,
  vectors: vectorsCommand,
  diff: diffCommand,
};

export async function run(argv: string[], io: CliIO): Promise<number> {
  const [first, ...rest] = argv;
  const usage = (message: string) => {
    io.stderr.write(`urispec: ${message}\n`);
    return EXIT_USAGE;
  };
  if (first === undefined) {
    io.stderr.write(mainHelp);
    return EXIT_USAGE;
  }
  if (first === '--help' || first === '-h') return print(io, mainHelp);
  if (first === '--version') return print(io, `${version()}\n`);
  const command = Object.hasOwn(commands, first) ? commands[first] : undefined;
  if (!command) {
    return usage(`unknown command '${first}'; commands: ${Object.keys(commands).join(', ')} (see urispec --help)`);
  }
  try {
    return await command(rest, io);
  } catch (error) {
    if (error instanceof CommandLineError || error instanceof UsageError) {
      return usage(`${error.message} (see urispec ${first} --help)`);
    }
    throw error;
  }
}

async function print(io: CliIO, text: string): Promise<number> {
  io.stdout.write(text);
  return EXIT_OK;
}
