/**
 * Each rule's `section` (the contract: "the spec section that defines `rule`", which the
 * message names with its document) read back in the spec's own text, shared/specs/<rfc>.txt:
 * where the text prints the rule's definition (`name = ...`, `name ::= ...`, `<name> ::= ...`
 * at the start of a line, indented or not), the section is one of those it is printed under.
 * A section that names its document (`RFC 3986 §3.2.2` in a composed era, `RFC 2732 §3`) is read
 * in that document's text; the drafts' texts are the ones the project was made from
 * (shared/seeds/). A section whose document's text is not here (RFC 2373, url-03's, which prints
 * no `=`) is not checked, and the test says how many it left.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eras } from '#generated';

const SPECS = new URL('../../shared/specs/', import.meta.url);
/** The drafts' texts, which only the documents the project was made from hold (shared/seeds/). */
const DRAFTS: Readonly<Record<string, URL>> = {
  'draft-fielding-url-syntax-01': new URL('../../shared/seeds/000_cb2be9cfbe6e4d67.txt', import.meta.url),
  'draft-ietf-uri-relative-url-01': new URL('../../shared/seeds/002_7d4e1c79a1fbd374.txt', import.meta.url),
};

/** A section heading at the start of a line: `3.2.2.  Host`, `Appendix A.  Collected ABNF`, `E.3.2.  <file> URI`. */
const HEADING = /^(?:Appendix\s+)?((?:\d+|[A-Z])(?:\.\d+)*)\.?\s{1,3}\S/;
/** A table-of-contents line: dots or spaces leading to a page number. */
const CONTENTS = /(\.\s?){4,}\s*\d+\s*$/;

interface SpecText {
  /** Each line's section, in the order the text prints them. */
  sectionAt: string[];
  lines: string[];
}

const texts = new Map<string, SpecText | null>();

/** The text of `RFC n` (its file under shared/specs), with each line's section; null when it is not there. */
function textOf(document: string): SpecText | null {
  if (texts.has(document)) return texts.get(document)!;
  const rfc = /^RFC (\d+)$/.exec(document);
  const file = rfc ? new URL(`rfc${rfc[1]!.padStart(4, '0')}.txt`, SPECS) : (DRAFTS[document] ?? null);
  let text: SpecText | null = null;
  if (file && existsSync(file)) {
    const lines = readFileSync(file, 'utf8').split('\n');
    const sectionAt: string[] = [];
    let section = '';
    for (const line of lines) {
      const m = HEADING.exec(line);
      if (m && !CONTENTS.test(line)) section = m[1]!;
      sectionAt.push(section);
    }
    text = { lines, sectionAt };
  }
  texts.set(document, text);
  return text;
}

/** The sections under which `text` prints a definition of `name`. */
function definedUnder(text: SpecText, name: string): Set<string> {
  const quoted = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const definition = new RegExp(`^\\s*(?:<${quoted}>|${quoted})\\s+(?:=|::=|:=)(?:\\s|$)`);
  const out = new Set<string>();
  text.lines.forEach((line, i) => {
    if (definition.test(line)) out.add(text.sectionAt[i]!);
  });
  return out;
}

/** The document of an era: `RFC 3986` for rfc3986; a draft by its name (`// @title`). */
const documentOfEra = (spec: string, title: string): string | null =>
  /^rfc(\d+)$/.exec(spec) ? `RFC ${spec.slice(3)}` : (/\bdraft-[a-z0-9-]+/.exec(title)?.[0] ?? null);

describe('each rule\'s section is where the spec\'s text defines it', () => {
  for (const era of eras) {
    const spec = era.meta.spec;
    it(`${spec}`, (ctx) => {
      const problems: string[] = [];
      let checked = 0;
      let unread = 0;
      for (const rule of era.meta.rules) {
        const named = /^(RFC \d+) §(.+)$/.exec(rule.section);
        const document = named ? named[1]! : documentOfEra(spec, era.meta.title);
        const section = named ? named[2]! : rule.section;
        const text = document ? textOf(document) : null;
        const under = text ? definedUnder(text, rule.name) : new Set<string>();
        if (under.size === 0) {
          // A document whose text is here and does not print the rule is no section of it: the
          // rule is another document's (RFC 2234's core rules, which RFC 3986 §1.3 only names),
          // or a reading the shown definition says is not printed (RFC 8141's alphanum).
          if (text && !/not printed/.test(rule.text)) problems.push(`${rule.name}: section ${rule.section}, but ${document} does not print it, and its definition does not say so`);
          unread++;
          continue;
        }
        checked++;
        if (!under.has(section)) problems.push(`${rule.name}: section ${rule.section}, but ${document} defines it under ${[...under].join(', ')}`);
      }
      if (checked === 0) ctx.skip(`no definition of ${spec}'s ${unread} rules found, as "name =", "::=" or ":=", in a text under shared/specs or shared/seeds`);
      expect(problems).toEqual([]);
    });
  }
});
