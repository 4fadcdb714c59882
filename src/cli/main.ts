#!/usr/bin/env node
/**
 * The `urispec` executable: binds `run` to the real process.
 *
 * The exit status is set, never forced with `process.exit`, so that Node exits only once
 * everything written to a pipe has been flushed.
 */
import { fstatSync } from 'node:fs';
import { EXIT_IOERR, InputError } from './io.js';
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
  process.exitCode = await run(process.argv.slice(2), {
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
