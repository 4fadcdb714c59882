/**
 * Writing records to standard output without outrunning the reader.
 *
 * Records are gathered into one string and written in one call at each `flush`, because a
 * write per record to a pipe costs a system call each. When the stream's buffer is full
 * (`write` returns false) `flush` waits for 'drain', which keeps memory constant however slow
 * the reader. When the reader goes away (EPIPE, as in `urispec validate < big | head`) the
 * output is `closed` and the caller stops, instead of the process dying on an unhandled
 * 'error' event.
 */
import type { Writable } from 'node:stream';
import { EXIT_OK, type CliIO } from './io.js';

/** Gathered text beyond this size is written out even before the caller's `flush`. */
const HIGH_WATER = 64 * 1024;

/**
 * Streams whose writes failed for a reason other than EPIPE: kept per stream, not per Output,
 * so that the failure is reported once and `run` can turn it into the exit status whichever
 * Output (or command) met it.
 */
const lostStreams = new WeakSet<Writable>();

/** Whether something written to `stream` was lost: see EXIT_IOERR in io.ts. */
export function outputLost(stream: Writable): boolean {
  return lostStreams.has(stream);
}

/** Standard output of a command, its write failures reported on standard error. */
export function stdoutOf(io: CliIO): Output {
  return new Output(io.stdout, (message) => io.stderr.write(`urispec: ${message}\n`));
}

/** Writes `text` (a help, the version, a script) to standard output; resolves to status 0. */
export async function print(io: CliIO, text: string): Promise<number> {
  const out = stdoutOf(io);
  await out.write(text);
  await out.end();
  return EXIT_OK;
}

export class Output {
  private buffered = '';
  private failed = false;

  /** `report` receives a one-line message when writing fails for a reason other than EPIPE. */
  constructor(
    private readonly stream: Writable,
    private readonly report: (message: string) => void = () => {},
  ) {
    stream.on('error', this.onError);
  }

  /** True once the stream can take no more (its reader closed it): stop producing. */
  get closed(): boolean {
    return this.failed || this.stream.destroyed;
  }

  /** Adds `text`; writes out when enough has gathered. */
  async write(text: string): Promise<void> {
    this.buffered += text;
    if (this.buffered.length >= HIGH_WATER) await this.flush();
  }

  /** Writes everything gathered, then waits while the stream's own buffer is full. */
  async flush(): Promise<void> {
    if (this.buffered === '' || this.closed) return;
    const text = this.buffered;
    this.buffered = '';
    if (!this.stream.write(text)) await this.drained();
  }

  /**
   * Flushes; the stream itself is left open (it may be stdout). The error listener stays: a late
   * error must neither become an uncaught exception nor go unreported.
   */
  async end(): Promise<void> {
    await this.flush();
  }

  private drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.stream.off('drain', done);
        this.stream.off('close', done);
        this.stream.off('error', done);
        resolve();
      };
      this.stream.on('drain', done);
      // 'drain' never comes to a stream that failed or closed: stop waiting then too.
      this.stream.on('close', done);
      this.stream.on('error', done);
    });
  }

  private readonly onError = (error: NodeJS.ErrnoException): void => {
    this.failed = true;
    // Anything but a reader that left is lost output: reported once, without a stack trace.
    if (error.code === 'EPIPE' || lostStreams.has(this.stream)) return;
    lostStreams.add(this.stream);
    this.report(`cannot write output: ${error.message}`);
  };
}
