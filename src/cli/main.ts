#!/usr/bin/env node
/**
 * The `urispec` executable: binds `run` to the real process.
 *
 * The exit status is set, never forced with `process.exit`, so that Node exits only once
 * everything written to a pipe has been flushed.
 */
import { fstatSync, readFileSync } from 'node:fs';
import { EXIT_IOERR, InputError } from './io.js';
import { decodeLossless } from './lines.js';
import { outputLost } from './output.js';
import { autoColor, run } from './run.js';

// A write that fails after `run` returned (its error event comes a tick later) still costs the
// status: the records are as lost as those that failed earlier.
process.on('exit', () => {
  if (outputLost(process.stdout)) process.exitCode = EXIT_IOERR;
});

// Colour on a terminal unless NO_COLOR says otherwise, or wherever FORCE_COLOR asks for it;
// `--color=always|never` overrides both (run.ts).
const color = autoColor(process.env, process.stdout.isTTY === true);

try {
  process.exitCode = await run(argumentsLossless(process.argv.slice(2)), {
    stdin: standardInput(),
    stdout: process.stdout,
    stderr: process.stderr,
    color,
  });
} catch (error) {
  // Only a bug gets here (no input makes the library throw): say so, with the stack to report.
  process.stderr.write(`urispec: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 70; // EX_SOFTWARE: distinct from the contract's 0, 1 and 2
}

/**
 * Standard input for every command, checked when a command first reads it: Node reads a
 * directory (`urispec validate < /`) as an empty stream, without EISDIR, which would pass for
 * an input of no lines.
 */
async function* standardInput(): AsyncGenerator<Uint8Array | string> {
  if (fstatSync(0).isDirectory()) throw new InputError('cannot read standard input: it is a directory');
  yield* process.stdin;
}

/**
 * The arguments, with bytes that are not UTF-8 read as standard input reads them (lines.ts:
 * U+DC80..U+DCFF, so that the record names the byte) rather than as Node reads them (U+FFFD,
 * for which the hint would be "%EF%BF%BD"). Only Linux keeps the raw bytes where a script can
 * read them: /proc/self/cmdline, NUL-separated, the user's arguments last. Elsewhere, or if
 * the two lists do not line up, Node's reading stays (README).
 */
function argumentsLossless(args: string[]): string[] {
  if (!args.some((a) => a.includes('\ufffd'))) return args;
  let cmdline: Buffer;
  try {
    cmdline = readFileSync('/proc/self/cmdline');
  } catch {
    return args;
  }
  const raw: Buffer[] = [];
  for (let start = 0; start < cmdline.length; ) {
    const nul = cmdline.indexOf(0, start);
    const end = nul === -1 ? cmdline.length : nul;
    raw.push(cmdline.subarray(start, end));
    start = end + 1;
  }
  if (raw.length < args.length) return args;
  const mine = raw.slice(raw.length - args.length);
  // Each raw argument must be the one Node decoded, or the lists are not the same arguments.
  if (mine.some((bytes, i) => bytes.toString('utf8') !== args[i])) return args;
  return mine.map((bytes, i) => (args[i]!.includes('\ufffd') ? decodeLossless(bytes) : args[i]!));
}
