#!/usr/bin/env node
/**
 * The `urispec` executable: binds `run` to the real process.
 *
 * The exit status is set, never forced with `process.exit`, so that Node exits only once
 * everything written to a pipe has been flushed.
 */
import { run } from './run.js';

const NO_COLOR = process.env.NO_COLOR;
// https://no-color.org: any non-empty NO_COLOR turns colour off.
const color = process.stdout.isTTY === true && (NO_COLOR === undefined || NO_COLOR === '');

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
