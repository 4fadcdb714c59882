/**
 * Another parser as a subprocess, asked one input at a time over pipes (docs/differential.md):
 * urispec writes one JSON string a line to its standard input, and reads back one line an
 * input: `true`, `false`, or a JSON object with a boolean `valid` and optionally `components`,
 * `error` (the parser's own message) and `input` (checked against the input, to catch a
 * parser out of step).
 *
 * What can go wrong is detected, never counted: a command that cannot start, a parser that
 * exits before answering everything, one that answers nothing for `timeoutMs` while an
 * answer is owed (it hangs, or buffers its output), one that answers more lines than it was
 * asked, or a line that is not an answer. Each is a ParserProcessError naming the input.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** The parser's answer to one input. */
export interface ParserAnswer {
  valid: boolean;
  components?: Record<string, unknown>;
  /** The parser's own message, when it gave one. */
  error?: string;
}

export type ParserFailure = 'start' | 'exit' | 'timeout' | 'out-of-step' | 'bad-answer';

/**
 * The other parser could not be used: the comparison stops, with what happened and where,
 * rather than count wrong.
 *
 * @example
 * ```ts
 * import { diff, ParserProcessError } from 'urispec/diff';
 * try {
 *   await diff({ against: 'node my_parser.mjs', count: 100 }); // a script that is not there
 * } catch (e) {
 *   if (e instanceof ParserProcessError) e.failure; // 'exit': node stopped before the first answer
 *   if (e instanceof ParserProcessError) e.index;   // 0: the input it was asked about
 * }
 * ```
 */
export class ParserProcessError extends Error {
  override readonly name = 'ParserProcessError';
  constructor(
    message: string,
    readonly failure: ParserFailure,
    /** 0-based index of the input whose answer was wrong or missing. */
    readonly index: number | undefined,
    /** The end of what the parser wrote to standard error. */
    readonly stderr: string,
  ) {
    super(message);
  }
}

export interface ParserProcessOptions {
  /**
   * Longest wait for an owed answer, in milliseconds (default 5000; 10 s more for the first,
   * while the parser starts); also how long the parser may take to exit once its input is
   * closed and every input answered.
   */
  timeoutMs?: number;
  /** Working directory of the command. */
  cwd?: string;
}

/** Inputs written ahead of the answers read: enough to keep both sides busy, bounded memory. */
const WINDOW = 256;
/** Time the parser may take to start, on top of the wait for its first answer. */
const STARTUP_MS = 10_000;
/** How much of the parser's standard error is kept for messages. */
const STDERR_TAIL = 2000;

/** Reads a line of the protocol; undefined when it is not an answer. */
export function readAnswer(line: string): (ParserAnswer & { input?: unknown }) | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value === 'boolean') return { valid: value };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  if (typeof o.valid !== 'boolean') return undefined;
  const answer: ParserAnswer & { input?: unknown } = { valid: o.valid };
  if (o.components !== undefined && o.components !== null) {
    if (typeof o.components !== 'object' || Array.isArray(o.components)) return undefined;
    answer.components = o.components as Record<string, unknown>;
  }
  if (typeof o.error === 'string') answer.error = o.error;
  if ('input' in o) answer.input = o.input;
  return answer;
}

const show = (s: string) => JSON.stringify(s.length > 80 ? s.slice(0, 79) + '…' : s);

/**
 * Asks the parser `command` (run by `sh -c`) about each input in turn and yields its answers
 * in input order. Throws a ParserProcessError as soon as the parser fails; the process (and
 * every process it started) is killed whenever the iteration ends early.
 */
export async function* askParser(
  command: string,
  inputs: Iterable<string>,
  options: ParserProcessOptions = {},
): AsyncGenerator<ParserAnswer, void, undefined> {
  const timeoutMs = options.timeoutMs ?? 5000;
  // Its own process group, so that a hung grandchild (`sh -c 'python3 x.py'`) is killed too.
  const child = spawn('sh', ['-c', command], { cwd: options.cwd, stdio: 'pipe', detached: true }) as ChildProcessWithoutNullStreams;
  const session = new Session(child, command, timeoutMs);
  try {
    const feeding = session.feed(inputs);
    for (let index = 0; ; index++) {
      const line = await session.line(index);
      if (line === undefined) break; // every input answered and the output ended
      const input = session.inputAt(index);
      const answer = readAnswer(line);
      if (!answer) {
        throw session.fail('bad-answer', index, `answer ${index + 1} (to ${show(input)}) is not true, false or {"valid": ...}: ${show(line)}`);
      }
      if (answer.input !== undefined && answer.input !== input) {
        throw session.fail('out-of-step', index, `answer ${index + 1} echoes ${show(String(answer.input))} but input ${index + 1} was ${show(input)}: the parser is out of step`);
      }
      delete answer.input;
      yield answer;
      session.answered(index);
    }
    await feeding;
    await session.exited();
  } finally {
    session.kill();
  }
}

class Session {
  private readonly lines: string[] = [];
  private partial = '';
  private outputEnded = false;
  private closed = false;
  private exitCode: number | null = null;
  private exitSignal: NodeJS.Signals | null = null;
  private spawnError: Error | undefined;
  private stderrTail = '';
  private readonly written: string[] = [];
  private writtenCount = 0;
  private answeredCount = 0;
  private inputsDone = false;
  /** The parser closed before every input could be written. */
  private cutShort = false;
  private failure: ParserProcessError | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly command: string,
    private readonly timeoutMs: number,
  ) {
    child.stdout.on('data', (chunk: Buffer) => {
      const parts = (this.partial + chunk.toString('utf8')).split('\n');
      this.partial = parts.pop()!;
      for (const p of parts) this.lines.push(p.endsWith('\r') ? p.slice(0, -1) : p);
      this.notify();
    });
    child.stdout.on('end', () => {
      if (this.partial !== '') this.lines.push(this.partial);
      this.partial = '';
      this.outputEnded = true;
      this.notify();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('error', (error) => {
      this.spawnError = error;
      this.closed = true;
      this.notify();
    });
    child.on('close', (code, signal) => {
      this.exitCode = code;
      this.exitSignal = signal;
      this.closed = true;
      this.outputEnded = true;
      this.notify();
    });
    // A parser that exits early closes its input: the next write fails with EPIPE, which the
    // missing answers report better than the write error would.
    child.stdin.on('error', () => {});
  }

  /** Wakes whoever waits: the reader (for a line or an exit), the feeder (for room). */
  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
    const feeders = this.feedWaiters;
    this.feedWaiters = [];
    for (const f of feeders) f();
  }

  /** Waits for any event, or `ms` (then returns false). */
  private wait(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve(false);
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
  }

  fail(failure: ParserFailure, index: number | undefined, message: string): ParserProcessError {
    const tail = this.stderrTail.trim();
    const stderr = tail === '' ? '' : `\nits standard error ends with:\n${tail.split('\n').slice(-10).join('\n')}`;
    this.failure ??= new ParserProcessError(`parser \`${this.command}\`: ${message}${stderr}`, failure, index, this.stderrTail);
    return this.failure;
  }

  inputAt(index: number): string {
    return this.written[index % WINDOW]!;
  }

  answered(index: number): void {
    this.answeredCount = index + 1;
    this.notify();
  }

  /** Writes the inputs, never more than WINDOW ahead of the answers, then closes stdin. */
  async feed(inputs: Iterable<string>): Promise<void> {
    for (const input of inputs) {
      while (this.writtenCount - this.answeredCount >= WINDOW && !this.closed && !this.failure) {
        await this.waitForWake();
      }
      if (this.closed || this.failure) {
        this.cutShort = true;
        break;
      }
      this.written[this.writtenCount % WINDOW] = input;
      this.writtenCount++;
      const ok = this.child.stdin.write(JSON.stringify(input) + '\n');
      this.notify();
      if (!ok) await new Promise<void>((resolve) => {
        const done = () => {
          this.child.stdin.off('drain', done);
          this.child.off('close', done);
          resolve();
        };
        this.child.stdin.on('drain', done);
        this.child.on('close', done);
      });
    }
    this.inputsDone = true;
    if (!this.closed) this.child.stdin.end();
    this.notify();
  }

  private feedWaiters: Array<() => void> = [];
  private waitForWake(): Promise<void> {
    return new Promise((resolve) => this.feedWaiters.push(resolve));
  }

  /**
   * The line answering input `index`, or undefined once every input is answered and the
   * parser's output has ended without another line. The clock for an answer starts when its
   * input is written or the previous answer read, whichever is later.
   */
  async line(index: number): Promise<string | undefined> {
    let since = index < this.writtenCount ? Date.now() : undefined;
    for (;;) {
      if (this.spawnError) throw this.fail('start', index, `cannot start: ${this.spawnError.message}`);
      if (this.lines.length > 0 && index >= this.writtenCount) {
        throw this.fail('out-of-step', index, `more lines than it was asked for: ${show(this.lines[0]!)} after answer ${index} of ${this.writtenCount} inputs written`);
      }
      if (this.lines.length > 0) return this.lines.shift()!;
      if (this.inputsDone && index >= this.writtenCount) {
        if (this.cutShort) {
          throw this.fail('exit', index, `${this.exitDescription()} after ${index} answer${index === 1 ? '' : 's'}, before it was given every input`);
        }
        if (this.outputEnded) return undefined;
        // Everything answered: wait for the end of its output, so that extra lines are caught.
        if (!(await this.wait(this.timeoutMs)) && this.lines.length === 0 && !this.outputEnded) {
          throw this.fail('timeout', undefined, `answered every input but did not exit within ${this.timeoutMs} ms of its input closing`);
        }
        continue;
      }
      if (this.outputEnded) {
        if (!this.closed) {
          await this.wait(this.timeoutMs);
          if (!this.closed) this.kill();
          continue;
        }
        const left = this.writtenCount - index;
        throw this.fail('exit', index, `${this.exitDescription()} after ${index} answer${index === 1 ? '' : 's'}, with ${left} input${left === 1 ? '' : 's'} written and unanswered, the first ${show(this.inputAt(index))}`);
      }
      if (since === undefined && index < this.writtenCount) since = Date.now();
      if (since === undefined) {
        await this.wait(this.timeoutMs);
        continue;
      }
      // The first answer also waits for the parser to start (an interpreter, its imports).
      const limit = index === 0 ? this.timeoutMs + STARTUP_MS : this.timeoutMs;
      const left = limit - (Date.now() - since);
      if (left <= 0) {
        throw this.fail('timeout', index, `no answer to input ${index + 1} (${show(this.inputAt(index))}) within ${limit} ms (does it flush its output after each answer?)`);
      }
      await this.wait(left);
    }
  }

  /** After every answer: the parser must exit with status 0 and say nothing more. */
  async exited(): Promise<void> {
    while (!this.closed) {
      if (!(await this.wait(this.timeoutMs)) && !this.closed) {
        throw this.fail('timeout', undefined, `answered every input but did not exit within ${this.timeoutMs} ms of its input closing`);
      }
    }
    if (this.lines.length > 0) {
      throw this.fail('out-of-step', undefined, `more lines than it was asked for: ${show(this.lines[0]!)} after all ${this.writtenCount} answers`);
    }
    if (this.exitCode !== 0) throw this.fail('exit', undefined, `${this.exitDescription()} after answering every input`);
  }

  private exitDescription(): string {
    if (this.exitSignal) return `was killed by ${this.exitSignal}`;
    if (this.exitCode !== null) return `exited with status ${this.exitCode}`;
    return 'closed its output';
  }

  kill(): void {
    if (this.closed || this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      this.child.kill('SIGKILL');
    }
  }
}
