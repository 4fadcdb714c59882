// The traced recognizer, interpreted: each generated/<era>.diag.js is the era's grammar as data
// (scripts/codegen/emit-traced.ts) that this module turns into rule functions once, when the
// module loads, one closure a node, each doing what the node's code did when the traced
// recognizer was emitted as code (issue 16: the package under 1.2 MB; the diagnosis runs only
// after the fast recognizer rejected an input, so it is not the hot path). The run's state and
// the hooks are ./trace.ts's, as before; the stop ids, expectations and hook indexes are
// computed when the data is generated, in the order the emitter numbered them.
//
// The closures are shared by every era's program, so each site sees every string the process
// diagnoses: they read a code unit with String.prototype.charCodeAt called on the input, and
// the input's length from ./trace.ts (inputEnd, set once a run), not `s.charCodeAt(p)` and
// `s.length`, property loads on the string's map that turn megamorphic once strings of five
// or more representations (flat, internalized, concatenated, sliced, two-byte) went through
// them, a generic load a character (issue 17; ./dfa.ts accepts).

import {
  fail,
  fastAfter,
  fastBelow,
  handedRules,
  hookEnter,
  hookFail,
  hookLeave,
  hookMark,
  hookRewind,
  inputEnd,
  notBegun,
  type RuleFn,
  reach as reachFrom,
  sequenceDone,
  silence,
  silent,
  stopCount,
  stopped,
  trace as traceFrom,
  watchPos,
} from './trace.js';
import type { Grant, TraceListener, TraceOptions, TraceRun } from '../../../src/diagnosis/trace.js';

/** A node of the data: its op (Op) first. */
export type TracedNode = readonly [number, ...unknown[]];

/**
 * What a node does (the emitter's node types, as the traced build emitted them):
 *   [EMPTY]                              matches nothing, at p (an empty literal or sequence)
 *   [SET, set, e]                        one character of set `set` (SETS), else fails expecting `e`
 *   [STRING, value, e]                   the literal, code unit by code unit
 *   [FOLDED, lower, n, e]                a case-insensitive literal, ASCII lower-case (ic)
 *   [LOWERED, lower, n, e]               a case-insensitive literal, by Peggy's own test
 *   [CLASS, ascii, regexp, e]            a `u` class Peggy tests by its RegExp (codePoint)
 *   [ANY, e]                             one code unit
 *   [RULE, index]                        a rule (RULES[index])
 *   [SEQUENCE, elements, stops, seq?, fails?]   each element from where the one before ended;
 *                                        stops[i] >= 0: the element breaks the sequence there
 *                                        (stopped); seq: the sequence's number when what stops
 *                                        in it at its start was not begun (notBegun, when
 *                                        fails[i] says element i can fail; sequenceDone)
 *   [CHOICE, alternatives]               the first that matches
 *   [OPTION, node, stop]
 *   [REPEAT, node, delimiter, min, max, stop]   (delimiter, max: null for none)
 *   [END, not]                           `!.` (not = 1) or `&.`
 *   [LOOKAHEAD, not, node]               `!e` (not = 1) or `&e`, silent, rewound
 *   [NAMED, node, name]                  the inner failures silent; fails expecting `name`
 */
export const Op = {
  EMPTY: 0,
  SET: 1,
  STRING: 2,
  FOLDED: 3,
  LOWERED: 4,
  CLASS: 5,
  ANY: 6,
  RULE: 7,
  SEQUENCE: 8,
  CHOICE: 9,
  OPTION: 10,
  REPEAT: 11,
  END: 12,
  LOOKAHEAD: 13,
  NAMED: 14,
} as const;

/**
 * A single-character set (scripts/codegen/char-sets.ts, CharSet): its ASCII members as inclusive
 * ranges, the ranges above 127, the indexes of Peggy's RegExps for a code unit, Peggy's
 * lower-cased one-character literals, and 1 when a character is a code point.
 */
export type TracedSet = readonly [ascii: readonly number[], ranges: readonly number[], regexps: readonly number[], lowered: readonly string[], codePoints: 0 | 1];

/**
 * A rule: its Peggy id, its hook index (-1: none; below -1: a helper charged to the outer rule
 * -2 - hook, TraceListener.enter), its reach, over and failReach (-1: unbounded,
 * and failReach -1 too for a rule that cannot fail; scripts/codegen/reach.ts: what a call tests
 * lies before its start + reach, before its end + over when it matches, before its start +
 * failReach when it fails), its body.
 */
export type TracedRule = readonly [name: string, hook: number, reach: number, over: number, failReach: number, body: TracedNode];

export interface TracedProgram {
  rules: readonly TracedRule[];
  sets: readonly TracedSet[];
  /** What each construct that can stop is (StopKind or a hook index), by stop id. */
  stops: readonly number[];
  regexps: readonly RegExp[];
  /**
   * The fast recognizer's rule function of a Peggy id (its module's ruleOf), for a call that
   * cannot reach fastBelow or starts after fastAfter; null when there is none (every call traced).
   */
  fast: ((id: string) => RuleFn) | null;
  /** The helpers the data's tests use (scripts/codegen/helpers.ts), carried by the module. */
  helpers: {
    ic?: (s: string, p: number, lower: string, n: number) => boolean;
    codePoint?: (s: string, p: number, re: RegExp) => number;
    cpEnd?: (s: string, p: number, c: number, ranges: Int32Array) => number;
  };
}

/** A compiled node: the end of its match of `s` at `p` (`r`: where its rule started), or -1. */
export type Fn = (s: string, p: number, r: number) => number;

/** What a compiler of programs (TracedCompiler) takes from the interpreter besides the data. */
export interface CompileParts {
  /** The table of a node that is one character of an ASCII set, tested in place; else null. */
  asciiSet(node: TracedNode): Uint8Array | null;
  /** A leaf node's closure (a terminal, or an end), as the interpreter runs it. */
  leaf(node: TracedNode): Fn;
}

/**
 * Turns a program's rules into code (./traced-source.ts compileTraced): the rule functions by
 * index, or null where it cannot (the program then stays interpreted).
 */
export type TracedCompiler = (data: TracedProgram, parts: CompileParts) => RuleFn[] | null;

/**
 * The compiler the programs' next runs use: given by the main entry point (src/registry.ts),
 * none in a per-era entry point, whose bundle leaves it out (issue 19's budgets). A program
 * made with another compiler, or none, is made again (test/traced-source.test.ts runs both).
 */
let compiler: TracedCompiler | null = null;

export function compileTracedWith(c: TracedCompiler | null): void {
  compiler = c;
}

function table(ranges: readonly number[]): Uint8Array {
  const t = new Uint8Array(128);
  for (let i = 0; i < ranges.length; i += 2) t.fill(1, ranges[i]!, ranges[i + 1]! + 1);
  return t;
}

/** A set's test: the end of the character at p when it is in the set, else -1 (emit-fast.ts, setEnd). */
function setEnd(set: TracedSet, program: TracedProgram): (s: string, p: number) => number {
  const [asciiRanges, ranges, regexpIndexes, lowered, codePoints] = set;
  const ascii = table(asciiRanges);
  const regexps = regexpIndexes.map((i) => program.regexps[i]!);
  const lower = lowered.length > 0 ? new Set(lowered) : null;
  /** Peggy's own one-code-unit tests above 127 (emit-fast.ts, unitTests). */
  const unit = (s: string, p: number): boolean => {
    const ch = String.prototype.charAt.call(s, p);
    for (const re of regexps) if (re.test(ch)) return true;
    return lower?.has(ch.toLowerCase()) === true;
  };
  if (!codePoints) {
    return (s, p) => {
      if (p >= inputEnd) return -1;
      const c = String.prototype.charCodeAt.call(s, p);
      if (c < 128) return ascii[c] === 1 ? p + 1 : -1;
      for (let i = 0; i < ranges.length; i += 2) if (c >= ranges[i]! && c <= ranges[i + 1]!) return p + 1;
      return unit(s, p) ? p + 1 : -1;
    };
  }
  const searched = ranges.length > 0 ? new Int32Array(ranges) : null;
  const cpEnd = program.helpers.cpEnd!;
  return (s, p) => {
    if (p >= inputEnd) return -1;
    const c = String.prototype.charCodeAt.call(s, p);
    if (c < 128) return ascii[c] === 1 ? p + 1 : -1;
    if (unit(s, p)) return p + 1;
    return searched ? cpEnd(s, p, c, searched) : -1;
  };
}

/** A terminal: `end` its end or -1; a failure records `expected` unless silent. */
function terminal(end: (s: string, p: number) => number, expected: string): Fn {
  return (s, p) => {
    const q = end(s, p);
    if (q < 0 && silent === 0) fail(p, expected);
    return q;
  };
}

/**
 * The trace protocol over a program (TracedRecognizer in src/diagnosis/trace.ts); its rule
 * functions are made on the first run.
 */
export function program(data: TracedProgram): {
  StartRules: string[];
  trace(input: string, startRule: string, listener: TraceListener | null, options?: TraceOptions): TraceRun;
  reach(input: string, startRule: string, grant: Grant): TraceRun;
} {
  let made: Made | null = null;
  const ready = (): Made => (made !== null && made.by === compiler ? made : (made = ruleFunctions(data)));
  return {
    StartRules: data.rules.map(([name]) => name),
    trace: (input, startRule, listener, options) => traceFrom(ready().start, data.stops, input, startRule, listener, options),
    reach: (input, startRule, grant) => {
      const { start, cannotHold } = ready();
      return reachFrom(start, data.stops, input, startRule, grant, cannotHold);
    },
  };
}

/** What a program's first run makes of it. */
interface Made {
  /** The rule functions, by Peggy id. */
  start: Map<string, RuleFn>;
  /** For a construct: 1 for each rule (by index) whose call cannot hold it (trace.ts reach). */
  cannotHold: (construct: number) => Uint8Array;
  /** The compiler they were made with (null: interpreted). */
  by: TracedCompiler | null;
}

/** The rule functions of a program, and which rules can hold which construct. */
function ruleFunctions(data: TracedProgram): Made {
  const rules: RuleFn[] = [];
  const sets = data.sets.map((set) => setEnd(set, data));
  const { ic, codePoint } = data.helpers;
  /**
   * The table of a node that is one character of an ASCII set (the common terminal), else null:
   * a choice, a sequence or a rule tests it in place, without a call (issue 17).
   */
  const asciiTables: Array<Uint8Array | null | undefined> = [];
  const asciiSet = (node: TracedNode): Uint8Array | null => {
    if (node[0] !== Op.SET) return null;
    const i = node[1] as number;
    let t = asciiTables[i];
    if (t === undefined) {
      const set = data.sets[i]!;
      t = asciiTables[i] = set[4] === 1 || set[1].length > 0 || set[2].length > 0 || set[3].length > 0 ? null : table(set[0]);
    }
    return t;
  };
  const expectedOf = (node: TracedNode): string => (node[0] === Op.SET ? (node[2] as string) : '');
  /** The rule whose body is being compiled; the rules each body calls; the rule holding each construct. */
  let current = -1;
  const calls: number[][] = data.rules.map(() => []);
  const holder: number[] = [];

  const compile = (node: TracedNode): Fn => {
    const n = node as readonly unknown[];
    switch (node[0]) {
      case Op.EMPTY:
        return (_s, p) => p;
      case Op.SET: {
        const expected = n[2] as string;
        const ascii = asciiSet(node);
        if (ascii === null) return terminal(sets[n[1] as number]!, expected);
        // An ASCII set, the common case: one lookup, as a choice or a sequence tests it in place.
        return (s, p) => inSet(s, p, ascii, expected);
      }
      case Op.STRING: {
        const [, v, expected] = n as [number, string, string];
        return (s, p) => {
          if (String.prototype.startsWith.call(s, v, p)) return p + v.length;
          if (silent === 0) fail(p, expected);
          return -1;
        };
      }
      case Op.FOLDED: {
        const [, lower, len, expected] = n as [number, string, number, string];
        const folded = ic!;
        return (s, p) => {
          if (p + len <= inputEnd && folded(s, p, lower, len)) return p + len;
          if (silent === 0) fail(p, expected);
          return -1;
        };
      }
      case Op.LOWERED: {
        const [, lower, len] = n as [number, string, number];
        return terminal((s, p) => (String.prototype.substr.call(s, p, len).toLowerCase() === lower ? p + len : -1), n[3] as string);
      }
      case Op.CLASS: {
        const ascii = table(n[1] as number[]);
        const re = data.regexps[n[2] as number]!;
        return terminal((s, p) => {
          if (p >= inputEnd) return -1;
          const c = String.prototype.charCodeAt.call(s, p);
          return c < 128 ? (ascii[c] === 1 ? p + 1 : -1) : codePoint!(s, p, re);
        }, n[3] as string);
      }
      case Op.ANY:
        return terminal((_s, p) => (p < inputEnd ? p + 1 : -1), n[1] as string);
      case Op.RULE:
        calls[current]!.push(n[1] as number);
        return rules[n[1] as number]!;
      case Op.SEQUENCE: {
        const nodes = n[1] as TracedNode[];
        const tables = nodes.map(asciiSet);
        for (const stop of n[2] as number[]) if (stop >= 0) holder[stop] = current;
        return sequence(
          nodes.map((x, i) => (tables[i] ? null : compile(x))),
          tables,
          nodes.map(expectedOf),
          n[2] as number[],
          (n[3] as number | undefined) ?? -1,
          (n[4] as number[] | undefined) ?? [],
        );
      }
      case Op.CHOICE: {
        const nodes = n[1] as TracedNode[];
        const tables = nodes.map(asciiSet);
        const alternatives = nodes.map((x, i) => (tables[i] ? null : compile(x)));
        const expected = nodes.map(expectedOf);
        if (tables.every((t) => t === null)) {
          return (s, p, r) => {
            let q = -1;
            for (let i = 0; i < alternatives.length; i++) if ((q = alternatives[i]!(s, p, r)) >= 0) return q;
            return q;
          };
        }
        // Single characters of ASCII sets tested in place, each failure recorded as its node would.
        return (s, p, r) => {
          let q = -1;
          for (let i = 0; i < tables.length; i++) {
            const t = tables[i]!;
            if ((q = t === null ? alternatives[i]!(s, p, r) : inSet(s, p, t, expected[i]!)) >= 0) return q;
          }
          return q;
        };
      }
      case Op.OPTION: {
        const inner = compile(n[1] as TracedNode);
        const stop = n[2] as number;
        holder[stop] = current;
        return (s, p, r) => {
          let q = inner(s, p, r);
          if (q < 0) q = stopped(stop, p, r);
          return q < 0 ? p : q;
        };
      }
      case Op.REPEAT: {
        const [, e, d, min, max, stop] = n as [number, TracedNode, TracedNode | null, number, number | null, number];
        holder[stop] = current;
        return repeat(compile(e), d ? compile(d) : null, min, max, stop);
      }
      case Op.END:
        return n[1] ? (_s, p) => (p >= inputEnd ? p : -1) : (_s, p) => (p < inputEnd ? p : -1);
      case Op.LOOKAHEAD: {
        const not = n[1] === 1;
        const inner = compile(n[2] as TracedNode);
        // Peggy records no expectation inside a lookahead, and what it matched is no part of the
        // derivation tree.
        return (s, p, r) => {
          const mark = hookMark();
          silence(1);
          const q = inner(s, p, r);
          silence(-1);
          hookRewind(mark);
          return (not ? q < 0 : q >= 0) ? p : -1;
        };
      }
      case Op.NAMED: {
        const inner = compile(n[1] as TracedNode);
        const name = n[2] as string;
        return (s, p, r) => {
          silence(1);
          const q = inner(s, p, r);
          silence(-1);
          if (q < 0 && silent === 0) fail(p, name);
          return q;
        };
      }
      default:
        throw new Error(`no traced node of op ${String(node[0])}`);
    }
  };

  // Every rule function first, its body compiled after, so that a reference is the function.
  const bodies: Fn[] = [];
  data.rules.forEach(([name, hook, reach, over, failReach, body], i) => {
    const traced = asciiSet(body) ? tracedSet(asciiSet(body)!, expectedOf(body), hook) : tracedBody(bodies, i, hook);
    rules.push(rule(i, traced, reach, over, failReach, data.fast ? data.fast(name) : undefined));
  });
  data.rules.forEach(([, , , , , body], i) => {
    current = i;
    bodies.push(compile(body));
  });
  // The rules that can call the rule holding a construct, directly or not (itself included):
  // only their calls can hold it.
  const holds = new Map<number, Uint8Array>();
  const cannotHold = (construct: number): Uint8Array => {
    const h = holder[construct]!;
    let no = holds.get(h);
    if (no === undefined) {
      no = new Uint8Array(data.rules.length).fill(1);
      const todo = [h];
      no[h] = 0;
      while (todo.length > 0) {
        const to = todo.pop()!;
        calls.forEach((callees, from) => {
          if (no![from] === 1 && callees.includes(to)) {
            no![from] = 0;
            todo.push(from);
          }
        });
      }
      holds.set(h, no);
    }
    return no;
  };
  // Compiled when an entry point gave a compiler and the environment allows it: the same rules
  // (the closures above still give which rules can hold which construct, and the rare leaves).
  const code = compiler?.(data, { asciiSet, leaf: compile }) ?? null;
  const functions = code ?? rules;
  return { start: new Map(data.rules.map(([name], i) => [name, functions[i]!])), cannotHold, by: compiler };
}

/**
 * A rule function (`traced` its traced call): handed to the fast recognizer when all it tests
 * lies before fastBelow, which its reach says from where it starts, or its over and failReach
 * from where the fast recognizer's match ended or failed, or when it starts after fastAfter or
 * is of a rule of handedRules; else traced. A call at or past fastBelow is never handed below it: it tests fastBelow itself.
 */
function rule(i: number, traced: RuleFn, reach: number, over: number, failReach: number, fast: RuleFn | undefined): RuleFn {
  if (fast === undefined) return traced;
  // Whether the fast recognizer's match (or failure) is worth trying when the reach is not enough.
  const after = (over >= 0 && (reach < 0 || over < reach)) || (failReach >= 0 && (reach < 0 || failReach < reach));
  return (s, p) => {
    if (p < fastBelow) {
      if (reach >= 0 && p + reach <= fastBelow) return fast(s, p);
      if (after) {
        const q = fast(s, p);
        if (q >= 0 ? over >= 0 && q + over <= fastBelow : failReach >= 0 && p + failReach <= fastBelow) return q;
      }
    }
    if (p > fastAfter || (handedRules !== null && handedRules[i] === 1)) return fast(s, p);
    return traced(s, p);
  };
}

/**
 * The traced call of rule `i`: a spec rule (hook >= 0) reports its start and its end around its
 * body, and so does a helper charged to an outer rule (hook < -1, `// @in`: the listener charges
 * what is reported inside it to that rule's open instance, TraceListener.enter).
 */
function tracedBody(bodies: readonly Fn[], i: number, hook: number): RuleFn {
  if (hook === -1) return (s, p) => bodies[i]!(s, p, p);
  return (s, p) => {
    hookEnter(hook, p);
    const q = bodies[i]!(s, p, p);
    if (q >= 0) hookLeave(q);
    else hookFail(p);
    return q;
  };
}

/**
 * One character of an ASCII set tested in place, as its node would test it: the position after
 * it, or -1 with the failure recorded (a choice's alternative, a sequence's element, a rule
 * that is the set alone). Small enough for V8 to inline at each of those places.
 */
function inSet(s: string, p: number, t: Uint8Array, expected: string): number {
  if (p < inputEnd) {
    const c = String.prototype.charCodeAt.call(s, p);
    if (c < 128 && t[c] === 1) return p + 1;
  }
  if (silent === 0) fail(p, expected);
  return -1;
}

/** The same for a rule that is one character of an ASCII set (ALPHA, DIGIT), tested in place. */
function tracedSet(ascii: Uint8Array, expected: string, hook: number): RuleFn {
  return (s, p) => {
    if (hook >= 0) hookEnter(hook, p);
    const q = inSet(s, p, ascii, expected);
    if (hook >= 0) {
      if (q >= 0) hookLeave(q);
      else hookFail(p);
    }
    return q;
  };
}

/**
 * A sequence: an element that fails where it starts, after the sequence consumed something, is
 * where the sequence breaks (stops[i] >= 0); a sequence that fails leaves no node in the
 * derivation tree. A numbered one (`seq` >= 0) that fails where it starts reports what stopped
 * inside it as not begun, and, matching from watchPos, that it completed. An element with a
 * table (`tables[i]`) is one character of that ASCII set, tested in place (`expected[i]`).
 */
function sequence(elements: Array<Fn | null>, tables: ReadonlyArray<Uint8Array | null>, expected: readonly string[], stops: readonly number[], seq: number, fails: readonly number[]): Fn {
  if (elements.length === 0) return (_s, p) => p;
  if (seq < 0 && stops.every((x) => x < 0)) {
    // Nothing in it stops: its elements one after the other.
    return (s, p, r) => {
      const mark = hookMark();
      let q = p;
      for (let i = 0; i < elements.length && q >= 0; i++) {
        const t = tables[i]!;
        q = t === null ? elements[i]!(s, q, r) : inSet(s, q, t, expected[i]!);
      }
      if (q < 0) hookRewind(mark);
      return q;
    };
  }
  return (s, p, r) => {
    const mark = hookMark();
    const count = stopCount;
    let q = p;
    for (let i = 0; i < elements.length; i++) {
      const before = q;
      const t = tables[i]!;
      q = t === null ? elements[i]!(s, q, r) : inSet(s, q, t, expected[i]!);
      if (q < 0 && stops[i]! >= 0 && before > p) q = stopped(stops[i]!, before, r);
      if (q < 0 && seq >= 0 && fails[i] === 1 && before === p) notBegun(count, p, seq);
      if (q < 0) break;
    }
    if (q < 0) hookRewind(mark);
    if (seq >= 0 && q >= 0 && p === watchPos) sequenceDone(seq);
    return q;
  };
}

/**
 * Peggy's repetition: greedy, never gives back, `min` to `max` matches, a delimiter between
 * them; an element that fails where it starts stops there (a candidate).
 */
function repeat(element: Fn, delimiter: Fn | null, min: number, max: number | null, stop: number): Fn {
  return (s, p, r) => {
    let end = p;
    let n = 0;
    for (;;) {
      if (max !== null && n >= max) break;
      let at = end;
      if (delimiter && n > 0) at = delimiter(s, end, r);
      if (at < 0) break;
      let q = element(s, at, r);
      if (q < 0) q = stopped(stop, at, r);
      if (q < 0) break;
      n++;
      if (max === null && q === end) break;
      end = q;
    }
    return n < min ? -1 : end;
  };
}
