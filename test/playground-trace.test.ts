// The playground's second reading of the grammars (playground/peg-trace.ts: PEG semantics over
// generated/<era>.grammar.js, which the railroad diagrams are drawn from) agrees with the
// generated parsers: the same verdict on every row of test/vectors, and for valid rows the
// same span for every node of explain()'s derivation tree. So the path the diagrams highlight is
// the path the parsers took.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explain, isValid, type DerivationNode } from '../src/index.js';
import { allEras, eraOf, ruleOf, startIdOf } from '../src/registry.js';
import { PegMatcher } from '../playground/peg-trace.js';
import { lessonNode } from '../playground/lesson.js';

const VECTORS = new URL('./vectors/', import.meta.url).pathname;

interface Row {
  input: string;
  rule?: string;
  valid: boolean;
  /** RFC 1738's printed union rather than scheme dispatch (contract). */
  union?: boolean;
  /** RFC 8089 Appendix E's nonstandard syntax (the appendixE option). */
  appendixE?: boolean;
  source: string;
}

/** The reading a row asks for (src/era.ts, ReadingOptions). */
const readingOf = (row: Row) => ({ union: row.union ?? false, appendixE: row.appendixE ?? false });

describe.each(allEras().map((e) => e.id))('%s: the diagrams\' PEG reading agrees with the parsers', (spec) => {
  const era = eraOf(spec);
  const rows: Row[] = readdirSync(join(VECTORS, spec)).flatMap((f) => JSON.parse(readFileSync(join(VECTORS, spec, f), 'utf8')) as Row[]);
  const isHelper = (id: string) => !era.meta.rules.some((r) => r.id === id);

  it(`gives the parsers' verdict on each of the ${rows.length} vector rows`, () => {
    const wrong = rows.filter((row) => {
      const rule = ruleOf(era, row.rule);
      const start = startIdOf(era, rule, readingOf(row));
      return new PegMatcher(era.grammar, row.input).accepts(start) !== isValid(row.input, { spec, rule: rule.name, ...readingOf(row), grammarOnly: true });
    });
    expect(wrong.map((r) => `${r.rule ?? era.meta.defaultRule} ${JSON.stringify(r.input)}`)).toEqual([]);
  });

  it('traces every node of a valid derivation to the span explain() gives it', () => {
    let nodes = 0;
    const wrong: string[] = [];
    for (const row of rows.filter((r) => r.valid)) {
      const x = explain(row.input, { spec, rule: row.rule, ...readingOf(row) });
      const matcher = new PegMatcher(era.grammar, row.input);
      const visit = (n: DerivationNode, root: boolean) => {
        nodes++;
        const rule = ruleOf(era, n.rule);
        const t = matcher.trace(root ? startIdOf(era, rule, readingOf(row)) : rule.id, n.start, -1, isHelper);
        // A node a helper derived in the rule's place (`// @as`, docs/grammar-conventions.md: url-03's
        // user before an "@" where a host can begin) spans what that helper's PEG reading matches.
        const standIns = root ? [] : era.meta.helpers.filter((h) => h.as === rule.id);
        const derived = t.end === n.end || standIns.some((h) => matcher.trace(h.id, n.start, -1, isHelper).end === n.end);
        if (!derived) wrong.push(`${n.rule} at ${n.start} in ${JSON.stringify(row.input)}: ${t.end}, explain ${n.end}`);
        for (const c of n.children) visit(c, false);
      };
      if (x.tree) visit(x.tree, true);
    }
    expect(wrong).toEqual([]);
    expect(nodes).toBeGreaterThan(0);
  });

  it('marks a point of failure on the failing rule\'s diagram for every invalid row', () => {
    const unmarked: string[] = [];
    let invalid = 0;
    for (const row of rows.filter((r) => !r.valid)) {
      const x = explain(row.input, { spec, rule: row.rule, ...readingOf(row) });
      // A scheme profile's prose rejected what the grammar derives (layer 'profile'): no box of
      // the grammar refused anything, and the page marks none (playground/main.ts).
      if (!x.error || x.error.layer === 'profile') continue;
      invalid++;
      const rule = ruleOf(era, x.error.rule);
      const { start } = lessonNode(x, rule.name, null);
      const root = rule.name === x.rule && start === 0;
      const t = new PegMatcher(era.grammar, row.input).trace(root ? startIdOf(era, rule, readingOf(row)) : rule.id, start ?? 0, x.error.offset, isHelper);
      // A box refused the character at the offset, or the start rule ended there (it wanted the end).
      const marked = t.failed.size > 0 || (root && t.end === x.error.offset);
      if (!marked) unmarked.push(`${x.error.rule} at ${x.error.offset} in ${JSON.stringify(row.input)}`);
    }
    expect(unmarked).toEqual([]);
    expect(invalid).toBeGreaterThan(0);
  });
});
