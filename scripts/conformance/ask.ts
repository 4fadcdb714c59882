// Asking a parser, through its adapter, about a batch of inputs: urispec's diff (src/diff/)
// with every outcome kept, agreements included.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffOutcomes, type DiffOutcome } from '../../src/diff/index.js';
import type { Parser, VersionSource } from './parsers.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every outcome of the parser (its command, plus `extra` arguments) on the inputs, in order. */
export async function ask(parser: Parser, spec: string, rule: string, inputs: readonly string[], extra = ''): Promise<DiffOutcome[]> {
  const out: DiffOutcome[] = [];
  if (inputs.length === 0) return out;
  const against = extra ? `${parser.command} ${extra}` : parser.command;
  for await (const o of diffOutcomes({ spec, rule, against, inputs: inputs.map((input) => ({ input })), cwd: ROOT, timeoutMs: 20_000 })) {
    out.push(o);
  }
  return out;
}

/** The parser's version on this machine, from its npm package, its Debian package or a command. */
export function versionOf(parser: Parser): string {
  return parser.version.map((v) => readVersion(v)).join(', ');
}

function readVersion(v: VersionSource): string {
  try {
    if ('npm' in v) {
      const pkg = JSON.parse(readFileSync(join(ROOT, 'node_modules', v.npm, 'package.json'), 'utf8')) as { version: string };
      return `${v.npm} ${pkg.version}`;
    }
    if ('dpkg' in v) {
      return `${v.dpkg} ${execSync(`dpkg-query -W -f='\${Version}' ${v.dpkg}`, { cwd: ROOT, encoding: 'utf8' }).trim()} (Debian)`;
    }
    return execSync(v.command, { cwd: ROOT, encoding: 'utf8', shell: '/bin/sh' }).trim().split('\n')[0]!;
  } catch {
    return 'unknown';
  }
}
