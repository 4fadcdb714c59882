/**
 * Help texts and the version. Option lines are generated from each command's option table,
 * so help cannot drift from what the parser accepts.
 */
import { createRequire } from 'node:module';
import { describeOptions, type OptionSpecs } from './args.js';

export interface CommandHelp {
  synopsis: string;
  summary: string;
  options: OptionSpecs;
  details?: string[];
}

/** The status beyond the contract's, the same for every command: said once, here. */
export const OUTPUT_LOST_STATUS = 'Exit status 74 when the output could not be written (a full disk), with a message on standard error.';

export function commandHelp({ synopsis, summary, options, details = [] }: CommandHelp): string {
  const rows = Object.entries(options).map(([name, o]) => [describeOptions({ [name]: o }), o.description] as const);
  const width = Math.max(...rows.map(([flag]) => flag.length));
  const lines = [
    `Usage: ${synopsis}`,
    '',
    summary,
    '',
    'Options:',
    ...rows.map(([flag, description]) => `  ${flag.padEnd(width)}  ${description}`),
  ];
  if (details.length > 0) lines.push('', ...details);
  // Every command writes through output.ts, so every command has this status (io.ts).
  lines.push('', OUTPUT_LOST_STATUS);
  return lines.join('\n') + '\n';
}

/**
 * One line an era, `  <id>  <text>`, the text wrapped under itself: for help texts that list
 * every era of the registry (generated, so that none is left out).
 */
export function eraLines(rows: ReadonlyArray<readonly [string, string]>, width = 96): string[] {
  const idWidth = Math.max(...rows.map(([id]) => id.length));
  const indent = ' '.repeat(idWidth + 4);
  const lines: string[] = [];
  for (const [id, text] of rows) {
    let line = `  ${id.padEnd(idWidth)}  `;
    for (const word of text.split(' ')) {
      if (line.length + word.length > width && line.trim() !== id) {
        lines.push(line.trimEnd());
        line = indent;
      }
      line += `${word} `;
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** The package's version, read through the package's own `exports` (`urispec/package.json`). */
export function version(): string {
  const manifest = createRequire(import.meta.url)('urispec/package.json') as { version: string };
  return manifest.version;
}
