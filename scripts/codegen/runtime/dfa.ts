// The automaton of ./dfa-nfa.ts made deterministic lazily, as RE2 does: a state of the DFA is the
// set of threads that have read the input so far, built the first time the input reaches it;
// each transition, once computed, is one entry of a typed array. So a check reads each code unit
// once: for a unit above 127 its class (a 64 Ki-entry table built at the first such unit), then
// the next state, `T[row + unit]` for ASCII, `T[row + 128 + class]` above (issue 17).
//
// A thread is a node of the NFA and the lookaheads it still owes: each a set of threads of the
// lookahead's sub-automaton that runs beside it on the same units, settled as soon as it can be
// (a positive one met when one of its threads reaches the sub-automaton's end owing nothing,
// failed when it has no thread left; a negative one the other way round), else at the end of
// the input. Checks of the next unit (GUARD) are made when the next unit is known: a state is
// the threads just after a unit (before following the empty moves), and its transition on a
// class follows them knowing the unit is of that class, or, for acceptance, at the end.
//
// Memory is bounded: past `maxStates` states, the cache is emptied and built again from the
// state at hand (RE2's reset); a check that empties it twice is handed to `fallback` (the
// fast recognizer), so time stays linear on adversarial input.

import type { GeneratedGrammar } from '#generated';
import { NoAutomaton } from './dfa-terminals.js';
import { ANY_LOOP, buildNfa, CHAR, GUARD, LOOK, MATCH, NOT_GUARD, NOT_LOOK, type Nfa, SPLIT } from './dfa-nfa.js';

interface Thread {
  q: number;
  owes: Owed[];
  key: string;
}
interface Owed {
  positive: boolean;
  threads: Thread[];
  key: string;
}

const END = -1;
const UNKNOWN = -1;
const DEAD = 0;
const START = 1;

export class LazyDfa {
  /** Class of each ASCII unit. */
  private readonly ascii = new Uint8Array(128);
  /** Class of every unit, built at the first unit above 127. */
  private wide: Uint8Array | null = null;
  /** Interval starts of the classes above 127 and their classes. */
  private readonly starts: number[] = [];
  private readonly classes: number[] = [];
  /** Number of classes. */
  private readonly K: number;
  /**
   * A state's row in T, W = 128 + K + 1 entries: its transition on each ASCII unit (indexed by
   * the unit itself: no class lookup on the way through ASCII), on each class (for the units
   * above 127), then whether it accepts at the end.
   */
  private readonly W: number;
  /** The ASCII units of each class. */
  private readonly asciiOf: number[][];
  /** member[set][class]: whether the class is in the set. */
  private readonly member: Uint8Array[];
  private T: Int32Array;
  private threads: Thread[][] = [];
  private ids = new Map<string, number>();
  /** How many times the cache was emptied (for tests). */
  resets = 0;

  constructor(
    private readonly nfa: Nfa,
    private readonly fallback: (input: string) => boolean,
    private readonly maxStates = 4096,
  ) {
    // The classes: code units that every set treats alike.
    const cuts = new Set<number>([0, 128]);
    for (const r of nfa.sets) for (let i = 0; i < r.length; i += 2) cuts.add(r[i]!).add(r[i + 1]! + 1);
    const points = [...cuts].filter((c) => c <= 0xffff).sort((a, b) => a - b);
    const signatures = new Map<string, number>();
    const classOfPoint = points.map((p) => {
      const sig = nfa.sets.map((r) => (inRanges(r, p) ? 1 : 0)).join('');
      let k = signatures.get(sig);
      if (k === undefined) signatures.set(sig, (k = signatures.size));
      return k;
    });
    this.K = signatures.size;
    if (this.K > 255) throw new Error('more than 255 character classes');
    this.W = 128 + this.K + 1;
    for (let i = 0; i < points.length; i++) {
      const lo = points[i]!;
      const hi = (points[i + 1] ?? 0x10000) - 1;
      if (lo < 128) this.ascii.fill(classOfPoint[i]!, lo, Math.min(hi, 127) + 1);
      else {
        this.starts.push(lo);
        this.classes.push(classOfPoint[i]!);
      }
    }
    this.asciiOf = Array.from({ length: this.K }, () => []);
    for (let c = 0; c < 128; c++) this.asciiOf[this.ascii[c]!]!.push(c);
    this.member = nfa.sets.map(() => new Uint8Array(this.K));
    for (let i = 0; i < points.length; i++) {
      for (let s = 0; s < nfa.sets.length; s++) if (inRanges(nfa.sets[s]!, points[i]!)) this.member[s]![classOfPoint[i]!] = 1;
    }
    this.T = new Int32Array(0);
    this.reset();
  }

  private classOf(c: number): number {
    if (this.wide === null) {
      this.wide = new Uint8Array(0x10000);
      this.wide.set(this.ascii);
      for (let i = 0; i < this.starts.length; i++) this.wide.fill(this.classes[i]!, this.starts[i]!, this.starts[i + 1] ?? 0x10000);
    }
    return this.wide[c]!;
  }

  private reset(): void {
    this.threads = [];
    this.ids = new Map();
    this.T = new Int32Array(8 * this.W).fill(UNKNOWN);
    this.intern([]);
    this.intern([thread(this.nfa.start, [])]);
  }

  /**
   * After a rejection: the index of the unit at which no thread was left (the input's length
   * when the input ended first), or of the high surrogate before it, whose code point it does not
   * complete; -1 when `fallback` gave the verdict. What no word of the language continues with:
   * the diagnosis's floor (src/diagnose.ts).
   */
  stoppedAt = -1;

  /** Whether the automaton accepts all of `input`. */
  accepts(input: string): boolean {
    // The common case in a loop of its own: ASCII units whose transitions are known, each a load
    // and an add; anything else (a unit above 127, a transition not computed yet) is left to
    // `rest`. The units are read with String.prototype.charCodeAt called on the input:
    // `input.charCodeAt(i)` looks the method up on the string's map, and a batch of lines of
    // five or more string representations (flat, internalized, concatenated, sliced, two-byte)
    // made that lookup megamorphic, a generic property load a unit: 2 to 3 times slower for
    // every era timed after them (issue 17).
    const T = this.T;
    const n = input.length;
    let row = START * this.W;
    let i = 0;
    for (; i < n; i++) {
      const c = String.prototype.charCodeAt.call(input, i);
      if (c > 127) break;
      const next = T[row + c]!;
      if (next <= DEAD) {
        if (next === UNKNOWN) break;
        // Every unit before `i` is ASCII: no high surrogate before it.
        this.stoppedAt = i;
        return false;
      }
      row = next;
    }
    if (i === n) {
      const a = T[row + this.W - 1]!;
      if (a === 1) return true;
      if (a === 0) {
        this.stoppedAt = i;
        return false;
      }
    }
    return this.rest(input, i, row);
  }

  /** `accepts` from unit `i` on, in the state of row `row`. */
  private rest(input: string, i: number, row: number): boolean {
    // The table holds each next state's row offset (state * W), not its number: an ASCII unit
    // costs a load and an add; the end, one load (the row's last entry).
    const ascii = this.ascii;
    let T = this.T;
    const resets = this.resets;
    const length = input.length;
    for (; i < length; i++) {
      const c = String.prototype.charCodeAt.call(input, i);
      let n = T[row + (c < 128 ? c : 128 + this.classOf(c))]!;
      // One comparison a unit on the way through: DEAD is 0 and UNKNOWN -1, every other row above.
      if (n <= DEAD) {
        if (n === UNKNOWN) {
          n = this.transition(row, c < 128 ? ascii[c]! : this.classOf(c));
          if (this.resets > resets + 1) {
            this.stoppedAt = -1;
            return this.fallback(input);
          }
          T = this.T;
        }
        if (n === DEAD) {
          this.stoppedAt = codePointAt(input, i);
          return false;
        }
      }
      row = n;
    }
    const end = row + this.W - 1;
    let a = T[end]!;
    if (a === UNKNOWN) a = T[end] = acceptsAtEnd(this.nfa, this.member, this.threads[row / this.W]!) ? 1 : 0;
    if (a === 1) return true;
    this.stoppedAt = codePointAt(input, length);
    return false;
  }

  /** The row of the state after the state of row `row` reads a unit of class `k`, computed and cached. */
  private transition(row: number, k: number): number {
    const next = step(this.nfa, this.member, this.threads[row / this.W]!, k, new Map());
    const key = next.map((t) => t.key).join('|');
    let id = this.ids.get(key);
    if (id === undefined) {
      if (this.threads.length >= this.maxStates) {
        this.resets++;
        this.reset();
        return this.intern(next) * this.W;
      }
      id = this.intern(next);
    }
    const to = id * this.W;
    // The class's entry and each of its ASCII units' (`intern` may have grown the table).
    const T = this.T;
    T[row + 128 + k] = to;
    for (const c of this.asciiOf[k]!) T[row + c] = to;
    return to;
  }

  private intern(threads: Thread[]): number {
    const key = threads.map((t) => t.key).join('|');
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const id = this.threads.length;
    this.threads.push(threads);
    this.ids.set(key, id);
    if ((id + 1) * this.W > this.T.length) {
      const T = new Int32Array(this.T.length * 2).fill(UNKNOWN);
      T.set(this.T);
      this.T = T;
    }
    return id;
  }
}

function inRanges(r: readonly number[], c: number): boolean {
  for (let i = 0; i < r.length; i += 2) if (r[i]! <= c && c <= r[i + 1]!) return true;
  return false;
}

function thread(q: number, owes: Owed[]): Thread {
  return { q, owes, key: owes.length === 0 ? `${q}` : `${q}(${owes.map((o) => o.key).join(',')})` };
}

function owed(positive: boolean, threads: Thread[]): Owed {
  return { positive, threads, key: `${positive ? '&' : '!'}{${threads.map((t) => t.key).join('|')}}` };
}

/** With one more lookahead owed, in a canonical order. */
function adding(owes: Owed[], o: Owed): Owed[] {
  if (owes.some((x) => x.key === o.key)) return owes;
  return [...owes, o].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The threads reachable from `threads` by moves that read nothing, when the next unit is of
 * class `k` (END: the input ends): the ones that read a unit or accept.
 */
function closure(nfa: Nfa, member: Uint8Array[], threads: Thread[], k: number): Thread[] {
  const seen = new Set<string>();
  const out: Thread[] = [];
  const stack = [...threads];
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (seen.has(t.key)) continue;
    seen.add(t.key);
    const q = t.q;
    switch (nfa.kind[q]) {
      case SPLIT:
        for (const a of nfa.alts[q]!) stack.push(thread(a, t.owes));
        break;
      case GUARD:
        if (k !== END && member[nfa.arg[q]!]![k] === 1) stack.push(thread(nfa.next[q]!, t.owes));
        break;
      case NOT_GUARD:
        if (k === END || member[nfa.arg[q]!]![k] === 0) stack.push(thread(nfa.next[q]!, t.owes));
        break;
      case LOOK:
      case NOT_LOOK:
        stack.push(thread(nfa.next[q]!, adding(t.owes, owed(nfa.kind[q] === LOOK, [thread(nfa.arg[q]!, [])]))));
        break;
      default:
        out.push(t);
    }
  }
  return out;
}

const MET = 1;
const FAILED = 0;

/** The threads after reading a unit of class `k`, sorted by key. `memo`: owed lookaheads stepped on `k`. */
function step(nfa: Nfa, member: Uint8Array[], threads: Thread[], k: number, memo: Map<string, Owed | number>): Thread[] {
  const out = new Map<string, Thread>();
  for (const t of closure(nfa, member, threads, k)) {
    const q = t.q;
    let target: number;
    if (nfa.kind[q] === CHAR) {
      if (member[nfa.arg[q]!]![k] !== 1) continue;
      target = nfa.next[q]!;
    } else if (nfa.kind[q] === ANY_LOOP) target = q;
    else continue;
    let owes: Owed[] = [];
    let alive = true;
    for (const o of t.owes) {
      const r = settle(nfa, member, o, k, memo);
      if (r === FAILED) alive = false;
      else if (r !== MET) owes = adding(owes, r as Owed);
    }
    if (!alive) continue;
    const n = thread(target, owes);
    out.set(n.key, n);
  }
  return [...out.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** An owed lookahead after a unit of class `k`: MET, FAILED, or still owed. */
function settle(nfa: Nfa, member: Uint8Array[], o: Owed, k: number, memo: Map<string, Owed | number>): Owed | number {
  const known = memo.get(o.key);
  if (known !== undefined) return known;
  const threads = step(nfa, member, o.threads, k, memo);
  // A thread at the sub-automaton's end owing nothing accepts whatever follows.
  const sure = threads.some((t) => nfa.kind[t.q] === ANY_LOOP && t.owes.length === 0);
  const r = sure ? (o.positive ? MET : FAILED) : threads.length === 0 ? (o.positive ? FAILED : MET) : owed(o.positive, threads);
  memo.set(o.key, r);
  return r;
}

/** Whether the threads accept if the input ends here. */
function acceptsAtEnd(nfa: Nfa, member: Uint8Array[], threads: Thread[]): boolean {
  return closure(nfa, member, threads, END).some(
    (t) => (nfa.kind[t.q] === MATCH || nfa.kind[t.q] === ANY_LOOP) && t.owes.every((o) => acceptsAtEnd(nfa, member, o.threads) === o.positive),
  );
}

const AUTOMATA = new WeakMap<GeneratedGrammar, Map<string, LazyDfa | null>>();

/**
 * The automaton of an era's start rule, made the first time the rule is checked and kept with
 * the era's grammar data (generated/<era>.grammar.js); null when the rule has none
 * (./dfa-nfa.ts says which). `fallback`, the fast recognizer's verdict, serves a check that
 * empties the automaton's cache twice. A `maxStates` given makes a new automaton, not kept.
 * What isValid and validate test acceptance with (src/validate-era.ts), through the registry
 * (generated/index.js), which loads every era's grammar data; a per-era entry point
 * (`urispec/rfc3986`) loads neither, and keeps the fast recognizer (issue 19's bundle budgets).
 */
export function automatonOf(grammar: GeneratedGrammar, startId: string, fallback: (input: string) => boolean, maxStates?: number): LazyDfa | null {
  let byRule = AUTOMATA.get(grammar);
  if (!byRule) AUTOMATA.set(grammar, (byRule = new Map()));
  if (maxStates === undefined && byRule.has(startId)) return byRule.get(startId)!;
  let dfa: LazyDfa | null = null;
  try {
    dfa = new LazyDfa(buildNfa(grammar, startId), fallback, maxStates);
  } catch (e) {
    if (!(e instanceof NoAutomaton)) throw e;
  }
  if (maxStates === undefined) byRule.set(startId, dfa);
  return dfa;
}

/** `i`, or the index of the high surrogate just before it (the code point that unit `i` does not complete). */
function codePointAt(input: string, i: number): number {
  return i > 0 && (String.prototype.charCodeAt.call(input, i - 1) & 0xfc00) === 0xd800 ? i - 1 : i;
}
