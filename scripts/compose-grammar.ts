// A grammar built on another era's: `// @extends <era>` in a grammar file's header says that its
// rules are added to, or replace, the rules of grammar/<era>.peggy (docs/grammar-conventions.md,
// "An era built on another"). RFC 6874 replaces one rule of RFC 3986 and adds two; the scheme
// profiles (RFC 9110's http-URI, RFC 8089's file-URI, ...) are "RFC 3986 plus rules" too.
//
// The composition is text, before Peggy and before the metadata are read, so everything
// downstream (the three builds, the rule metadata, the exported grammar) sees one ordinary
// grammar file:
//   - the header is the extending file's (its @spec, @title, ...; @extends names the base);
//   - the base's rules follow in the base's order, each with its comment block (spec line,
//     examples, PEG notes), and each banner's section names the base's document
//     (`// ----- RFC 3986 3.2.2. Host -----`, read as the section `RFC 3986 §3.2.2`): the rule
//     is defined there, not in the extending document;
//   - a base rule that the extending file defines again is left out, and the extending file's
//     rules (its banners and blocks, in its order) stand where the first of them was, or at the
//     end when it replaces none; the base's banner in force there is repeated after them.

import peggy from 'peggy';

/** The base era an extending grammar names, or null. */
export function extendsOf(text: string): string | null {
  const m = /^\/\/\s*@extends\s+(\S+)\s*$/m.exec(text);
  return m ? m[1]! : null;
}

const BANNER = /^(\/\/\s*-{3,}\s*)(.*?)(\s*-{3,}\s*)$/;

interface Block {
  /** Peggy id of the rule, or null for text between rules (banners, blank lines). */
  id: string | null;
  lines: string[];
}

/**
 * The grammar's text after its header, as blocks: each rule with the comment block directly
 * above it, and the text between them. The header is everything before the first banner.
 */
function blocks(text: string, file: string): { header: string[]; body: Block[] } {
  const lines = text.split(/\r?\n/);
  const ast = peggy.parser.parse(text, { grammarSource: file, reservedWords: peggy.RESERVED_WORDS });
  const rules = (ast.rules as unknown as Array<{ name: string; location: { start: { line: number }; end: { line: number } } }>).map((r) => ({
    id: r.name,
    first: r.location.start.line - 1,
    last: r.location.end.line - 1,
  }));
  const firstBanner = lines.findIndex((l) => BANNER.test(l));
  if (firstBanner < 0) throw new Error(`${file}: no section banner`);
  const body: Block[] = [];
  let at = firstBanner;
  for (const r of rules) {
    let start = r.first;
    while (start > at && /^\s*\/\//.test(lines[start - 1]!) && !BANNER.test(lines[start - 1]!)) start--;
    if (start > at) body.push({ id: null, lines: lines.slice(at, start) });
    body.push({ id: r.id, lines: lines.slice(start, r.last + 1) });
    at = r.last + 1;
  }
  if (at < lines.length) body.push({ id: null, lines: lines.slice(at) });
  return { header: lines.slice(0, firstBanner), body };
}

/** The document a grammar's title names (`RFC 3986`), for the sections of its rules. */
export function documentOf(text: string, file: string): string {
  const title = /^\/\/\s*@title\s+(.*\S)\s*$/m.exec(text)?.[1] ?? '';
  const named = /\bRFC\s*\d+|\bdraft-[a-z0-9-]+/i.exec(title);
  if (!named) throw new Error(`${file}: its @title names no document for the sections of an extending grammar`);
  return named[0].replace(/^RFC\s*/i, 'RFC ');
}

/**
 * The text of `text` with its @extends resolved (recursively), or `text` itself when it extends
 * nothing. `read(era)` returns the text of grammar/<era>.peggy.
 */
export function composeGrammar(text: string, file: string, read: (era: string) => string, seen: string[] = []): string {
  const baseId = extendsOf(text);
  if (baseId === null) return text;
  if (seen.includes(baseId)) throw new Error(`${file}: @extends cycle ${[...seen, baseId].join(' -> ')}`);
  const baseFile = `grammar/${baseId}.peggy`;
  const baseText = composeGrammar(read(baseId), baseFile, read, [...seen, baseId]);
  const document = documentOf(baseText, baseFile);
  const base = blocks(baseText, baseFile);
  const own = blocks(text, file);
  const ownIds = new Set(own.body.flatMap((b) => (b.id ? [b.id] : [])));

  // Sections of the base's rules name the base's document (a banner already naming one is kept).
  const qualify = (line: string): string => {
    const m = BANNER.exec(line);
    if (!m || !/^(?:\d|[A-Z](?:\.|\s|$))/.test(m[2]!)) return line;
    return `${m[1]}${document} ${m[2]}${m[3]}`;
  };
  let banner = '';
  let placed = false;
  const out: string[] = [...own.header];
  for (const b of base.body) {
    if (b.id === null) {
      const lines = b.lines.map(qualify);
      for (const l of lines) if (BANNER.test(l)) banner = l;
      out.push(...lines);
      continue;
    }
    if (!ownIds.has(b.id)) {
      out.push(...b.lines);
      continue;
    }
    if (placed) continue;
    placed = true;
    out.push(...own.body.flatMap((o) => o.lines), '', banner, '');
  }
  if (!placed) out.push('', ...own.body.flatMap((o) => o.lines));
  return out.join('\n');
}
