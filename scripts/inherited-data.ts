// The data modules of an era built on another (`// @extends rfc3986`, scripts/compose-grammar.ts):
// generated/<era>.grammar.js, <era>.printed.js and <era>.meta.js hold one entry a rule, and for a
// rule the era has from its base unchanged the entry is the base's module's own
// (`base.rules[6], // scheme`), not a copy of it. A rule is unchanged by the analysis the fast
// recognizer's imports follow (scripts/codegen/inherited.ts): the base defines it the same, and
// every rule it reaches is unchanged too. RFC 6874 §2 replaces RFC 3986's IP-literal, so host,
// authority, URI, ... are RFC 6874's own entries; RFC 3986's scheme, port, ... are referenced.
//
// The values are the ones the era would write itself: each referenced entry is checked here to
// be, as JSON, the entry the era's own build makes (a rule's section aside, which names the base's
// document in the extending era: `RFC 3986 §3.1` for RFC 3986's `3.1`).

/** One entry of a data module: the rule it is of (a Peggy id) and its JSON. */
export interface Entry {
  id: string;
  json: string;
}

/** The same module of the base era, and which of its rules the extending era has unchanged. */
export interface BaseEntries {
  /** The base's module, `./rfc3986.grammar.js`. */
  module: string;
  /** How the module's text names the base's list of entries: `base.rules`. */
  list: string;
  entries: readonly Entry[];
  /** The rules the extending era has unchanged (scripts/codegen/inherited.ts). */
  shared: ReadonlySet<string>;
  /**
   * How an unchanged rule's entry may differ from the base's: a function the module declares
   * (`name`, its `source` and a comment saying why), and its effect on an entry's JSON, which
   * must make the base's entry the era's.
   */
  derive?: { name: string; source: string; apply: (json: string) => string };
}

/** Whether the era's entry of an unchanged rule is the base's entry with `derive` applied. */
function derived(base: BaseEntries, theirs: string, json: string, file: string, id: string): boolean {
  if (theirs === json) return false;
  if (base.derive?.apply(theirs) === json) return true;
  throw new Error(`${file}: ${id} is unchanged from ${base.module}, but its entry differs: ${json} / ${theirs}`);
}

/** A run of unchanged rules that stand in the base's list in the same order, from its entry `from`. */
interface Run {
  from: number;
  ids: string[];
  derived: boolean;
}

/**
 * The module's entries as lines (`indent`, the entry, a comma): the era's own JSON, or the base's
 * entries where the rules are unchanged: one (`base.rules[6], // scheme`), or a run of them as they
 * stand there (`...base.rules.slice(0, 39), // URI to HEXDIG, 39 rules`). Throws when an unchanged
 * rule's entry is not what the era would write.
 */
export function entryLines(entries: readonly Entry[], base: BaseEntries | null, indent: string, file: string): string {
  const index = new Map(base?.entries.map((e, i) => [e.id, i]));
  const lines: string[] = [];
  let run: Run | null = null;
  const close = () => {
    if (run && base) lines.push(`${indent}${reference(base, run)},${runComment(run.ids)}\n`);
    run = null;
  };
  for (const { id, json } of entries) {
    const i = index.get(id);
    if (!base || i === undefined || !base.shared.has(id)) {
      close();
      lines.push(`${indent}${json},\n`);
      continue;
    }
    const d = derived(base, base.entries[i]!.json, json, file, id);
    if (run && run.derived === d && run.from + run.ids.length === i) run.ids.push(id);
    else {
      close();
      run = { from: i, ids: [id], derived: d };
    }
  }
  close();
  return lines.join('');
}

/** The base's entries of a run: one entry, or a slice of its list; through `derive` where they need it. */
function reference(base: BaseEntries, { from, ids, derived }: Run): string {
  const name = derived ? base.derive!.name : null;
  if (ids.length === 1) return name ? `${name}(${base.list}[${from}])` : `${base.list}[${from}]`;
  return `...${base.list}.slice(${from}, ${from + ids.length})${name ? `.map(${name})` : ''}`;
}

/** The rules a run references, named in a comment: all of them, or the first and the last. */
function runComment(ids: readonly string[]): string {
  return ` // ${ids.length <= 3 ? ids.join(', ') : `${ids[0]} to ${ids[ids.length - 1]}, ${ids.length} rules`}`;
}

/**
 * What a module that references its base's entries declares first: the import, and the `derive`
 * function where an entry needs it; '' when it references none. `lists`: each list of the
 * module's entries and the base's list it references (the metadata has its rules and helpers).
 */
export function baseImport(lists: ReadonlyArray<[readonly Entry[], BaseEntries | null]>, file: string): string {
  const used = lists.flatMap(([entries, base]) => {
    if (!base) return [];
    const theirs = new Map(base.entries.map((e) => [e.id, e.json]));
    return entries.filter((e) => base.shared.has(e.id) && theirs.has(e.id)).map((e) => ({ base, derive: derived(base, theirs.get(e.id)!, e.json, file, e.id) }));
  });
  const base = used[0]?.base;
  if (!base) return '';
  const derive = base.derive && used.some((u) => u.derive) ? `${base.derive.source}\n` : '';
  return (
    `// An entry written \`base...\` is ${base.module}'s own, of a rule defined as there and reaching only\n` +
    `// rules defined as there (scripts/inherited-data.ts).\n` +
    `import base from ${JSON.stringify(base.module)};\n${derive}\n`
  );
}
