// grammarDiff and `urispec grammar-diff`: rule lists, changed definitions and witnesses that
// both parsers confirm, for every pair of eras.
import { describe, expect, it } from 'vitest';
import { grammarDiff, isValid, specs, validate } from '../src/index.js';
import { definition } from '../src/grammar-diff.js';
import { records, runInMemory } from './cli/cli-harness.js';

const ids = specs().map((s) => s.id);
const pairs = ids.flatMap((a, i) => ids.slice(i + 1).map((b) => [a, b] as const));

describe.each(pairs)('grammarDiff(%s, %s)', (a, b) => {
  const d = grammarDiff(a, b);
  const rulesOf = (id: string) => specs().find((s) => s.id === id)!.rules;

  it('lists the rules only in one grammar, in that grammar\'s order', () => {
    const namesA = rulesOf(a).map((r) => r.name);
    const namesB = rulesOf(b).map((r) => r.name);
    expect(d.onlyIn[a]).toEqual(namesA.filter((n) => !namesB.includes(n)));
    expect(d.onlyIn[b]).toEqual(namesB.filter((n) => !namesA.includes(n)));
  });

  it('gives both printed definitions of each changed rule, and no unchanged rule', () => {
    for (const c of d.changed) {
      expect(c[a]).toBe(rulesOf(a).find((r) => r.name === c.rule)!.text);
      expect(c[b]).toBe(rulesOf(b).find((r) => r.name === c.rule)!.text);
      expect(definition(c[a]!)).not.toBe(definition(c[b]!));
    }
  });

  it('finds witnesses, each confirmed by both parsers, with the rejecting era\'s error, shortest first', () => {
    expect(d.witnesses.length).toBeGreaterThan(0);
    for (const w of d.witnesses) {
      expect(isValid(w.input, { spec: a })).toBe(w.valid[a]);
      expect(isValid(w.input, { spec: b })).toBe(w.valid[b]);
      expect(w.valid[a]).not.toBe(w.valid[b]);
      const rejecting = w.valid[a] ? b : a;
      const r = validate(w.input, { spec: rejecting });
      expect(r.valid ? undefined : r.error).toEqual(w.error);
    }
    const lengths = d.witnesses.map((w) => w.input.length);
    expect(lengths).toEqual([...lengths].sort((x, y) => x - y));
    expect(new Set(d.witnesses.map((w) => w.input)).size).toBe(d.witnesses.length);
  });

  it('agrees with the reverse comparison', () => {
    const r = grammarDiff(b, a);
    expect(r.witnesses.map((w) => w.input)).toEqual(d.witnesses.map((w) => w.input));
    expect(r.changed.map((c) => c.rule).sort()).toEqual(d.changed.map((c) => c.rule).sort());
  });
});

describe('grammarDiff: the differences a learner should see', () => {
  const inputs = (a: string, b: string) => grammarDiff(a, b).witnesses;
  it('RFC 1808 against RFC 3986: "~", IP literals, ":" in a first relative segment, userinfo', () => {
    const w = inputs('rfc1808', 'rfc3986');
    expect(w.find((x) => x.input === '~')).toMatchObject({ valid: { rfc1808: false, rfc3986: true }, error: { rule: 'URL' } });
    expect(w.find((x) => x.input.includes('['))).toMatchObject({ valid: { rfc1808: false, rfc3986: true } });
    expect(w.find((x) => x.input === ':')).toMatchObject({ valid: { rfc1808: true, rfc3986: false } });
    expect(w.some((x) => x.error.rule === 'userinfo' || x.error.rule === 'port' || x.error.rule === 'authority')).toBe(true);
  });
  it('RFC 1738 against RFC 3986: scheme-specific rules and relative references', () => {
    const w = inputs('rfc1738', 'rfc3986');
    expect(w.find((x) => x.input === '')).toMatchObject({ valid: { rfc1738: false, rfc3986: true } });
    expect(w.some((x) => x.error.rule === 'httpurl')).toBe(true);
    expect(w.some((x) => x.error.rule === 'ftpurl')).toBe(true);
  });
  it('RFC 6874 against RFC 9110: a zone identifier, which RFC 9110\'s http-URI (on RFC 3986\'s IP-literal) lacks', () => {
    // RFC 6874 §2: IPv6addrz = IPv6address "%25" ZoneID. The seeds of both eras hold "%", "2" and
    // "5", so the difference is told by the rule that fails, not by a character foreign to one era.
    const w = inputs('rfc6874', 'rfc9110');
    expect(w.filter((x) => /^http:\/\/\[[^\]]*%25[^\]]+\]/i.test(x.input)).map((x) => x.valid)).toContainEqual({ rfc6874: true, rfc9110: false });
  });
  it('RFC 2396 against RFC 3986: "[" outside a host, which RFC 2732 added to RFC 2396\'s reserved', () => {
    // RFC 2732 §3: "(3) Add "[" and "]" to the set of 'reserved' characters"; RFC 3986 takes them
    // only around an IP literal. A path or a query shows it, not only a fragment.
    const w = inputs('rfc2396', 'rfc3986');
    const bracketed = w.filter((x) => x.valid.rfc2396 && !x.valid.rfc3986 && x.input.includes('['));
    expect(bracketed.map((x) => x.error.rule)).toEqual(expect.arrayContaining(['query']));
  });
  it('the same era: no difference', () => {
    expect(grammarDiff('rfc3986', 'rfc3986')).toMatchObject({ changed: [], witnesses: [], onlyIn: { rfc3986: [] } });
  });
  it('ignores notation and layout when comparing definitions', () => {
    expect(definition('a = b | "/" |\n    c')).toBe(definition('a    = b / "/" / c   ; comment'));
    expect(definition('a = b c')).not.toBe(definition('a = b | c'));
  });
});

describe('urispec grammar-diff', () => {
  it('--json prints the library\'s record', async () => {
    const { status, stdout } = await runInMemory(['grammar-diff', '--json', 'rfc1808', 'rfc3986']);
    expect(status).toBe(0);
    const [record] = records(stdout);
    expect(record).toEqual(JSON.parse(JSON.stringify(grammarDiff('rfc1808', 'rfc3986'))));
    expect(Object.keys(record!)).toEqual(['a', 'b', 'onlyIn', 'changed', 'witnesses']);
  });

  it('readable: rule lists, definitions side by side, witnesses with the failing rule', async () => {
    const { stdout } = await runInMemory(['grammar-diff', 'rfc1808', 'rfc3986']);
    expect(stdout).toMatch(/Rules only in rfc1808 \(\d+\):\n\s+URL, absoluteURL/);
    expect(stdout).toMatch(/\n {4}scheme +=.* {4}scheme +=/);
    expect(stdout).toMatch(/"~" +✗ +✓ +rfc1808: offset 0 in URL \(§2\.2\), found "~"/);
  });

  it('names a section as validate does where the document numbers none (draft-ietf-uri-url-03\'s "A")', async () => {
    const { stdout } = await runInMemory(['grammar-diff', 'rfc1738', 'draft-ietf-uri-url-03']);
    expect(stdout).toContain('draft-ietf-uri-url-03: offset 0 in url (draft-ietf-uri-url-03, "BNF for specific URL schemes")');
    expect(stdout).not.toMatch(/\(§A\)/);
  });

  it.each([
    [['grammar-diff', 'rfc3986'], /two spec ids/],
    [['grammar-diff', 'rfc3986', 'nope'], /unknown spec "nope"/],
  ])('usage error %j: exit 2', async (argv, message) => {
    const { status, stderr } = await runInMemory(argv);
    expect(status).toBe(2);
    expect(stderr).toMatch(message);
  });
});
