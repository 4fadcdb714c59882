/**
 * The era table (src/eras/table.ts) against the grammars it describes: a row for every era and
 * none for another (also a compile error: the `@ts-expect-error` lines below), each component,
 * format and normalization rule a rule of its era's grammar, each resolution algorithm defined by
 * the era of its document, each row's example valid in its era. The rules are read from the
 * grammar files' compiled metadata (generated/<era>.rules.js), not from the table's own code.
 */
import { describe, expect, it } from 'vitest';
import { eras as generated } from '#generated';
import { ERA_TABLE, TABLE_IDS, rowOf, uriNormalizationEra, type EraTable } from '../src/eras/table.js';
import { eraDefining } from '../src/resolve/common.js';
import { componentsOf } from '../src/eras/components.js';
import { isValid, resolvingEras, specs } from '../src/index.js';

// A row missing for an era, or a row for an id without a grammar, does not type-check.
const { rfc3986: _dropped, ...missingOne } = ERA_TABLE;
// @ts-expect-error the row of an era is missing
missingOne satisfies EraTable;
// @ts-expect-error a row for an era without a grammar file
({ ...ERA_TABLE, rfc9999: ERA_TABLE.rfc3986 }) satisfies EraTable;
// @ts-expect-error a component rule's era-typed field takes only that era's rule names
({ ...ERA_TABLE, rfc1808: { ...ERA_TABLE.rfc1808, normalization: { section: 'x', rule: 'URI-reference' } } }) satisfies EraTable;

const RULES = new Map(generated.map((e) => [e.meta.spec, new Set(e.meta.rules.map((r) => r.name))]));

describe('the era table', () => {
  it('has a row for every grammar and no other', () => {
    expect([...TABLE_IDS].sort()).toEqual(specs().map((s) => s.id).sort());
    expect([...TABLE_IDS].sort()).toEqual([...RULES.keys()].sort());
  });

  describe.each(TABLE_IDS)('%s', (id) => {
    const row = rowOf(id)!;
    const rules = RULES.get(id)!;

    it('names only rules of its grammar for its components', () => {
      for (const c of componentsOf(id) ?? []) {
        for (const r of c.rules) expect(rules.has(r), `${c.name}: ${r}`).toBe(true);
        for (const w of [c.within ?? []].flat()) expect(rules.has(w), `${c.name} within ${w}`).toBe(true);
        for (const r of c.emptyIn ?? []) expect(rules.has(r), `${c.name} empty in ${r}`).toBe(true);
        for (const r of c.split?.into ?? []) expect(rules.has(r), `${c.name} split into ${r}`).toBe(true);
      }
    });

    it('its example is valid by its default rule', () => {
      expect(isValid(row.example, { spec: id })).toBe(true);
    });

    it('resolves by an algorithm that the era of its document defines, or says why not', () => {
      const r = row.resolution;
      if ('none' in r) {
        expect(r.none.length).toBeGreaterThan(20);
        expect(resolvingEras()).not.toContain(id);
      } else {
        expect(resolvingEras()).toContain(id);
        expect(TABLE_IDS).toContain(eraDefining(r.algorithm));
      }
    });
  });

  it('gives each role (IRI, template, zone identifiers, non-strict resolution, the URI normalization) to one era', () => {
    for (const field of ['iri', 'template', 'zoneIdentifiers'] as const) {
      expect(TABLE_IDS.filter((id) => rowOf(id)![field] !== undefined), field).toHaveLength(1);
    }
    expect(TABLE_IDS.filter((id) => { const r = rowOf(id)!.resolution; return 'nonStrict' in r && r.nonStrict; })).toHaveLength(1);
    // RFC 3986 §6 normalizes every URI; a scheme profile's normalization (RFC 9110 §4.2.3) is its schemes' only.
    const uriNormalizing = TABLE_IDS.filter((id) => rowOf(id)!.normalization && !rowOf(id)!.normalization!.iri && !rowOf(id)!.profile);
    expect(uriNormalizing).toEqual([uriNormalizationEra()]);
    expect(uriNormalizing).toHaveLength(1);
  });
});
