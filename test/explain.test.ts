// The derivation tree: what `parse` (components) and `explain` build on.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { explain, parse, specs, validate, type DerivationNode } from '../src/index.js';
import { profileProse } from '../src/profiles/of-era.js';

const shape = (n: DerivationNode | null): unknown =>
  n && [n.rule, n.start, n.end, ...(n.children.length ? [n.children.map(shape)] : [])];

/** Properties of any derivation: children in order, inside their parent, never overlapping. */
function checkSpans(n: DerivationNode, input: string): void {
  expect(n.start).toBeLessThanOrEqual(n.end);
  expect(n.end).toBeLessThanOrEqual(input.length);
  let at = n.start;
  for (const c of n.children) {
    expect(c.start, `${c.rule} in ${n.rule}`).toBeGreaterThanOrEqual(at);
    expect(c.end).toBeLessThanOrEqual(n.end);
    at = c.end;
    checkSpans(c, input);
  }
}

describe('explain', () => {
  it('derives RFC 3986 §3 example into its components', () => {
    const input = 'foo://example.com:8042/over/there?name=ferret#nose';
    const { tree, valid } = explain(input, { rule: 'URI' });
    expect(valid).toBe(true);
    const top = tree!.children.map((c) => [c.rule, input.slice(c.start, c.end)]);
    // RFC 3986 §3: scheme, authority, path, query, fragment.
    expect(top).toEqual([['scheme', 'foo'], ['hier-part', '//example.com:8042/over/there'], ['query', 'name=ferret'], ['fragment', 'nose']]);
    const hier = tree!.children[1]!;
    expect(hier.children.map((c) => [c.rule, input.slice(c.start, c.end)])).toEqual([
      ['authority', 'example.com:8042'],
      ['path-abempty', '/over/there'],
    ]);
    const authority = hier.children[0]!;
    expect(authority.children.map((c) => c.rule)).toEqual(['host', 'port']);
    checkSpans(tree!, input);
  });

  it('derives RFC 6068 §6\'s example with its to and hfields, each as the spec names its parts', () => {
    // mailtoURI = "mailto:" [ to ] [ hfields ]; to = addr-spec *("," addr-spec); addr-spec =
    // local-part "@" domain (RFC 6068 §2): the to read before the hfields is a `to`, not its
    // local-part and atexts under mailtoURI (grammar/rfc6068.peggy, _to_h).
    const input = 'mailto:infobot@example.com?subject=current-issue';
    const x = explain(input, { spec: 'rfc6068' });
    expect(x.valid).toBe(true);
    checkSpans(x.tree!, input);
    const top = x.tree!;
    expect(top.children.map((c) => [c.rule, c.start, c.end])).toEqual([['to', 7, 26], ['hfields', 26, 48]]);
    const addr = top.children[0]!.children;
    expect(addr.map((c) => [c.rule, c.start, c.end])).toEqual([['addr-spec', 7, 26]]);
    expect(addr[0]!.children.map((c) => [c.rule, c.start, c.end])).toEqual([['local-part', 7, 14], ['domain', 15, 26]]);
    expect(addr[0]!.children[1]!.children.map((c) => c.rule)).toEqual(['dot-atom-text']);
  });

  it('keeps no node of an abandoned alternative (IPv4address tried, then reg-name)', () => {
    const { tree } = explain('1.2.3.4.5', { rule: 'host' });
    expect(shape(tree)).toEqual(['host', 0, 9, [['reg-name', 0, 9, [
      ...'1.2.3.4.5'.split('').map((_, i) => ['unreserved', i, i + 1]),
    ]]]]);
  });

  it('keeps no node of an abandoned optional part (userinfo without "@")', () => {
    const { tree } = explain('a:1', { rule: 'authority' });
    expect(tree!.children.map((c) => c.rule)).toEqual(['host', 'port']);
  });

  it('gives the failing path with what each rule had matched, and the error', () => {
    const input = 'http://exa mple.com/';
    const e = explain(input, { rule: 'URI' });
    expect(e.valid).toBe(false);
    const v = validate(input, { rule: 'URI' });
    expect(e.error).toEqual(v.valid ? undefined : v.error);
    const path: string[] = [];
    for (let n: DerivationNode | undefined = e.tree!; n; n = n.children[n.children.length - 1]) path.push(n.rule);
    expect(path.slice(0, 5)).toEqual(e.error!.rulePath);
    expect(e.tree!.children[0]).toMatchObject({ rule: 'scheme', start: 0, end: 4 });
    checkSpans(e.tree!, input);
  });

  it.each(specs().map((s) => [s.id, s.defaultRule]))('builds a consistent tree in %s', (spec) => {
    for (const input of ['http://a/b?c#d', 'http://a.b.c/d;e/f', 'ftp://u:p@h:21/x;type=a', 'http://a b/']) {
      const e = explain(input, { spec });
      expect(e.valid).toBe(validate(input, { spec }).valid);
      if (e.tree) checkSpans(e.tree, input);
      if (e.valid) expect([e.tree!.start, e.tree!.end]).toEqual([0, input.length]);
    }
  });

  it('stays linear on a 1 MB input', () => {
    const long = 'http://a/' + 'abcdefghi/'.repeat(100_000) + ' ';
    const e = explain(long, { rule: 'URI' });
    expect(e.error!.offset).toBe(long.length - 1);
  });
});

describe('explain and parse with a core start rule', () => {
  // Core rules are folded out of trees; as the start rule the derivation is the rule alone
  // (found by scripts/fuzz.ts: parse said invalid where validate said valid).
  it.each(specs().map((s) => [s.id, s.rules.find((r) => r.core)!.name]))('%s %s', async (spec, rule) => {
    const { parse, componentNames } = await import('../src/index.js');
    const input = spec === 'rfc3986' || spec === 'rfc2396' ? 'A' : 'a';
    const valid = validate(input, { spec, rule }).valid;
    expect(explain(input, { spec, rule }).valid).toBe(valid);
    // An era without URI components (rfc6570's templates) has no parse: a UsageError says so.
    if (componentNames(spec).length === 0) expect(() => parse(input, { spec, rule })).toThrow(/names no components/);
    else expect(parse(input, { spec, rule }).valid).toBe(valid);
    if (valid) expect(explain(input, { spec, rule }).tree).toMatchObject({ rule, start: 0, end: 1 });
  });
});

// explain's verdict is validate's (src/explain.ts): for a scheme profile, the prose its RFC states
// after the grammar rejects strings the grammar derives (src/profiles/), and explain once said
// "valid" (exit 0) for them. The record without its tree must be validate's record, error,
// warnings and level included, with and without grammarOnly.
const PROFILE_ERAS = specs().map((s) => s.id).filter((id) => profileProse(id) !== undefined);
const VECTORS = new URL('../vectors/', import.meta.url).pathname;

/** The inputs the audit found, each rejected by its RFC's prose where the grammar derives it. */
const PROSE_REJECTS = [
  // RFC 9110 §4.2.1: "A recipient that processes such a URI reference MUST reject it as invalid."
  { input: 'http:///x', spec: 'rfc9110' },
  // RFC 2141 §2.1: "the NID "urn" is reserved and MUST NOT be used."
  { input: 'urn:urn:x', spec: 'rfc2141' },
  // RFC 8141 §2.3.1: "The r-component ends with a "?=" sequence (which begins a q-component)";
  // the q-component that "?=" begins here is empty, where §2's grammar wants a pchar first.
  { input: 'urn:ex:a?+b?=', spec: 'rfc8141' },
  // RFC 6068 §2 (with RFC 5322 §3.6): a header field that may occur once MUST NOT be repeated.
  { input: 'mailto:a@b?subject=x&subject=y', spec: 'rfc6068' },
];

describe('explain gives the verdict of validate, a scheme profile\'s prose included', () => {
  it('covers every era with a profile', () => {
    expect(PROFILE_ERAS).toEqual(expect.arrayContaining(['rfc9110', 'rfc8141', 'rfc2141', 'rfc6068', 'rfc8089', 'rfc2397']));
  });

  it.each(PROSE_REJECTS)('$input in $spec: invalid in the profile layer, with the whole tree', ({ input, spec }) => {
    const v = validate(input, { spec });
    expect(v.valid).toBe(false);
    const { tree, ...record } = explain(input, { spec });
    expect(record).toEqual(v);
    expect(record.error?.layer).toBe('profile');
    // The grammar derives the input: the tree is the whole derivation, not a failing path.
    expect([tree?.start, tree?.end]).toEqual([0, input.length]);
    checkSpans(tree!, input);
    // The grammar alone derives it (grammarOnly, as in validate).
    const g = explain(input, { spec, grammarOnly: true });
    expect(g.valid).toBe(true);
    expect(g.tree).toEqual(tree);
  });

  it.each(PROFILE_ERAS)('%s: explain (with and without grammarOnly) and parse equal to validate on every curated vector', (spec) => {
    const rows = readFileSync(join(VECTORS, `${spec}.jsonl`), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { input: string; spec: string; rule: string });
    let profileRejects = 0;
    for (const row of rows) {
      for (const grammarOnly of [false, true]) {
        const options = { spec: row.spec, rule: row.rule, grammarOnly };
        const { tree: _tree, ...record } = explain(row.input, options);
        const v = validate(row.input, options);
        expect(record, `${JSON.stringify(row.input)} as ${row.rule}${grammarOnly ? ', grammarOnly' : ''}`).toEqual(v);
        if (!v.valid && v.error.layer === 'profile') profileRejects++;
      }
      // parse reads explain (src/parse.ts): its verdict and error are validate's too.
      const v = validate(row.input, { spec: row.spec, rule: row.rule });
      const p = parse(row.input, { spec: row.spec, rule: row.rule });
      expect(p.valid).toBe(v.valid);
      if (!p.valid) expect(p.error).toEqual(v.valid ? undefined : v.error);
    }
    // The vectors' own profile rejections (rfc9110's empty hosts, rfc6068's repeated fields)
    // are counted where they exist; an era whose vectors have none is checked by PROSE_REJECTS.
    if (rows.some((r) => JSON.stringify(r).includes('"layer":"profile"'))) expect(profileRejects).toBeGreaterThan(0);
  });
});
