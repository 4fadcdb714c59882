/**
 * The worker thread of `--jobs N` (see jobs.ts): receives `{ id, lines }`, answers
 * `{ id, text, allValid }` with the records the command renders for those lines with one job,
 * or `{ id, error }` if that threw (a bug: no input makes the library throw).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { BatchResult, BatchTask } from './jobs.js';
import { parseLines, type ParseSettings } from './parse-command.js';
import { validateLines, type ValidateSettings } from './validate-command.js';

const task = workerData as BatchTask;
const handle: (lines: string[]) => BatchResult =
  task.command === 'validate'
    ? (lines) => validateLines(lines, task.settings as ValidateSettings)
    : (lines) => parseLines(lines, task.settings as ParseSettings);

const port = parentPort;
if (port === null) throw new Error('src/cli/worker.ts runs only as a worker thread of --jobs');
port.on('message', ({ id, lines }: { id: number; lines: string[] }) => {
  try {
    port.postMessage({ id, ...handle(lines) });
  } catch (error) {
    port.postMessage({ id, error: (error as Error)?.stack ?? String(error) });
  }
});
