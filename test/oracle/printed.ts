/**
 * Parse a grammar as the RFC prints it into the oracle's AST. This parser is written
 * independently of the Peggy grammars on purpose: it reads the spec's own text, so the
 * languages it yields are the reference the grammars are checked against.
 *
 * Two notations:
 * - `abnf`: RFC 2234 (used by RFC 3986). `/` alternatives, `*`, `n*m`, `nX`, `[ ]`, `( )`,
 *   quoted strings case-insensitive (§2.3), `%x`/`%d`/`%b` values with `-` ranges and `.`
 *   concatenations (§3.4), `;` comments, `=/` incremental alternatives (§3.3), `<prose>` (§4).
 * - `rfc822`: RFC 822 §2 as amended by RFC 1738/1808 ("`|` is used to designate
 *   alternatives"). `[ ]` optional, `*x`, `n*m x`, `nx`, `( )`, `;` comments, `<prose>`.
 *   Quoted strings are case-SENSITIVE: a project decision (docs/contract: RFC 1738 writes
 *   `scheme` with `lowalpha`, so the RFC 822 era meant exact characters).
 *
 * In both, concatenation binds tighter than alternation (RFC 2234 §3.10; RFC 822 §2.2 lists
 * alternatives of whole sequences). Rules are split where a name is followed by `=`, so the
 * indentation of the printed text does not matter; page headers/footers must be stripped
 * by whoever copies the text.
 *
 * `<prose>` has no formal meaning, so it is an error unless the caller maps it (by its
 * whitespace-normalised text) to a replacement. The one exception is ABNF's `0<pchar>`
 * (RFC 3986 `path-empty`): zero repetitions of anything is the empty string.
 */
import { type Grammar, type Node, type Notation, EMPTY } from './ast.js';

export interface ParseOptions {
  /** Prose text (whitespace collapsed, without the angle brackets) to a sub-expression. */
  prose?: Record<string, Node | string>;
  /**
   * Characters that, written unquoted in an RFC 822 grammar, stand for themselves (e.g.
   * RFC 1738 §5 `gopherurl = "gopher://" hostport [ / [ gtype ...` prints a bare `/`).
   * Without this, an unquoted operator character is a parse error.
   */
  bareLiterals?: string[];
}

type Token =
  | { kind: 'name'; value: string; pos: number }
  | { kind: 'defined'; value: '=' | '=/'; pos: number }
  | { kind: 'string'; value: string; pos: number }
  | { kind: 'num'; node: Node; pos: number }
  | { kind: 'prose'; value: string; pos: number }
  | { kind: 'repeat'; min: number; max: number | null; pos: number }
  | { kind: 'punct'; value: string; pos: number };

export class GrammarSyntaxError extends Error {
  constructor(message: string, source: string, pos: number) {
    const line = source.slice(0, pos).split('\n').length;
    super(`${message} (line ${line})`);
    this.name = 'GrammarSyntaxError';
  }
}

function tokenize(source: string, notation: Notation, bare: Set<string>): Token[] {
  const tokens: Token[] = [];
  // RFC 1738 §5 spells `gopher+_string`; RFC 1808 spells `net_path`: `+` and `_` occur in
  // RFC 822 style names. ABNF names are ALPHA *(ALPHA / DIGIT / "-") (RFC 2234 §4).
  const nameRe = notation === 'abnf' ? /[A-Za-z][A-Za-z0-9-]*/y : /[A-Za-z][A-Za-z0-9_+-]*/y;
  const alternation = notation === 'abnf' ? '/' : '|';
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === '\f') {
      i++;
    } else if (c === ';') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '"') {
      // Neither notation has escapes: RFC 1738 prints `"\"` for a backslash.
      const end = source.indexOf('"', i + 1);
      const nl = source.indexOf('\n', i + 1);
      if (end < 0 || (nl >= 0 && nl < end)) throw new GrammarSyntaxError('unterminated quoted string', source, i);
      tokens.push({ kind: 'string', value: source.slice(i + 1, end), pos: i });
      i = end + 1;
    } else if (c === '<') {
      const end = source.indexOf('>', i + 1);
      if (end < 0) throw new GrammarSyntaxError('unterminated <prose>', source, i);
      tokens.push({ kind: 'prose', value: source.slice(i + 1, end).replace(/\s+/g, ' ').trim(), pos: i });
      i = end + 1;
    } else if (c === '%' && notation === 'abnf') {
      const m = /%([xdb])([0-9A-Fa-f]+)((?:-[0-9A-Fa-f]+)|(?:\.[0-9A-Fa-f]+)*)/y;
      m.lastIndex = i;
      const r = m.exec(source);
      if (!r) throw new GrammarSyntaxError('malformed %-value', source, i);
      tokens.push({ kind: 'num', node: numVal(r[1]!, r[2]!, r[3]!, source, i), pos: i });
      i = m.lastIndex;
    } else if (c >= '0' && c <= '9' || c === '*') {
      const m = /(\d*)(\*?)(\d*)/y;
      m.lastIndex = i;
      const r = m.exec(source)!;
      const [, lo, star, hi] = r;
      if (!star && hi) throw new GrammarSyntaxError('malformed repeat', source, i);
      const min = lo ? Number(lo) : 0;
      const max = star ? (hi ? Number(hi) : null) : min; // `nX` is exactly n (RFC 2234 §3.7)
      if (max !== null && max < min) throw new GrammarSyntaxError(`repeat ${r[0]} has max < min`, source, i);
      tokens.push({ kind: 'repeat', min, max, pos: i });
      i = m.lastIndex;
    } else if (/[A-Za-z]/.test(c)) {
      nameRe.lastIndex = i;
      const name = nameRe.exec(source)![0];
      tokens.push({ kind: 'name', value: name, pos: i });
      i += name.length;
    } else if (source.startsWith('::=', i)) {
      tokens.push({ kind: 'defined', value: '=', pos: i });
      i += 3;
    } else if (c === '=') {
      const incremental = notation === 'abnf' && source[i + 1] === '/';
      tokens.push({ kind: 'defined', value: incremental ? '=/' : '=', pos: i });
      i += incremental ? 2 : 1;
    } else if (c === alternation || '()[]'.includes(c)) {
      tokens.push({ kind: 'punct', value: c === alternation ? 'alt' : c, pos: i });
      i++;
    } else if (bare.has(c)) {
      tokens.push({ kind: 'string', value: c, pos: i });
      i++;
    } else {
      throw new GrammarSyntaxError(`unexpected character ${JSON.stringify(c)} in ${notation} grammar`, source, i);
    }
  }
  return tokens;
}

/** RFC 2234 §3.4 (value range) and §2.3 (`%d13.10` concatenation). */
function numVal(base: string, first: string, rest: string, source: string, pos: number): Node {
  const radix = base === 'x' ? 16 : base === 'd' ? 10 : 2;
  const parse = (digits: string): number => {
    const v = parseInt(digits, radix);
    if (Number.isNaN(v) || !new RegExp(`^[${radix === 16 ? '0-9A-Fa-f' : radix === 10 ? '0-9' : '01'}]+$`).test(digits)) {
      throw new GrammarSyntaxError(`bad %${base} digits ${digits}`, source, pos);
    }
    return v;
  };
  const lo = parse(first);
  if (rest.startsWith('-')) {
    const hi = parse(rest.slice(1));
    if (hi < lo) throw new GrammarSyntaxError('empty %-range', source, pos);
    return { type: 'range', lo, hi };
  }
  const values = [lo, ...rest.split('.').slice(1).map(parse)];
  if (values.length === 1) return { type: 'range', lo, hi: lo };
  return { type: 'seq', items: values.map((v) => ({ type: 'range', lo: v, hi: v }) as Node) };
}

class RuleParser {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
    private readonly notation: Notation,
    private readonly options: ParseOptions,
  ) {}

  parseAll(): Node {
    const node = this.alternation();
    if (this.i < this.tokens.length) this.fail('unexpected token');
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private fail(message: string): never {
    const t = this.peek() ?? this.tokens[this.tokens.length - 1];
    throw new GrammarSyntaxError(message, this.source, t ? t.pos : this.source.length);
  }

  private alternation(): Node {
    const items = [this.concatenation()];
    while (this.peek()?.kind === 'punct' && (this.peek() as { value: string }).value === 'alt') {
      this.i++;
      items.push(this.concatenation());
    }
    return items.length === 1 ? items[0]! : { type: 'alt', items };
  }

  private concatenation(): Node {
    const items: Node[] = [];
    for (;;) {
      const t = this.peek();
      if (!t || (t.kind === 'punct' && (t.value === 'alt' || t.value === ')' || t.value === ']'))) break;
      items.push(this.repetition());
    }
    if (items.length === 0) this.fail('empty sequence');
    return items.length === 1 ? items[0]! : { type: 'seq', items };
  }

  private repetition(): Node {
    const t = this.peek()!;
    if (t.kind !== 'repeat') return this.element();
    this.i++;
    if (t.max === 0) {
      // Zero repetitions is the empty string whatever the element (RFC 3986 `0<pchar>`):
      // parse the element only to consume it, prose included.
      this.element(true);
      return EMPTY;
    }
    let item = this.element();
    // RFC 822 style `n*m[ x ]`: under a repetition count the brackets only group, so it is
    // `n*m( x )` (contract, "Reading the RFC 822-style grammars"; RFC 1738 §5: brackets "are
    // used around optional or repeated elements"; RFC 1808 rewrote RFC 1738's `1*[ ... ]`
    // scheme as `1*( ... )`).
    // In ABNF (RFC 2234 §3.8) `[ x ]` is `*1( x )` even under a count, so `n*m[ x ]` is
    // `0*m x` there; no ABNF grammar here prints one.
    let min = t.min;
    if (item.type === 'rep' && item.min === 0 && item.max === 1) {
      item = item.item;
      if (this.notation === 'abnf') min = 0;
    }
    return { type: 'rep', min, max: t.max, item };
  }

  private element(ignoreProse = false): Node {
    const t = this.peek();
    if (!t) this.fail('missing element');
    this.i++;
    switch (t.kind) {
      case 'name':
        return { type: 'ref', name: t.value };
      case 'string':
        if (t.value === '') return EMPTY;
        return { type: 'lit', text: t.value, caseInsensitive: this.notation === 'abnf' };
      case 'num':
        return t.node;
      case 'prose':
        return ignoreProse ? EMPTY : this.prose(t.value, t.pos);
      case 'punct':
        if (t.value === '(' || t.value === '[') {
          const inner = this.alternation();
          const close = t.value === '(' ? ')' : ']';
          const end = this.peek();
          if (end?.kind !== 'punct' || end.value !== close) this.fail(`expected "${close}"`);
          this.i++;
          return t.value === '(' ? inner : { type: 'rep', min: 0, max: 1, item: inner };
        }
        break;
      default:
        break;
    }
    this.i--;
    return this.fail(`unexpected ${t.kind} token`);
  }

  private prose(text: string, pos: number): Node {
    const replacement = this.options.prose?.[text];
    if (replacement === undefined) {
      throw new GrammarSyntaxError(
        `prose <${text}> has no formal meaning: pass options.prose[${JSON.stringify(text)}]`,
        this.source,
        pos,
      );
    }
    if (typeof replacement !== 'string') return replacement;
    const tokens = tokenize(replacement, this.notation, new Set(this.options.bareLiterals ?? []));
    return new RuleParser(tokens, replacement, this.notation, this.options).parseAll();
  }
}

/** Parse a printed grammar. Throws GrammarSyntaxError naming the line on anything unknown. */
export function parseGrammar(source: string, notation: Notation, options: ParseOptions = {}): Grammar {
  const tokens = tokenize(source, notation, new Set(options.bareLiterals ?? []));
  const grammar: Grammar = { notation, rules: new Map() };
  let k = 0;
  while (k < tokens.length) {
    const name = tokens[k];
    const defined = tokens[k + 1];
    if (name?.kind !== 'name' || defined?.kind !== 'defined') {
      throw new GrammarSyntaxError('expected "name =" at the start of a rule', source, name?.pos ?? 0);
    }
    let end = k + 2;
    while (end < tokens.length && !(tokens[end]!.kind === 'name' && tokens[end + 1]?.kind === 'defined')) end++;
    const body = new RuleParser(tokens.slice(k + 2, end), source, notation, options).parseAll();
    const existing = grammar.rules.get(name.value);
    if (defined.value === '=/') {
      // RFC 2234 §3.3: incremental alternatives extend an existing rule.
      if (!existing) throw new GrammarSyntaxError(`=/ on undefined rule ${name.value}`, source, name.pos);
      existing.body = { type: 'alt', items: [existing.body, body] };
    } else {
      if (existing) throw new GrammarSyntaxError(`rule ${name.value} defined twice`, source, name.pos);
      grammar.rules.set(name.value, { name: name.value, body });
    }
    k = end;
  }
  return grammar;
}
