/**
 * `--jobs N`: the lines of standard input spread over N worker threads, the records written
 * in input order, with back-pressure from standard output all the way back to standard input.
 *
 * The reader splits each chunk of standard input into batches of at most {@link BATCH_LINES}
 * lines and hands each to the least busy worker (src/cli/worker.ts), which renders the batch's
 * records exactly as the command does with one job. A writer takes the results in input order
 * (a batch that finishes early waits for the ones before it) and writes them through `Output`,
 * which waits for 'drain'. At most {@link BATCHES_PER_JOB} x N batches are in flight: when that
 * many are, the reader stops reading standard input until the writer has written the oldest.
 * So memory holds a bounded number of batches however long the input and however slow the
 * reader of standard output, and the output is byte for byte that of `--jobs 1`.
 *
 * A batch is sent as soon as its chunk of standard input has arrived, not when 1,000 lines
 * have gathered, so that at a terminal each line is answered as it is typed.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CommandLineError } from './args.js';
import type { Output } from './output.js';

/** Lines per batch sent to a worker: large enough that messaging costs little. */
export const BATCH_LINES = 1000;
/** Batches in flight per worker: enough to keep every worker busy while the writer waits. */
export const BATCHES_PER_JOB = 4;
/** Lines whose records are made and handed to `Output` at once, with one job. */
const LOCAL_LINES = 64;
/** Text handed to `Output` at once when writing a batch's records. */
const WRITE_PIECE = 64 * 1024;
/** More threads than this is a mistake, not a wish. */
const MAX_JOBS = 256;

/** The records of one batch of lines, and whether every line was valid. */
export interface BatchResult {
  text: string;
  allValid: boolean;
}

/** What a worker runs on each batch: a command's name and its settings (structured-cloneable). */
export interface BatchTask {
  command: 'validate' | 'parse';
  settings: unknown;
}

/** The `--jobs` option, shared by the commands that take it. */
export const jobsOption = {
  type: 'string',
  value: 'N',
  description: 'spread standard input over N worker threads, output in input order (default 1: no threads)',
} as const;

/** `--jobs` as given: a whole number from 1; absent means 1. */
export function parseJobs(value: string | boolean | undefined): number {
  if (value === undefined) return 1;
  const text = String(value);
  const n = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_JOBS) {
    throw new CommandLineError(`option '--jobs' needs a whole number from 1 to ${MAX_JOBS}, not '${text}'`);
  }
  return n;
}

/**
 * Writes the records of every line of `batches` to `out`, in input order: in this thread with
 * `local` when `jobs` is 1, else over `jobs` worker threads running `task`. Returns whether
 * every line was valid. Stops early, without error, when `out` closes (its reader left).
 */
export async function runLines(
  batches: AsyncIterable<string[]>,
  out: Output,
  jobs: number,
  task: BatchTask,
  local: (lines: string[]) => BatchResult,
): Promise<boolean> {
  if (jobs <= 1) {
    let allValid = true;
    for await (const lines of batches) {
      // LOCAL_LINES lines at a time, so that `Output` hands the stream about 64 KB at a time
      // and waits for it to drain, however many lines one chunk of standard input held; not a
      // line at a time, which cost a promise and a wait per line (issue 17).
      for (let i = 0; i < lines.length; i += LOCAL_LINES) {
        const result = local(lines.length <= LOCAL_LINES ? lines : lines.slice(i, i + LOCAL_LINES));
        if (!result.allValid) allValid = false;
        await out.write(result.text);
      }
      // Answer what this chunk completed before reading on: a terminal user sees each line's
      // record at once, and a slow reader holds back standard input.
      await out.flush();
      if (out.closed) break;
    }
    return allValid;
  }
  const pool = new Pool(jobs, task);
  try {
    return await ordered(batches, out, jobs * BATCHES_PER_JOB, (lines) => pool.submit(lines));
  } finally {
    await pool.close();
  }
}

/**
 * The reader and the writer of `runLines` with threads: `submit` starts a batch, results are
 * written in the order the batches were submitted, at most `limit` batches in flight.
 */
async function ordered(
  batches: AsyncIterable<string[]>,
  out: Output,
  limit: number,
  submit: (lines: string[]) => Promise<BatchResult>,
): Promise<boolean> {
  const inFlight: Array<Promise<BatchResult>> = [];
  let allValid = true;
  let inputDone = false;
  let stopped = false; // the writer is done: output closed, or a batch failed
  let wakeWriter: (() => void) | undefined;
  let wakeReader: (() => void) | undefined;
  const signalWriter = () => {
    const wake = wakeWriter;
    wakeWriter = undefined;
    wake?.();
  };
  const signalReader = () => {
    const wake = wakeReader;
    wakeReader = undefined;
    wake?.();
  };

  const writer = (async () => {
    try {
      for (;;) {
        const head = inFlight[0];
        if (head === undefined) {
          if (inputDone) return;
          await new Promise<void>((resolve) => (wakeWriter = resolve));
          continue;
        }
        const result = await head;
        inFlight.shift();
        signalReader();
        if (!result.allValid) allValid = false;
        // In pieces of about the size `Output` writes at once, so that the stream's own buffer
        // stays as small as with one job; each piece whole records (a cut inside a surrogate
        // pair would write U+FFFD).
        const { text } = result;
        for (let at = 0; at < text.length && !out.closed; ) {
          let end = text.lastIndexOf('\n', at + WRITE_PIECE - 1) + 1;
          if (end <= at) end = text.indexOf('\n', at + WRITE_PIECE) + 1 || text.length;
          await out.write(text.slice(at, end));
          at = end;
        }
        await out.flush();
        if (out.closed) return;
      }
    } finally {
      stopped = true;
      signalReader();
    }
  })();

  try {
    reading: for await (const lines of batches) {
      for (let start = 0; start < lines.length; start += BATCH_LINES) {
        while (inFlight.length >= limit && !stopped) await new Promise<void>((resolve) => (wakeReader = resolve));
        if (stopped) break reading;
        const promise = submit(lines.slice(start, start + BATCH_LINES));
        // A failure is reported when the writer reaches this batch, not as an unhandled rejection.
        promise.catch(() => {});
        inFlight.push(promise);
        signalWriter();
      }
    }
  } finally {
    inputDone = true;
    signalWriter();
  }
  await writer;
  return allValid;
}

interface Pending {
  resolve: (result: BatchResult) => void;
  reject: (error: Error) => void;
}

/** Worker threads running `task`, each answering its batches in the order it got them. */
class Pool {
  private readonly workers: Array<{ worker: Worker; pending: Map<number, Pending> }> = [];
  private nextId = 0;

  constructor(size: number, task: BatchTask) {
    const entry = workerEntry();
    for (let i = 0; i < size; i++) {
      const worker = new Worker(entry, { workerData: task, stdout: false, stderr: false });
      const pending = new Map<number, Pending>();
      const failAll = (error: Error) => {
        for (const p of pending.values()) p.reject(error);
        pending.clear();
      };
      worker.on('message', (message: { id: number; text?: string; allValid?: boolean; error?: string }) => {
        const p = pending.get(message.id);
        if (!p) return;
        pending.delete(message.id);
        if (message.error !== undefined) p.reject(new Error(`in a --jobs worker: ${message.error}`));
        else p.resolve({ text: message.text ?? '', allValid: message.allValid === true });
      });
      worker.on('error', (error) => failAll(error));
      worker.on('exit', (code) => failAll(new Error(`a --jobs worker exited (status ${code}) with batches unanswered`)));
      this.workers.push({ worker, pending });
    }
  }

  /** Sends `lines` to the worker with the fewest batches waiting. */
  submit(lines: string[]): Promise<BatchResult> {
    let chosen = this.workers[0]!;
    for (const w of this.workers) if (w.pending.size < chosen.pending.size) chosen = w;
    const id = this.nextId++;
    return new Promise<BatchResult>((resolve, reject) => {
      chosen.pending.set(id, { resolve, reject });
      chosen.worker.postMessage({ id, lines });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}

/**
 * The compiled worker next to this module (dist/src/cli/worker.js). Run from the TypeScript
 * sources (as the in-memory tests do) there is none: `--jobs` above 1 is then a usage error.
 */
function workerEntry(): URL {
  const url = new URL('./worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(url))) {
    throw new CommandLineError(`--jobs above 1 needs the compiled package (no ${fileURLToPath(url)})`);
  }
  return url;
}
