/**
 * No component is lost: on every valid curated vector of every era that names components, each
 * node of the derivation that carries a component (a node of one of its table rules, under its
 * `within` parent) lies inside what `parse` reports for that component. A repetition reported by
 * its first node alone (RFC 1738 §5 `*[ fieldspec ]`, which gave `;f=v` for `;f=v;g=w`) leaves
 * its later nodes outside. Where the table splits a component as the era's prose does (RFC 1738
 * §3.4.1's selector), the parts split off count as the component's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, type Component } from '../src/parse.js';
import { explain, type DerivationNode } from '../src/explain.js';
import { componentsOf } from '../src/eras/components.js';
import { erasWith } from '../src/eras/table.js';

interface Vector {
  input: string;
  spec: string;
  rule: string;
  valid: boolean;
}

/**
 * A scheme profile's split of a derivation's component (src/profiles/): RFC 8141 §2.3.1, the
 * r-component "ends with a "?=" sequence (which begins a q-component)", where the printed
 * r-component runs on to "#".
 */
const PROSE_SPLITS: Record<string, Record<string, readonly string[]>> = {
  rfc8141: { 'r-component': ['q-component'] },
};

/** Each carrying node the report leaves out, as "component [start,end)". */
function lost(spec: string, v: Vector): string[] {
  const table = componentsOf(spec) ?? [];
  const x = explain(v.input, { spec, rule: v.rule });
  const r = parse(v.input, { spec, rule: v.rule });
  if (!x.valid || !x.tree || !r.valid) return [];
  const missing: string[] = [];
  const walk = (node: DerivationNode, parent: string | undefined): void => {
    for (const c of table) {
      if (!c.rules.includes(node.rule) || c.fixed?.[node.rule] !== undefined) continue;
      if (c.within !== undefined && ![c.within].flat().includes(parent ?? '')) continue;
      const reported = [c.name, ...(c.split?.into ?? []), ...(PROSE_SPLITS[spec]?.[c.name] ?? [])].map((n) => r.components[n]).filter((x): x is Component => x !== undefined);
      const start = Math.min(...reported.map((x) => x.start));
      const end = Math.max(...reported.map((x) => x.end));
      if (!(start <= node.start && node.end <= end)) missing.push(`${c.name} [${node.start},${node.end})`);
    }
    for (const child of node.children) walk(child, node.rule);
  };
  walk(x.tree, undefined);
  return missing;
}

const eras = erasWith('components').filter((spec) => {
  try {
    readFileSync(`vectors/${spec}.jsonl`);
    return true;
  } catch {
    return false;
  }
});

describe('parse loses no component of the derivation (valid curated vectors)', () => {
  it('every era with components has curated vectors', () => {
    expect(eras).toEqual(erasWith('components'));
  });

  it.each(eras)('%s', (spec) => {
    const vectors = readFileSync(`vectors/${spec}.jsonl`, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Vector)
      .filter((v) => v.valid);
    expect(vectors.length).toBeGreaterThan(0);
    const failures = vectors.flatMap((v) => lost(spec, v).map((m) => `${JSON.stringify(v.input)} (${v.rule}): ${m}`));
    expect(failures).toEqual([]);
  });

  it('the property sees a repetition reported by its first node (RFC 1738 §5 *[ fieldspec ])', () => {
    const v = { input: 'prospero://h/a/b;f=v;g=w', spec: 'rfc1738', rule: 'url', valid: true };
    expect(lost('rfc1738', v)).toEqual([]);
    const r = parse(v.input, { spec: 'rfc1738' });
    expect(r.valid && r.components.fieldspec?.items?.map((i) => i.value)).toEqual([';f=v', ';g=w']);
  });
});
