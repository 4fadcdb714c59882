/**
 * Offsets proven exact (issue 14, point 4; contract, "The diagnosis of a failure": `offset` is
 * "the length of the longest prefix of the input that some string of the start rule's
 * language begins with", in UTF-16 code units).
 *
 * The reference is test/oracle/prefix.ts: each era's printed grammar (grammar/printed/, read
 * by test/oracle/printed.ts) compiled into an NFA, trimmed, and simulated as a lazy DFA. For
 * every era urispec lists (`specs()`, so a new era is picked up or shown as skipped), seeded
 * invalid strings (edits of derivations: insertions, deletions, substitutions with characters
 * of the grammar and outside it, non-ASCII, astral and lone surrogates, controls, truncations)
 * go through `validate`, and each error's offset must equal the oracle's. Each error's
 * `expected` is then read back with the same oracle (test/oracle/expected.ts): `end of input`
 * exactly when the prefix before the offset is a string of the rule, every entry describing
 * only what would be accepted there, and every character that would be accepted there
 * described by an entry. Each error's `rulePath` is read against the same printed grammar: from
 * the start rule to `rule`, each rule one that the rule before it refers to (a derivation a
 * reader can follow in the spec), `rule` no core rule, and the whole path open at the offset in
 * some derivation of the prefix that the language continues (not a rule that ended further back,
 * nor one of a reading the rest of the language has left).
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { specs, validate } from '../src/index.js';
import { type Grammar, lookupRule, referencesOf } from './oracle/ast.js';
import { derive, grammarAlphabet, hashString } from './oracle/derive.js';
import { END_OF_INPUT, ExpectedReader, PROBES } from './oracle/expected.js';
import { parseGrammar } from './oracle/printed.js';
import { PRINTED_GRAMMARS, hasPrinted, loadPrinted } from './oracle/printed-grammars.js';
import { PrefixOracle, nfaOfRule } from './oracle/prefix.js';
import { READINGS, oracleFor } from './oracle/readings.js';
import { type Rng, mulberry32 } from './oracle/prng.js';
import { pathKey } from './oracle/spans.js';
import { compileRule } from './oracle/regex.js';

/**
 * A deeper run, outside `npm test`: `OFFSET_PROOF_SEED=7 OFFSET_PROOF_SCALE=10 npx vitest run
 * test/offset-proof.test.ts` (other strings, ten times as many).
 */
const DEFAULT_SEED = 0x0ff5e7;
const SEED = Number(process.env.OFFSET_PROOF_SEED ?? DEFAULT_SEED);
/**
 * Whether a known-disagreement row that no disagreement needed fails the test: at the default
 * seed, whose strings are the suite's. Another seed's strings may simply not meet a row's case
 * (seed 7's 150 `login` strings of draft-ietf-uri-url-03 hold none), and the row still excuses it.
 */
const STALE_ROWS_FAIL = SEED === DEFAULT_SEED;
const SCALE = Number(process.env.OFFSET_PROOF_SCALE ?? 1);
/** Invalid strings for each era's default start rule (the issue asks for 20,000 an era). */
const DEFAULT_RULE_COUNT = 20_000 * SCALE;
/** Invalid strings for every other rule of the era, each as start rule. */
const OTHER_RULE_COUNT = 150 * SCALE;
/** How many disagreements to print in full; the count of all is in the message. */
const SHOWN = 25;

/**
 * Characters no era's grammar allows, or allows only in places: controls, whitespace, non-ASCII
 * (BMP, astral as a surrogate pair, lone surrogates: U+DCE9 as the command line reads a byte
 * that is not UTF-8, U+FFFF), and ASCII that every era calls
 * unsafe or excluded.
 */
const OUTSIDE = [
  '\u0000', '\t', '\n', '\r', '\u001b', '\u007f', ' ', '\u00a0', '\u00e9', '\u4f8b', '\ufeff', '\uffff',
  '\ud83d\ude00', '\ud800', '\udce9', '\\', '"', '<', '>', '{', '}', '|', '^', '`', '%', '#', '[', ']',
];

/**
 * Known disagreements, each with the reason: `${spec} ${rule} ${JSON.stringify(input)}`. A row
 * here that no longer disagrees fails the test, so the list cannot go stale.
 */
const KNOWN: Record<string, string> = {};

/**
 * Start rules whose `expected` is known to disagree with the language on some of their strings
 * (`${spec} ${rule}`), each with the reason: an incomplete set where a PEG rewrite of the grammar
 * hides what the language accepts (docs/grammar-conventions.md, "Alternatives for the diagnosis
 * only"). A row whose rule no longer disagrees fails the test, so the list cannot go stale.
 */
const KNOWN_EXPECTED: Record<string, string> = {
  "draft-ietf-uri-relative-url-01 pchar": "the oracle reads the printed `pchar = [ ... ]` as optional and so takes \"\" for a pchar, where urispec reads the bracket as a group (docs/decisions.md, draft-ietf-uri-relative-url-01 §3): end of input missing at 0",
  "draft-ietf-uri-url-03 login": "end of input missing where the prefix is a complete login: login is followed by \"/\" in ftpaddress, so the rule cannot record the end of input (docs/decisions.md, draft-ietf-uri-url-03 §14)",
};

/**
 * Start rules whose `rulePath` is known to leave the printed derivation on some of their strings
 * (`${spec} ${rule}`), each with the reason. A row whose rule no longer does fails the test.
 */
const KNOWN_PATHS: Record<string, string> = {};

/**
 * Rules that `expectedGrouped` is known to name where no derivation of the printed grammar begins
 * them (`${spec} ${name}`), each with the reason. A row no record needs fails the test.
 */
const KNOWN_GROUPED: Record<string, string> = {};

/** The contract's core rules, never named as `rule` (they appear in `expected`). */
const CORE_RULES = new Set(['ALPHA', 'DIGIT', 'HEXDIG', 'alpha', 'digit', 'hex']);

/**
 * How a record's `rulePath` leaves the printed grammar (the contract: "the spec rules from the
 * start rule down to `rule`"): it must begin at the start rule and end at `rule`, and each rule
 * in it must be one the rule before it refers to in its printed definition, so that the path is
 * a derivation a reader can follow in the spec; `rule` is never a core rule.
 */
function pathProblems(grammar: Grammar, startRule: string, error: { rule: string; rulePath: readonly string[] }): string[] {
  const path = error.rulePath;
  const problems: string[] = [];
  if (path[0] !== startRule) problems.push(`begins at ${path[0]}, not the start rule`);
  if (path.at(-1) !== error.rule) problems.push(`ends at ${path.at(-1)}, not at rule ${error.rule}`);
  if (CORE_RULES.has(error.rule) && error.rule !== startRule) problems.push(`names the core rule ${error.rule}`);
  for (let i = 0; i + 1 < path.length; i++) {
    const from = lookupRule(grammar, path[i]!);
    if (!from) problems.push(`${path[i]} is no printed rule`);
    else if (!referencesOf(from.body).has(path[i + 1]!.toLowerCase())) problems.push(`${path[i]}'s definition does not refer to ${path[i + 1]}`);
  }
  return problems;
}

/**
 * How a record's `rulePath` is not where the parse stopped (the contract: `rule` is a rule that
 * "would have to accept `found` for the parse to get past `offset`"): some derivation of the
 * prefix before the offset that a string of the language continues must have every rule of the
 * path open at the offset, each inside the one before it, with a character to read there
 * (`open`: PrefixOracle.openAfter, the instances of the states with a code-unit edge; a rule
 * that begins at the offset reads its first character there, one that has ended reads none).
 * Where nothing can follow the prefix, `open` holds every instance open there, ended or not.
 * Direct right recursion (`hostname = ialpha [ "." hostname ]`) is one instance in the automaton, and RFC
 * 2396's amended grammar reads `IPv6reference` through `ipv6reference` (one rule printed in two
 * cases), so a rule repeated in a row in either path is read once.
 */
function openProblems(open: ReadonlySet<string>, path: readonly string[]): string[] {
  const want = pathKey(path);
  for (const p of open) {
    const got = pathKey(p.split(' > '));
    if (got === want || got.startsWith(`${want} > `)) return [];
  }
  const deepest = [...open].sort((a, b) => b.length - a.length).slice(0, 4);
  return [`no derivation of the prefix has it open at the offset (open there, the deepest: ${deepest.join(' | ')})`];
}

/**
 * The hints that say what to write instead of `found`, each with the triplets it writes (read
 * only where they are `found`'s UTF-8): a space is written "%20", `"<" is not allowed here: write
 * "%3C"`, the UTF-8 of a non-ASCII character, a template's literal brace or excluded character,
 * RFC 1808's "~"; and those that say to write a "%" as "%25".
 */
const WRITE_INSTEAD = [
  /^"[\s\S]+" is not allowed here: write "((?:%[0-9A-F]{2})+)"$/,
  /^"[\s\S]+" is not allowed as is in this era \([^)]*\): write "((?:%[0-9A-F]{2})+)"/,
  /^a space is written "(%20)"$/,
  /^the control character U\+[0-9A-F]+ is not allowed here: write "((?:%[0-9A-F]{2})+)"$/,
  /^percent-encode its UTF-8 bytes: [\s\S]+ → "((?:%[0-9A-F]{2})+)"/,
  /^a URI has one fragment: write a second "#" as "(%23)"$/,
  /a literal brace is written (%7D)/,
  /is not allowed in a template's literals \(RFC 6570 §2\.1\): write it ((?:%[0-9A-F]{2})+)$/,
  /pct-encoded triplets and single dots \(RFC 6570 §2\.3\): "[\s\S]+" is written ((?:%[0-9A-F]{2})+)$/,
];
const BYTE_TRIPLET = /reads the byte 0x[0-9A-F]{2}, which is not UTF-8: percent-encode that byte as "(%[0-9A-F]{2})"/;
const PERCENT_ITSELF = /write "%25" for a "%" itself|a percent sign is written %25/;

/** The KNOWN_GROUPED rows some record needed (checked at the end). */
const knownGroupedSeen = new Set<string>();

/** How many hints hintedFix() read, over every era and rule (checked at the end: the forms above still occur). */
let hintsApplied = 0;

/** A character's UTF-8 as "%" triplets, upper-case. */
const tripletsOf = (ch: string): string => [...new TextEncoder().encode(ch)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/**
 * The input as a hint says to write it, and how far its parse must then get (past what the
 * hint wrote), or null for a hint that says no such thing. The language decides whether the fix
 * holds: a hint to write what the grammar refuses there would be a wrong answer.
 */
function hintedFix(input: string, error: { offset: number; found: string | null; hint?: string }): { fixed: string; past: number } | null {
  const hint = error.hint!;
  if (PERCENT_ITSELF.test(hint)) {
    // The "%" that begins the triplet the failure is in: before the offset (`%zz` fails at the
    // first "z"); the one found only when no "%" comes before it.
    const before = error.offset > 0 ? input.lastIndexOf('%', error.offset - 1) : -1;
    const at = before >= 0 ? before : error.found === '%' ? error.offset : -1;
    return at < 0 ? null : { fixed: `${input.slice(0, at)}%25${input.slice(at + 1)}`, past: at + 3 };
  }
  if (error.found === null) return null;
  // A lone surrogate U+DC80..U+DCFF stands for a byte that is not UTF-8 (src/cli/lines.ts): its triplet is that byte's.
  const byte = BYTE_TRIPLET.exec(hint)?.[1];
  const unit = error.found.charCodeAt(0);
  if (byte !== undefined && error.found.length === 1 && unit >= 0xdc80 && unit <= 0xdcff && byte === `%${(unit - 0xdc00).toString(16).toUpperCase()}`) {
    return { fixed: input.slice(0, error.offset) + byte + input.slice(error.offset + 1), past: error.offset + 3 };
  }
  for (const form of WRITE_INSTEAD) {
    const written = form.exec(hint)?.[1];
    if (written !== undefined && written === tripletsOf(error.found)) {
      return { fixed: input.slice(0, error.offset) + written + input.slice(error.offset + error.found.length), past: error.offset + written.length };
    }
  }
  return null;
}

/**
 * How a record's `expectedGrouped` (what the message shows: "each expectation named by the rule
 * it begins, else as in `expected`", `end of input` last) differs from its `expected`: both must
 * describe the same characters, and hold `end of input` alike.
 */
function groupedProblems(reader: ExpectedReader, expected: readonly string[], grouped: readonly string[]): string[] {
  const problems: string[] = [];
  const end = expected.includes(END_OF_INPUT);
  if (end !== grouped.includes(END_OF_INPUT)) problems.push(`${END_OF_INPUT} ${end ? 'missing' : 'added'}`);
  else if (end && grouped.at(-1) !== END_OF_INPUT) problems.push(`${END_OF_INPUT} not last`);
  const want = reader.probesOfList(expected);
  const got = reader.probesOfList(grouped);
  const added = [...got].filter((ch) => !want.has(ch));
  const lost = [...want].filter((ch) => !got.has(ch));
  if (added.length > 0) problems.push(`describes ${show(added.join(''))}, which expected does not`);
  if (lost.length > 0) problems.push(`does not describe ${show(lost.join(''))}, which expected does`);
  return problems;
}

/**
 * How a record's `expected` differs from what the language accepts after `prefix` (the
 * contract: "descriptions of what would have been accepted at `offset`"): `end of input`
 * listed exactly when the prefix is itself a string of the language; each other entry
 * describing only what would be accepted there (a literal whole; a class or a rule, each of
 * its characters among PROBES); and every character that would be accepted there (of PROBES)
 * described by some entry.
 */
function expectedProblems(oracle: PrefixOracle, reader: ExpectedReader, prefix: string, expected: readonly string[]): string[] {
  const { accepted, viable } = oracle.continuations(prefix, PROBES);
  const accepts = new Set(viable);
  const problems: string[] = [];
  if (accepted !== expected.includes(END_OF_INPUT)) problems.push(accepted ? `${END_OF_INPUT} missing` : `${END_OF_INPUT} listed, but the prefix is no string of the rule`);
  for (const entry of expected) {
    if (entry === END_OF_INPUT) continue;
    if (entry.startsWith('"')) {
      if (!reader.literalFollows(oracle, prefix, entry, accepts)) problems.push(`${entry} listed, but would not be accepted`);
      continue;
    }
    const refused = [...reader.probesOf(entry)].filter((ch) => !accepts.has(ch));
    if (refused.length > 0) problems.push(`${entry} listed, but ${show(refused.join(''))} of it would not be accepted`);
  }
  const described = reader.probesOfList(expected);
  const missing = viable.filter((ch) => !described.has(ch));
  if (missing.length > 0) problems.push(`would accept ${show(missing.join(''))}, which no entry describes`);
  return problems;
}

function nearMiss(valid: string, rng: Rng, alphabet: readonly string[]): string {
  const char = (): string => (rng.next() < 0.6 ? rng.pick(alphabet) : rng.pick(OUTSIDE));
  const op = rng.int(0, 5);
  if (op === 0) return valid.slice(0, rng.int(0, Math.max(0, valid.length - 1))); // truncation
  if (op === 1) return valid.slice(0, rng.int(0, valid.length)) + char(); // truncation, then a character
  let out = valid;
  for (let k = rng.int(1, 3); k > 0; k--) {
    const at = rng.int(0, out.length);
    const kind = out.length === 0 ? 0 : rng.int(0, 2);
    if (kind === 0) out = out.slice(0, at) + char() + out.slice(at);
    else if (kind === 1) out = out.slice(0, at) + out.slice(at + 1);
    else out = out.slice(0, at) + char() + out.slice(at + 1);
  }
  return out;
}

/** `n` distinct strings outside the language (fewer only if the attempts run out). */
function invalidStrings(printed: Grammar, rule: string, oracle: PrefixOracle, seed: number, n: number): string[] {
  const rng = mulberry32(seed);
  const alphabet = grammarAlphabet(printed);
  const out = new Set<string>();
  for (let attempt = 0; out.size < n && attempt < n * 30; attempt++) {
    const s = nearMiss(derive(printed, rule, rng), rng, alphabet);
    if (!oracle.accepts(s)) out.add(s);
  }
  return [...out];
}

/** The input as a JSON string with everything outside printable ASCII escaped: exact in a report. */
function show(s: string): string {
  return JSON.stringify(s).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

describe('the prefix oracle (test/oracle/prefix.ts)', () => {
  const bnf = (text: string) => parseGrammar(text, 'rfc822');
  const lvp = (g: Grammar, rule: string, input: string) => new PrefixOracle(nfaOfRule(g, rule)).longestViablePrefix(input);

  it('finds the longest viable prefix through options, bounded counts and alternatives', () => {
    // n = 1*d [ "." 2*3d ]: "1.0" is a prefix of "1.00"; "1.0001" has one digit too many.
    const g = bnf('d = "0" | "1"\nn = 1*d [ "." 2*3d ]\nq = "ab" "c" | "abd" | "x"\n');
    const cases: Array<[string, string, number]> = [
      ['n', '', 0], ['n', '.', 0], ['n', '1.', 2], ['n', '1.0', 3], ['n', '1.0001', 5], ['n', '10x', 2],
      ['q', 'abx', 2], ['q', 'abd', 3], ['q', 'abce', 3], ['q', 'y', 0],
    ];
    expect(cases.map(([r, s]) => lvp(g, r, s))).toEqual(cases.map(([, , n]) => n));
  });

  it('keeps no dead end: a state set is non-empty only while the final state is reachable', () => {
    // After "ab", the second alternative's "abz" needs a "z"; "abc" then must end.
    const g = bnf('r = "a" "b" "c" | "a" "b" "z" "z"\ns = r "!"\n');
    expect(['abq', 'abzq', 'abc!x'].map((s) => lvp(g, 's', s))).toEqual([2, 3, 4]);
  });

  it('reads RFC 3986 literals case-insensitively and RFC 822-style ones exactly', () => {
    const abnf = parseGrammar('a = "ab" %x63\n', 'abnf');
    expect(['ABc', 'aBC'].map((s) => lvp(abnf, 'a', s))).toEqual([3, 2]);
    expect(['aB', 'Ab'].map((s) => lvp(bnf('a = "ab"\n'), 'a', s))).toEqual([1, 0]);
  });

  it('counts UTF-16 code units and ends prefixes between characters (docs/decisions.md)', () => {
    // 😀 is \ud83d\ude00: two code units, one character; a lone surrogate is a character too.
    const g = parseGrammar('a = *%x61 %xD83D %xDE00 "b"\nz = %xD83D [ "b" ]\n', 'abnf');
    expect(['aa\ud83d\ude00c', 'a\ud83dc', 'a\ud83d', 'a\ud83d\ude01'].map((s) => lvp(g, 'a', s))).toEqual([4, 1, 1, 1]);
    expect(['\ud83dc', '\ud83d', '\ud83d\ude00'].map((s) => lvp(g, 'z', s))).toEqual([1, 1, 0]);
  });

  it('gives the offsets the contract prints for RFC 3986 (start rule URI, and URI-reference)', () => {
    const rfc3986 = loadPrinted('rfc3986');
    const uri = new PrefixOracle(nfaOfRule(rfc3986, 'URI'));
    const ref = new PrefixOracle(nfaOfRule(rfc3986, 'URI-reference'));
    expect(['http://exa mple.com/', 'http://[::1]:8x/', 'http://a/b%2', 'http://a:8x/'].map((s) => uri.longestViablePrefix(s)))
      .toEqual([10, 14, 12, 11]);
    expect(['#[', ':', 'http://\u4f8b\u3048.jp/'].map((s) => ref.longestViablePrefix(s))).toEqual([1, 0, 7]);
  });

  it('tells the rule instances open after a prefix (rulePath is checked against them below)', () => {
    const rfc3986 = loadPrinted('rfc3986');
    const uri = oracleFor('rfc3986', rfc3986, 'URI', true);
    const startsWith = (prefix: string, path: string) => [...uri.openAfter(prefix)].some((p) => p === path || p.startsWith(`${path} > `));
    // After "http://a:8" the port's repetition can go on; the scheme ended four characters back.
    expect(startsWith('http://a:8', 'uri > hier-part > authority > port')).toBe(true);
    expect(startsWith('http://a:8', 'uri > scheme')).toBe(false);
    expect(openProblems(uri.openAfter('http://a:8'), ['URI', 'scheme'])).toHaveLength(1);
    expect(openProblems(uri.openAfter('http://a:8'), ['URI', 'hier-part', 'authority', 'port'])).toEqual([]);
    // After "http://a" the "a" is a host or a userinfo (its "@" still to come), and the scheme
    // is open where it has just ended after "http", beside the ":" that follows it.
    expect(['uri > hier-part > authority > host > reg-name', 'uri > hier-part > authority > userinfo'].map((p) => startsWith('http://a', p))).toEqual([true, true]);
    expect(startsWith('http', 'uri > scheme')).toBe(true);
    // After "http://1.2.3.255" the IPv4address has ended (no fourth digit follows "255"): open
    // there, but reading nothing; the same text as a reg-name reads on.
    const ipv4 = 'uri > hier-part > authority > host > ipv4address';
    const reads = (prefix: string, path: string) => [...uri.openAfter(prefix, true)].some((p) => p === path || p.startsWith(`${path} > `));
    expect([startsWith('http://1.2.3.255', ipv4), reads('http://1.2.3.255', ipv4), reads('http://1.2.3.25', ipv4)]).toEqual([true, false, true]);
    expect(reads('http://1.2.3.255', 'uri > hier-part > authority > host > reg-name')).toBe(true);
    // The same language as the automaton without paths.
    const plain = oracleFor('rfc3986', rfc3986, 'URI');
    expect(['http://a:8x/', 'http://[::1', 'a:b#c#', ':'].map((s) => uri.longestViablePrefix(s))).toEqual(['http://a:8x/', 'http://[::1', 'a:b#c#', ':'].map((s) => plain.longestViablePrefix(s)));
  });

  it('reads RFC 1738 url with scheme dispatch: "http:x" is no URL, "httpx:x" is an otherurl', () => {
    const printed = loadPrinted('rfc1738');
    const url = oracleFor('rfc1738', printed, 'url');
    // §5 httpurl = "http://" hostport ...: after "http:" only "//" leads on.
    expect(['http:x', 'httpx:x', 'http://a/b', 'ftp:'].map((s) => url.accepts(s))).toEqual([false, true, true, false]);
    expect(url.longestViablePrefix('http:x')).toBe(5);
    expect(url.longestViablePrefix('ftp:x')).toBe(4);
  });

  it('agrees with the regex oracle (test/oracle/regex.ts) on membership, a second reading of the same rules', () => {
    // Short strings only: the regexes backtrack exponentially on some url-03 rules (regex.ts).
    const problems: string[] = [];
    const verdicts = { in: 0, out: 0 };
    for (const spec of Object.keys(PRINTED_GRAMMARS).filter(hasPrinted)) {
      const printed = loadPrinted(spec);
      const rng = mulberry32(SEED ^ hashString(spec));
      const alphabet = grammarAlphabet(printed);
      for (const rule of printed.rules.keys()) {
        const regex = compileRule(printed, rule);
        const oracle = new PrefixOracle(nfaOfRule(printed, rule));
        for (let k = 0; k < 30; k++) {
          const valid = derive(printed, rule, rng, { maxRepeat: 2 });
          for (const s of [valid, nearMiss(valid, rng, alphabet)]) {
            if (s.length > 24) continue;
            const member = regex.test(s);
            verdicts[member ? 'in' : 'out']++;
            if (member !== oracle.accepts(s)) problems.push(`${spec} ${rule} ${JSON.stringify(s)}: regex ${member}`);
          }
        }
      }
    }
    expect(problems.slice(0, SHOWN)).toEqual([]);
    expect(Math.min(verdicts.in, verdicts.out), 'members and non-members compared').toBeGreaterThan(2000);
  });
});

const eras = specs();
const unreadable: string[] = [];

for (const era of eras) {
  let printed: Grammar | undefined;
  let why: string | undefined;
  if (!hasPrinted(era.id)) why = `no printed grammar registered in test/oracle/printed-grammars.ts`;
  else {
    try {
      printed = loadPrinted(era.id);
    } catch (e) {
      why = `the oracle cannot read ${PRINTED_GRAMMARS[era.id]!.file}: ${(e as Error).message}`;
    }
  }
  if (!printed) {
    unreadable.push(`${era.id} (${why})`);
    describe.skip(`${era.id}: SKIPPED, ${why}`, () => {
      it('offsets equal the longest viable prefix', () => {});
    });
    continue;
  }
  const grammar = printed;

  describe(`${era.id}: every error offset is the longest viable prefix under the printed grammar`, () => {
    // Every rule urispec names is a start rule (contract); those the printed grammar defines
    // are checked, the default with DEFAULT_RULE_COUNT strings, the others with fewer.
    const rules = era.rules.map((r) => r.name);
    const notPrinted = rules.filter((r) => !lookupRule(grammar, r));
    // One reader of `expected` for the era's rules and tests: what an entry describes is the
    // printed grammar's, whichever rule starts, so each entry's automaton is built once.
    let reader: ExpectedReader | undefined;
    const readerOf = () => (reader ??= new ExpectedReader(grammar, PRINTED_GRAMMARS[era.id]!.options?.prose));

    it(`names every rule the printed grammar defines (not printed: ${notPrinted.join(', ') || 'none'})`, () => {
      // The rule sets are compared in rule-sets.test.ts; here only: no start rule escapes.
      expect(notPrinted).toEqual([]);
    });

    for (const rule of rules.filter((r) => lookupRule(grammar, r))) {
      const count = rule === era.defaultRule ? DEFAULT_RULE_COUNT : OTHER_RULE_COUNT;
      const reading = READINGS[era.id]?.[rule] ? ' (the contract\'s reading)' : '';
      // The strings, their records and each one's longest viable prefix (`longest`, which four
      // tests read), made by the first test of the rule and read by the others.
      let made: { oracle: PrefixOracle; inputs: string[]; results: Array<ReturnType<typeof validate>>; longest: number[] } | undefined;
      const run = () => {
        if (!made) {
          const oracle = oracleFor(era.id, grammar, rule);
          const inputs = invalidStrings(grammar, rule, oracle, SEED ^ hashString(`${era.id} ${rule}`), count);
          const results = inputs.map((input) => validate(input, { spec: era.id, rule, grammarOnly: true }));
          made = { oracle, inputs, results, longest: inputs.map((input) => oracle.longestViablePrefix(input)) };
        }
        return made;
      };
      // The same language's automaton with the rule instances marked, made once for both tests that read it.
      let marked: PrefixOracle | undefined;
      const withPathsOf = () => (marked ??= oracleFor(era.id, grammar, rule, true));
      // The errors whose offset is the longest viable prefix, with their inputs: those whose other
      // fields can be read against the language (an offset that disagrees is the first test's).
      let proven: Array<{ input: string; error: Extract<ReturnType<typeof validate>, { valid: false }>['error'] }> | undefined;
      const provenErrors = () => {
        if (!proven) {
          const { inputs, results, longest } = run();
          proven = inputs.flatMap((input, i) => {
            const result = results[i]!;
            return result.valid || result.error.offset !== longest[i] ? [] : [{ input, error: result.error }];
          });
        }
        return proven;
      };

      it(`${rule}${reading}: ${count} invalid strings`, () => {
        const { inputs, results, longest } = run();
        expect(inputs.length, 'distinct invalid strings generated').toBeGreaterThanOrEqual(Math.min(count, 100));
        const problems: string[] = [];
        const knownSeen = new Set<string>();
        let atEnd = 0;
        let atZero = 0;
        inputs.forEach((input, i) => {
          const want = longest[i]!;
          if (want === input.length) atEnd++;
          if (want === 0) atZero++;
          const result = results[i]!;
          const got = result.valid ? 'valid' : result.error.offset;
          if (got === want) return;
          const key = `${era.id} ${rule} ${show(input)}`;
          if (KNOWN[key]) knownSeen.add(key);
          else problems.push(`${key}: validate ${result.valid ? 'says valid' : `offset ${got}`}, longest viable prefix ${want}`);
        });
        // Both boundary cases must be exercised for the default rule, or agreement proves less.
        if (count === DEFAULT_RULE_COUNT) {
          expect(inputs.length).toBe(count);
          expect(atEnd, 'inputs whose every prefix is viable (offset = length)').toBeGreaterThan(100);
          expect(atZero + atEnd, 'inputs failing at the start or the end').toBeLessThan(inputs.length / 2);
        }
        const stale = Object.keys(KNOWN).filter((k) => k.startsWith(`${era.id} ${rule} `) && !knownSeen.has(k));
        if (STALE_ROWS_FAIL) expect(stale, 'KNOWN rows that no longer disagree').toEqual([]);
        if (problems.length > 0) expect.fail(`${problems.length} of ${inputs.length} disagree:\n${problems.slice(0, SHOWN).join('\n')}`);
      }, 60_000 * SCALE);

      it(`${rule}${reading}: expected is what the language accepts at the offset`, () => {
        const { oracle, inputs, results, longest } = run();
        const reader = readerOf();
        const problems: string[] = [];
        let checked = 0;
        inputs.forEach((input, i) => {
          const result = results[i]!;
          // An offset that disagrees is the test above's; its prefix is not viable.
          if (result.valid || result.error.offset !== longest[i]) return;
          checked++;
          const wrong = expectedProblems(oracle, reader, input.slice(0, result.error.offset), result.error.expected);
          if (wrong.length === 0) return;
          problems.push(`${era.id} ${rule} ${show(input)} at ${result.error.offset}, expected ${JSON.stringify(result.error.expected)}: ${wrong.join('; ')}`);
        });
        expect(checked, 'records whose expected set was checked').toBeGreaterThanOrEqual(Math.min(count, 100) / 2);
        if (KNOWN_EXPECTED[`${era.id} ${rule}`]) {
          if (STALE_ROWS_FAIL) expect(problems.length, `a KNOWN_EXPECTED row that no longer disagrees: ${era.id} ${rule}`).toBeGreaterThan(0);
          return;
        }
        if (problems.length > 0) expect.fail(`${problems.length} of ${checked} disagree:\n${problems.slice(0, SHOWN).join('\n')}`);
      }, 60_000 * SCALE);

      it(`${rule}${reading}: expectedGrouped describes what expected does`, () => {
        const { inputs, results, longest } = run();
        const reader = readerOf();
        const problems: string[] = [];
        inputs.forEach((input, i) => {
          const result = results[i]!;
          if (result.valid || result.error.offset !== longest[i]) return;
          const { expected, expectedGrouped: grouped = expected } = result.error;
          const wrong = groupedProblems(reader, expected, grouped);
          if (wrong.length > 0) problems.push(`${era.id} ${rule} ${show(input)} at ${result.error.offset}, expected ${JSON.stringify(expected)}, grouped ${JSON.stringify(grouped)}: ${wrong.join('; ')}`);
        });
        if (problems.length > 0) expect.fail(`${problems.length} of ${inputs.length} disagree:\n${problems.slice(0, SHOWN).join('\n')}`);
      }, 60_000 * SCALE);

      it(`${rule}${reading}: a hint that says what to write gets the parse past the offset`, () => {
        const { oracle, inputs, results } = run();
        const problems: string[] = [];
        inputs.forEach((input, i) => {
          const result = results[i]!;
          if (result.valid || result.error.hint === undefined) return;
          const fix = hintedFix(input, result.error);
          if (fix === null) return;
          hintsApplied++;
          const reached = oracle.longestViablePrefix(fix.fixed);
          if (reached < fix.past) problems.push(`${era.id} ${rule} ${show(input)} at ${result.error.offset}, hint ${JSON.stringify(result.error.hint)}: ${show(fix.fixed)} stops at ${reached}, before ${fix.past}`);
        });
        if (problems.length > 0) expect.fail(`${problems.length} of ${inputs.length} disagree:\n${problems.slice(0, SHOWN).join('\n')}`);
      }, 60_000 * SCALE);

      it(`${rule}${reading}: rulePath is a derivation of the printed grammar down to rule`, () => {
        const { inputs, results } = run();
        const problems: string[] = [];
        inputs.forEach((input, i) => {
          const result = results[i]!;
          if (result.valid) return;
          const wrong = pathProblems(grammar, rule, result.error);
          if (wrong.length > 0) problems.push(`${era.id} ${rule} ${show(input)} at ${result.error.offset}, rulePath ${result.error.rulePath.join(' > ')}: ${wrong.join('; ')}`);
        });
        if (KNOWN_PATHS[`${era.id} ${rule}`]) {
          if (STALE_ROWS_FAIL) expect(problems.length, `a KNOWN_PATHS row that no longer disagrees: ${era.id} ${rule}`).toBeGreaterThan(0);
          return;
        }
        if (problems.length > 0) expect.fail(`${problems.length} of ${inputs.length} disagree:\n${problems.slice(0, SHOWN).join('\n')}`);
      }, 60_000 * SCALE);

      it(`${rule}${reading}: expectedGrouped names only rules that begin at the offset`, () => {
        const withPaths = withPathsOf();
        const problems: string[] = [];
        let named = 0;
        for (const { input, error } of provenErrors()) {
          const { expected, expectedGrouped: grouped = expected } = error;
          const names = grouped.filter((entry) => !expected.includes(entry) && lookupRule(grammar, entry));
          if (names.length === 0) continue;
          named++;
          const begin = withPaths.beginningAfter(input.slice(0, error.offset));
          const wrong = names.filter((name) => !begin.has(lookupRule(grammar, name)!.name.toLowerCase()));
          for (const name of wrong) knownGroupedSeen.add(`${era.id} ${lookupRule(grammar, name)!.name}`);
          const unknown = wrong.filter((name) => KNOWN_GROUPED[`${era.id} ${lookupRule(grammar, name)!.name}`] === undefined);
          if (unknown.length > 0) problems.push(`${era.id} ${rule} ${show(input)} at ${error.offset}, grouped ${JSON.stringify(grouped)}: no derivation of the prefix begins ${unknown.join(', ')} there`);
        }
        expect(named, 'records whose grouped set names a rule of its own').toBeGreaterThanOrEqual(count === DEFAULT_RULE_COUNT ? 100 : 0);
        if (problems.length > 0) expect.fail(`${problems.length} of ${provenErrors().length} disagree:\n${problems.slice(0, SHOWN).join('\n')}`);
      }, 60_000 * SCALE);

      it(`${rule}${reading}: rulePath is open at the offset in a derivation of the prefix`, () => {
        // The rule's last test: what its tests share is let go after it, so that a deeper run
        // (OFFSET_PROOF_SCALE=10) holds one rule's strings and automata at a time, not every era's.
        onTestFinished(() => {
          made = undefined;
          marked = undefined;
          proven = undefined;
        });
        const withPaths = withPathsOf();
        const problems: string[] = [];
        for (const { input, error } of provenErrors()) {
          // Where something can follow the prefix, the path must lead to a rule that reads
          // there; where nothing can (`end of input` alone), to one open there.
          const prefix = input.slice(0, error.offset);
          const reading = withPaths.openAfter(prefix, true);
          const wrong = openProblems(reading.size > 0 ? reading : withPaths.openAfter(prefix), error.rulePath);
          if (wrong.length > 0) problems.push(`${era.id} ${rule} ${show(input)} at ${error.offset}, rulePath ${error.rulePath.join(' > ')}: ${wrong.join('; ')}`);
        }
        expect(provenErrors().length, 'records whose path was checked').toBeGreaterThanOrEqual(Math.min(count, 100) / 2);
        if (problems.length > 0) expect.fail(`${problems.length} of ${provenErrors().length} disagree:\n${problems.slice(0, SHOWN).join('\n')}`);
      }, 60_000 * SCALE);
    }
  });
}

describe('the rules the grouped sets name', () => {
  it('need every KNOWN_GROUPED row (a row no record needs has gone stale)', () => {
    if (STALE_ROWS_FAIL) expect(Object.keys(KNOWN_GROUPED).filter((k) => !knownGroupedSeen.has(k))).toEqual([]);
  });
});

describe('the hints the proof reads', () => {
  it('occur in the records (the forms hintedFix() reads still match the hints\' words)', () => {
    expect(hintsApplied).toBeGreaterThan(100 * SCALE);
  });
});

describe('eras the offset proof covers', () => {
  it(`reads every era's printed grammar (unreadable: ${unreadable.join('; ') || 'none'})`, () => {
    // Every era of the registry has its independent oracle (docs/adding-an-era.md, step 3): an
    // era added without one, or whose printed text the oracle cannot read, fails here, not only
    // shows as skipped above.
    expect(eras.length).toBeGreaterThanOrEqual(16);
    expect(unreadable).toEqual([]);
  });
});
