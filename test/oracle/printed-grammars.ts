/**
 * Where each era's printed grammar lives and how to read it: the one table the property test
 * and the benchmark share. To add an era, add a row here (and its start rules there).
 */
import { existsSync, readFileSync } from 'node:fs';
import { type Grammar, type Notation, alt, lit, range } from './ast.js';
import { type ParseOptions, parseGrammar } from './printed.js';

export interface PrintedGrammar {
  spec: string;
  /** Relative to the repository root. */
  file: string;
  notation: Notation;
  /** Meaning of the prose the printed grammar uses (see printed.ts). */
  options?: ParseOptions;
}

/** RFC 1738 §5, RFC 1808 §2.2 and the 1996 draft §2.4 print `<">` for the double quote. */
const QUOTE_PROSE = { '"': lit('"') };

/**
 * The prose sets of the 1996 draft §2.3.3, as its words say. `national` is every character
 * outside the other five sets; those five cover all of US-ASCII (every printable character
 * is named in reserved, unreserved, delims or unwise), so it is everything from U+0080 on
 * (UTF-16 code units, as JavaScript strings hold them).
 */
const DRAFT_1996_PROSE = {
  ...QUOTE_PROSE,
  'US-ASCII coded characters 00-1F and 7F hexadecimal': alt(range(0x00, 0x1f), range(0x7f)),
  'US-ASCII coded character 20 hexadecimal': lit(' '),
  'Any character not in the reserved, unreserved, control, space, delims, or unwise sets': range(0x80, 0xffff),
};

export const PRINTED_GRAMMARS: Record<string, PrintedGrammar> = {
  rfc3986: { spec: 'rfc3986', file: 'grammar/printed/rfc3986.abnf', notation: 'abnf' },
  rfc1808: { spec: 'rfc1808', file: 'grammar/printed/rfc1808.bnf', notation: 'rfc822', options: { prose: QUOTE_PROSE } },
  // RFC 1738 §5 prints a bare `/` in `gopherurl` ("[ / [ gtype"): read as the literal it evidently is.
  rfc1738: { spec: 'rfc1738', file: 'grammar/printed/rfc1738.bnf', notation: 'rfc822', options: { prose: QUOTE_PROSE, bareLiterals: ['/'] } },
  'rfc2396-draft': {
    spec: 'rfc2396-draft',
    file: 'grammar/printed/rfc2396-draft.bnf',
    notation: 'rfc822',
    options: { prose: DRAFT_1996_PROSE },
  },
  'draft-ietf-uri-relative-url-01': { spec: 'draft-ietf-uri-relative-url-01', file: 'grammar/printed/draft-ietf-uri-relative-url-01.bnf', notation: 'rfc822', options: { prose: QUOTE_PROSE } },
};

const ROOT = new URL('../../', import.meta.url);

export function printedPath(spec: string): URL {
  const entry = PRINTED_GRAMMARS[spec];
  if (!entry) throw new Error(`no printed grammar registered for ${spec}`);
  return new URL(entry.file, ROOT);
}

export function hasPrinted(spec: string): boolean {
  return spec in PRINTED_GRAMMARS && existsSync(printedPath(spec));
}

const loaded = new Map<string, Grammar>();

/** The parsed printed grammar of `spec` (cached). */
export function loadPrinted(spec: string): Grammar {
  let grammar = loaded.get(spec);
  if (!grammar) {
    const entry = PRINTED_GRAMMARS[spec]!;
    grammar = parseGrammar(readFileSync(printedPath(spec), 'utf8'), entry.notation, entry.options);
    loaded.set(spec, grammar);
  }
  return grammar;
}
