/**
 * A helper that stands for a spec rule (`// @as <rule>`, docs/grammar-conventions.md) matches,
 * where it is called, a string of that rule: the diagnosis reports it as that rule (its frame
 * in `rulePath`, its node in `explain`'s tree), so what it matches must be something the rule
 * itself derives, or the record would name a rule for text the rule cannot hold.
 *
 * Checked on the inputs of every era's curated vectors (vectors/<spec>.jsonl: valid strings and
 * near misses of each era's rules) and their suffixes: wherever the helper's PEG reading (the
 * fast recognizer's function for it) matches from a position, the text it matched must be
 * accepted whole by the rule it stands for (the rule's automaton, held to Peggy's own parser by
 * test/recognizer.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eras } from '#generated';
import { ROOT } from '../scripts/build-grammars.js';

const withStandIns = eras.filter((e) => e.meta.helpers.some((h) => h.as !== undefined));

describe.each(withStandIns.map((e) => [e.meta.spec, e] as const))('%s: a helper that stands for a rule', (spec, era) => {
  const inputs = readFileSync(join(ROOT, 'vectors', `${spec}.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => (JSON.parse(l) as { input: string }).input);

  it.each(era.meta.helpers.filter((h) => h.as !== undefined).map((h) => [h.id, h.as!] as const))('%s matches strings of %s', (helper, rule) => {
    const match = era.fast.ruleOf(helper);
    const wrong = new Set<string>();
    let matched = 0;
    for (const input of inputs) {
      for (let p = 0; p <= input.length; p++) {
        const end = match(input, p);
        if (end < 0) continue;
        matched++;
        const text = input.slice(p, end);
        if (!era.fast.accepts(text, rule)) wrong.add(JSON.stringify(text));
      }
    }
    // The helper matched somewhere, or the check proves nothing for it.
    expect(matched, `places where ${helper} matches in the vectors of ${spec}`).toBeGreaterThan(0);
    expect([...wrong].slice(0, 20)).toEqual([]);
  });
});
