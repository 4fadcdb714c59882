// A rule's railroad (syntax) diagram, drawn by tabatkins' railroad-diagrams from the rule's
// expression tree as the build exports it (generated/<era>.grammar.js): sequences, choices,
// options and repetitions as the grammar has them, spec rules as boxes that link to their own
// diagrams, the PEG-only helpers (scripts/build-grammars.ts marks them) drawn inline because
// the spec has no such rule. For an input, the boxes on the path taken are highlighted and the
// ones that refused the character at the failing offset are marked (playground/peg-trace.ts).
//
// Loaded by the page on first use (a dynamic import): neither this module nor the library is
// part of the first load's critical path.

import * as rr from 'railroad-diagrams';
import type { GeneratedExpression as Expr } from '#generated';
import type { RegistryEra } from '../src/registry.js';
import { diagnosisOnly, PegMatcher, type RuleTrace } from './peg-trace.js';

/** Helpers referring to helpers are drawn inline this deep, then as a box. */
const MAX_INLINE = 4;
/** Inputs longer than this are drawn without the path (the trace is packrat, memory grows). */
export const MAX_TRACED_INPUT = 20_000;

const printable = (c: string) =>
  /^[\x21-\x7e]$/.test(c) ? c : c === ' ' ? 'SP' : `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`;

/** How an item is written in its box and in the text that goes with the diagram. */
export function label(e: Expr, nameOf: (id: string) => string): string {
  switch (e.type) {
    case 'literal':
      return JSON.stringify(e.value);
    case 'any':
      return 'any character';
    case 'class': {
      const parts = e.parts.map((p) => (typeof p === 'string' ? printable(p) : `${printable(p[0])}-${printable(p[1])}`));
      return `[${e.inverted ? '^' : ''}${parts.join(' ')}]`;
    }
    case 'rule_ref':
      return nameOf(e.name);
    case 'and':
    case 'not': {
      const inner = ['sequence', 'choice', 'repeat'].includes(e.expression.type) ? '…' : label(e.expression, nameOf);
      return `${e.type === 'and' ? 'if' : 'unless'} ${inner} follows`;
    }
    default:
      return e.type;
  }
}

export interface Highlight {
  input: string;
  /** Where the rule's node starts in explain()'s derivation tree. */
  start: number;
  /** The error record's offset; -1 for a valid input. */
  failAt: number;
  /** The rule is the start rule: it must end where the input ends. */
  isStart: boolean;
}

export interface DrawnRule {
  svg: SVGSVGElement;
  /** What the diagram shows, for a screen reader and for the test. */
  description: string;
  trace: RuleTrace | null;
  /** The labels of the items marked as the point of failure. */
  failedLabels: string[];
  /** The labels of the items on the path taken. */
  takenLabels: string[];
}

/** Draws rule `ruleId` (a Peggy id) of `era`, with the input's path when `highlight` is given. */
export function drawRule(era: RegistryEra, ruleId: string, highlight: Highlight | null, onRule: (name: string) => void): DrawnRule {
  const names = new Map(era.meta.rules.map((r) => [r.id, r.name]));
  const nameOf = (id: string) => names.get(id) ?? id;
  const isHelper = (id: string) => !names.has(id);
  const exprs = new Map(era.grammar.rules.map((r) => [r.id, r.expression]));
  const items = new Map<Expr, rr.Item[]>();
  const keep = (e: Expr, item: rr.Item) => {
    items.set(e, [...(items.get(e) ?? []), item]);
    return item;
  };

  const draw = (e: Expr, depth: number): rr.Item | null => {
    switch (e.type) {
      case 'literal':
      case 'class':
      case 'any':
        return keep(e, rr.Terminal(label(e, nameOf)));
      case 'rule_ref': {
        if (isHelper(e.name) && depth < MAX_INLINE && exprs.has(e.name)) return draw(exprs.get(e.name)!, depth + 1);
        const box = keep(e, rr.NonTerminal(nameOf(e.name)));
        box.attrs['data-rule'] = nameOf(e.name);
        box.attrs.class = 'rule-box';
        return box;
      }
      case 'sequence': {
        const parts = e.elements.map((x) => draw(x, depth)).filter((x): x is rr.Item => x !== null);
        return parts.length === 0 ? null : parts.length === 1 ? parts[0]! : rr.Sequence(...parts);
      }
      case 'choice': {
        const alts = e.alternatives.filter((x) => !diagnosisOnly(x)).map((x) => draw(x, depth) ?? rr.Skip());
        if (alts.length === 1) return alts[0]!;
        return rr.Choice(0, ...alts);
      }
      case 'repeat': {
        const body = draw(e.expression, depth) ?? rr.Skip();
        if (e.min === 0 && e.max === 1) return rr.Optional(body);
        if (e.min === 0 && e.max === null) return rr.ZeroOrMore(body);
        if (e.min === 1 && e.max === null) return rr.OneOrMore(body);
        const times = e.max === null ? `${e.min} or more times` : e.min === e.max ? `${e.min} times` : `${e.min} to ${e.max} times`;
        const loop = rr.OneOrMore(body, rr.Comment(times));
        return e.min === 0 ? rr.Optional(loop) : loop;
      }
      case 'and':
      case 'not': {
        // A PEG lookahead matches nothing and the spec's rule has no such part (style guide
        // §4), but it decides the path: a note on the line, not a box.
        return keep(e, rr.Comment(label(e, nameOf)));
      }
    }
  };

  const expression = exprs.get(ruleId);
  if (!expression) throw new Error(`no rule ${ruleId} in ${era.id}`);
  const body = draw(expression, 0) ?? rr.Skip();

  let wantsEnd = false;
  let trace: RuleTrace | null = null;
  const takenLabels: string[] = [];
  const failedLabels: string[] = [];
  if (highlight && highlight.input.length <= MAX_TRACED_INPUT) {
    const matcher = new PegMatcher(era.grammar, highlight.input);
    trace = matcher.trace(ruleId, highlight.start, highlight.failAt, isHelper);
    const mark = (set: Set<Expr>, cls: string, labels: string[]) => {
      for (const e of set) {
        labels.push(label(e, nameOf));
        for (const item of items.get(e) ?? []) item.attrs.class = `${item.attrs.class ?? ''} ${cls}`.trim();
      }
    };
    mark(trace.taken, 'taken', takenLabels);
    mark(trace.failed, 'failed', failedLabels);
    // The start rule matched a prefix and stopped where the input goes on: what it wanted
    // there was the end of the input (the diagram's end).
    wantsEnd = highlight.isStart && highlight.failAt >= 0 && trace.end === highlight.failAt;
  }
  const end = rr.Comment('✗ end of input wanted here');
  end.attrs.class = 'failed-end';
  const diagram = wantsEnd ? rr.Diagram(body, end) : rr.Diagram(body);

  const svg = diagram.toSVG();
  const name = nameOf(ruleId);
  const description =
    `Railroad diagram of ${name}.` +
    (takenLabels.length ? ` Path taken through ${[...new Set(takenLabels)].join(', ')}.` : '') +
    (failedLabels.length ? ` Fails at offset ${highlight!.failAt}, where ${[...new Set(failedLabels)].join(', ')} refused the character.` : '') +
    (wantsEnd ? ` Fails at offset ${highlight!.failAt}: the rule ends there but the input goes on.` : '');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', description);
  for (const g of svg.querySelectorAll<SVGGElement>('g.failed')) {
    // A cross just after the box, on its line: the failure is seen without colour too.
    const rect = g.querySelector('rect');
    const text = g.querySelector('text');
    if (!text) continue;
    if (!rect) {
      text.textContent = `✗ ${text.textContent}`; // a lookahead's note: no box to mark
      continue;
    }
    const cross = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    cross.setAttribute('x', String(Number(rect.getAttribute('x')) + Number(rect.getAttribute('width')) + 7));
    cross.setAttribute('y', text.getAttribute('y') ?? '0');
    cross.setAttribute('class', 'fail-mark');
    cross.textContent = '✗';
    g.append(cross);
  }
  for (const g of svg.querySelectorAll<SVGGElement>('g[data-rule]')) {
    g.addEventListener('click', () => onRule(g.getAttribute('data-rule')!));
    const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    title.textContent = `${g.getAttribute('data-rule')}: show its diagram`;
    g.prepend(title);
  }
  return { svg, description, trace, failedLabels, takenLabels };
}
