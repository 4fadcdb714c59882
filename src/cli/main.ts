#!/usr/bin/env node
/**
 * The `urispec` executable: binds `run` to the real process.
 *
 * The exit status is set, never forced with `process.exit`, so that Node exits only once
 * everything written to a pipe has been flushed.
 */
import { autoColor, run } from './run.js';

// Colour on a terminal unless NO_COLOR says otherwise, or wherever FORCE_COLOR asks for it;
// `--color=always|never` overrides both (run.ts).
const color = autoColor(process.env, process.stdout.isTTY === true);

try {
  process.exitCode = await run(process.argv.slice(2), {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    color,
  });
} catch (error) {
  // Only a bug gets here (no input makes the library throw): say so, with the stack to report.
  process.stderr.write(`urispec: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 70; // EX_SOFTWARE: distinct from the contract's 0, 1 and 2
}
