/**
 * The contract's `expected` read back without urispec (test/offset-proof.test.ts): each entry
 * as the characters it describes, from the printed grammar alone. The contract: "sorted,
 * de-duplicated descriptions of what would have been accepted at `offset`: literals as JSON
 * strings, character classes and rule names as the spec names them, `end of input`".
 */
import { type Grammar, type Node, lookupRule } from './ast.js';
import { PrefixOracle, nfaOfRule } from './prefix.js';

export const END_OF_INPUT = 'end of input';

/**
 * The characters tried after a prefix: every ASCII code unit, and non-ASCII ones from each range
 * an era names (RFC 3987 `ucschar` and `iprivate`, their edges and the gaps between them), a
 * surrogate pair, lone surrogates and noncharacters.
 */
export const PROBES: readonly string[] = [
  ...Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)),
  '\u0080', '\u009f', '\u00a0', '\u00e9', '\u00ff', '\u4f8b', '\ud7ff', '\ue000', '\uf8ff', '\uf900',
  '\ufdcf', '\ufdd0', '\ufdf0', '\ufeff', '\uffef', '\ufffd', '\uffff',
  '\ud800\udc00', '\ud83d\ude00', '\udb40\udc00', '\udb80\udc00', '\udbff\udffd', '\udbff\udfff',
  '\ud800', '\udc00',
];

/** One `%xHH` or `%xHH-HH` of an entry such as `%x41-5A / %x61-7A`, as code points. */
const RANGE = /^%x([0-9A-F]+)(?:-([0-9A-F]+))?$/i;

/** Reads the entries of one era's records: which characters each describes. */
export class ExpectedReader {
  private readonly rules = new Map<string, PrefixOracle>();
  private readonly entries = new Map<string, Set<string>>();
  private readonly lists = new Map<string, Set<string>>();
  /** The letters of the grammar's case-insensitive literals, lower-cased (every letter in ABNF). */
  private readonly folded: (letter: string) => boolean;

  /**
   * `prose`: what the printed grammar's `<prose>` elements mean (test/oracle/printed-grammars.ts),
   * for an entry that names one as the spec prints it (`<any CHAR except specials, SPACE and
   * CTLs>`, RFC 822's atom in draft-ietf-uri-url-03).
   */
  constructor(
    private readonly grammar: Grammar,
    private readonly prose: Readonly<Record<string, Node | string>> = {},
  ) {
    const letters = new Set<string>();
    const walk = (n: Node): void => {
      if (n.type === 'lit' && n.caseInsensitive) for (const c of n.text.toLowerCase()) letters.add(c);
      else if (n.type === 'alt' || n.type === 'seq') n.items.forEach(walk);
      else if (n.type === 'rep') walk(n.item);
    };
    for (const rule of grammar.rules.values()) walk(rule.body);
    this.folded = grammar.notation === 'abnf' ? () => true : (letter) => letters.has(letter.toLowerCase());
  }

  /**
   * The characters of PROBES that `entry` describes as the next character, read once an entry:
   * a literal by its first character (either case where the grammar reads that letter
   * case-insensitively: every literal in ABNF, RFC 2234 §2.3; RFC 2141's "urn:", §2), a range
   * by its code points, a rule name by the first characters of the rule's strings, a `<prose>`
   * element by the characters its meaning begins with; none for `end of input`. Throws for an entry that is none of these (no rule of that name in the
   * printed grammar).
   */
  probesOf(entry: string): ReadonlySet<string> {
    let set = this.entries.get(entry);
    if (!set) this.entries.set(entry, (set = new Set(entry === END_OF_INPUT ? [] : PROBES.filter((ch) => this.read(entry, ch)))));
    return set;
  }

  /** The characters of PROBES that some entry of `expected` describes, read once a list. */
  probesOfList(expected: readonly string[]): ReadonlySet<string> {
    const key = expected.join('\n');
    let set = this.lists.get(key);
    if (!set) this.lists.set(key, (set = new Set(expected.flatMap((entry) => [...this.probesOf(entry)]))));
    return set;
  }

  /**
   * Whether the literal `entry` (a JSON string) follows `prefix` in `oracle`'s language, whole.
   * `accepted`: the characters of PROBES that follow it (PrefixOracle.continuations), which
   * answer for a one-character literal without another walk of the prefix.
   */
  literalFollows(oracle: PrefixOracle, prefix: string, entry: string, accepted: ReadonlySet<string>): boolean {
    const text = JSON.parse(entry) as string;
    const fits = (s: string): boolean => (accepted.has(s) || oracle.longestViablePrefix(prefix + s) === prefix.length + s.length);
    return fits(text) || ([...text].every(this.folded) && (fits(text.toLowerCase()) || fits(text.toUpperCase())));
  }

  private read(entry: string, ch: string): boolean {
    if (entry.startsWith('"')) {
      const first = String.fromCodePoint((JSON.parse(entry) as string).codePointAt(0)!);
      return first === ch || (first.toLowerCase() === ch.toLowerCase() && this.folded(first));
    }
    if (entry.startsWith('%x')) {
      const cp = ch.codePointAt(0)!;
      return entry.split(' / ').some((part) => {
        const m = RANGE.exec(part.trim());
        if (!m) throw new Error(`not a range: ${entry}`);
        return cp >= parseInt(m[1]!, 16) && cp <= parseInt(m[2] ?? m[1]!, 16);
      });
    }
    let rule = this.rules.get(entry);
    if (!rule) {
      // A prose element, as the grammar's reading gives it meaning: its one-rule automaton.
      const meaning = /^<(.+)>$/.exec(entry) ? this.prose[entry.slice(1, -1)] : undefined;
      if (typeof meaning === 'object') {
        const readings = new Map(this.grammar.readings ?? []).set(entry, { name: entry, body: meaning });
        this.rules.set(entry, (rule = new PrefixOracle(nfaOfRule({ ...this.grammar, readings }, entry))));
      } else {
        if (!lookupRule(this.grammar, entry)) throw new Error(`no rule ${JSON.stringify(entry)} in the printed grammar`);
        this.rules.set(entry, (rule = new PrefixOracle(nfaOfRule(this.grammar, entry))));
      }
    }
    return rule.longestViablePrefix(ch) === ch.length;
  }
}
