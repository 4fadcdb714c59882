/** Plain-text tables for listings; the header is bold when colour is on. */
import { maxOf } from '../large-arrays.js';

export function table(header: string[], rows: string[][], color: boolean): string {
  const widths = header.map((h, i) => maxOf(rows.map((r) => (r[i] ?? '').length), h.length));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const head = line(header);
  return [color ? `\u001b[1m${head}\u001b[22m` : head, ...rows.map(line)].join('\n');
}
