/**
 * Where each era's printed grammar lives and how to read it: the one table the property test
 * and the benchmark share. To add an era, add a row here (and its start rules there).
 */
import { existsSync, readFileSync } from 'node:fs';
import { type Grammar, type Node, type Notation, alt, lit, range } from './ast.js';
import { type ParseOptions, parseGrammar } from './printed.js';
import { compileRule } from './regex.js';

export interface PrintedGrammar {
  spec: string;
  /** Relative to the repository root. */
  file: string;
  notation: Notation;
  /** Meaning of the prose the printed grammar uses (see printed.ts). */
  options?: ParseOptions;
  /** For a printed notation printed.ts does not read: the same rules as RFC 822 text. */
  read?: (printed: string) => string;
  /** A reading the printed text needs before it has the language the era's decisions give it. */
  amend?: (grammar: Grammar) => void;
}

/** RFC 1738 §5, RFC 1808 §2.2 and the 1996 draft §2.4 print `<">` for the double quote. */
const QUOTE_PROSE = { '"': lit('"') };

/**
 * The prose sets of the 1996 draft §2.3.3, as its words say. `national` is every character
 * outside the other five sets; those five cover all of US-ASCII (every printable character
 * is named in reserved, unreserved, delims or unwise), so it is every character from U+0080
 * on. A character is a Unicode scalar value (docs/decisions.md, the 1996 draft's `national`):
 * in UTF-16, one code unit outside the surrogates or a high surrogate followed by a low one; a
 * lone surrogate encodes no character.
 */
const DRAFT_1996_PROSE = {
  ...QUOTE_PROSE,
  'US-ASCII coded characters 00-1F and 7F hexadecimal': alt(range(0x00, 0x1f), range(0x7f)),
  'US-ASCII coded character 20 hexadecimal': lit(' '),
  'Any character not in the reserved, unreserved, control, space, delims, or unwise sets': alt(
    range(0x80, 0xd7ff),
    range(0xe000, 0xffff),
    { type: 'seq', items: [range(0xd800, 0xdbff), range(0xdc00, 0xdfff)] },
  ),
};

/** RFC 2396 §2.4.3 prints the same prose as the 1996 draft for control and space. */
const RFC2396_PROSE = {
  ...QUOTE_PROSE,
  'US-ASCII coded characters 00-1F and 7F hexadecimal': alt(range(0x00, 0x1f), range(0x7f)),
  'US-ASCII coded character 20 hexadecimal': lit(' '),
};

/**
 * RFC 2396 as amended by RFC 2732 §3 (docs/decisions.md, "rfc2396: RFC 2396 with RFC 2732 (1998, 1999)"): RFC 2732 uses `IPv6reference`
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

/**
 * draft-ietf-uri-url-03 prints its BNF in a notation of its own: a rule is its name (two spaces
 * in) and its definition in a second column, continued on lines indented further, with no "="
 * and no quotes. "A vertical line "|" indicates alternatives, and [brackets] indicate optional
 * parts. Spaces are represented by the word "space", and the vertical line character by
 * "vline". Single letters stand for single letters. All words of more than one letter below
 * are entities". This reads it into RFC 822 text: every single character quoted, every word a
 * rule name, `|` and `[ ]` kept. The repairs are docs/decisions.md, "draft-ietf-uri-url-03 (March 1994)"'s
 * (each must find its printed text, or the read fails). The draft uses addr-spec and
 * content-identifier without defining them: addr-spec is RFC 822 §6.1's, with the §3.3
 * rules it needs ("/" written "|", the prose sets in URL03_PROSE), and content-identifier is
 * read as addr-spec.
 */
const URL03_REPAIRS: Record<string, { name?: string; printed?: string; read?: string }> = {
  'ur l': { name: 'url' },
  mailtoaddress: { printed: 'm a i l t o : : xalphas @ hostname', read: 'm a i l t o : xalphas @ hostname' },
  xpalphas: { printed: 'xpalpha [ xpalpha ]', read: 'xpalpha [ xpalphas ]' },
  // `[ | ]` are the bracket characters: an optional part holding an empty alternative is no definition.
  national: { printed: '{ | } | vline | [ | ] | \\ | ^ | ~', read: '{ | } | vline | lbracket | rbracket | \\ | ^ | ~' },
};
const URL03_WORDS: Record<string, string> = { space: '" "', vline: '"|"', lbracket: '"["', rbracket: '"]"' };
const URL03_RFC822 = `
addr-spec = local-part "@" domain
local-part = word *("." word)
domain = sub-domain *("." sub-domain)
sub-domain = domain-ref | domain-literal
domain-ref = atom
domain-literal = "[" *(dtext | quoted-pair) "]"
word = atom | quoted-string
atom = 1*<any CHAR except specials, SPACE and CTLs>
quoted-string = <"> *(qtext | quoted-pair) <">
qtext = <any CHAR excepting the quote mark, backslash and CR> | linear-white-space
dtext = <any CHAR excluding [, ], backslash and CR> | linear-white-space
linear-white-space = 1*([<CRLF>] LWSP-char)
LWSP-char = " " | <HTAB>
quoted-pair = <backslash> <CHAR>
content-identifier = addr-spec
`;
/** RFC 822 §3.3: CHAR is 0-127, CTL 0-31 and 127, specials ( ) < > @ , ; : \\ <"> . [ ]. */
const URL03_PROSE = {
  ...QUOTE_PROSE,
  'any CHAR except specials, SPACE and CTLs': alt(
    range(0x21), range(0x23, 0x27), range(0x2a, 0x2b), range(0x2d), range(0x2f, 0x39), range(0x3d), range(0x3f),
    range(0x41, 0x5a), range(0x5e, 0x7e),
  ),
  'any CHAR excepting the quote mark, backslash and CR': alt(range(0x00, 0x0c), range(0x0e, 0x21), range(0x23, 0x5b), range(0x5d, 0x7f)),
  'any CHAR excluding [, ], backslash and CR': alt(range(0x00, 0x0c), range(0x0e, 0x5a), range(0x5e, 0x7f)),
  CRLF: lit('\r\n'),
  HTAB: lit('\t'),
  backslash: lit('\\'),
  CHAR: range(0x00, 0x7f),
};

function readUrl03(printed: string): string {
  const rules: Array<{ name: string; def: string }> = [];
  for (const line of printed.split('\n')) {
    if (line.startsWith(';') || line.trim() === '') continue;
    const start = /^ {2}(\S+(?: \S+)*)(?: {2,}(.*))?$/.exec(line.trimEnd());
    if (start) rules.push({ name: start[1]!, def: start[2] ?? '' });
    else if (/^ {3,}\S/.test(line) && rules.length > 0) rules[rules.length - 1]!.def += ` ${line.trim()}`;
    else throw new Error(`draft-ietf-uri-url-03: unreadable line ${JSON.stringify(line)}`);
  }
  const used = new Set<string>();
  const out = rules.map(({ name, def }) => {
    let text = def.trim().replace(/\s+/g, ' ');
    const repair = URL03_REPAIRS[name];
    if (repair) used.add(name);
    if (repair?.printed !== undefined) {
      if (text !== repair.printed) throw new Error(`draft-ietf-uri-url-03: ${name} is not printed as ${repair.printed}`);
      text = repair.read!;
    }
    const tokens = text === '' ? [] : text.replace(/([[\]|])/g, ' $1 ').trim().split(/\s+/);
    const body = tokens.map((t) => {
      if (t === '|' || t === '[' || t === ']') return t;
      if (t.length === 1) return t === '"' ? '<">' : `"${t}"`;
      if (URL03_WORDS[t]) return URL03_WORDS[t];
      if (/^[A-Za-z][A-Za-z0-9-]*$/.test(t)) return t;
      throw new Error(`draft-ietf-uri-url-03: ${name}: unreadable token ${JSON.stringify(t)}`);
    });
    return `${repair?.name ?? name} = ${body.length > 0 ? body.join(' ') : '""'}`;
  });
  for (const name of Object.keys(URL03_REPAIRS)) {
    if (!used.has(name)) throw new Error(`draft-ietf-uri-url-03: no printed rule ${name} to repair`);
  }
  return `${out.join('\n')}\n${URL03_RFC822}`;
}

/**
 * The contract's reading of RFC 1738 `url` (docs/contract, "RFC 1738's `url` with scheme
 * dispatch"): a URL whose scheme is one of the ten schemes RFC 1738 defines must match that
 * scheme's rule `<scheme>url`; any other scheme matches `otherurl`. The one list the oracles
 * share.
 */
export const RFC1738_DISPATCH_SCHEMES = ['ftp', 'http', 'gopher', 'mailto', 'news', 'nntp', 'telnet', 'wais', 'file', 'prospero'] as const;

/**
 * RFC 6570 with Errata ID 6937 (Verified; shared/specs/README.md, "Errata"): `literals` admits
 * "'" (%x27), i.e. `%x26 / %x28-3B` reads `%x26-3B`. The printed text stays verbatim.
 */
function amendRfc6570(grammar: Grammar): void {
  const literals = grammar.rules.get('literals')!;
  literals.body = alt(literals.body, range(0x27));
}

/**
 * RFC 6874 §2: "The rule quoted above from the previous URI syntax specification [RFC3986] is
 * replaced by three rules": the printed file holds those three; every other rule is RFC 3986
 * Appendix A's, as printed.
 */
function onRfc3986(grammar: Grammar): void {
  for (const [name, rule] of loadPrinted('rfc3986').rules) if (!grammar.rules.has(name)) grammar.rules.set(name, rule);
}

/**
 * RFC 8141 §2: "Rules not defined here (specifically: alphanum, fragment, and pchar) are defined
 * as part of the URI syntax [RFC3986]". RFC 3986 defines no alphanum: read as ALPHA / DIGIT
 * (docs/decisions.md, "rfc8141"; RFC 2396 §1.6 `alphanum = alpha | digit`).
 */
function amendRfc8141(grammar: Grammar): void {
  onRfc3986(grammar);
  grammar.rules.set('alphanum', { name: 'alphanum', body: alt({ type: 'ref', name: 'ALPHA' }, { type: 'ref', name: 'DIGIT' }) });
}

/**
 * RFC 2141 §2 prints its BNF with rule names in angle brackets (`<URN chars>` holds a space),
 * `::=`, and one repetition written `1,31<let-num-hyp>`. This reads it into RFC 822 text, and
 * repairs what no BNF reader takes (each repair must find its printed text, or the read fails;
 * docs/decisions.md, "rfc2141"): the mismatched quotes of `'%"`, and `"""` for the double quote.
 * A name's space becomes "_" here and comes back in amendRfc2141.
 */
const RFC2141_REPAIRS: Array<[string, string]> = [
  [`::= '%"`, '::= "%"'],
  ['| """ |', '| <"> |'],
  ['[ 1,31<let-num-hyp> ]', '[ 1*31<let-num-hyp> ]'],
  ['::= octets 1-32 (1-20 hex)', '::= <octets 1-32>'],
  ['| octets 127-255 (7F-FF hex)', '| <octets 127-255>'],
];

function readRfc2141(printed: string): string {
  let text = printed;
  for (const [from, to] of RFC2141_REPAIRS) {
    if (!text.includes(from)) throw new Error(`rfc2141: no printed ${from} to repair`);
    text = text.replace(from, to);
  }
  return text.replace(/<([A-Za-z][A-Za-z -]*)>/g, (_m, name: string) => name.replace(/ /g, '_'));
}

/** "octets 1-32" and "octets 127-255" are the characters of those numbers (docs/decisions.md). */
const RFC2141_PROSE = { ...QUOTE_PROSE, 'octets 1-32': range(0x01, 0x20), 'octets 127-255': range(0x7f, 0xff) };

/**
 * The readings of RFC 2141 (docs/decisions.md, "rfc2141"): "The leading "urn:" sequence is
 * case-insensitive" (§2); a "%" in an URN "MUST be followed by two characters from the <hex>
 * character set" (§2.3.1), so `<URN chars>` derives "%" only in `"%" <hex> <hex>` (its
 * `<trans>` without the "%" of `<reserved>`); and `URN_chars` is the printed `URN chars`.
 */
function amendRfc2141(grammar: Grammar): void {
  const ref = (name: string): Node => ({ type: 'ref', name });
  const urn = grammar.rules.get('URN')!;
  if (urn.body.type !== 'seq' || urn.body.items[0]?.type !== 'lit' || urn.body.items[0].text !== 'urn:') {
    throw new Error('rfc2141: <URN> does not begin with "urn:"');
  }
  urn.body.items[0] = lit('urn:', true);
  const chars = grammar.rules.get('URN_chars')!;
  // <trans> and its <reserved> without "%", each still named as printed (a rule's key is not its
  // name: the printed <trans> and <reserved> stay start rules with their "%").
  const reservedKey = '<reserved> without "%"';
  const transKey = '<trans> without "%"';
  const reserved = grammar.rules.get('reserved')!.body;
  if (reserved.type !== 'alt' || !reserved.items.some((item) => item.type === 'lit' && item.text === '%')) throw new Error('rfc2141: <reserved> holds no "%"');
  const trans = grammar.rules.get('trans')!.body;
  if (trans.type !== 'alt' || !trans.items.some((item) => item.type === 'ref' && item.name === 'reserved')) throw new Error('rfc2141: <trans> holds no <reserved>');
  grammar.readings = new Map([
    [reservedKey, { name: 'reserved', body: alt(...reserved.items.filter((item) => !(item.type === 'lit' && item.text === '%'))) }],
    [transKey, { name: 'trans', body: alt(...trans.items.map((item) => (item.type === 'ref' && item.name === 'reserved' ? ref(reservedKey) : item))) }],
  ]);
  const transWithoutPercent: Node = ref(transKey);
  const percentEscape = { type: 'seq', items: [lit('%'), ref('hex'), ref('hex')] } as Node;
  const rules = [...grammar.rules];
  grammar.rules.clear();
  for (const [key, rule] of rules) {
    if (rule === chars) grammar.rules.set('URN chars', { name: 'URN chars', body: alt(transWithoutPercent, percentEscape) });
    else grammar.rules.set(key, rule);
  }
  grammar.rules.get('NSS')!.body = { type: 'rep', min: 1, max: null, item: ref('URN chars') };
}

/**
 * RFC 6068 §2 on RFC 3986 (unreserved, pct-encoded) and RFC 5322 (dot-atom-text,
 * quoted-string), with §2's changes that name productions (docs/decisions.md, "rfc6068"):
 * "excluding <comment> from [RFC5322]", "<obs-local-part> and <NO-WS-CTL> as defined in
 * [RFC5322] MUST NOT be used" (obs-qtext, obs-qp), and "Whitespace and comments within
 * <local-part> and <domain> MUST NOT be used" ([CFWS] and [FWS] around and in quoted-string).
 * Each change must find the printed alternative it drops, or the read fails.
 */
function amendRfc6068(grammar: Grammar): void {
  onRfc3986(grammar);
  const ref = (name: string): Node => ({ type: 'ref', name });
  const dropLast = (name: string, last: string): void => {
    const rule = grammar.rules.get(name)!;
    const items = rule.body.type === 'alt' ? rule.body.items : [];
    const tail = items[items.length - 1];
    if (tail?.type !== 'ref' || tail.name !== last) throw new Error(`rfc6068: ${name} does not end in ${last}`);
    rule.body = alt(...items.slice(0, -1));
  };
  dropLast('qtext', 'obs-qtext');
  dropLast('quoted-pair', 'obs-qp');
  const quoted = grammar.rules.get('quoted-string')!;
  if (quoted.body.type !== 'seq' || quoted.body.items.length !== 6) throw new Error('rfc6068: quoted-string is not as printed');
  quoted.body = { type: 'seq', items: [ref('DQUOTE'), { type: 'rep', min: 0, max: null, item: ref('qcontent') }, ref('DQUOTE')] };
}

/**
 * RFC 2397 §3 on RFC 2396 (with RFC 2732: the rfc2396 era) and RFC 2045 (docs/decisions.md,
 * "rfc2397"): "urlchar" is "imported from [RFC2396]", which defines none: RFC 2396's `uric`;
 * "type", "subtype", "attribute" and "value" are RFC 2045 tokens "represented using URL escaped
 * encoding of [RFC2396] as necessary": `1*( c / escaped )` where c is a character of RFC 2045's
 * token (US-ASCII, not SPACE, a CTL or a tspecial) that is also an RFC 2396 urlchar.
 */
function readRfc2397(printed: string): string {
  return printed.replace(/ := /g, ' = ');
}

const RFC2045_TSPECIALS = '()<>@,;:\\"/[]?=';

function amendRfc2397(grammar: Grammar): void {
  for (const [name, rule] of loadPrinted('rfc2396').rules) if (!grammar.rules.has(name)) grammar.rules.set(name, rule);
  const ref = (name: string): Node => ({ type: 'ref', name });
  const uric = compileRule(grammar, 'uric');
  const alphanum = compileRule(grammar, 'alphanum');
  // The token's letters and digits are RFC 2396's alphanum, as the decision reads them (ALPHA
  // and DIGIT among the urlchars): the same characters, the rule the diagnosis names for them.
  const tokenChars: Node[] = [ref('alphanum')];
  let letters = 0;
  for (let c = 0x21; c < 0x7f; c++) {
    const ch = String.fromCharCode(c);
    if (RFC2045_TSPECIALS.includes(ch) || ch === '%' || !uric.test(ch)) continue;
    if (alphanum.test(ch)) letters++;
    else tokenChars.push(lit(ch));
  }
  if (letters !== 62 || [...Array(0x80).keys()].some((c) => alphanum.test(String.fromCharCode(c)) !== /[A-Za-z0-9]/.test(String.fromCharCode(c)))) {
    throw new Error('rfc2397: alphanum is not the 62 letters and digits of a token');
  }
  grammar.rules.set('urlchar', { name: 'urlchar', body: ref('uric') });
  grammar.rules.set('token', { name: 'token', body: { type: 'rep', min: 1, max: null, item: alt(...tokenChars, ref('escaped')) } });
  for (const name of ['type', 'subtype', 'attribute', 'value']) grammar.rules.set(name, { name, body: ref('token') });
}

/**
 * grammar/printed/rfc8089.abnf holds §2, then after the line "; Appendix F" Appendix F's
 * collected nonstandard rules, both verbatim. Each rule is its line `name = ...` with the lines
 * indented below it.
 */
function rfc8089Parts(printed: string): { section2: string; appendixF: string } {
  const at = printed.indexOf('\n; Appendix F\n');
  if (at < 0) throw new Error('rfc8089: no "; Appendix F" line');
  return { section2: printed.slice(0, at), appendixF: printed.slice(at) };
}

function ruleBlocks(text: string): Map<string, string> {
  const blocks = new Map<string, string>();
  let name: string | undefined;
  for (const line of text.split('\n')) {
    const m = /^\s+([A-Za-z][A-Za-z0-9-]*)\s+=/.exec(line);
    if (m) blocks.set((name = m[1]!), line);
    else if (name !== undefined && /^\s+\//.test(line)) blocks.set(name, `${blocks.get(name)!}\n${line}`);
    else if (line.trim() === '' || line.startsWith(';')) name = undefined;
  }
  return blocks;
}

/** The era: §2, and the rules of Appendix F that §2 does not define (docs/decisions.md, "rfc8089"). */
function readRfc8089(printed: string): string {
  const { section2, appendixF } = rfc8089Parts(printed);
  const own = ruleBlocks(section2);
  const added = [...ruleBlocks(appendixF)].filter(([name]) => !own.has(name)).map(([, block]) => block);
  if (added.length !== 5) throw new Error(`rfc8089: Appendix F adds ${added.length} rules, not 5`);
  return `${section2}\n${added.join('\n')}\n`;
}

/** The appendixE option: Appendix F whole, "the collected syntax rules for all optional appendices". */
function readRfc8089AppendixF(printed: string): string {
  return rfc8089Parts(printed).appendixF;
}

export const PRINTED_GRAMMARS: Record<string, PrintedGrammar> = {
  rfc3986: { spec: 'rfc3986', file: 'grammar/printed/rfc3986.abnf', notation: 'abnf' },
  // §2.2 in full: its own rules and the RFC 3986 rules it lists, with the RFC 2234 core rules.
  rfc3987: { spec: 'rfc3987', file: 'grammar/printed/rfc3987.abnf', notation: 'abnf' },
  rfc6874: { spec: 'rfc6874', file: 'grammar/printed/rfc6874.abnf', notation: 'abnf', amend: onRfc3986 },
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
  'draft-ietf-uri-url-03': {
    spec: 'draft-ietf-uri-url-03',
    file: 'grammar/printed/draft-ietf-uri-url-03.bnf',
    notation: 'rfc822',
    options: { prose: URL03_PROSE },
    read: readUrl03,
  },
  'draft-ietf-uri-relative-url-01': { spec: 'draft-ietf-uri-relative-url-01', file: 'grammar/printed/draft-ietf-uri-relative-url-01.bnf', notation: 'rfc822', options: { prose: QUOTE_PROSE } },
  rfc6570: { spec: 'rfc6570', file: 'grammar/printed/rfc6570.abnf', notation: 'abnf', amend: amendRfc6570 },
  // RFC 8089 §2 imports host and path-absolute from RFC 3986; RFC 6874's zone identifiers are
  // not read in (docs/decisions.md, "rfc8089": RFC 9844 reverted RFC 6874's change to RFC 3986).
  rfc8089: { spec: 'rfc8089', file: 'grammar/printed/rfc8089.abnf', notation: 'abnf', read: readRfc8089, amend: onRfc3986 },
  // The `appendixE` option's reading: Appendix F's collected rules (not an era of its own).
  'rfc8089-appendix-e': { spec: 'rfc8089', file: 'grammar/printed/rfc8089.abnf', notation: 'abnf', read: readRfc8089AppendixF, amend: onRfc3986 },
  rfc8141: { spec: 'rfc8141', file: 'grammar/printed/rfc8141.abnf', notation: 'abnf', amend: amendRfc8141 },
  // RFC 9110 §4.1: the rules of §4.2 not defined there are "adopted from the URI generic syntax".
  rfc9110: { spec: 'rfc9110', file: 'grammar/printed/rfc9110.abnf', notation: 'abnf', amend: onRfc3986 },
  rfc6068: { spec: 'rfc6068', file: 'grammar/printed/rfc6068.abnf', notation: 'abnf', amend: amendRfc6068 },
  rfc2397: { spec: 'rfc2397', file: 'grammar/printed/rfc2397.bnf', notation: 'rfc822', read: readRfc2397, amend: amendRfc2397 },
  rfc2141: {
    spec: 'rfc2141',
    file: 'grammar/printed/rfc2141.bnf',
    notation: 'rfc822',
    options: { prose: RFC2141_PROSE },
    read: readRfc2141,
    amend: amendRfc2141,
  },
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
    const printed = readFileSync(printedPath(spec), 'utf8');
    grammar = parseGrammar(entry.read ? entry.read(printed) : printed, entry.notation, entry.options);
    entry.amend?.(grammar);
    loaded.set(spec, grammar);
  }
  return grammar;
}
