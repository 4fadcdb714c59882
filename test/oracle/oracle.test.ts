/**
 * Tests of the oracle itself: if it is wrong, the property tests compare the grammars against
 * the wrong language. Expected verdicts come from the RFCs' own examples and from what the
 * printed rules say; the notation tests from RFC 2234 and RFC 822 §2.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lit } from './ast.js';
import { derive, grammarAlphabet, mutate, OUTSIDERS, samples } from './derive.js';
import { parseGrammar } from './printed.js';
import { loadPrinted } from './printed-grammars.js';
import { mulberry32 } from './prng.js';
import { PrefixOracle, nfaOfRule, surrogatePairs } from './prefix.js';
import { compileRule } from './regex.js';

const abnf = (text: string) => parseGrammar(text, 'abnf');
const bnf = (text: string, options = {}) => parseGrammar(text, 'rfc822', options);
const accepts = (grammar: ReturnType<typeof abnf>, rule: string, input: string) => compileRule(grammar, rule).test(input);

const rfc3986 = abnf(readFileSync(new URL('../../grammar/printed/rfc3986.abnf', import.meta.url), 'utf8'));
const uri3986 = (rule: string, input: string) => accepts(rfc3986, rule, input);

describe('ABNF notation (RFC 2234)', () => {
  it('reads quoted strings case-insensitively (§2.3) but %x values exactly (§3.4)', () => {
    const g = abnf('a = "ab"\nb = %x61.62\n');
    expect(['ab', 'AB', 'aB'].map((s) => accepts(g, 'a', s))).toEqual([true, true, true]);
    expect(['ab', 'AB', 'aB'].map((s) => accepts(g, 'b', s))).toEqual([true, false, false]);
  });

  it('reads value ranges, exact counts and n*m bounds (§3.4, §3.6, §3.7)', () => {
    const g = abnf('r = %x30-39\ne = 2r\nb = 1*3r\nu = 2*r\n');
    expect(['0', '9', '/', ':'].map((s) => accepts(g, 'r', s))).toEqual([true, true, false, false]);
    expect(['1', '12', '123'].map((s) => accepts(g, 'e', s))).toEqual([false, true, false]);
    expect(['', '1', '123', '1234'].map((s) => accepts(g, 'b', s))).toEqual([false, true, true, false]);
    expect(['1', '12', '1234567'].map((s) => accepts(g, 'u', s))).toEqual([false, true, true]);
  });

  it('binds concatenation tighter than alternation (§3.10)', () => {
    const g = abnf('a = "x" "y" / "z"\n');
    expect(['xy', 'z', 'xz'].map((s) => accepts(g, 'a', s))).toEqual([true, true, false]);
  });

  it('skips comments, joins indented continuation lines and applies =/ (§3.3, §3.9)', () => {
    const g = abnf('a = "x" ; a comment / "no"\n    / "y"\na =/ "w"\n');
    expect(['x', 'y', 'w', 'no'].map((s) => accepts(g, 'a', s))).toEqual([true, true, true, false]);
  });

  it('reads 0<prose> as the empty string (RFC 3986 path-empty)', () => {
    expect(uri3986('path-empty', '')).toBe(true);
    expect(uri3986('path-empty', 'a')).toBe(false);
  });

  it('refuses other prose and undefined rules with the name in the message', () => {
    expect(() => abnf('a = <some prose>\n')).toThrow(/<some prose>/);
    expect(() => compileRule(abnf('a = b\n'), 'a')).toThrow(/rule b is not defined/);
  });
});

describe('RFC 822 BNF notation (RFC 822 §2, with "|" as in RFC 1738 §5)', () => {
  it('reads quoted strings case-sensitively (project decision, docs/contract)', () => {
    const g = bnf('a = "http"\n');
    expect(accepts(g, 'a', 'http')).toBe(true);
    expect(accepts(g, 'a', 'HTTP')).toBe(false);
  });

  it('reads "|", [ ], ( ), *x and n*m x, concatenation binding tighter', () => {
    const g = bnf('d = "0" | "1"\nn = 1*d [ "." 2*3d ]\nq = ( "a" | "b" ) "c" | "d"\n');
    expect(['1', '10.01', '1.001', '1.1', '1.0001', ''].map((s) => accepts(g, 'n', s))).toEqual([
      true, true, true, false, false, false,
    ]);
    expect(['ac', 'bc', 'd', 'ad', 'c'].map((s) => accepts(g, 'q', s))).toEqual([true, true, true, false, false]);
  });

  it('reads brackets under a repetition count as grouping: 1*[ x ] is 1*( x ), *[ x ] is *( x ) (contract)', () => {
    // RFC 1738 §5 prints `scheme = 1*[ lowalpha | ... ]`; brackets "are used around optional or
    // repeated elements", and RFC 1808 rewrote the rule as `1*( ... )`. A bracket alone is
    // still optional.
    const g = bnf('s = 1*[ "a" | "b" ]\nt = *[ "a" "b" ]\nu = 2*3[ "a" ]\no = [ "a" ] "b"\n');
    expect(['', 'a', 'abba'].map((x) => accepts(g, 's', x))).toEqual([false, true, true]);
    expect(['', 'ab', 'abab', 'aba'].map((x) => accepts(g, 't', x))).toEqual([true, true, true, false]);
    expect(['a', 'aa', 'aaa', 'aaaa'].map((x) => accepts(g, 'u', x))).toEqual([false, true, true, false]);
    expect(['b', 'ab', 'aab'].map((x) => accepts(g, 'o', x))).toEqual([true, true, false]);
  });

  it('keeps backslash in "\\" literal and names with "+" and "_" (RFC 1738 §5)', () => {
    const g = bnf('national = "{" | "\\"\ngopher+_string = *national\nnet_path = "//"\n');
    expect(accepts(g, 'gopher+_string', '{\\{')).toBe(true);
    expect(accepts(g, 'net_path', '//')).toBe(true);
  });

  it('makes prose an error unless a replacement is given', () => {
    const text = 'punctuation = "<" | <">\n';
    expect(() => bnf(text)).toThrow(/prose <"> has no formal meaning/);
    const g = bnf(text, { prose: { '"': lit('"') } });
    expect(['<', '"', '>'].map((s) => accepts(g, 'punctuation', s))).toEqual([true, true, false]);
    const h = bnf('c = <any digit>\n', { prose: { 'any digit': '"0" | "1"' } });
    expect(accepts(h, 'c', '1')).toBe(true);
  });

  it('refuses an unquoted "/" unless declared a bare literal (RFC 1738 gopherurl)', () => {
    const text = 'g = "x" [ / "y" ]\n';
    expect(() => bnf(text)).toThrow(/unexpected character "\/"/);
    expect(accepts(bnf(text, { bareLiterals: ['/'] }), 'g', 'x/y')).toBe(true);
  });
});

describe('regex compilation', () => {
  it('escapes every metacharacter of literals and ranges', () => {
    // RegExp metacharacters, "$" and braces among them, as literals of the printed grammar.
    const specials = '.*+?^$' + '{}()|[]\\/-';
    const g = bnf(`a = "${specials}"\nb = "a.c"\n`);
    expect(accepts(g, 'a', specials)).toBe(true);
    expect(accepts(g, 'b', 'abc')).toBe(false);
    const r = abnf('r = %x5B-5D / %x2D\n');
    expect(['[', '\\', ']', '-', '^', 'A'].map((s) => accepts(r, 'r', s))).toEqual([true, true, true, true, false, false]);
  });

  it('groups a quantified element before an option (`[ 1*4HEXDIG ]` is not a lazy `{1,4}?`)', () => {
    const g = abnf('o = [ 1*2"x" ] "y"\n');
    expect(['y', 'xy', 'xxy', 'xxxy'].map((s) => accepts(g, 'o', s))).toEqual([true, true, true, false]);
  });

  it('anchors the whole input', () => {
    expect(uri3986('IPv4address', '1.2.3.4 ')).toBe(false);
    expect(uri3986('IPv4address', 'x1.2.3.4')).toBe(false);
    expect(uri3986('IPv4address', '1.2.3.4\n')).toBe(false);
  });

  it('reads ABNF terminals as code points (RFC 3987 §2.2: "Terminals in the ABNF are characters")', () => {
    const g = abnf('u = %xA0-D7FF / %x10000-1FFFD\ns = 2u\n');
    // U+10000 is one character of two code units; a lone surrogate is a character in no range.
    expect(['\u{10000}', '\u{1fffd}', '\u{1fffe}', '\ud800', '\udc00', '\ud800\udc00', '\ud7ff', '\ue000'].map((x) => accepts(g, 'u', x))).toEqual([
      true, true, false, false, false, true, true, false,
    ]);
    expect(['\u{10000}\u00a0', '\u{10000}', '\u00a0\u00a0\u00a0'].map((x) => accepts(g, 's', x))).toEqual([true, false, false]);
  });

  it('spells code points above U+FFFF as surrogate pairs for the prefix oracle', () => {
    // U+10000 is D800 DC00; U+103FF is D800 DFFF; U+10400 is D801 DC00; U+10FFFD is DBFF DFFD.
    expect(surrogatePairs(0x10000, 0x103ff)).toEqual([[[0xd800, 0xd800], [0xdc00, 0xdfff]]]);
    expect(surrogatePairs(0x10001, 0x10401)).toEqual([
      [[0xd800, 0xd800], [0xdc01, 0xdfff]],
      [[0xd801, 0xd801], [0xdc00, 0xdc01]],
    ]);
    expect(surrogatePairs(0x10000, 0x10fffd)).toEqual([
      [[0xd800, 0xd800], [0xdc00, 0xdfff]],
      [[0xd801, 0xdbfe], [0xdc00, 0xdfff]],
      [[0xdbff, 0xdbff], [0xdc00, 0xdffd]],
    ]);
    const oracle = new PrefixOracle(nfaOfRule(abnf('u = 1*( %xA0-D7FF / %x10000-1FFFD )\n'), 'u'));
    expect(oracle.longestViablePrefix('\u00a0\u{1fffd}\u{1fffe}')).toBe(3);
    expect(oracle.longestViablePrefix('\u00a0\ud800x')).toBe(1);
  });

  it('caches one RegExp per (grammar, rule)', () => {
    expect(compileRule(rfc3986, 'host')).toBe(compileRule(rfc3986, 'host'));
    expect(compileRule(rfc3986, 'host')).not.toBe(compileRule(rfc3986, 'port'));
  });

  it('rewrites direct right recursion into repetition', () => {
    // draft-ietf-uri-url-03 style: `xalphas = xalpha [ xalphas ]`, `digits = digit [ digits ]`.
    const g = bnf('xalphas = xalpha [ xalphas ]\nxalpha = "a" | "b"\nhost = xalphas [ "." host ]\n');
    expect(['a', 'abba', ''].map((s) => accepts(g, 'xalphas', s))).toEqual([true, true, false]);
    expect(['a.b', 'ab.ba.a', 'a.', '.a'].map((s) => accepts(g, 'host', s))).toEqual([true, true, false, false]);
  });

  it('throws on other recursion, naming the cycle', () => {
    expect(() => compileRule(bnf('p = "(" p ")" | "x"\n'), 'p')).toThrow(/p -> p/);
    expect(() => compileRule(bnf('a = b "x" | "y"\nb = a\n'), 'a')).toThrow(/a -> b -> a/);
  });
});

describe('RFC 3986 Appendix A as printed', () => {
  it('accepts the URIs printed in §1.1.2 as URI', () => {
    for (const uri of [
      'ftp://ftp.is.co.za/rfc/rfc1808.txt',
      'http://www.ietf.org/rfc/rfc2396.txt',
      'ldap://[2001:db8::7]/c=GB?objectClass?one',
      'mailto:John.Doe@example.com',
      'news:comp.infosystems.www.servers.unix',
      'tel:+1-816-555-1212',
      'telnet://192.0.2.16:80/',
      'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
    ]) expect(uri3986('URI', uri), uri).toBe(true);
  });

  it('accepts the references of §5.4 as URI-reference, and the empty reference (§4.1)', () => {
    for (const ref of ['g:h', './g', 'g;x?y#s', '../../../g', '?y', '#s', '//g', '', 'http://a/b/c/d;p?q']) {
      expect(uri3986('URI-reference', ref), ref).toBe(true);
    }
    // relative-ref cannot start with a segment holding ":" (§4.2, path-noscheme).
    expect(uri3986('relative-ref', 'g:h')).toBe(false);
  });

  it('rejects what the rules exclude', () => {
    expect(uri3986('URI', 'http://[1::2::3]/')).toBe(false); // at most one "::" (§3.2.2)
    expect(uri3986('URI', 'http://a/%4')).toBe(false); // pct-encoded = "%" HEXDIG HEXDIG (§2.1)
    expect(uri3986('URI', 'http://exa mple.com/')).toBe(false); // SP is in no rule
    expect(uri3986('URI', '//a/b')).toBe(false); // URI needs a scheme (§3)
    expect(uri3986('URI', 'http://a/b[c]')).toBe(false); // "[" only in IP-literal (§3.2.2)
  });

  it('tells IPv4address from reg-name (§3.2.2 dec-octet)', () => {
    expect(uri3986('IPv4address', '1.2.3.4')).toBe(true);
    expect(uri3986('IPv4address', '1.2.3.256')).toBe(false);
    expect(uri3986('host', '1.2.3.256')).toBe(true); // first-match-wins falls to reg-name
    expect(uri3986('IPv4address', '01.2.3.4')).toBe(false); // no leading zero
    expect(['0', '9', '10', '99', '100', '199', '200', '249', '250', '255'].every((s) => uri3986('dec-octet', s))).toBe(true);
    expect(['00', '256', '260', '300', '1000'].some((s) => uri3986('dec-octet', s))).toBe(false);
  });

  it('accepts every IPv6address form and rejects the malformed ones (§3.2.2)', () => {
    for (const ip of ['::1.2.3.4', '1:2:3:4:5:6:7::', '::ffff:1.2.3.4', '::', '1::', '1:2:3:4:5:6:7:8', '2001:db8::7', '1:2:3:4:5:6:1.2.3.4']) {
      expect(uri3986('IPv6address', ip), ip).toBe(true);
    }
    for (const ip of ['1:2:3:4:5:6:7:8:9', '1::2::3', '12345::', '1:2:3:4:5:6:7', ':1::', '1:2:3:4:5:6:7:1.2.3.4', '::1.2.3.256']) {
      expect(uri3986('IPv6address', ip), ip).toBe(false);
    }
  });

  it('reads IPvFuture\'s "v" case-insensitively (RFC 2234 §2.3)', () => {
    expect(uri3986('IPvFuture', 'v1F.x')).toBe(true);
    expect(uri3986('IPvFuture', 'V1.x')).toBe(true);
    expect(uri3986('IPvFuture', 'v.x')).toBe(false);
    expect(uri3986('IPvFuture', 'vG.x')).toBe(false);
  });

  it('reads HEXDIG letters in any case, ALPHA and DIGIT exactly (RFC 2234 §6.1)', () => {
    expect(uri3986('HEXDIG', 'f')).toBe(true);
    expect(uri3986('HEXDIG', 'g')).toBe(false);
    expect(uri3986('scheme', 'a+b-c.d')).toBe(true);
    expect(uri3986('scheme', '1a')).toBe(false);
  });
});

describe('RFC 6570 §1.5 and §2 as printed (code points past U+FFFF)', () => {
  const printed6570 = abnf(readFileSync(new URL('../../grammar/printed/rfc6570.abnf', import.meta.url), 'utf8'));
  const amended = loadPrinted('rfc6570');
  it('reads ucschar and iprivate by code point: a surrogate pair is one character, a lone surrogate none', () => {
    // RFC 6570 §1.5: ucschar = %xA0-D7FF / ... / %x10000-1FFFD / ... / %xE1000-EFFFD.
    const yes = ['\u00a0', '\ud7ff', '\u{10000}', '\u{1FFFD}', '\u{E1000}', '\u{EFFFD}'];
    const no = ['\u009f', '\ud800', '\udc00', '\ud800\ud800', '\u{1FFFE}', '\u{E0FFF}', '\ue000', 'a'];
    expect(yes.map((c) => accepts(printed6570, 'ucschar', c))).toEqual(yes.map(() => true));
    expect(no.map((c) => accepts(printed6570, 'ucschar', c))).toEqual(no.map(() => false));
    expect(['\ue000', '\u{F0000}', '\u{10FFFD}', '\u{10FFFE}'].map((c) => accepts(printed6570, 'iprivate', c))).toEqual([true, true, true, false]);
  });
  it('derives astral characters as surrogate pairs', () => {
    const rng = mulberry32(9);
    const seen = Array.from({ length: 200 }, () => derive(printed6570, 'ucschar', rng));
    expect(seen.some((c) => c.length === 2)).toBe(true);
    expect(seen.every((c) => accepts(printed6570, 'ucschar', c))).toBe(true);
  });
  it("applies Errata ID 6937 only where asked: the verbatim text refuses \"'\" in literals, the era's reading admits it", () => {
    expect(accepts(printed6570, 'literals', "'")).toBe(false);
    expect(accepts(amended, 'literals', "'")).toBe(true);
    expect(accepts(amended, 'URI-Template', "!'")).toBe(true);
    expect(accepts(amended, 'URI-Template', '{x}')).toBe(true);
    expect(accepts(amended, 'URI-Template', '{x')).toBe(false);
  });
});

describe('random derivation', () => {
  it('derives only members of the rule, for every RFC 3986 rule (self-consistency)', () => {
    const rng = mulberry32(3986);
    for (const rule of rfc3986.rules.keys()) {
      const re = compileRule(rfc3986, rule);
      for (let k = 0; k < 100; k++) {
        const s = derive(rfc3986, rule, rng);
        if (!re.test(s)) expect.fail(`derived ${JSON.stringify(s)} is not a ${rule}`);
      }
    }
  });

  it('respects exact counts and random-cases case-insensitive literals', () => {
    const g = abnf('e = 3"ab"\n');
    const seen = new Set<string>();
    const rng = mulberry32(1);
    for (let k = 0; k < 50; k++) seen.add(derive(g, 'e', rng));
    expect([...seen].every((s) => /^(?:[aA][bB]){3}$/.test(s))).toBe(true);
    expect(seen.size).toBeGreaterThan(10);
  });

  it('mutates with 1 or 2 edits from the alphabet', () => {
    const rng = mulberry32(7);
    const alphabet = grammarAlphabet(rfc3986);
    for (const c of OUTSIDERS) expect(alphabet).toContain(c);
    expect(alphabet).toContain('~');
    for (let k = 0; k < 200; k++) {
      const m = mutate('http://a/b', rng, alphabet);
      expect(Math.abs(m.length - 10)).toBeLessThanOrEqual(2);
      expect([...m].every((c) => alphabet.includes(c) || 'http://a/b'.includes(c))).toBe(true);
    }
  });

  it('samples deterministically, without duplicates, mixing members and non-members', () => {
    const a = samples(rfc3986, 'authority', 42, 500);
    expect(a).toEqual(samples(rfc3986, 'authority', 42, 500));
    expect(new Set(a).size).toBe(a.length);
    expect(a.length).toBe(500);
    const members = a.filter((s) => uri3986('authority', s)).length;
    expect(members).toBeGreaterThan(100);
    expect(members).toBeLessThan(450);
  });
});
