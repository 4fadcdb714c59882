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

/** Gathered text beyond this size is written out even before the caller's `flush`. */
const HIGH_WATER = 64 * 1024;

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

  /** Flushes and stops listening; the stream itself is left open (it may be stdout). */
  async end(): Promise<void> {
    await this.flush();
    // A late EPIPE can still arrive after this; keep it from becoming an uncaught error.
    this.stream.off('error', this.onError);
    this.stream.on('error', ignore);
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
    // Anything but a reader that left is worth reporting, once, without a stack trace.
    if (error.code !== 'EPIPE') this.report(`cannot write output: ${error.message}`);
  };
}

function ignore(): void {}
