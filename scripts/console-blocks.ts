// Keeps the command examples in Markdown files true: every ```console block holds lines
// `$ npx urispec ARGS` (as a reader pastes it in a fresh clone) each followed by the output the command prints. `npm run docs` re-runs the
// commands with the built package and rewrites the outputs; test/docs.test.ts fails when a
// committed file differs from what this produces.
//
// ARGS are split like a shell would for the simple quoting the docs use: single quotes keep
// everything literally, double quotes keep spaces, nothing else is special.

import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { refreshEraTable } from './era-table-block.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DOCUMENTS = ['README.md', 'docs/history.md'];
/** The built command line's `run`: what dist/src/cli/main.js (the binary) binds to the process. */
const RUN = pathToFileURL(join(ROOT, 'dist/src/cli/run.js')).href;

export function splitArgs(line: string): string[] {
  const args: string[] = [];
  let current = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end < 0) throw new Error(`unclosed ${c} in: ${line}`);
      current += line.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === ' ') {
      if (inWord) args.push(current);
      current = '';
      inWord = false;
    } else {
      current += c;
      inWord = true;
    }
  }
  if (inWord) args.push(current);
  return args;
}

/**
 * What `[npx] urispec ARGS` prints (standard output, then standard error), without colour, and
 * its exit status.
 *
 * Run in this process through the built package's `run`, not by spawning the binary for each
 * command (a cold start apiece, about thirty of them): for these commands that is what the
 * binary does. dist/src/cli/main.js only binds `run` to the process: colour from NO_COLOR and a
 * terminal (here as with NO_COLOR=1 into a pipe: none, while `--color` still decides), standard
 * input (here empty, as a spawn without input gives), arguments that are not UTF-8 (a Markdown
 * file's are), and the status. The binary itself over pipes is tested in test/cli/bin.test.ts.
 */
export async function runCommand(commandLine: string): Promise<{ output: string; status: number }> {
  const words = splitArgs(commandLine);
  const [name, ...args] = words[0] === 'npx' ? words.slice(1) : words;
  if (name !== 'urispec') throw new Error(`console blocks run urispec only: ${commandLine}`);
  const { run } = (await import(RUN)) as typeof import('../src/cli/run.js');
  const collect = (chunks: Buffer[]) =>
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const status = await run(args, { stdin: Readable.from([]), stdout: collect(out), stderr: collect(err), color: false });
  const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString('utf8');
  return { output: (text(out) + text(err)).replace(/\n$/, ''), status };
}

/** The document with every console block's outputs recomputed, and its generated era table. */
export async function refresh(markdown: string): Promise<string> {
  let text = refreshEraTable(markdown);
  const blocks = [...text.matchAll(/```console\n([\s\S]*?)```/g)];
  // From the last block back, so that the earlier blocks' offsets stay right.
  for (const block of blocks.reverse()) {
    const commands = block[1]!.split('\n').filter((l) => l.startsWith('$ ')).map((l) => l.slice(2));
    const outputs: string[] = [];
    for (const c of commands) outputs.push(`$ ${c}\n${(await runCommand(c)).output}`);
    const at = block.index!;
    text = text.slice(0, at) + '```console\n' + outputs.join('\n\n') + '\n```' + text.slice(at + block[0].length);
  }
  return text;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const doc of DOCUMENTS) {
    const path = join(ROOT, doc);
    writeFileSync(path, await refresh(readFileSync(path, 'utf8')));
    console.log(`refreshed ${doc}`);
  }
}
