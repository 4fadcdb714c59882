/**
 * The longest viable prefix of an input under a printed rule: the length of the longest prefix
 * that some string of the rule's language begins with (the contract's `offset`). Computed
 * without the recognizer and without the regex oracle: the rule, expanded by recursion.ts,
 * becomes a Thompson NFA over UTF-16 code unit ranges (a code point above U+FFFF as its
 * surrogate pair: surrogatePairs), trimmed to the states from which the
 * final state is reachable; a prefix is viable exactly when the set of states it reaches is
 * non-empty. The simulation runs as a lazily built DFA (interned state sets with a transition
 * cache per class of code units: units no edge's bounds tell apart, see UnitClasses), so each
 * input costs one class lookup and one table lookup per character once warm.
 *
 * A reading that is not one printed rule (RFC 1738 `url` with scheme dispatch) is built from
 * NFAs of printed rules with `union` and `intersect` (with a DFA guard), and trimmed the same
 * way, so its viability is as exact as a single rule's.
 */
import { type Grammar, type Node, lit, lookupRule } from './ast.js';
import { RecursionError, expandRule, ruleBody } from './recursion.js';
import { charSet } from './regex.js';

/** A transition on any code unit in [lo, hi] (inclusive, 0..0xFFFF). */
type Edge = readonly [lo: number, hi: number, to: number];

export interface Nfa {
  start: number;
  /** Per state: epsilon successors. */
  eps: number[][];
  /** Per state: code-unit transitions. */
  edges: Edge[][];
  accepting: boolean[];
  /**
   * Per state, the rule instances open there (nfaWithPaths): the names from the start rule down,
   * lower-cased, joined by " > ". A rule's instance holds the states of its definition and one
   * state on each side of it, where it begins and where it has ended, so a rule that begins or
   * ends at a position is open there.
   */
  paths?: string[];
  /** Per state, with `paths`: whether it is where a rule's instance begins (its first state). */
  begins?: boolean[];
  /**
   * Per state, with `paths`: for the first state of a rule's instance, its last state (the
   * instance's states lie between, their paths inside its own); -1 for any other state. Not
   * kept through `intersect`, whose product pairs an instance's states with the guard's (a
   * union with such a part has instances in its other parts only).
   */
  ends?: number[];
}

/** A complete DFA over code units, used as a guard on an NFA's language (`intersect`). */
export interface GuardDfa {
  start: number;
  /** Per state: transitions; a code unit matching no edge goes to no state (rejected). */
  edges: Edge[][];
  accepting: boolean[];
}

const MAX_UNIT = 0xffff;
const LOW_LO = 0xdc00;
const LOW_HI = 0xdfff;
const isHigh = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number): boolean => unit >= LOW_LO && unit <= LOW_HI;

type UnitRange = [lo: number, hi: number];

/**
 * The code points lo..hi (above U+FFFF) as UTF-16: pairs of a high-surrogate range and a
 * low-surrogate range, every high one in its range allowing every low one in its range.
 */
export function surrogatePairs(lo: number, hi: number): Array<[UnitRange, UnitRange]> {
  if (lo > hi) return [];
  const high = (c: number): number => 0xd800 + ((c - 0x10000) >> 10);
  const low = (c: number): number => LOW_LO + ((c - 0x10000) & 0x3ff);
  const [h0, h1] = [high(lo), high(hi)];
  if (h0 === h1) return [[[h0, h0], [low(lo), low(hi)]]];
  const out: Array<[UnitRange, UnitRange]> = [[[h0, h0], [low(lo), LOW_HI]]];
  if (h0 + 1 <= h1 - 1) out.push([[h0 + 1, h1 - 1], [LOW_LO, LOW_HI]]);
  out.push([[h1, h1], [LOW_LO, low(hi)]]);
  return out;
}

class Builder {
  eps: number[][] = [];
  edges: Edge[][] = [];
  paths: string[] = [];
  begins: boolean[] = [];
  ends: number[] = [];
  /** The rule instances open where the states being built are; references are read in `grammar`. */
  private path: string;
  private readonly open: string[] = [];

  /** `within`: the rule instances the whole automaton is open in (a reading's start rule). */
  constructor(
    private readonly grammar?: Grammar,
    within: readonly string[] = [],
  ) {
    this.path = within.map((r) => r.toLowerCase()).join(' > ');
  }

  state(): number {
    this.eps.push([]);
    this.edges.push([]);
    this.paths.push(this.path);
    this.begins.push(false);
    this.ends.push(-1);
    return this.eps.length - 1;
  }

  /** A rule's instance between `from` and `to`: its own first and last states, its definition between. */
  instance(name: string, from: number, to: number): void {
    const rule = ruleBody(this.grammar!, name);
    if (this.open.includes(rule.name)) throw new RecursionError([...this.open.slice(this.open.indexOf(rule.name)), rule.name]);
    const outer = this.path;
    this.path = outer === '' ? rule.name.toLowerCase() : `${outer} > ${rule.name.toLowerCase()}`;
    this.open.push(rule.name);
    const begin = this.state();
    this.begins[begin] = true;
    const end = this.state();
    this.ends[begin] = end;
    this.eps[from]!.push(begin);
    this.build(rule.body, begin, end);
    this.eps[end]!.push(to);
    this.open.pop();
    this.path = outer;
  }

  /** Thompson construction: a path from `from` to `to` for each string of `node`. */
  build(node: Node, from: number, to: number): void {
    const set = charSet(node);
    if (set) {
      for (const [lo, hi] of set) {
        if (lo <= MAX_UNIT) this.edges[from]!.push([lo, Math.min(hi, MAX_UNIT), to]);
        // A code point above U+FFFF (an ABNF range such as RFC 3987's %x10000-1FFFD) is two
        // code units in UTF-16: a high surrogate, then a low one.
        for (const [high, low] of surrogatePairs(Math.max(lo, MAX_UNIT + 1), hi)) {
          const mid = this.state();
          this.edges[from]!.push([high[0], high[1], mid]);
          this.edges[mid]!.push([low[0], low[1], to]);
        }
      }
      return;
    }
    switch (node.type) {
      case 'lit': {
        // Letter case per the notation: charSet of a one-character literal applies it.
        const units = [...node.text].flatMap((ch) => (ch.length === 1 ? [ch] : ch.split('')));
        this.chain(units.map((ch) => lit(ch, node.caseInsensitive)), from, to);
        return;
      }
      case 'seq':
        this.chain(node.items, from, to);
        return;
      case 'alt':
        // Each item only adds edges out of `from` and into `to`, so sharing them is safe.
        for (const item of node.items) this.build(item, from, to);
        return;
      case 'rep': {
        let at = from;
        for (let k = 0; k < node.min; k++) {
          const next = this.state();
          this.build(node.item, at, next);
          at = next;
        }
        if (node.max === null) {
          const loop = this.state();
          this.eps[at]!.push(loop);
          const back = this.state();
          this.build(node.item, loop, back);
          this.eps[back]!.push(loop);
          this.eps[loop]!.push(to);
        } else {
          for (let k = node.min; k < node.max; k++) {
            this.eps[at]!.push(to);
            const next = this.state();
            this.build(node.item, at, next);
            at = next;
          }
          this.eps[at]!.push(to);
        }
        return;
      }
      case 'range':
        return; // handled by charSet
      case 'ref':
        if (!this.grammar) throw new Error(`unexpanded reference ${node.name}`);
        this.instance(node.name, from, to);
        return;
    }
  }

  private chain(items: readonly Node[], from: number, to: number): void {
    if (items.length === 0) {
      this.eps[from]!.push(to);
      return;
    }
    let at = from;
    items.forEach((item, k) => {
      const next = k === items.length - 1 ? to : this.state();
      this.build(item, at, next);
      at = next;
    });
  }
}

/** The NFA of an expression without references. */
export function nfaOfNode(node: Node): Nfa {
  const b = new Builder();
  const start = b.state();
  const final = b.state();
  b.build(node, start, final);
  const accepting = b.eps.map((_, q) => q === final);
  return trim({ start, eps: b.eps, edges: b.edges, accepting });
}

/** The NFA of a printed rule (expanded with recursion.ts, as the regex oracle does). */
export function nfaOfRule(grammar: Grammar, rule: string): Nfa {
  const name = lookupRule(grammar, rule)?.name ?? rule;
  return nfaOfNode(expandRule(grammar, name));
}

/**
 * The NFA of a printed rule with the rule instances open at each state (`paths`): the same
 * language as nfaOfRule's, each reference built as an instance of its rule rather than expanded
 * in place. `within` names the rules the instance is inside (a reading's start rule: RFC 1738
 * `url` for its `httpurl`).
 */
export function nfaWithPaths(grammar: Grammar, rule: string, within: readonly string[] = []): Nfa {
  const b = new Builder(grammar, within);
  const start = b.state();
  const final = b.state();
  b.instance(rule, start, final);
  const accepting = b.eps.map((_, q) => q === final);
  return trim({ start, eps: b.eps, edges: b.edges, accepting, paths: b.paths, begins: b.begins, ends: b.ends });
}

/** The union of several NFAs' languages. */
export function union(nfas: readonly Nfa[]): Nfa {
  const eps: number[][] = [[]];
  const edges: Edge[][] = [[]];
  const accepting = [false];
  const withPaths = nfas.every((nfa) => nfa.paths);
  // The new start state is open in what every part's start state is open in.
  const paths = [withPaths ? commonPath(nfas.map((nfa) => nfa.paths![nfa.start]!)) : ''];
  const begins = [false];
  // A part without its instances (an intersection) has none in the union either.
  const withEnds = withPaths && nfas.some((nfa) => nfa.ends);
  const ends = [-1];
  for (const nfa of nfas) {
    const base = eps.length;
    eps[0]!.push(nfa.start + base);
    nfa.eps.forEach((e, q) => {
      eps.push(e.map((t) => t + base));
      edges.push(nfa.edges[q]!.map(([lo, hi, t]) => [lo, hi, t + base] as const));
      accepting.push(nfa.accepting[q]!);
      paths.push(nfa.paths?.[q] ?? '');
      begins.push(nfa.begins?.[q] ?? false);
      const end = nfa.ends?.[q] ?? -1;
      ends.push(end < 0 ? end : end + base);
    });
  }
  return trim({ start: 0, eps, edges, accepting, ...(withPaths ? { paths, begins } : {}), ...(withEnds ? { ends } : {}) });
}

/** The states `seeds` reach through `edges` (a list of successors per state), the seeds included. */
export function reach(seeds: readonly number[], edges: readonly (readonly number[])[]): number[] {
  const seen = new Set<number>(seeds);
  const stack = [...seeds];
  while (stack.length > 0) {
    for (const t of edges[stack.pop()!]!) {
      if (seen.has(t)) continue;
      seen.add(t);
      stack.push(t);
    }
  }
  return [...seen];
}

/** The longest run of rule names that every path begins with. */
function commonPath(paths: readonly string[]): string {
  const split = paths.map((p) => (p === '' ? [] : p.split(' > ')));
  const out: string[] = [];
  for (let k = 0; split.every((names) => k < names.length && names[k] === split[0]![k]); k++) out.push(split[0]![k]!);
  return out.join(' > ');
}

/** The strings of `nfa` that `guard` accepts: the product automaton, trimmed. */
export function intersect(nfa: Nfa, guard: GuardDfa): Nfa {
  const ids = new Map<string, number>();
  const pairs: Array<[number, number]> = [];
  const id = (q: number, g: number): number => {
    const key = `${q},${g}`;
    let k = ids.get(key);
    if (k === undefined) {
      ids.set(key, (k = pairs.length));
      pairs.push([q, g]);
    }
    return k;
  };
  const eps: number[][] = [];
  const edges: Edge[][] = [];
  const accepting: boolean[] = [];
  const start = id(nfa.start, guard.start);
  for (let k = 0; k < pairs.length; k++) {
    const [q, g] = pairs[k]!;
    eps.push(nfa.eps[q]!.map((t) => id(t, g)));
    const out: Edge[] = [];
    for (const [lo, hi, t] of nfa.edges[q]!) {
      for (const [glo, ghi, gt] of guard.edges[g]!) {
        const l = Math.max(lo, glo);
        const h = Math.min(hi, ghi);
        if (l <= h) out.push([l, h, id(t, gt)]);
      }
    }
    edges.push(out);
    accepting.push(nfa.accepting[q]! && guard.accepting[g]!);
  }
  const paths = nfa.paths && pairs.map(([q]) => nfa.paths![q]!);
  const begins = nfa.begins && pairs.map(([q]) => nfa.begins![q]!);
  return trim({ start, eps, edges, accepting, ...(paths && begins ? { paths, begins } : {}) });
}

/**
 * Drop every state from which no accepting state is reachable, so that a non-empty state set
 * always means a viable prefix. States are renumbered; an empty language keeps a lone start.
 */
function trim(nfa: Nfa): Nfa {
  const n = nfa.eps.length;
  const preds: number[][] = Array.from({ length: n }, () => []);
  nfa.eps.forEach((e, q) => {
    for (const t of e) preds[t]!.push(q);
  });
  nfa.edges.forEach((e, q) => {
    for (const [, , t] of e) preds[t]!.push(q);
  });
  const live = nfa.accepting.slice();
  const stack = live.flatMap((a, q) => (a ? [q] : []));
  while (stack.length > 0) {
    for (const p of preds[stack.pop()!]!) {
      if (!live[p]) {
        live[p] = true;
        stack.push(p);
      }
    }
  }
  const renumber = new Map<number, number>();
  for (let q = 0; q < n; q++) if (live[q] || q === nfa.start) renumber.set(q, renumber.size);
  const keep = [...renumber.keys()];
  return {
    start: renumber.get(nfa.start)!,
    eps: keep.map((q) => nfa.eps[q]!.filter((t) => live[t]).map((t) => renumber.get(t)!)),
    edges: keep.map((q) => nfa.edges[q]!.filter(([, , t]) => live[t]).map(([lo, hi, t]) => [lo, hi, renumber.get(t)!] as const)),
    accepting: keep.map((q) => nfa.accepting[q]!),
    ...(nfa.paths && nfa.begins ? { paths: keep.map((q) => nfa.paths![q]!), begins: keep.map((q) => nfa.begins![q]!) } : {}),
    // A live instance's last state is live too: its first state leads out only through it.
    ...(nfa.ends ? { ends: keep.map((q) => (nfa.ends![q]! < 0 || !live[nfa.ends![q]!] ? -1 : renumber.get(nfa.ends![q]!)!)) } : {}),
  };
}

/** One interned set of NFA states: a state of the lazily built DFA. */
export interface DState {
  states: Int32Array;
  accepting: boolean;
  /** The state after a code unit, by the unit's class (UnitClasses), once computed. */
  next: Array<DState | undefined>;
}

/**
 * The code units cut into intervals at every edge's bounds (its `lo` and `hi + 1`): every edge
 * holds an interval whole or not at all, so all the units of an interval lead from any set of
 * states to the same set, and the DFA computes that set once an interval (its class) rather
 * than once a unit. An interval's class is its index; its first unit stands for it.
 */
class UnitClasses {
  /** The first unit of each interval, ascending, from 0. */
  readonly starts: Int32Array;
  /** The class of each ASCII unit, looked up rather than searched: most input is ASCII. */
  private readonly ascii = new Int32Array(128);

  constructor(edges: readonly (readonly Edge[])[]) {
    const cuts = new Set<number>([0]);
    for (const out of edges) {
      for (const [lo, hi] of out) {
        cuts.add(lo);
        if (hi < MAX_UNIT) cuts.add(hi + 1);
      }
    }
    this.starts = Int32Array.from(cuts).sort();
    for (let unit = 0; unit < 128; unit++) this.ascii[unit] = this.search(unit);
  }

  get count(): number {
    return this.starts.length;
  }

  of(unit: number): number {
    return unit < 128 ? this.ascii[unit]! : this.search(unit);
  }

  /** The last interval whose first unit is at most `unit`. */
  private search(unit: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= unit) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/** The prefix-viability oracle of one language. */
export class PrefixOracle {
  private readonly closures: Int32Array[];
  private readonly classes: UnitClasses;
  private readonly interned = new Map<string, DState>();
  /** continuations' answers, by the list of characters asked about and the state after the prefix. */
  private readonly viableAfter = new WeakMap<readonly string[], Map<DState, readonly string[]>>();
  /**
   * Per NFA state, the number of the last step that put it in the set being built (`stamp`):
   * the set a step builds, without a new Set for each of the hundreds of thousands of steps
   * that the proof's cold automata take.
   */
  private readonly marked: Int32Array;
  private stamp = 0;
  private readonly dead: DState;
  private readonly start: DState;

  constructor(readonly nfa: Nfa) {
    this.closures = nfa.eps.map((_, q) => Int32Array.from(reach([q], nfa.eps)).sort());
    this.classes = new UnitClasses(nfa.edges);
    this.marked = new Int32Array(nfa.eps.length);
    this.dead = this.intern(new Int32Array(0));
    this.start = this.intern(this.closures[nfa.start]!);
  }

  /** Whether the language is empty (then no prefix, not even the empty one, is viable). */
  get empty(): boolean {
    return this.start === this.dead;
  }

  /**
   * The length in UTF-16 code units of the longest prefix of `input` that is viable. Prefixes
   * end between characters (docs/decisions.md, "Every era: offsets at character boundaries"):
   * a surrogate pair is one character, taken whole, and a lone surrogate is one character of
   * its own, which no string of the language holds unless some string holds that surrogate
   * not followed by its other half.
   */
  longestViablePrefix(input: string): number {
    return this.empty ? -1 : this.walk(input).length;
  }

  /** The longest viable prefix of `input` (its length) and the state it leaves the automaton in. */
  private walk(input: string): { length: number; state: DState } {
    let d = this.start;
    for (let i = 0; i < input.length; ) {
      const unit = input.charCodeAt(i);
      const pair = isHigh(unit) && i + 1 < input.length && isLow(input.charCodeAt(i + 1));
      let next = this.step(d, unit);
      if (pair && next !== this.dead) next = this.step(next, input.charCodeAt(i + 1));
      if (next === this.dead || (isHigh(unit) && !pair && !this.endsCharacter(next))) return { length: i, state: d };
      d = next;
      i += pair ? 2 : 1;
    }
    return { length: input.length, state: d };
  }

  /**
   * The automaton's state after `prefix` (a viable prefix): an object, the same for two
   * prefixes exactly when the subset construction reaches the same set of NFA states
   * (scripts/diagnosis-keys.ts).
   */
  stateAfter(prefix: string): DState {
    const { length, state } = this.walk(prefix);
    if (this.empty || length !== prefix.length) throw new Error(`not a viable prefix: ${JSON.stringify(prefix)}`);
    return state;
  }

  /**
   * What the language accepts after `prefix` (a viable prefix): whether the prefix is itself a
   * string of the language (the contract's `end of input`), and which of `chars` (each one
   * character: a code unit, a surrogate pair, or a lone surrogate) keep it viable. The prefix
   * is walked once and each character is one step from there (test/expected-proof.test.ts).
   */
  continuations(prefix: string, chars: readonly string[]): { accepted: boolean; viable: readonly string[] } {
    const d = this.stateAfter(prefix);
    // The answer depends on the state alone, and the proof asks about the same few states (and
    // the same list of characters) for thousands of prefixes: kept by list and by state.
    let byState = this.viableAfter.get(chars);
    if (!byState) this.viableAfter.set(chars, (byState = new Map()));
    let viable = byState.get(d);
    if (!viable) {
      viable = chars.filter((ch) => {
        let next = d;
        for (let i = 0; i < ch.length && next !== this.dead; i++) next = this.step(next, ch.charCodeAt(i));
        return next !== this.dead && !(ch.length === 1 && isHigh(ch.charCodeAt(0)) && !this.endsCharacter(next));
      });
      byState.set(d, viable);
    }
    return { accepted: d.accepting, viable };
  }

  /**
   * The rule instances open after `prefix` (a viable prefix) in some derivation that a string of
   * the language continues: the paths (Nfa.paths) of the states the automaton is in. Only for
   * an automaton built with them (nfaWithPaths). `reading`: only the instances of states with a
   * code-unit transition, those that would read a character there (a rule that has ended at the
   * prefix's end is open there but reads nothing more).
   */
  openAfter(prefix: string, reading = false): Set<string> {
    const paths = this.nfa.paths;
    if (!paths) throw new Error('an automaton built without the rules open at its states');
    const states = [...this.stateAfter(prefix).states];
    return new Set((reading ? states.filter((q) => this.nfa.edges[q]!.length > 0) : states).map((q) => paths[q]!));
  }

  /**
   * The rules an instance of which begins after `prefix` (a viable prefix) in some derivation that
   * a string of the language continues, by name as printed, lower-cased. Only for an automaton
   * built with the rules open at its states (nfaWithPaths).
   */
  beginningAfter(prefix: string): Set<string> {
    const { paths, begins } = this.nfa;
    if (!paths || !begins) throw new Error('an automaton built without the rules open at its states');
    return new Set([...this.stateAfter(prefix).states].filter((q) => begins[q]).map((q) => paths[q]!.split(' > ').at(-1)!));
  }

  /** After a lone high surrogate: can a string of the language go on with no low surrogate? */
  private endsCharacter(d: DState): boolean {
    return d.accepting || d.states.some((q) => this.nfa.edges[q]!.some(([lo, hi]) => lo < LOW_LO || hi > LOW_HI));
  }

  /** Whether `input` is in the language. */
  accepts(input: string): boolean {
    let d = this.start;
    for (let i = 0; i < input.length && d !== this.dead; i++) d = this.step(d, input.charCodeAt(i));
    return d.accepting;
  }

  private intern(states: Int32Array): DState {
    const key = states.join(',');
    let d = this.interned.get(key);
    if (!d) {
      d = { states, accepting: states.some((q) => this.nfa.accepting[q]!), next: new Array<DState | undefined>(this.classes.count) };
      this.interned.set(key, d);
    }
    return d;
  }

  private step(d: DState, unit: number): DState {
    if (unit < 0 || unit > MAX_UNIT) throw new Error(`not a UTF-16 code unit: ${unit}`);
    const k = this.classes.of(unit);
    let next = d.next[k];
    if (next) return next;
    // The class's first unit: every unit of the class takes the same edges (UnitClasses).
    const first = this.classes.starts[k]!;
    const stamp = ++this.stamp;
    const targets: number[] = [];
    for (const q of d.states) {
      for (const [lo, hi, t] of this.nfa.edges[q]!) {
        if (first < lo || first > hi) continue;
        for (const c of this.closures[t]!) {
          if (this.marked[c] === stamp) continue;
          this.marked[c] = stamp;
          targets.push(c);
        }
      }
    }
    next = this.intern(Int32Array.from(targets).sort());
    d.next[k] = next;
    return next;
  }
}

/**
 * The guard of RFC 1738's scheme dispatch (docs/contract): the strings whose scheme, the text
 * before the first ":", is none of `schemes`. A trie over the schemes; any other text before
 * the first ":" leaves the trie for `free`, after which every code unit is allowed.
 */
export function schemeNotIn(schemes: readonly string[]): GuardDfa {
  const edges: Edge[][] = [];
  const accepting: boolean[] = [];
  const state = (): number => {
    edges.push([]);
    return accepting.push(true) - 1;
  };
  const start = state();
  const offTrie = state(); // before the first ":", no longer a prefix of any scheme
  const free = state(); // past the first ":" of an allowed scheme
  const COLON = 0x3a;
  edges[free]!.push([0, MAX_UNIT, free]);
  edges[offTrie]!.push([0, COLON - 1, offTrie], [COLON, COLON, free], [COLON + 1, MAX_UNIT, offTrie]);
  const children = new Map<number, Map<number, number>>();
  const complete = new Set<number>();
  for (const scheme of schemes) {
    let at = start;
    for (const ch of scheme) {
      const unit = ch.charCodeAt(0);
      if (unit === COLON) throw new Error(`a scheme holds no ":": ${scheme}`);
      let kids = children.get(at);
      if (!kids) children.set(at, (kids = new Map()));
      let next = kids.get(unit);
      if (next === undefined) kids.set(unit, (next = state()));
      at = next;
    }
    complete.add(at);
  }
  const trieNodes = [start, ...[...children.values()].flatMap((m) => [...m.values()])];
  for (const node of new Set(trieNodes)) {
    const kids = children.get(node) ?? new Map<number, number>();
    // At ":" a listed scheme is refused (no edge: the guard rejects); any other goes free.
    const special = new Map<number, number | null>([...kids, [COLON, complete.has(node) ? null : free]]);
    let lo = 0;
    for (const unit of [...special.keys()].sort((a, b) => a - b)) {
      if (lo < unit) edges[node]!.push([lo, unit - 1, offTrie]);
      const to = special.get(unit);
      if (to !== null && to !== undefined) edges[node]!.push([unit, unit, to]);
      lo = unit + 1;
    }
    if (lo <= MAX_UNIT) edges[node]!.push([lo, MAX_UNIT, offTrie]);
  }
  return { start, edges, accepting };
}
