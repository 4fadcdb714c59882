// Keeps the command examples in Markdown files true: every ```console block holds lines
// `$ npx urispec ARGS` (as a reader pastes it in a fresh clone) each followed by the output the command prints. `npm run docs` re-runs the
// commands with the built binary and rewrites the outputs; test/docs.test.ts fails when a
// committed file differs from what this produces.
//
// ARGS are split like a shell would for the simple quoting the docs use: single quotes keep
// everything literally, double quotes keep spaces, nothing else is special.

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { refreshEraTable } from './era-table-block.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DOCUMENTS = ['README.md', 'docs/history.md'];
const BIN = join(ROOT, 'dist/src/cli/main.js');

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

/** What `[npx] urispec ARGS` prints (standard output, then standard error), without colour. */
export function runCommand(commandLine: string): string {
  const words = splitArgs(commandLine);
  const [name, ...args] = words[0] === 'npx' ? words.slice(1) : words;
  if (name !== 'urispec') throw new Error(`console blocks run urispec only: ${commandLine}`);
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env });
  return (r.stdout + r.stderr).replace(/\n$/, '');
}

/** The document with every console block's outputs recomputed, and its generated era table. */
export function refresh(markdown: string): string {
  return refreshEraTable(markdown).replace(/```console\n([\s\S]*?)```/g, (_block, body: string) => {
    const commands = body.split('\n').filter((l) => l.startsWith('$ ')).map((l) => l.slice(2));
    const out = commands.map((c) => `$ ${c}\n${runCommand(c)}`).join('\n\n');
    return '```console\n' + out + '\n```';
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const doc of DOCUMENTS) {
    const path = join(ROOT, doc);
    writeFileSync(path, refresh(readFileSync(path, 'utf8')));
    console.log(`refreshed ${doc}`);
  }
}
