// scripts/grammar-meta.ts reads a grammar file's comments into the era's metadata
// (docs/grammar-conventions.md): here, the tag of a helper that stands for a spec rule.
import peggy from 'peggy';
import { describe, expect, it } from 'vitest';
import { extractMeta, type PeggyRuleNode } from '../scripts/grammar-meta.js';

const HEADER = [
  '// @spec toy',
  '// @title A toy grammar',
  '// @date 2026',
  '// @default list',
  '// @notation ABNF',
  '// @source none',
  '',
  '// ----- 1. Rules -----',
  '',
];

function metaOf(lines: readonly string[]) {
  const text = [...HEADER, ...lines].join('\n');
  const ast = peggy.parser.parse(text, { grammarSource: 'toy.peggy', reservedWords: [] }) as unknown as { rules: PeggyRuleNode[] };
  return extractMeta(text, 'toy.peggy', ast.rules);
}

describe('a helper that stands for a spec rule (// @as)', () => {
  const rules = ['// list = item *( "," item )', 'list', '  = _item_before_comma ("," item)*', '', '// item = 1*ALPHA', 'item', '  = [a-z]+', ''];

  it('records the Peggy id of the rule it names', () => {
    const meta = metaOf([...rules, '// PEG: an item up to the first comma.', '// @as item', '_item_before_comma', '  = [a-z]+']);
    expect(meta.helpers).toEqual([{ id: '_item_before_comma', why: 'an item up to the first comma.', as: 'item' }]);
  });

  it('records nothing for a helper without the tag', () => {
    const meta = metaOf([...rules, '// PEG: an item up to the first comma.', '_item_before_comma', '  = [a-z]+']);
    expect(meta.helpers[0]).not.toHaveProperty('as');
  });

  it('refuses a tag that names no spec rule of the grammar', () => {
    expect(() => metaOf([...rules, '// PEG: an item up to the first comma.', '// @as element', '_item_before_comma', '  = [a-z]+'])).toThrow(/stands for element/);
  });
});

describe('a helper charged to an outer rule (// @in)', () => {
  const rules = ['// list = item *( "," item )', 'list', '  = item ("," item)* _probe', '', '// item = 1*ALPHA', 'item', '  = [a-z]+', ''];

  it('records the Peggy id of the outer rule', () => {
    const meta = metaOf([...rules, '// PEG: for the diagnosis only.', '// @in list', '_probe', '  = ("!" !"")?']);
    expect(meta.helpers).toEqual([{ id: '_probe', why: 'for the diagnosis only.', in: 'list' }]);
  });

  it('refuses a tag that names no spec rule, and a helper that has both tags', () => {
    expect(() => metaOf([...rules, '// PEG: for the diagnosis only.', '// @in lists', '_probe', '  = ("!" !"")?'])).toThrow(/charged to lists/);
    expect(() => metaOf([...rules, '// PEG: for the diagnosis only.', '// @as item', '// @in list', '_probe', '  = ("!" !"")?'])).toThrow(/both/);
  });
});
