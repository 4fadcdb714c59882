// README's table of the specs, generated from the era table (src/eras/table.ts) and the grammar
// headers (title, date, default rule): `npm run docs` rewrites the block between the markers,
// and test/docs.test.ts fails when the committed README differs from what this gives.

import { DEFAULT_ERA, TABLE_IDS, rowOf } from '../src/eras/table.js';
import { eraOf } from '../src/registry.js';
import { documentOf } from '../src/spec-label.js';

export const BEGIN = '<!-- the specs: generated from src/eras/table.ts by `npm run docs` -->';
export const END = '<!-- end of the generated specs -->';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `(2005)` for an RFC; a draft is cited by its month too, `(Oct 1994)`. */
function when(document: string, date: string): string {
  const [year, month] = date.split('-');
  return document.startsWith('RFC ') ? `(${year})` : `(${MONTHS[Number(month) - 1]} ${year})`;
}

/** The Markdown table: id, document, collected grammar, default start rule. */
export function eraTable(): string {
  const lines = ['| id | document | collected grammar | default start rule |', '|---|---|---|---|'];
  for (const id of TABLE_IDS) {
    const row = rowOf(id)!;
    const era = eraOf(id);
    const document = documentOf(era);
    const cells = [
      `\`${id}\`${id === DEFAULT_ERA ? ' (default)' : ''}`,
      `[${document}](${row.url}) ${when(document, era.meta.date)}${row.about ? `, ${row.about}` : ''}`,
      row.grammar,
      `\`${era.meta.defaultRule}\`${row.startRule ? `, ${row.startRule}` : ''}`,
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** The document with its generated table (if it has the markers) made anew. */
export function refreshEraTable(markdown: string): string {
  const start = markdown.indexOf(BEGIN);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) return markdown;
  return `${markdown.slice(0, start + BEGIN.length)}\n${eraTable()}\n${markdown.slice(end)}`;
}
