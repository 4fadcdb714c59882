/**
 * Which spans of an input can be an instance of a rule in a derivation of the whole input under
 * a printed rule: the reference that explain()'s derivation tree, and so parse()'s components,
 * are read against (test/derivation-proof.test.ts). Computed from the automaton of the printed
 * rule with its rule instances marked (./prefix.ts nfaWithPaths), without the recognizers.
 *
 * An instance of a rule is the part of the automaton between its first and its last state; its
 * path is the rules it lies in, from the start rule down. A span [start, end) of `input` can be
 * that instance exactly when, in one derivation: the prefix before `start` leads from the
 * automaton's start to the instance's first state (the forward sets); the span leads from its
 * first state to its last without leaving it (a run inside the instance); and the rest of the
 * input leads from its last state to acceptance (the backward sets). An instance inside a
 * repetition is one part of the automaton for every round, so the run inside is kept within the
 * instance's own states: a span of two rounds is not one instance.
 */
import { type Nfa, reach } from './prefix.js';

/** A path as the rules it names, lower-cased, a rule repeated in a row read once (right recursion is one instance). */
export function pathKey(names: readonly string[]): string {
  return names
    .map((r) => r.toLowerCase())
    .filter((r, i, all) => i === 0 || r !== all[i - 1])
    .join(' > ');
}

export class InstanceSpans {
  private readonly size: number;
  private readonly paths: readonly string[];
  private readonly ends: readonly number[];
  /** Per state, the states its epsilon transitions reach, itself included. */
  private readonly closure: number[][];
  /** Per state, the states whose epsilon transitions reach it, itself included. */
  private readonly backClosure: number[][];
  /** Per state, its incoming code-unit transitions. */
  private readonly incoming: Array<Array<[lo: number, hi: number, from: number]>>;
  /** The first states of the instances, by the key of their path. */
  private readonly firsts = new Map<string, number[]>();

  constructor(private readonly nfa: Nfa) {
    if (!nfa.paths || !nfa.ends) throw new Error('an automaton built without its rule instances (nfaWithPaths, no intersect)');
    this.size = nfa.eps.length;
    this.paths = nfa.paths;
    this.ends = nfa.ends;
    const back: number[][] = Array.from({ length: this.size }, () => []);
    this.incoming = Array.from({ length: this.size }, () => []);
    nfa.eps.forEach((out, q) => {
      for (const t of out) back[t]!.push(q);
    });
    nfa.edges.forEach((out, q) => {
      for (const [lo, hi, t] of out) this.incoming[t]!.push([lo, hi, q]);
    });
    this.closure = nfa.eps.map((_, q) => reach([q], nfa.eps));
    this.backClosure = back.map((_, q) => reach([q], back));
    this.ends.forEach((end, q) => {
      if (end < 0) return;
      const key = pathKey(this.paths[q]!.split(' > '));
      const list = this.firsts.get(key);
      if (list) list.push(q);
      else this.firsts.set(key, [q]);
    });
  }

  /** Whether the automaton has an instance of the rule at the end of `path` at that place. */
  has(path: readonly string[]): boolean {
    return this.firsts.has(pathKey(path));
  }

  /**
   * For one input (a string of the language): whether the span [start, end) can be an instance
   * of the rule at the end of `path` (the rules from the start rule down) in a derivation of it.
   * With `continued`, `input` is a prefix of some string of the language (a viable prefix), and
   * the derivation is of a string that continues it: an instance that ends at the end of the
   * prefix may also be one still open there, its first state reached at `start` and the rest of
   * the prefix read inside it.
   */
  of(input: string, continued = false): (path: readonly string[], start: number, end: number) => boolean {
    const n = input.length;
    // forward[i]: the states some derivation of input[0, i) leaves the automaton in.
    const forward: Uint8Array[] = [];
    let at = this.mark(this.closure[this.nfa.start]!);
    forward.push(at);
    for (let i = 0; i < n; i++) {
      const unit = input.charCodeAt(i);
      const next = new Uint8Array(this.size);
      for (let q = 0; q < this.size; q++) {
        if (!at[q]) continue;
        for (const [lo, hi, t] of this.nfa.edges[q]!) if (lo <= unit && unit <= hi) for (const c of this.closure[t]!) next[c] = 1;
      }
      forward.push((at = next));
    }
    // backward[i]: the states from which input[i, n) leads to acceptance.
    const backward: Uint8Array[] = new Array(n + 1);
    // Every state of the (trimmed) automaton leads to acceptance by some continuation.
    let from = continued ? new Uint8Array(this.size).fill(1) : new Uint8Array(this.size);
    this.nfa.accepting.forEach((a, q) => {
      if (a) for (const c of this.backClosure[q]!) from[c] = 1;
    });
    backward[n] = from;
    for (let i = n - 1; i >= 0; i--) {
      const unit = input.charCodeAt(i);
      const prev = new Uint8Array(this.size);
      for (let t = 0; t < this.size; t++) {
        if (!from[t]) continue;
        for (const [lo, hi, q] of this.incoming[t]!) if (lo <= unit && unit <= hi) for (const c of this.backClosure[q]!) prev[c] = 1;
      }
      backward[i] = from = prev;
    }
    return (path, start, end) =>
      (this.firsts.get(pathKey(path)) ?? []).some((first) => {
        if (forward[start]![first] !== 1) return false;
        const inside = this.runInside(first, input, start, end);
        return (backward[end]![this.ends[first]!] === 1 && inside.has(this.ends[first]!)) || (continued && end === n && inside.size > 0);
      });
  }

  /** The states input[start, end) leads to from an instance's first state, within its own states. */
  private runInside(first: number, input: string, start: number, end: number): Set<number> {
    const own = this.paths[first]!;
    const inside = (q: number): boolean => this.paths[q] === own || this.paths[q]!.startsWith(`${own} > `);
    const close = (seeds: Iterable<number>): Set<number> => {
      const out = new Set<number>();
      const stack = [...seeds];
      while (stack.length > 0) {
        const q = stack.pop()!;
        if (out.has(q) || !inside(q)) continue;
        out.add(q);
        for (const t of this.nfa.eps[q]!) stack.push(t);
      }
      return out;
    };
    let states = close([first]);
    for (let i = start; i < end && states.size > 0; i++) {
      const unit = input.charCodeAt(i);
      const next: number[] = [];
      for (const q of states) for (const [lo, hi, t] of this.nfa.edges[q]!) if (lo <= unit && unit <= hi) next.push(t);
      states = close(next);
    }
    return states;
  }

  private mark(states: readonly number[]): Uint8Array {
    const out = new Uint8Array(this.size);
    for (const q of states) out[q] = 1;
    return out;
  }
}
