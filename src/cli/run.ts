/**
 * The command line without the process: `run(argv, io)` dispatches to a command of the table
 * (commands.ts) and returns the exit status, turning usage mistakes into a message on standard
 * error and status 2, and output that could not be written into status 74 (io.ts).
 */
import { UsageError } from '../index.js';
import { didYouMean } from '../suggest.js';
import { CommandLineError } from './args.js';
import { COLOR_MODES, COMMANDS, commandOf, mainHelp } from './commands.js';
import { version } from './help.js';
import { EXIT_INVALID, EXIT_IOERR, EXIT_USAGE, InputError, type CliIO } from './io.js';
import { outputLost, print } from './output.js';

export async function run(argv: string[], io: CliIO): Promise<number> {
  const status = await dispatch(argv, io);
  // Records that could not be written are lost however the input fared: say so in the status.
  return outputLost(io.stdout) ? EXIT_IOERR : status;
}

async function dispatch(argv: string[], io: CliIO): Promise<number> {
  const usage = (message: string) => {
    io.stderr.write(`urispec: ${message}\n`);
    return EXIT_USAGE;
  };
  let rest: string[];
  try {
    ({ argv: rest, io } = withColorOption(argv, io));
  } catch (error) {
    if (error instanceof CommandLineError) return usage(error.message);
    throw error;
  }
  const [first, ...args] = rest;
  if (first === undefined) {
    io.stderr.write(mainHelp());
    return EXIT_USAGE;
  }
  if (first === '--help' || first === '-h') return print(io, mainHelp());
  if (first === '--version' || first === '-V') return print(io, `${version()}\n`);
  const command = commandOf(first);
  if (!command) {
    const names = COMMANDS.map((c) => c.name);
    return usage(`unknown command '${first}'${didYouMean(first, names)}; commands: ${names.join(', ')} (see urispec --help)`);
  }
  try {
    const { run: runCommand } = await command.load();
    return await runCommand(args, io);
  } catch (error) {
    if (error instanceof CommandLineError || error instanceof UsageError) {
      return usage(`${error.message} (see urispec ${first} --help)`);
    }
    if (error instanceof InputError) {
      io.stderr.write(`urispec: ${error.message}\n`);
      return EXIT_INVALID;
    }
    throw error;
  }
}

const WHEN = COLOR_MODES;

/**
 * Takes `--color[=WHEN]` / `--no-color` out of the arguments (anywhere before `--`) and sets
 * `io.color`: `always` and `never` win over the environment, `auto` keeps what the process
 * decided (a terminal, NO_COLOR, FORCE_COLOR: see main.ts).
 */
export function withColorOption(argv: readonly string[], io: CliIO): { argv: string[]; io: CliIO } {
  const kept: string[] = [];
  let color = io.color;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      // One at a time, not push(...): the operands after -- may be as many as the system lets a
      // command have, more than a call takes arguments.
      for (const operand of argv.slice(i)) kept.push(operand);
      break;
    }
    let when: string | undefined;
    if (arg === '--no-color') when = 'never';
    else if (arg.startsWith('--color=')) when = arg.slice('--color='.length);
    else if (arg === '--color') {
      const next = argv[i + 1];
      if (next !== undefined && (WHEN as readonly string[]).includes(next)) {
        when = next;
        i++;
      } else when = 'always';
    } else {
      kept.push(arg);
      continue;
    }
    if (!(WHEN as readonly string[]).includes(when)) {
      throw new CommandLineError(`--color wants auto, always or never, got '${when}'${didYouMean(when, WHEN)}`);
    }
    color = when === 'always' ? true : when === 'never' ? false : io.color;
  }
  return { argv: kept, io: { ...io, color } };
}

/** Whether standard output wants colour when nothing is said on the command line. */
export function autoColor(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  // https://force-color.org: FORCE_COLOR set and not "0" turns colour on, even into a pipe;
  // https://no-color.org: a non-empty NO_COLOR turns it off. FORCE_COLOR, the more specific
  // request, wins when both are set.
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTTY;
}
