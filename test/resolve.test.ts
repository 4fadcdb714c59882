/**
 * Resolution per era, from each spec's own printed examples (test/resolution/<spec>.json, one
 * row a printed example with its source, each table with its own base), the errors for bases
 * and references an era cannot take, and the command line.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolve, resolveAcross, resolutionOf, resolvingEras, removeDotSegments, UsageError } from '../src/index.js';
import { runInMemory } from './cli/cli-harness.js';

interface Row {
  ref: string;
  /** The target the era's algorithm gives. */
  target: string;
  source: string;
  /** What the spec prints, where it is not `target` written as a URL (`<>`, a contradiction). */
  printed?: string;
  /** The printed target contradicts the era's own algorithm (seed 000 Appendix C vs §6). */
  contradicts?: boolean;
  /** RFC 3986 §5.2.2's backward-compatible reading. */
  strict?: boolean;
  note?: string;
}

interface Table {
  spec: string;
  base: string;
  source: string;
  rows: Row[];
}

const TABLES: Table[] = ['draft-ietf-uri-relative-url-01', 'rfc1808', 'rfc2396-draft', 'rfc2396', 'rfc3986'].map(
  (spec) => JSON.parse(readFileSync(new URL(`resolution/${spec}.json`, import.meta.url), 'utf8')) as Table,
);

describe.each(TABLES)('$spec: the printed examples against $base', (table) => {
  it.each(table.rows.map((r) => ({ ...r, label: JSON.stringify(r.ref) + (r.strict === false ? ' (non-strict)' : '') })))(
    '$label = $target ($source)',
    (row) => {
      const r = resolve(table.base, row.ref, { spec: table.spec, ...(row.strict === false ? { strict: false } : {}) });
      expect(r.error).toBeUndefined();
      expect(r.target).toBe(row.target);
    },
  );
});

interface Case {
  spec: string;
  base: string;
  ref: string;
  target: string;
  baseUsed?: string;
  warning?: string;
  source: string;
}

const CASES = (JSON.parse(readFileSync(new URL('resolution/cases.json', import.meta.url), 'utf8')) as { rows: Case[] }).rows;

describe('hosts kept, fragments not used, targets that read back otherwise (test/resolution/cases.json)', () => {
  it.each(CASES)('$spec: $base with $ref = $target ($source)', (row) => {
    const r = resolve(row.base, row.ref, { spec: row.spec });
    expect(r.error).toBeUndefined();
    expect(r.target).toBe(row.target);
    expect(r.baseUsed).toBe(row.baseUsed);
    expect(r.warning?.section).toBe(row.warning);
  });

  it('cover every era that has a table, and name only eras that define resolution', () => {
    const covered = new Set(CASES.map((c) => c.spec));
    expect([...covered]).toEqual(expect.arrayContaining(TABLES.map((t) => t.spec)));
    expect(resolvingEras()).toEqual(expect.arrayContaining([...covered]));
  });
});

describe('the tables', () => {
  it('hold every printed row: relative-url-01 §5 (24), RFC 1808 §5 (39), seed 000 Appendix C (43), RFC 2396 Appendix C (42), RFC 3986 §5.4 (42 and the non-strict http:g)', () => {
    expect(TABLES.map((t) => [t.spec, t.rows.length])).toEqual([
      ['draft-ietf-uri-relative-url-01', 24], ['rfc1808', 39], ['rfc2396-draft', 43], ['rfc2396', 42], ['rfc3986', 43],
    ]);
  });

  it('mark exactly the three rows where seed 000 Appendix C contradicts its §6', () => {
    const draft = TABLES.find((t) => t.spec === 'rfc2396-draft')!;
    expect(draft.rows.filter((r) => r.contradicts).map((r) => [r.ref, r.printed, r.target])).toEqual([
      ['?y', 'http://a/b/c/?y', 'http://a/b/c/d;p?y'],
      ['g?y/./x', 'http://a/b/c/g?y/x', 'http://a/b/c/g?y/./x'],
      ['g?y/../x', 'http://a/b/c/x', 'http://a/b/c/g?y/../x'],
    ]);
  });

  it('every other row is the printed target', () => {
    for (const t of TABLES) {
      for (const r of t.rows) if (!r.contradicts && r.printed === undefined) expect(r.target).toMatch(/^[a-z]+:/);
    }
  });
});

describe('the teaching cases: one reference, one base, every era', () => {
  const base = 'http://a/b/c/d;p?q';
  const target = (ref: string) =>
    Object.fromEntries(resolveAcross(base, ref, { specs: ['rfc3986', 'rfc2396-draft', 'rfc1808', 'rfc1738'] }).map((r) => [
      r.spec,
      'target' in r ? r.target : 'notDefined' in r ? 'not defined' : 'error',
    ]));
  it.each([
    ['?y', { rfc3986: 'http://a/b/c/d;p?y', 'rfc2396-draft': 'http://a/b/c/d;p?y', rfc1808: 'http://a/b/c/d;p?y', rfc1738: 'not defined' }],
    [';x', { rfc3986: 'http://a/b/c/;x', 'rfc2396-draft': 'http://a/b/c/;x', rfc1808: 'http://a/b/c/d;x', rfc1738: 'not defined' }],
    ['../../../g', { rfc3986: 'http://a/g', 'rfc2396-draft': 'http://a/../g', rfc1808: 'http://a/../g', rfc1738: 'not defined' }],
  ])('%s', (ref, expected) => {
    expect(target(ref)).toEqual(expected);
  });
});

describe('RFC 3986 §5.2.4 remove_dot_segments', () => {
  it.each([
    // §5.2.4's two worked examples.
    ['/a/b/c/./../../g', '/a/g'],
    ['mid/content=5/../6', 'mid/6'],
    ['', ''],
    ['/..', '/'],
    ['../a', 'a'],
    ['.', ''],
    ['/a/..', '/'],
  ])('%j gives %j', (input, output) => {
    expect(removeDotSegments(input)).toBe(output);
  });
});

describe('edge cases of each algorithm', () => {
  it.each([
    // §5.2.3: a base with an authority and an empty path merges as "/" + the reference's path.
    ['rfc3986', 'http://a', 'g', 'http://a/g'],
    ['rfc3986', 'http://a/b', '?', 'http://a/b?'],
    ['rfc3986', 'http://a/b?q', '#', 'http://a/b?q#'],
    ['rfc3986', 'http://a/b', '//c', 'http://c'],
    ['rfc3986', 'mailto:x@y', 'z', 'mailto:z'],
    // RFC 1808: an empty query or params is §2.4's "empty", which inherits the base's.
    ['rfc1808', 'http://a/b;p?q', '?', 'http://a/b;p?q'],
    ['rfc1808', 'http://a', 'g', 'http://a/g'],
    ['rfc1808', 'http://a', '?y', 'http://a/?y'],
    ['rfc1808', 'http://a/b/c/d;p?q#f', '#', 'http://a/b/c/d;p?q'],
    ['rfc1808', 'http://a/b/c/d;p?q#f', 'http://a//b', 'http://a//b'],
    // The draft: an empty reference, or one of only a fragment, is the current document.
    ['rfc2396-draft', 'http://a/b/c/d;p?q', '#s', 'http://a/b/c/d;p?q#s'],
    ['rfc2396-draft', 'http://a/b/c/d;p?q', '', 'http://a/b/c/d;p?q'],
    // §6 step 2 a: "entirely empty" is the string ("" gives the base as written); `?` is not,
    // and steps 5 and 7 write no "?" before the empty query (§4.3.3), as RFC 1808 does.
    ['rfc2396-draft', 'http://a/b?', '', 'http://a/b?'],
    ['rfc2396-draft', 'http://a/b?', '?', 'http://a/b'],
    ['rfc2396-draft', 'http://a/b?', '?#s', 'http://a/b#s'],
    ['rfc2396-draft', 'http://a/b?', '#s', 'http://a/b?#s'],
    ['rfc2396-draft', 'http://a/b?q', '?', 'http://a/b?q'],
    ['rfc1808', 'http://a/b?', '?', 'http://a/b'],
    ['rfc1808', 'http://a/b?', '', 'http://a/b?'],
    ['rfc2396-draft', 'http://a', '?y', 'http://a/?y'],
    ['rfc2396-draft', 'ftp://u:p@h:21/x', '../y', 'ftp://u:p@h:21/../y'],
  ])('%s: %s with %j gives %s', (spec, base, ref, target) => {
    expect(resolve(base, ref, { spec }).target).toBe(target);
  });
});

describe('an empty base (unknown): the embedded URL is interpreted as an absolute URL', () => {
  // RFC 1808 §4 step 1 and seed 000 §6 step 1 (relative-url-01 §4 step 2 the same): "If the base
  // URL is the empty string (unknown), the embedded URL [URL reference] is interpreted as an
  // absolute URL and we are done". §3.4 / §5.4: "all embedded URLs [URL references] within that
  // document are assumed to be absolute URLs".
  const ERAS = ['rfc1808', 'rfc2396-draft', 'draft-ietf-uri-relative-url-01'];
  it.each(ERAS.flatMap((spec) => ['http://x/y', 'http://x/./y/../z?q#f', 'mailto:a@b', 'news:a.b'].map((ref) => [spec, ref])))(
    '%s: %j is the target as it is ("we are done": no step 6 on its dots)',
    (spec, ref) => {
      const r = resolve('', ref, { spec });
      expect(r.error).toBeUndefined();
      expect(r.target).toBe(ref);
    },
  );
  it.each(ERAS.flatMap((spec) => ['g', '/g', '//x/g', '', '#f', '?q'].map((ref) => [spec, ref])))(
    '%s: %j cannot be interpreted as an absolute URL: no target, the reference refused as no absoluteURL',
    (spec, ref) => {
      const r = resolve('', ref, { spec });
      expect(r.target).toBeUndefined();
      expect(r.error).toMatchObject({ which: 'ref', rule: 'absoluteURL' });
      expect(r.error!.message).toMatch(/If the base URL is the empty string \(unknown\), the (embedded URL|URL reference) is interpreted as an absolute URL/);
    },
  );
  it('the later eras have no such step: RFC 2396 §5.2 and RFC 3986 §5.2.1 refuse the empty base', () => {
    expect(resolve('', 'http://x/y', { spec: 'rfc2396' }).error?.which).toBe('base');
    expect(resolve('', 'http://x/y').error?.which).toBe('base');
  });
});

describe('errors', () => {
  it.each([
    // An input that is not valid in the era: its diagnosis, and which input it is.
    ['rfc3986', 'http://a/', 'a b', 'ref', 1, 'segment-nz-nc'],
    ['rfc1808', 'http://a/b', '~', 'ref', 0, 'URL'],
    ['rfc2396-draft', 'http://a/', 'a#b#c', 'ref', 3, 'URL-reference'],
    ['rfc2396-draft', 'http://a b/', 'g', 'base', 8, 'URL-reference'],
    ['rfc2396', 'http://a/', 'a b', 'ref', 1, 'URI-reference'],
    ['draft-ietf-uri-relative-url-01', 'http://a/', 'a b', 'ref', 1, 'relativeURL'],
  ])('%s: base %j, ref %j: the %s fails at %d', (spec, base, ref, which, offset, rule) => {
    const r = resolve(base, ref, { spec });
    expect(r.target).toBeUndefined();
    expect(r.error).toMatchObject({ which, offset });
    expect(r.error!.shape).toBeUndefined();
    expect(r.error!.rulePath).toContain(rule);
  });

  it.each([
    // A valid input of a form the algorithm cannot use: which input, its shape, the section
    // that needs what it lacks.
    ['rfc3986', 'a/b', 'URI-reference > relative-ref > relative-part > path-noscheme', 'absolute-URI', '5.2.1'],
    ['rfc3986', '//a/b', 'URI-reference > relative-ref > relative-part > path-abempty', 'absolute-URI', '5.2.1'],
    // RFC 2396 §5: "Documents can only make use of relative URI when their base URI fits within
    // the <hier_part> syntax."
    ['rfc2396', 'mailto:x', 'URI-reference > absoluteURI > opaque_part', 'hier_part', '5.2'],
    ['rfc2396', 'mailto:x#f', 'URI-reference > absoluteURI > opaque_part', 'hier_part', '5.2'],
    ['rfc2396', 'urn:a:b', 'URI-reference > absoluteURI > opaque_part', 'hier_part', '5.2'],
    ['rfc2396', '/b/c', 'URI-reference > relativeURI > abs_path', 'hier_part', '5.2'],
    ['rfc1808', '/b/c', 'URL > relativeURL > abs_path', 'absoluteURL', '4'],
    // RFC 1808 §2.2: an absolute URL that is no generic-RL has no parts to resolve against.
    ['rfc1808', 'http://a//b', 'URL > absoluteURL', 'generic-RL', '4'],
    ['rfc2396-draft', '//a/b', 'URL-reference > relativeURL > net_path', 'absoluteURL', '6'],
    ['draft-ietf-uri-relative-url-01', ':x', 'relativeURL > rel_path', 'absoluteURL', '4'],
    ['draft-ietf-uri-relative-url-01', '//a/b', 'relativeURL > location', 'absoluteURL', '4'],
  ])('%s: the base %j is refused as %s, needing %s (§%s)', (spec, base, shape, rule, section) => {
    const r = resolve(base, 'g', { spec });
    expect(r.target).toBeUndefined();
    expect(r.error).toMatchObject({ which: 'base', rule, section, shape: shape.split(' > ') });
    expect(r.error!.message).toContain(shape);
    expect(r.error!.message).toContain(`§${section}`);
  });

  it('RFC 1738 defines no resolution: a UsageError saying so', () => {
    expect(resolutionOf('rfc1738')).toMatchObject({ defined: false });
    expect(() => resolve('http://a/', 'g', { spec: 'rfc1738' })).toThrow(UsageError);
    expect(() => resolve('http://a/', 'g', { spec: 'rfc1738' })).toThrow(/RFC 1738 defines no resolution/);
  });

  it('non-strict is RFC 3986 §5.2.2 only; an unknown spec is a UsageError', () => {
    expect(() => resolve('http://a/', 'g', { spec: 'rfc1808', strict: false })).toThrow(UsageError);
    expect(() => resolve('http://a/', 'g', { spec: 'rfc9999' })).toThrow(UsageError);
  });

  it('a base or reference that is not a string is a UsageError, as an unknown spec is', () => {
    for (const [b, r] of [[null, 'g'], ['http://a/', undefined], [42, 'g'], ['http://a/', {}]]) {
      expect(() => resolve(b as string, r as string)).toThrow(UsageError);
    }
    expect(() => resolve(null as unknown as string, 'g')).toThrow(/the base as a string, not null/);
    expect(() => resolveAcross('http://a/', 7 as unknown as string)).toThrow(UsageError);
  });

  it('no input string makes it throw', () => {
    for (const spec of resolvingEras()) {
      for (const [b, r] of [['', ''], ['\u0000', '%'], ['http://a/', '\ud800'], ['x:', '#\n'], ['http://a/#', '#'], ['#', 'g'], ['x:#', '//']]) {
        expect(() => resolve(b!, r!, { spec })).not.toThrow();
      }
    }
  });
});

describe('urispec resolve', () => {
  const base = 'http://a/b/c/d;p?q';

  it('one target a line, in order', async () => {
    const r = await runInMemory(['resolve', base, 'g', '?y', '../../../g']);
    expect(r).toMatchObject({ status: 0, stdout: 'http://a/b/c/g\nhttp://a/b/c/d;p?y\nhttp://a/g\n' });
  });

  it('references from standard input when none are given', async () => {
    const r = await runInMemory(['resolve', '--spec', 'rfc1808', base], ';x\r\n../../../g\n');
    expect(r).toMatchObject({ status: 0, stdout: 'http://a/b/c/d;x\nhttp://a/../g\n' });
  });

  it('--json: {"base","ref","spec","target"} or "error" instead of "target"; exit 1 on an error', async () => {
    const r = await runInMemory(['resolve', '--json', base, 'g', 'a b']);
    expect(r.status).toBe(1);
    const [ok, bad] = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(ok).toEqual({ base, ref: 'g', spec: 'rfc3986', target: 'http://a/b/c/g' });
    expect(Object.keys(bad!)).toEqual(['base', 'ref', 'spec', 'error']);
    expect(bad!.error).toMatchObject({ which: 'ref', offset: 1 });
  });

  it('the base used, a refused base\'s form, and a warning: in the text and in --json', async () => {
    const frag = await runInMemory(['resolve', '--json', 'http://a/b/c#f', 'g']);
    expect(JSON.parse(frag.stdout)).toEqual({ base: 'http://a/b/c#f', ref: 'g', spec: 'rfc3986', baseUsed: 'http://a/b/c', target: 'http://a/b/g' });
    const opaque = await runInMemory(['resolve', '--spec', 'rfc2396', 'mailto:x', 'y']);
    expect(opaque.status).toBe(1);
    expect(opaque.stdout).toMatch(/^base mailto:x is not usable in rfc2396: the base has the form URI-reference > absoluteURI > opaque_part, without hier_part: RFC 2396 §5\.2 needs it/);
    const warned = await runInMemory(['resolve', 'f:/a', './/g']);
    expect(warned).toMatchObject({ status: 0, stdout: 'f://g\n' });
    expect(warned.stderr).toMatch(/warning: \.\/\/g gives f:\/\/g: RFC 3986 §3\.3/);
    const json = JSON.parse((await runInMemory(['resolve', '--json', 'f:/a', './/g'])).stdout) as { warning: { section: string; produced: object; reparsed: object } };
    expect(json.warning).toMatchObject({ section: 'RFC 3986 §3.3', produced: { scheme: 'f', path: '//g' }, reparsed: { scheme: 'f', authority: 'g' } });
    // A target that is no URI at all (port "h", §3.2.3) is warned of the same way.
    const unparsed = await runInMemory(['resolve', '--json', 'f:/a', './/g:h']);
    expect(unparsed.status).toBe(0);
    expect(JSON.parse(unparsed.stdout).warning).toMatchObject({ section: 'RFC 3986 §3.3', produced: { scheme: 'f', path: '//g:h' }, reparsed: {}, reparseError: { offset: 7, rule: 'authority' } });
    expect((await runInMemory(['resolve', 'f:/a', './/g:h'])).stderr).toMatch(/warning: \.\/\/g:h gives f:\/\/g:h: RFC 3986 §3\.3: .* it is no URI-reference at all \(offset 7, in authority\)/);
    const across = await runInMemory(['resolve', '--compare', 'f:/a', './/g']);
    expect(across.stdout).toMatch(/rfc3986 +2005-01 +f:\/\/g +\(warning: RFC 3986 §3\.3\)/);
  });

  it('--help lists every era that defines resolution, from the registry', async () => {
    const help = (await runInMemory(['resolve', '--help'])).stdout;
    for (const id of resolvingEras()) expect(help).toContain(id);
  });

  it('--non-strict: http:g against an http base is relative', async () => {
    expect((await runInMemory(['resolve', base, 'http:g'])).stdout).toBe('http:g\n');
    expect((await runInMemory(['resolve', '--non-strict', base, 'http:g'])).stdout).toBe('http://a/b/c/g\n');
  });

  it('--compare: every era side by side, RFC 1738 as not defined', async () => {
    const r = await runInMemory(['resolve', '--compare', base, '?y']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/rfc2396-draft +1996-11 +http:\/\/a\/b\/c\/d;p\?y/);
    expect(r.stdout).toMatch(/rfc1738 +1994-12 +not defined: RFC 1738 defines no resolution/);
    const j = await runInMemory(['resolve', '--compare', '--json', base, ';x']);
    const { results } = JSON.parse(j.stdout) as { results: Array<{ spec: string; target?: string }> };
    expect(results.find((x) => x.spec === 'rfc1808')?.target).toBe('http://a/b/c/d;x');
  });

  it.each([
    [['resolve', '--spec', 'rfc1738', base, 'g'], /RFC 1738 defines no resolution/],
    [['resolve'], /needs a BASE/],
    [['resolve', '--spec', 'rfc1808', '--non-strict', base, 'g'], /non-strict/],
    [['resolve', '--compare', '--spec', 'rfc3986', base, 'g'], /--compare/],
    [['resolve', '--bogus', base], /unknown option/],
  ])('usage error (exit 2): %j', async (argv, message) => {
    const r = await runInMemory(argv);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
