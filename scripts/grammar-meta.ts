// Reads a grammar file's comments into rule metadata (docs/grammar-conventions.md).
//
// Peggy identifiers cannot hold `-` or `+`, and the eras mix `URI-reference` with `net_path`
// and `gopher+_string`, so no mechanical rename of identifiers can be inverted: the spec line
// above each rule is the name map, and the banner above it gives the section.

import type { DiagnosisRow } from '../src/eras/table.js';

export interface RuleMeta {
  /** The name as the spec prints it: `URI-reference`, `gopher+_string`. */
  name: string;
  /** The Peggy identifier: `URI_reference`. */
  id: string;
  /** The spec section that defines it: `3.2.2`. */
  section: string;
  /** The rule as printed, continuation lines joined with newlines. */
  text: string;
  /** A core rule (ALPHA, DIGIT, ...): named in `expected`, never reported as `rule`. */
  core: boolean;
  /** Its body is one character class: a failure inside it is described by its name. */
  charRule: boolean;
  /**
   * The literal its printed definition begins with ("[" of RFC 3986's IP-literal), when it
   * begins with one: the diagnosis reads it (src/diagnosis/rank.ts), also in a per-era entry
   * point, which loads no definition text.
   */
  opens?: string;
  /** `//+` examples: must match with this rule as start rule. */
  matches: string[];
  /** `//-` examples: must not match. */
  rejects: string[];
}

export interface GrammarMeta {
  spec: string;
  title: string;
  date: string;
  defaultRule: string;
  notation: string;
  source: string;
  /** The era whose grammar this one extends (`// @extends rfc3986`: scripts/compose-grammar.ts). */
  extends?: string;
  /** What became of the document since (`// @status obsoleted by RFC 9844 ...`). */
  status?: string;
  /**
   * A later document whose rules the grammar holds, with its date (`// @amended RFC 2732, 1999-12`):
   * the era's date is its own document's, and a reader is told the grammar is younger.
   */
  amended?: string;
  /** What the diagnosis reads of the era's row of the era table (scripts/build-grammars.ts; DiagnosisRow). */
  eraRow?: DiagnosisRow;
  /** Spec rules, in file order (which is the spec's order). */
  rules: RuleMeta[];
  /**
   * PEG-only helper rules (`_name`), each with the `// PEG:` reason; `as`: the Peggy id of the
   * spec rule the helper stands for (`// @as <spec name>`: it matches a string of that rule in
   * its place, and the diagnosis reports it as that rule; docs/grammar-conventions.md); `in`: the
   * Peggy id of the spec rule whose open instance the diagnosis charges what is reported inside
   * the helper to (`// @in <spec name>`: a diagnosis-only part that another rule's reading holds).
   */
  helpers: Array<{ id: string; why: string; as?: string; in?: string }>;
}

/** The subset of Peggy's grammar AST that the metadata needs. */
export interface PeggyRuleNode {
  name: string;
  location: { start: { line: number; offset: number }; end: { offset: number } };
  expression: { type: string; location: { start: { offset: number }; end: { offset: number } } };
}

const HEADER_KEYS = ['spec', 'title', 'date', 'default', 'notation', 'source'] as const;
const OPTIONAL_KEYS = ['extends', 'status', 'amended'] as const;
// `// ----- 3.2.2. Host -----`, `// ----- A. Collected ABNF -----`, `// ----- B.1. Core -----`;
// in a grammar composed on another era's (`@extends`), the base's banners name its document:
// `// ----- RFC 3986 3.2.2. Host -----` is the section `RFC 3986 §3.2.2`.
const BANNER = /^\/\/\s*-{3,}\s*(.*?)\s*-{3,}\s*$/;
const SECTION = /^((?:RFC \d+|draft-[a-z0-9-]+) )?((?:\d+|[A-Z])(?:\.\d+)*)\.?(?:\s|$)/;
// RFC 2141 writes its rule names in angle brackets, one of them with a space: `<URN chars> ::=`;
// RFC 2397 and RFC 2045 write `dataurl :=`.
const SPEC_LINE = /^\/\/\s?(?:<([A-Za-z][A-Za-z0-9 -]*)>|(\S+))\s+(?:=|::=|:=)(?:\s|$)/;
const printedName = (m: RegExpExecArray): string => m[1] ?? m[2]!;

/** The Peggy identifier a spec name must have. */
export function peggyId(specName: string): string {
  return specName.replace(/[^A-Za-z0-9_]/g, '_');
}

export function sectionOf(bannerText: string): string {
  const m = SECTION.exec(bannerText);
  if (!m) throw new Error(`banner "${bannerText}" does not start with a section number`);
  return m[1] ? `${m[1]}§${m[2]!}` : m[2]!;
}

export function extractMeta(text: string, file: string, rules: PeggyRuleNode[]): GrammarMeta {
  const lines = text.split(/\r?\n/);
  const fail = (line: number, msg: string): never => {
    throw new Error(`${file}:${line}: ${msg}`);
  };

  const header: Record<string, string> = {};
  for (const line of lines) {
    const m = /^\/\/\s*@(\w+)\s+(.*\S)\s*$/.exec(line);
    if (m && ([...HEADER_KEYS, ...OPTIONAL_KEYS] as readonly string[]).includes(m[1]!) && !(m[1]! in header)) {
      header[m[1]!] = m[2]!;
    }
  }
  for (const k of HEADER_KEYS) if (!header[k]) fail(1, `header lacks "// @${k} ..."`);

  // The section in force at each line.
  const sectionAt: string[] = [];
  let section = '';
  lines.forEach((line, i) => {
    const m = BANNER.exec(line);
    if (m) section = sectionOf(m[1]!);
    sectionAt[i] = section;
  });

  const meta: GrammarMeta = {
    spec: header.spec!,
    title: header.title!,
    date: header.date!,
    defaultRule: header.default!,
    notation: header.notation!,
    source: header.source!,
    ...(header.extends ? { extends: header.extends } : {}),
    ...(header.status ? { status: header.status } : {}),
    ...(header.amended ? { amended: header.amended } : {}),
    rules: [],
    helpers: [],
  };

  for (const rule of rules) {
    const ruleLine = rule.location.start.line; // 1-based
    // The contiguous comment block directly above the rule.
    const block: string[] = [];
    for (let i = ruleLine - 2; i >= 0 && /^\s*\/\//.test(lines[i]!); i--) block.unshift(lines[i]!.trim());

    if (rule.name.startsWith('_')) {
      const why = block.filter((l) => /^\/\/\s*PEG:/.test(l));
      if (why.length === 0) fail(ruleLine, `helper rule ${rule.name} needs a "// PEG:" line saying why`);
      const tag = (name: string) => block.map((l) => new RegExp(`^//\\s*@${name}\\s+(\\S+)\\s*$`).exec(l)?.[1]).find((rule) => rule !== undefined);
      const [as, within] = [tag('as'), tag('in')];
      if (as !== undefined && within !== undefined) fail(ruleLine, `helper rule ${rule.name} has both "// @as" and "// @in"`);
      meta.helpers.push({
        id: rule.name,
        why: why.join(' ').replace(/\/\/\s*PEG:\s*/g, ''),
        ...(as === undefined ? {} : { as: peggyId(as) }),
        ...(within === undefined ? {} : { in: peggyId(within) }),
      });
      continue;
    }

    const specIndex = block.findIndex((l) => {
      const m = SPEC_LINE.exec(l);
      return m !== null && !l.startsWith('//+') && !l.startsWith('//-') && peggyId(printedName(m)) === rule.name;
    });
    if (specIndex < 0) {
      fail(ruleLine, `rule ${rule.name} needs a spec line "// <name as printed> = ..." directly above it`);
    }
    const specLines = [block[specIndex]!];
    for (let i = specIndex + 1; i < block.length && /^\/\/\s{2,}\S/.test(block[i]!); i++) {
      specLines.push(block[i]!);
    }
    const name = printedName(SPEC_LINE.exec(block[specIndex]!)!);
    if (!sectionAt[ruleLine - 1]) fail(ruleLine, `rule ${name} has no section banner above it`);
    const examples = (sign: '+' | '-') =>
      block
        .filter((l) => l.startsWith(`//${sign} `))
        .map((l) => {
          try {
            return JSON.parse(l.slice(4)) as string;
          } catch {
            return fail(ruleLine, `example ${l} is not a JSON string`);
          }
        });

    meta.rules.push({
      name,
      id: rule.name,
      section: sectionAt[ruleLine - 1]!,
      text: specLines.map((l) => l.replace(/^\/\/\s?/, '')).join('\n'),
      core: block.some((l) => /^\/\/\s*@core\b/.test(l)),
      charRule: rule.expression.type === 'class',
      ...opensOf(specLines.map((l) => l.replace(/^\/\/\s?/, '')).join('\n')),
      matches: examples('+'),
      rejects: examples('-'),
    });
  }

  const names = new Set<string>();
  for (const r of meta.rules) {
    if (names.has(r.name)) fail(1, `rule ${r.name} is defined twice`);
    names.add(r.name);
  }
  if (!names.has(meta.defaultRule)) fail(1, `default rule ${meta.defaultRule} is not a rule of the grammar`);
  for (const h of meta.helpers) {
    if (h.as !== undefined && !meta.rules.some((r) => r.id === h.as)) fail(1, `helper rule ${h.id} stands for ${h.as} ("// @as"), which is no spec rule of the grammar`);
    if (h.in !== undefined && !meta.rules.some((r) => r.id === h.in)) fail(1, `helper rule ${h.id} is charged to ${h.in} ("// @in"), which is no spec rule of the grammar`);
  }
  return meta;
}

/** `{ opens }` when a printed definition's right-hand side begins with a quoted literal. */
function opensOf(text: string): { opens?: string } {
  const eq = text.search(/::=|:=|=/);
  if (eq < 0) return {};
  const m = /^"([^"]+)"/.exec(text.slice(eq).replace(/^(::=|:=|=)\s*/, ''));
  return m ? { opens: m[1]! } : {};
}
