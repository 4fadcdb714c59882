/**
 * RFC 3987 §3.1, the mapping of IRIs to URIs (`toURI`, `urispec to-uri`), and the §4 bidi
 * warnings. Expected URIs are written out by hand from the UTF-8 octets of each character (in
 * the comments), never computed by the code under test; the §3.1 and §4.4 examples are the
 * RFC's own.
 */
import { describe, expect, it } from 'vitest';
import { isValid, resolve, toURI, validate } from '../src/index.js';
import { runInMemory } from './cli/cli-harness.js';

describe('RFC 3987 §3.1: IRI to URI', () => {
  it('maps http://例え.jp/ü?q=ä#é as §3.1 says (Step 2 on each ucschar, upper-case hex)', () => {
    // 例 U+4F8B = 0100 1111 1000 1011 -> 1110 0100, 10 111110, 10 001011 = E4 BE 8B
    // え U+3048 = 0011 0000 0100 1000 -> 1110 0011, 10 000001, 10 001000 = E3 81 88
    // ü U+00FC = 000 1111 1100 -> 110 00011, 10 111100 = C3 BC
    // ä U+00E4 -> C3 A4;  é U+00E9 -> C3 A9
    const r = toURI('http://例え.jp/ü?q=ä#é');
    expect(r.uri).toBe('http://%E4%BE%8B%E3%81%88.jp/%C3%BC?q=%C3%A4#%C3%A9');
    expect(r.error).toBeUndefined();
    expect(r.warnings).toEqual([]);
    // "The above mapping from IRIs to URIs produces URIs fully conforming to [RFC3986]."
    expect(isValid(r.uri!, { spec: 'rfc3986' })).toBe(true);
  });

  it.each([
    // U+10000 = 0001 0000 0000 0000 0000 -> 11110 000, 10 010000, 10 000000, 10 000000 = F0 90 80 80
    ['/\u{10000}', '/%F0%90%80%80'],
    // U+10FFFD (iprivate, query only) = 1 0000 1111 1111 1111 1101 -> F4 8F BF BD
    ['?\u{10fffd}', '?%F4%8F%BF%BD'],
    // U+E000 (iprivate) = 1110 0000 0000 0000 -> 1110 1110, 10 000000, 10 000000 = EE 80 80
    ['?\ue000', '?%EE%80%80'],
    // U+00A0, the first ucschar -> C2 A0; U+D7FF -> ED 9F BF; U+FFEF -> EF BF AF
    ['\u00a0\ud7ff\uffef', '%C2%A0%ED%9F%BF%EF%BF%AF'],
    // ASCII and existing %HH triplets stay: "an identity transformation for URIs"
    ['http://a/b%20c?d=%e9', 'http://a/b%20c?d=%e9'],
  ])('%j maps to %j', (iri, uri) => {
    expect(toURI(iri).uri).toBe(uri);
  });

  it('is idempotent: "applying the mapping a second time will not change anything"', () => {
    for (const iri of ['http://例え.jp/ü?q=ä#é', 'urn:x:\u{20000}', '//ü@[::1]:80/?\ue000']) {
      const once = toURI(iri).uri!;
      expect(toURI(once).uri).toBe(once);
    }
  });

  it('gives an input that is not an IRI the diagnosis of validate, never a mapped string', () => {
    for (const bad of ['http://a b/', 'http://a/\ue000', 'http://a/\ud800', '\u{1fffe}', 'http://[fe80::1%25eth0]/']) {
      const r = toURI(bad);
      expect(r.uri).toBeUndefined();
      expect(r.error).toEqual((validate(bad, { spec: 'rfc3987' }) as { error: unknown }).error);
    }
  });

  it('converts the host with IDNA on request, the §3.1 example', () => {
    // §3.1: "http://r&#xE9;sum&#xE9;.example.org" may be converted to "http://xn--rsum-bpad.example.org"
    // instead of "http://r%C3%A9sum%C3%A9.example.org".
    expect(toURI('http://r\u00e9sum\u00e9.example.org').uri).toBe('http://r%C3%A9sum%C3%A9.example.org');
    expect(toURI('http://r\u00e9sum\u00e9.example.org', { idna: true }).uri).toBe('http://xn--rsum-bpad.example.org');
    // The rest of the IRI still by Step 2; a percent-encoded UTF-8 host is read as its characters.
    expect(toURI('http://r%C3%A9sum\u00e9.example.org/\u00fc', { idna: true }).uri).toBe('http://xn--rsum-bpad.example.org/%C3%BC');
    // An ASCII host is left alone; ToASCII refusing a host is said, with no URI.
    expect(toURI('http://a.example/\u00fc', { idna: true }).uri).toBe('http://a.example/%C3%BC');
    const refused = toURI('http://\u00e9%FF.example/', { idna: true });
    expect(refused.uri).toBeUndefined();
    expect(refused.idnaError).toMatch(/not UTF-8/);
  });

  it('§3.1 "with the flag UseSTD3ASCIIRules set to TRUE": RFC 3490 §4.1 steps 3 and 8 refuse the host', () => {
    const refused = (iri: string, why: RegExp) => {
      const r = toURI(iri, { idna: true });
      expect(r.uri, iri).toBeUndefined();
      expect(r.idnaError, iri).toMatch(why);
    };
    // Step 3 (a): "Verify the absence of non-LDH ASCII code points" ("_" is 5F).
    refused('http://a_b.\u4f8b.jp/', /label "a_b" holds "_": RFC 3490 §4\.1 step 3/);
    // Step 3 (b): "Verify the absence of leading and trailing hyphen-minus", of the label before Punycode.
    refused('http://\u4f8b-.jp/', /label "\u4f8b-" begins or ends with "-"/);
    refused('http://-\u4f8b.jp/', /begins or ends with "-"/);
    // Step 8: "the number of code points is in the range 1 to 63 inclusive".
    refused(`http://${'a'.repeat(64)}.\u4f8b.jp/`, /has 64 code points: RFC 3490 §4\.1 step 8/);
    refused('http://a..\u4f8b.jp/', /an empty label: RFC 3490 §4\.1 step 8/);
    // 63 code points and LDH labels pass.
    expect(toURI(`http://${'a'.repeat(63)}.a-b.\u4f8b.jp/`, { idna: true }).uri).toBe(`http://${'a'.repeat(63)}.a-b.xn--fsq.jp/`);
  });

  it('§3.1: only "for schemes known to use domain names in ireg-name"', () => {
    expect(toURI('foo://\u4f8b/', { idna: true }).uri).toBe('foo://%E4%BE%8B/');
    expect(toURI('//\u4f8b/', { idna: true }).uri).toBe('//%E4%BE%8B/');
    expect(toURI('HTTPS://\u4f8b/', { idna: true }).uri).toBe('HTTPS://xn--fsq/');
    expect(toURI('ftp://\u4f8b/', { idna: true }).uri).toBe('ftp://xn--fsq/');
  });

  it('the mapping is UTS #46, not RFC 3490 Nameprep: the differences, pinned (docs/decisions.md)', () => {
    // RFC 3490 (Nameprep, RFC 3491 case folding) gives fass.de; UTS #46 keeps ß (deviation character).
    expect(toURI('http://fa\u00df.de/', { idna: true }).uri).toBe('http://xn--fa-hia.de/');
    // Nameprep folds final sigma to σ; UTS #46 keeps ς.
    expect(toURI('http://\u03b2\u03cc\u03bb\u03bf\u03c2.com/', { idna: true }).uri).toBe('http://xn--nxasmm1c.com/');
    // Nameprep maps U+200D to nothing; UTS #46 refuses it here (CONTEXTJ).
    expect(toURI('http://\u200d\u4f8b.jp/', { idna: true }).idnaError).toMatch(/UTS #46 processing .*not RFC 3490's Nameprep/);
  });

  it('commutes with resolution (§3.1: "no need to define resolution separately on the IRI level")', () => {
    const base = 'http://例え.jp/a/b/c?ä';
    for (const ref of ['ü', '../ü/./x', '?é', '#é', '//ö.example/p', '/\u{10000}', '']) {
      const iriTarget = resolve(base, ref, { spec: 'rfc3987' }).target!;
      const uriTarget = resolve(toURI(base).uri!, toURI(ref).uri!, { spec: 'rfc3986' }).target!;
      expect(toURI(iriTarget).uri, ref).toBe(uriTarget);
    }
  });
});

describe('RFC 3987 §4: bidi warnings', () => {
  // Hebrew letters stand for the RFC's upper-case (right-to-left) letters.
  const kinds = (iri: string) => toURI(iri).warnings.map((w) => `${w.kind} ${w.rule ?? ''}`.trim());

  it('warns of nothing for a component of one direction, digits inside (§4.4 Examples 1, 7)', () => {
    // "http://ab.CDEFGH.ij/kl/mn/op.html": an ireg-name's labels are its components.
    expect(kinds('http://ab.\u05d0\u05d1\u05d2.ij/kl/mn/op.html')).toEqual([]);
    expect(kinds('http://ab.c\u05d0\u05d1\u05d2.ij/')).toEqual(['mixed ireg-name', 'ends ireg-name']);
    expect(kinds('http://ab.cd/\u05d0\u05d1123\u05d2/kl')).toEqual([]);
    expect(kinds('http://example.org/\u05d0\u05d1/\u05d2\u05d3?\u05d4=\u05d5#\u05d6')).toEqual([]);
  });

  it('warns where an rtl component starts or ends with a number (§4.4 Example 8, "not allowed")', () => {
    // "http://ab.cd.ef/GH1/2IJ/KL.html"
    expect(kinds('http://ab.cd.ef/\u05d0\u05d11/2\u05d2\u05d3/\u05d4\u05d5.html')).toEqual(['ends isegment', 'ends isegment', 'mixed isegment', 'ends isegment']);
  });

  it('refuses a bidi formatting character (§4.1: "IRIs MUST NOT contain bidirectional formatting characters"), which the grammar allows', () => {
    const iri = 'http://a/\u200fx';
    expect(isValid(iri, { spec: 'rfc3987', grammarOnly: true })).toBe(true);
    expect(isValid(iri, { spec: 'rfc3987' })).toBe(false);
    const r = toURI(iri);
    expect(r.uri).toBeUndefined();
    expect(r.error).toMatchObject({ offset: 9, section: 'RFC 3987 §4.1', layer: 'profile' });
  });
});

describe('urispec to-uri', () => {
  it('prints {"input","uri",...} with --json (the contract)', async () => {
    const r = await runInMemory(['to-uri', '--json', 'http://例え.jp/ü?q=ä#é']);
    expect(r.status).toBe(0);
    const record = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(record).slice(0, 2)).toEqual(['input', 'uri']);
    expect(record).toEqual({ input: 'http://例え.jp/ü?q=ä#é', uri: 'http://%E4%BE%8B%E3%81%88.jp/%C3%BC?q=%C3%A4#%C3%A9', warnings: [] });
  });

  it('reads standard input, maps each line, and gives a bad line the diagnosis (exit 1)', async () => {
    const r = await runInMemory(['to-uri'], 'http://a/ü\nhttp://a b/\n');
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('http://a/%C3%BC');
    expect(r.stdout).toContain('invalid rfc3987 IRI-reference at offset 8');
  });

  it('--idna converts the host; §4.2 bidi warnings go to standard error, §4.1 formatting characters are refused; an unknown rule is a usage error', async () => {
    expect((await runInMemory(['to-uri', '--idna', 'http://r\u00e9sum\u00e9.example.org'])).stdout).toBe('http://xn--rsum-bpad.example.org\n');
    // §4.2: "a component SHOULD NOT use both right-to-left and left-to-right characters".
    const w = await runInMemory(['to-uri', 'http://a/\u05d0x']);
    expect(w.status).toBe(0);
    expect(w.stderr).toMatch(/warning: RFC 3987 §4\.2/);
    // §4.1: "IRIs MUST NOT contain bidirectional formatting characters".
    const f = await runInMemory(['to-uri', 'http://a/\u200fx']);
    expect(f.status).toBe(1);
    expect(f.stdout + f.stderr).toMatch(/RFC 3987 §4\.1/);
    expect((await runInMemory(['to-uri', '--rule', 'nope', 'x'])).status).toBe(2);
  });
});
