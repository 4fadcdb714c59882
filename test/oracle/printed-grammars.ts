/**
 * Where each era's printed grammar lives and how to read it: the one table the property test
 * and the benchmark share. To add an era, add a row here (and its start rules there).
 */
import { existsSync, readFileSync } from 'node:fs';
import { type Grammar, type Node, type Notation, alt, lit, range } from './ast.js';
import { type ParseOptions, parseGrammar } from './printed.js';

export interface PrintedGrammar {
  spec: string;
  /** Relative to the repository root. */
  file: string;
  notation: Notation;
  /** Meaning of the prose the printed grammar uses (see printed.ts). */
  options?: ParseOptions;
  /** A reading the printed text needs before it has the language the era's decisions give it. */
  amend?: (grammar: Grammar) => void;
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

/** RFC 2396 §2.4.3 prints the same prose as the 1996 draft for control and space. */
const RFC2396_PROSE = {
  ...QUOTE_PROSE,
  'US-ASCII coded characters 00-1F and 7F hexadecimal': alt(range(0x00, 0x1f), range(0x7f)),
  'US-ASCII coded character 20 hexadecimal': lit(' '),
};

/**
 * RFC 2396 as amended by RFC 2732 §3 (docs/decisions/rfc2396.md): RFC 2732 uses `IPv6reference`
 * in host and defines `ipv6reference` (one rule); RFC 2373 Appendix B's DIGIT and HEXDIG are the
 * RFC 2234 core rules, printed verbatim in rfc3986.abnf; and RFC 2373's IPv6address, which as
 * printed cannot derive RFC 2732's own example `::192.9.5.5`, also derives
 * `[ hexseq ] "::" IPv4address` (shared/specs/README.md, known traps).
 */
function amendRfc2396(grammar: Grammar): void {
  const core = loadPrinted('rfc3986');
  for (const name of ['DIGIT', 'HEXDIG']) grammar.rules.set(name, core.rules.get(name)!);
  grammar.rules.set('IPv6reference', { name: 'IPv6reference', body: { type: 'ref', name: 'ipv6reference' } });
  const v6 = grammar.rules.get('IPv6address')!;
  const repair: Node = {
    type: 'seq',
    items: [{ type: 'rep', min: 0, max: 1, item: { type: 'ref', name: 'hexseq' } }, lit('::'), { type: 'ref', name: 'IPv4address' }],
  };
  v6.body = alt(v6.body, repair);
}

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
  rfc2396: {
    spec: 'rfc2396',
    file: 'grammar/printed/rfc2396.bnf',
    notation: 'rfc822',
    options: { prose: RFC2396_PROSE },
    amend: amendRfc2396,
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
    entry.amend?.(grammar);
    loaded.set(spec, grammar);
  }
  return grammar;
}
