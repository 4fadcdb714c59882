/**
 * What a command may touch: passed in rather than taken from `process`, so that tests can
 * run a command in memory and only `main.ts` knows about the real process.
 */
import type { Writable } from 'node:stream';

export interface CliIO {
  /** Standard input as bytes; read only by commands that take input lines. */
  stdin: AsyncIterable<Uint8Array | string>;
  stdout: Writable;
  stderr: Writable;
  /** Whether standard output wants ANSI colour (a terminal, and `NO_COLOR` unset). */
  color: boolean;
}

/** Exit statuses of the contract. */
export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;
/**
 * Beyond the contract's three: the output could not be written (a full disk, an I/O error), so
 * some records are lost; sysexits.h's EX_IOERR. A reader that left early (EPIPE, `| head`) lost
 * nothing it wanted and keeps the status of what was read.
 */
export const EXIT_IOERR = 74;

/**
 * Standard input that cannot be read at all (a directory): unreadable input, the contract's
 * status 1, with the message on standard error. Thrown by the stream main.ts gives commands.
 */
export class InputError extends Error {}
