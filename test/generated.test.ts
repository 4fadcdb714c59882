// generated/ is committed (reviewable recognizer diffs) and must be what grammar/ compiles to.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import peggy from 'peggy';
import { describe, expect, it } from 'vitest';
import { buildAll, eraNames, ROOT } from '../scripts/build-grammars.js';
import { composeGrammar, extendsOf } from '../scripts/compose-grammar.js';
import { eras } from '#generated';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };

describe('generated/', () => {
  const built = buildAll();
  it.each(Object.keys(built))('%s is up to date with grammar/ (run `npm run generate`)', (name) => {
    expect(readFileSync(join(ROOT, 'generated', name), 'utf8')).toBe(built[name]);
  });

  it('lists every grammar file in the registry', () => {
    expect(eras.map((e) => e.meta.spec).sort()).toEqual(eraNames());
  });

  it('is made with the exactly pinned Peggy version, a development dependency only', () => {
    // Its front end checks and transforms the grammars; the recognizers keep its semantics
    // (test/recognizer.test.ts, test/library-mode.test.ts). Nothing shipped needs it.
    expect(pkg.devDependencies.peggy).toMatch(/^\d+\.\d+\.\d+$/);
    expect((pkg as { dependencies?: Record<string, string> }).dependencies?.peggy).toBeUndefined();
  });

  it('holds no Peggy parser: each era is its two recognizers, its metadata and its grammar as data', () => {
    for (const e of eraNames()) expect(existsSync(join(ROOT, 'generated', `${e}.js`)), `generated/${e}.js`).toBe(false);
  });
});

describe.each(eras.map((e) => [e.meta.spec] as const))('%s recognizers', (spec) => {
  it.each(['fast', 'diag'])('name, above each rule (%s), the grammar file and line that define it', (build) => {
    const text = readFileSync(join(ROOT, 'generated', `${spec}.${build}.js`), 'utf8');
    // The fast recognizer's rule functions; the traced recognizer's rules, as data, a line each.
    const fns = [...text.matchAll(build === 'fast' ? /^(?:\/\/ [^:\n]+: (.*)\n)?function r_(\w+)\(/gm : /^(?: {2}\/\/ [^:\n]+: (.*)\n)? {2}\["(\w+)",/gm)];
    expect(fns.length).toBeGreaterThan(0);
    for (const [, origin, id] of fns) {
      const m = /^(grammar\/[\w-]+\.peggy):(\d+)$/.exec(origin ?? '');
      expect(m, `r_${id} in generated/${spec}.${build}.js names no grammar line`).not.toBeNull();
      const line = readFileSync(join(ROOT, m![1]!), 'utf8').split('\n')[Number(m![2]) - 1];
      expect(line, `${origin} for ${id}`).toMatch(new RegExp(`^${id}\\b`));
    }
  });
});

describe.each(eras.map((e) => [e.meta.spec, e] as const))('%s parsers', (_spec, era) => {
  const ids = [...era.meta.rules.map((r) => r.id), ...era.meta.helpers.map((h) => h.id)].sort();
  it('make every rule a start rule, in both builds', () => {
    expect([...era.fast.StartRules].sort()).toEqual(ids);
    expect([...era.diag.StartRules].sort()).toEqual(ids);
  });
  it('name every spec rule as printed, the Peggy id derived from it', () => {
    for (const r of era.meta.rules) expect(r.id).toBe(r.name.replace(/[^A-Za-z0-9_]/g, '_'));
  });
  it('give every rule a section', () => {
    // A composed era's inherited rules name their document (scripts/compose-grammar.ts).
    for (const r of era.meta.rules) expect(r.section, r.name).toMatch(/^((RFC \d+|draft-[a-z0-9-]+) §)?(\d+|[A-Z])(\.\d+)*$/);
  });
  it('has its default rule among its rules', () => {
    expect(era.meta.rules.map((r) => r.name)).toContain(era.meta.defaultRule);
  });
});

// An era built on another (docs/grammar-conventions.md, "An era built on another") defines some
// rules again and adds others; every other rule is the base's. Its fast recognizer imports the
// base's function of a rule, and its data modules (grammar, printed rules, rule metadata) hold
// the base's entry of it, exactly when the rule is the base's and reaches, in the base's
// grammar, no rule the era's own file defines (RFC 6874 §2 replaces RFC 3986's IP-literal, so
// host, authority, URI, ... are RFC 6874's own). Read here from the grammar files, not from the
// AST comparison the code generator makes (scripts/codegen/inherited.ts).
describe.each(eraNames().flatMap((era) => {
  const base = extendsOf(readFileSync(join(ROOT, 'grammar', `${era}.peggy`), 'utf8'));
  return base ? [[era, base] as const] : [];
}))('%s (built on %s)', (era, base) => {
  const read = (id: string): string => readFileSync(join(ROOT, 'grammar', `${id}.peggy`), 'utf8');
  const rulesOf = (text: string, file: string) =>
    peggy.parser.parse(text, { grammarSource: file, reservedWords: peggy.RESERVED_WORDS }).rules as unknown as Array<{ name: string; expression: unknown }>;
  const own = new Set(rulesOf(read(era), `grammar/${era}.peggy`).map((r) => r.name));
  const baseRules = rulesOf(composeGrammar(read(base), `grammar/${base}.peggy`, read), `grammar/${base}.peggy`);
  const refs = new Map(baseRules.map((r) => [r.name, [...JSON.stringify(r.expression).matchAll(/"type":"rule_ref","name":"([^"]+)"/g)].map((m) => m[1]!)]));
  const reaches = (name: string, seen = new Set<string>()): boolean => {
    if (own.has(name)) return true;
    if (seen.has(name)) return false;
    seen.add(name);
    return refs.get(name)!.some((r) => reaches(r, seen));
  };
  const expected = baseRules.filter((r) => !reaches(r.name)).map((r) => `r_${r.name}`);
  const text = readFileSync(join(ROOT, 'generated', `${era}.fast.js`), 'utf8');
  const imported = /^import \{([^}]*)\} from "\.\/([\w-]+)\.fast\.js";$/m.exec(text);

  it(`imports from ${base}'s fast recognizer the rules it has unchanged, and only those`, () => {
    expect(expected.length).toBeGreaterThan(0);
    expect(imported?.[2]).toBe(base);
    expect(imported![1]!.split(',').map((n) => n.trim()).filter(Boolean).sort()).toEqual(expected.sort());
  });

  it('defines every other rule in its fast recognizer itself', () => {
    const defined = [...text.matchAll(/^function (r_\w+)\(/gm)].map((m) => m[1]);
    for (const name of expected) expect(defined).not.toContain(name);
    for (const name of own) expect(defined).toContain(`r_${name}`);
    for (const r of baseRules) if (!expected.includes(`r_${r.name}`)) expect(defined).toContain(`r_${r.name}`);
  });

  // The same rules, by their Peggy ids, and the modules as loaded: an entry is the base's when it
  // is the very object the base's module holds for the same rule.
  const unchanged = expected.map((name) => name.slice('r_'.length)).sort();
  const load = async (id: string, kind: string) => ((await import(`../generated/${id}.${kind}.js`)) as { default: unknown }).default;
  type Data = { rules: Array<{ id: string }>; helpers: Array<{ id: string }> };
  const sharedIds = (entries: readonly object[], ids: readonly string[], theirs: readonly object[], theirIds: readonly string[]) =>
    entries.flatMap((entry, i) => {
      const j = theirs.indexOf(entry);
      if (j < 0) return [];
      expect(theirIds[j], `${era}'s entry of ${ids[i]} is ${base}'s entry of another rule`).toBe(ids[i]);
      return [ids[i]!];
    });

  it(`holds ${base}'s grammar entries (generated/${base}.grammar.js) for those rules, and only those`, async () => {
    const [mine, theirs] = [(await load(era, 'grammar')) as Data, (await load(base, 'grammar')) as Data];
    // Every rule of the composed grammar, in its order.
    const composed = rulesOf(composeGrammar(read(era), `grammar/${era}.peggy`, read), `grammar/${era}.peggy`).map((r) => r.name);
    expect(mine.rules.map((r) => r.id)).toEqual(composed);
    const ids = (d: Data) => d.rules.map((r) => r.id);
    expect(sharedIds(mine.rules, ids(mine), theirs.rules, ids(theirs)).sort()).toEqual(unchanged);
  });

  it(`holds ${base}'s printed rules (generated/${base}.printed.js) for those rules, and only those`, async () => {
    const [mine, theirs] = [(await load(era, 'printed')) as object[], (await load(base, 'printed')) as object[]];
    const [myMeta, theirMeta] = [(await load(era, 'meta')) as Data, (await load(base, 'meta')) as Data];
    const ids = (d: Data) => d.rules.map((r) => r.id);
    const specRules = new Set(ids(myMeta));
    expect(sharedIds(mine, ids(myMeta), theirs, ids(theirMeta)).sort()).toEqual(unchanged.filter((id) => specRules.has(id)));
  });

  it(`writes ${base}'s rule metadata (generated/${base}.meta.js) for those rules, and only those, as ${base}'s with its document in the section`, async () => {
    const [mine, theirs] = [(await load(era, 'meta')) as Data, (await load(base, 'meta')) as Data];
    const text = readFileSync(join(ROOT, 'generated', `${era}.meta.js`), 'utf8');
    // `inherited(base.rules[6])`, `...base.rules.slice(12, 39).map(inherited)`: the base's entries 6, and 12 to 38.
    const referenced = [...text.matchAll(/^ {4}(?:inherited\(|\.\.\.)?base\.(rules|helpers)(?:\[(\d+)\]|\.slice\((\d+), (\d+)\))/gm)].flatMap(([, list, one, from, to]) =>
      theirs[list as 'rules' | 'helpers'].slice(Number(one ?? from), one === undefined ? Number(to) : Number(one) + 1).map((e) => e.id),
    );
    expect(referenced.sort()).toEqual(unchanged);
    // Each rule once, in the composed grammar's order: a reference to the wrong entries shows.
    const composed = rulesOf(composeGrammar(read(era), `grammar/${era}.peggy`, read), `grammar/${era}.peggy`).map((r) => r.name);
    const ids = [mine.rules, mine.helpers].map((list) => list.map((e) => e.id));
    expect([...ids[0]!, ...ids[1]!].sort()).toEqual([...composed].sort());
    for (const list of ids) expect(list).toEqual(composed.filter((id) => list.includes(id)));
    // RFC 3986's `3.1` is `RFC 3986 §3.1` in an era built on it (scripts/compose-grammar.ts).
    const document = /^\/\/\s*@title\s+(RFC \d+|draft-[a-z0-9-]+)/m.exec(read(base))![1]!;
    for (const list of ['rules', 'helpers'] as const) {
      for (const entry of mine[list].filter((e) => unchanged.includes(e.id))) {
        const their = theirs[list].find((e) => e.id === entry.id) as { section?: string } | undefined;
        const section = their?.section === undefined || their.section.includes('§') ? {} : { section: `${document} §${their.section}` };
        expect(entry, `${era}: ${entry.id}`).toEqual({ ...their, ...section });
      }
    }
  });
});
