/**
 * Every list of eras in the texts users read (the README, the package description, docs/*.md,
 * every command's --help) names every era of the registry: a text that names several eras
 * without the others is a list that drifted (issue 15: `resolve --help` named 3 of 5 resolving
 * eras, the package description 4 of 7). The registry is read, never a fixed list, so an era
 * added later fails here until the lists name it.
 *
 * An era list is a paragraph (or a table, or one help text's paragraph) that names at least
 * three eras. One about resolution (it says "resol") must name every era that defines
 * resolution; one about normalization (`urispec normalize --help`) every era that defines
 * normalization; any other must name every era. A paragraph that names eras on purpose without
 * the rest says why just above it: `<!-- eras: not a list -->` (a comparison, an example), or
 * `<!-- eras: measured in one run; ... -->` (a table of one run's measurements).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolvingEras, specs } from '../src/index.js';
import { erasWith } from '../src/eras/table.js';
import { COMMANDS, mainHelp } from '../src/cli/commands.js';
import { runInMemory } from './cli/cli-harness.js';

const ROOT = new URL('../', import.meta.url);

/** The ways a text names an era, from the registry: its id, its document's name, "the YEAR draft(s)". */
function namesOf(era: { id: string; title: string; date: string }): RegExp[] {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const doc = era.title.split(',')[0]!.trim(); // "RFC 3986", "draft-fielding-url-syntax-01"
  const names = [new RegExp(`(?<![\\w-])${esc(era.id)}(?![\\w-])`), new RegExp(`(?<![\\w-])${esc(doc)}(?![\\w-])`)];
  const year = era.date.slice(0, 4);
  if (!/^RFC \d+$/.test(doc)) names.push(new RegExp(`\\b${year} drafts?\\b|\\bdrafts? of ${year}\\b`));
  return names;
}

const ERAS = specs().map((s) => ({ id: s.id, names: namesOf(s) }));

function named(text: string): Set<string> {
  const flat = text.replace(/\s+/g, ' ');
  return new Set(ERAS.filter((e) => e.names.some((n) => n.test(flat))).map((e) => e.id));
}

/** Paragraphs of a markdown text, fenced code left out (console blocks are generated). */
function paragraphs(markdown: string): Array<{ text: string; exempt: boolean }> {
  const out: Array<{ text: string; exempt: boolean }> = [];
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
  let exempt = false;
  for (const block of withoutCode.split(/\n\s*\n/)) {
    if (/^\s*<!-- eras: \S[^>]*-->\s*$/.test(block)) {
      exempt = true;
      continue;
    }
    out.push({ text: block, exempt: exempt || /<!-- eras: \S[^>]*-->/.test(block) });
    exempt = false;
  }
  return out;
}

/**
 * The units a list can be: each sentence (or list item, or table row) of a paragraph, and a
 * table whose rows name eras as a whole (the README's table of specs).
 */
function units(text: string): string[] {
  const lines = text.split('\n');
  const table = lines.filter((l) => l.trimStart().startsWith('|'));
  const rest = lines.filter((l) => !l.trimStart().startsWith('|')).join('\n');
  const sentences = rest.split(/(?<=[.!?])\s+(?=[A-Z`(])|\n(?=\s*[-*] )/);
  const rowsNamingAnEra = table.filter((row) => named(row.split('|')[1] ?? '').size > 0);
  // A table row is a unit only as part of its table: a table of eras (rows that each name one
  // in their first cell) must have a row for every era.
  return [...sentences, ...(rowsNamingAnEra.length >= 3 ? [rowsNamingAnEra.join('\n')] : [])];
}

/** What a list is about: resolution or normalization (only the eras that define it), or anything. */
type Topic = 'resolution' | 'normalization' | 'any';

/**
 * What a list must name, or nothing when the text names too few eras to be a list. In a text
 * about resolution or normalization (`topic` says so), a list must name every era that defines it.
 */
function missing(text: string, topic: Topic = /resol/i.test(text) ? 'resolution' : 'any'): string[] {
  return [...new Set(units(text).flatMap((unit) => {
    const found = named(unit);
    if (found.size < 3) return [];
    const all = topic === 'resolution' ? resolvingEras() : topic === 'normalization' ? erasWith('normalization') : ERAS.map((e) => e.id);
    return all.filter((id) => !found.has(id));
  }))];
}

function check(where: string, text: string, topic?: Topic): string[] {
  const m = missing(text, topic);
  return m.length === 0 ? [] : [`${where}: "${text.trim().slice(0, 90).replace(/\s+/g, ' ')}..." lacks ${m.join(', ')}`];
}

describe('every list of eras names every era of the registry', () => {
  it('names each era at least one way', () => {
    for (const e of ERAS) expect(e.names.length, e.id).toBeGreaterThan(1);
  });

  it('README.md and docs/*.md', () => {
    const files = ['README.md', ...readdirSync(new URL('docs/', ROOT)).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
    const problems = files.flatMap((f) =>
      paragraphs(readFileSync(new URL(f, ROOT), 'utf8')).flatMap((p, i) => (p.exempt ? [] : check(`${f} ¶${i + 1}`, p.text))),
    );
    expect(problems).toEqual([]);
  });

  it('the package description', () => {
    const { description } = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { description: string };
    expect(check('package.json description', description)).toEqual([]);
  });

  it('every command\'s --help, and the main help', async () => {
    const problems = check('urispec --help', mainHelp());
    for (const c of COMMANDS) {
      const r = await runInMemory([c.name, '--help']);
      for (const [i, p] of r.stdout.split(/\n\s*\n/).entries()) {
        const topic = c.name === 'resolve' || /resol/i.test(p) ? 'resolution' : c.name === 'normalize' ? 'normalization' : 'any';
        problems.push(...check(`urispec ${c.name} --help ¶${i + 1}`, p, topic));
      }
    }
    expect(problems).toEqual([]);
  });

  it('a list that lacks an era fails (the check itself)', () => {
    expect(missing('RFC 3986, RFC 2396 and RFC 1808')).not.toEqual([]);
    expect(missing('resolution by RFC 3986 §5.2, the 1996 draft\'s §6, RFC 1808 §4')).toContain('rfc2396');
    expect(missing(ERAS.map((e) => e.id).join(', '))).toEqual([]);
    expect(missing('RFC 3986 and RFC 1808')).toEqual([]);
    expect(missing('rfc3986, rfc3987 or rfc1808', 'normalization')).toContain('rfc9110');
    expect(missing(erasWith('normalization').join(', '), 'normalization')).toEqual([]);
  });
});
