// A start rule of the grammar data (generated/<era>.grammar.js, each rule's expression as Peggy
// parsed it) as a nondeterministic automaton over UTF-16 code units, read with the meaning of the
// spec's ABNF or BNF rather than PEG's: a choice is the union of its alternatives, a repetition
// any number of its expression within its bounds (a counted one written out), a rule reference
// the rule's automaton written in place. The grammars are written so that their PEG language is
// the spec's (test/recognizer.test.ts), so this reading recognizes the same language;
// test/dfa.test.ts holds the automaton to Peggy's verdicts.
//
// Lookaheads (`&e`, `!e`) keep their meaning: at a position, whether the rest of the input
// begins with a string of e. One whose e is a set of single code units (`!"."`, `&"/"`,
// `!(unreserved / "%" / sub_delims)`, `!.`) is a check of the next unit (or the end); any other
// is a sub-automaton of e followed by anything (e's language times every string), which the
// determinizer (./dfa.ts) runs beside the thread that met it. `!""` matches nothing.
//
// A rule that refers to itself (no grammar has one) has no automaton; its start rules keep the
// fast recognizer, as do terminals that ./dfa-terminals.ts cannot read exactly.

import type { GeneratedExpression, GeneratedGrammar } from '#generated';
import { NoAutomaton, type Ranges, terminalOf, union } from './dfa-terminals.js';

/** Node kinds. */
export const CHAR = 0; // consume a unit of set `arg`, go to `next`
export const SPLIT = 1; // go to each of `alts` (none: a dead end)
export const GUARD = 2; // when the next unit is in set `arg`, go to `next`
export const NOT_GUARD = 3; // when the next unit is not in set `arg`, or at the end, go to `next`
export const LOOK = 4; // go to `next`, if the rest of the input is in the language from node `arg`
export const NOT_LOOK = 5; // go to `next`, if it is not
export const ANY_LOOP = 6; // a lookahead's end: consume any unit, stay; accepts at the end
export const MATCH = 7; // the start rule's end: accepts at the end

/** Above this many nodes a start rule has no automaton (the fast recognizer serves it). */
const MAX_NODES = 200_000;

export interface Nfa {
  kind: number[];
  arg: number[];
  next: number[];
  alts: Array<number[] | null>;
  /** The code-unit sets that CHAR and GUARD nodes name. */
  sets: Ranges[];
  start: number;
}

/** The automaton of rule `startId`; throws NoAutomaton when it has none. */
export function buildNfa(grammar: GeneratedGrammar, startId: string): Nfa {
  const rules = new Map(grammar.rules.map((r) => [r.id, r.expression]));
  const nfa: Nfa = { kind: [], arg: [], next: [], alts: [], sets: [], start: 0 };
  const setIds = new Map<string, number>();
  const setOf = (r: Ranges): number => {
    const key = r.join(',');
    let id = setIds.get(key);
    if (id === undefined) {
      id = nfa.sets.length;
      nfa.sets.push(r);
      setIds.set(key, id);
    }
    return id;
  };
  const node = (kind: number, arg = -1, next = -1, alts: number[] | null = null): number => {
    if (nfa.kind.length >= MAX_NODES) throw new NoAutomaton(`more than ${MAX_NODES} nodes`);
    nfa.kind.push(kind);
    nfa.arg.push(arg);
    nfa.next.push(next);
    nfa.alts.push(alts);
    return nfa.kind.length - 1;
  };
  const ruleOf = (name: string): GeneratedExpression => {
    const e = rules.get(name);
    if (!e) throw new NoAutomaton(`undefined rule ${name}`);
    return e;
  };

  // The expression as one set of single code units, when it is one (a class without `u`, a
  // one-unit literal, `.`, a choice of them, a rule that is one): one CHAR node, or a check.
  const singleMemo = new Map<string, Ranges | null>();
  const single = (e: GeneratedExpression): Ranges | null => {
    switch (e.type) {
      case 'literal':
      case 'class':
      case 'any': {
        const t = terminalOf(e)!;
        return t.length === 1 && t[0]!.length === 1 && 'units' in t[0]![0]! ? t[0]![0]!.units : null;
      }
      case 'choice': {
        let r: Ranges = [];
        for (const a of e.alternatives) {
          const s = single(a);
          if (!s) return null;
          r = union(r, s);
        }
        return r;
      }
      case 'sequence':
        return e.elements.length === 1 ? single(e.elements[0]!) : null;
      case 'rule_ref': {
        if (singleMemo.has(e.name)) return singleMemo.get(e.name)!;
        singleMemo.set(e.name, null); // a cycle is no set
        const s = single(ruleOf(e.name));
        singleMemo.set(e.name, s);
        return s;
      }
      default:
        return null;
    }
  };

  const active = new Set<string>();
  let anyLoop = -1;
  // The nodes of `e` followed by node `next`, built from the end: the entry node.
  const build = (e: GeneratedExpression, next: number): number => {
    const set = e.type === 'choice' || e.type === 'rule_ref' ? single(e) : null;
    if (set) return node(CHAR, setOf(set), next);
    switch (e.type) {
      case 'literal':
      case 'class':
      case 'any': {
        const alts = terminalOf(e)!.map((steps) => {
          let n = next;
          for (let i = steps.length - 1; i >= 0; i--) {
            const s = steps[i]!;
            n = 'units' in s ? node(CHAR, setOf(s.units), n) : node(NOT_GUARD, setOf(s.notNext), n);
          }
          return n;
        });
        return alts.length === 1 ? alts[0]! : node(SPLIT, -1, -1, alts);
      }
      case 'sequence': {
        let n = next;
        for (let i = e.elements.length - 1; i >= 0; i--) n = build(e.elements[i]!, n);
        return n;
      }
      case 'choice':
        return node(SPLIT, -1, -1, e.alternatives.map((a) => build(a, next)));
      case 'repeat': {
        let n = next;
        if (e.max === null) {
          const loop = node(SPLIT);
          nfa.alts[loop] = [build(e.expression, loop), next];
          n = loop;
        } else {
          for (let i = e.min; i < e.max; i++) n = node(SPLIT, -1, -1, [build(e.expression, n), next]);
        }
        for (let i = 0; i < e.min; i++) n = build(e.expression, n);
        return n;
      }
      case 'rule_ref': {
        if (active.has(e.name)) throw new NoAutomaton(`rule ${e.name} refers to itself`);
        active.add(e.name);
        const n = build(ruleOf(e.name), next);
        active.delete(e.name);
        return n;
      }
      case 'and':
      case 'not': {
        const positive = e.type === 'and';
        const inner = e.expression;
        if (inner.type === 'literal' && inner.value === '') return positive ? next : node(SPLIT, -1, -1, []);
        const s = single(inner);
        if (s) return node(positive ? GUARD : NOT_GUARD, setOf(s), next);
        if (anyLoop < 0) anyLoop = node(ANY_LOOP);
        return node(positive ? LOOK : NOT_LOOK, build(inner, anyLoop), next);
      }
    }
  };
  const match = node(MATCH);
  active.add(startId);
  nfa.start = build(ruleOf(startId), match);
  return nfa;
}
