// The traced recognizer's runtime: the state of a run and the calls the generated rule functions
// of every generated/<era>.diag.js make (scripts/codegen/emit-traced.ts). Shipped as
// generated/runtime/trace.js, which scripts/build-grammars.ts transpiles from this file; the
// recognizers import it. It speaks urispec's trace protocol (src/diagnosis/trace.ts).
//
// Runs are synchronous and never nested, so one state serves every era: each run sets it up.

import type { Grant, TraceListener, TraceOptions, TraceRun } from '../../../src/diagnosis/trace.js';

/** A generated rule function: the end of its match of `s` at `p`, or -1. */
export type RuleFn = (s: string, p: number) => number;

// Peggy's failure bookkeeping, as its parsers keep it: the furthest position where a terminal
// failed, and what was expected there, in attempt order.
let maxFailPos = 0;
let maxFailExpected: string[] = [];
/**
 * Inside a lookahead or a named rule, failures are not recorded (as in Peggy's parsers). Read
 * by the generated code before it calls fail(); changed by silence().
 */
export let silent = 0;
let hooks: TraceListener | null = null;

// How the hooks run: ALL, MEASURE (no hooks, no list: only the furthest position), FURTHEST.
const ALL = 0;
const MEASURE = 1;
const FURTHEST = 2;
let mode = ALL;
/** FURTHEST: the furthest failure position, from the MEASURE run. */
let floor = 0;
/** FURTHEST: the open rules (hook index, start), and how many of them the listener has seen. */
const frames: number[] = [];
let depth = 0;
let shown = 0;

/** What each construct that can stop is (the module's STOPS table: TracedEmitter.stopId). */
let stops: readonly number[] = [];

export function silence(by: number): void {
  silent += by;
}

/** FURTHEST: the listener learns of the open rules it has not seen, the failure being near. */
function reveal(): void {
  while (shown < depth) {
    hooks!.enter(frames[2 * shown]!, frames[2 * shown + 1]!, maxFailPos, maxFailExpected);
    shown++;
  }
}

/** A terminal failed at `p`, where `expected` would have been accepted. */
export function fail(p: number, expected: string): void {
  if (mode === MEASURE) {
    if (p > maxFailPos) maxFailPos = p;
    return;
  }
  if (mode === FURTHEST) {
    if (p < floor) return;
    reveal();
  }
  if (p < maxFailPos) return;
  if (p > maxFailPos) {
    maxFailPos = p;
    maxFailExpected = [];
  }
  maxFailExpected.push(expected);
}

// Where a construct stops: a repetition or an option whose element fails where it starts, or an
// element that breaks a sequence after the sequence consumed something. stopped(id, q, start) is
// called there, q being the element's position and start the enclosing rule function's; STOPS[id]
// says what stopped.
//
// Normally it reports the construct to the listener when q is the furthest failure position (a
// candidate for the diagnosis's rule: src/diagnose.ts) and the element stays failed (-1). In a
// counterfactual run (reach()), the one construct granted, in the rule started at
// `grantStart`, accepts the character at `grantPos` instead (nothing at the end of the input); a
// repetition (persist) also accepts each later character of the same kind.
let grantId = -1;
/** The input of the current run, for stopped(). */
let subject = '';
/**
 * Its length, read once a run: the rule functions (./traced.ts) test it at every terminal, and
 * `s.length` there is a property load on the string's map, megamorphic once the process has
 * seen strings of five or more representations (issue 17). Read by the generated code.
 */
export let inputEnd = 0;
let grantStart = 0;
let grantPos = 0;
let grantKind = -1;
/**
 * A rule call whose reach ends at or before fastBelow runs in the fast recognizer instead (the
 * traced emitter's ruleEntry): -1 (never) when every failure matters (ALL, MEASURE); in FURTHEST
 * the floor, below which no failure is kept; in a counterfactual run the granted position (a run
 * that then fails short of it runs again without). Read by the generated code.
 */
export let fastBelow = -1;
/**
 * In a counterfactual run's first pass, a rule call that starts after fastAfter runs in the fast
 * recognizer too: after the start of the granted construct's rule instance, it cannot hold that
 * instance; after the granted position, nor the watched sequence (which starts there). So it
 * ends where the grant leaves it ending. That pass gives the run's end and whether the watched
 * sequence completed, not its furthest failure (Infinity: no such pass). Read by the generated
 * code.
 */
export let fastAfter = Infinity;
/**
 * In that pass, the rules (by index: 1) whose calls cannot hold the granted construct, nor so
 * the watched sequence around it: they run in the fast recognizer wherever they start. Null
 * otherwise. Read by the generated code.
 */
export let handedRules: Uint8Array | null = null;

/** The kind of the code point at q: -1 at the end, 128 for any non-ASCII, else its code unit. */
// Both read the run's input (`subject`, `inputEnd`) with String.prototype's methods called on it,
// whose target is known without the string's map (issue 17; ./dfa.ts accepts).
function kindAt(s: string, q: number): number {
  if (q >= inputEnd) return -1;
  const c = String.prototype.charCodeAt.call(s, q);
  return Math.min(c, 128);
}

function widthAt(s: string, q: number): number {
  if (q >= inputEnd) return 0;
  return String.prototype.codePointAt.call(s, q)! > 0xffff ? 2 : 1;
}

/** The repetition kind (StopKind.repetition in src/diagnosis/trace.ts). */
const REPETITION = -4;

export function stopped(id: number, q: number, start: number): number {
  if (grantId < 0 && q !== maxFailPos) return -1;
  const k = stops[id]!;
  const s = subject;
  if (grantId === id) {
    if (start === grantStart && (q === grantPos || (k === REPETITION && q > grantPos && grantKind >= 0 && kindAt(s, q) === grantKind))) return q + widthAt(s, q);
    return -1;
  }
  if (mode === MEASURE || q !== maxFailPos || silent !== 0 || hooks === null) return -1;
  if (mode === FURTHEST) reveal();
  hooks.stop(id, k, q, start, maxFailPos, maxFailExpected);
  stopCount++;
  return -1;
}

/** How many constructs have been reported stopped in this run. Read by the generated code. */
export let stopCount = 0;

/**
 * A sequence (number `seq`) that started at `p` failed there, the elements before the failing
 * one having matched nothing: the constructs reported stopped since its start (`mark`, the count
 * then) lie inside it, at `p` when `p` is still the furthest failure, and were not begun
 * (TraceListener.notBegun). When the furthest failure has moved on, the listener has dropped
 * them already.
 */
export function notBegun(mark: number, p: number, seq: number): void {
  if (stopCount > mark && p === maxFailPos && hooks !== null) hooks.notBegun?.(stopCount - mark, seq, p);
}

// A counterfactual run for a construct not begun (Grant.sequence): whether the sequence it was
// not begun in completes at its start. Every numbered sequence that completes there is kept: a
// construct not begun in several sequences (RFC 3986's `h16` in each alternative of
// `IPv6address`) has one run, whichever sequence it watches (TraceRun.completedAt).
/** Where the watched sequence starts (-1: none). Read by the generated code. */
export let watchPos = -1;
/** The numbered sequences that matched from watchPos, each once. */
let watchDone: number[] = [];

/** Sequence `seq` matched from watchPos. */
export function sequenceDone(seq: number): void {
  if (!watchDone.includes(seq)) watchDone.push(seq);
}

/** A spec rule (hook index k) is tried at p. */
export function hookEnter(k: number, p: number): void {
  if (mode === ALL) hooks?.enter(k, p, maxFailPos, maxFailExpected);
  else if (mode === FURTHEST) {
    frames[2 * depth] = k;
    frames[2 * depth + 1] = p;
    depth++;
  }
}

export function hookLeave(end: number): void {
  if (mode === ALL) hooks?.leave(end, maxFailPos, maxFailExpected);
  else if (mode === FURTHEST && --depth < shown) {
    shown = depth;
    hooks!.leave(end, maxFailPos, maxFailExpected);
  }
}

export function hookFail(p: number): void {
  if (mode === ALL) hooks?.fail(p, maxFailPos, maxFailExpected);
  else if (mode === FURTHEST && --depth < shown) {
    shown = depth;
    hooks!.fail(p, maxFailPos, maxFailExpected);
  }
}

// The derivation tree (ALL, with a listener that builds one): a sequence that fails, or a
// lookahead, backtracks without a rule boundary (TraceListener.mark). -1: no tree is being built.
export function hookMark(): number {
  return mode === ALL && hooks?.mark !== undefined ? hooks.mark() : -1;
}

export function hookRewind(mark: number): void {
  if (mark >= 0) hooks!.rewind!(mark);
}

function startOf(rules: ReadonlyMap<string, RuleFn>, name: string): RuleFn {
  const rule = rules.get(name);
  if (rule === undefined) throw new Error(`Can't start parsing from rule "${name}".`);
  return rule;
}

/** After a run: no listener or input left behind. */
function reset(): void {
  hooks = null;
  subject = '';
  inputEnd = 0;
  stopCount = 0;
  watchPos = -1;
  grantId = -1;
  fastBelow = -1;
  fastAfter = Infinity;
  handedRules = null;
  silent = 0;
  maxFailExpected = [];
  frames.length = 0;
}

/** TracedRecognizer.trace (src/diagnosis/trace.ts) for a module's rules and STOPS table. */
export function trace(
  rules: ReadonlyMap<string, RuleFn>,
  table: readonly number[],
  input: string,
  startRule: string,
  listener: TraceListener | null,
  options: TraceOptions = {},
): TraceRun {
  const rule = startOf(rules, startRule);
  stops = table;
  subject = input;
  inputEnd = input.length;
  silent = 0;
  grantId = -1;
  fastBelow = -1;
  mode = ALL;
  floor = 0;
  hooks = null;
  if (options.furthestOnly && listener) {
    // The furthest failure position first (MEASURE), unless the caller knows a lower bound of
    // it (options.floor, from the fast recognizer): from a lower bound, the listener sees the
    // failures between it and the furthest too, and drops them as Peggy drops its list.
    const lower = options.floor ?? 0;
    if (lower > 0) floor = lower;
    else {
      mode = MEASURE;
      maxFailPos = 0;
      rule(input, 0);
      floor = maxFailPos;
    }
    mode = FURTHEST;
    depth = 0;
    shown = 0;
    fastBelow = floor;
  }
  hooks = listener;
  maxFailPos = 0;
  maxFailExpected = [];
  try {
    const end = rule(input, 0);
    return { end, furthest: maxFailPos, expected: maxFailExpected };
  } finally {
    reset();
  }
}

/**
 * TracedRecognizer.reach: a counterfactual run, no hooks, only how far the parse gets. In two
 * passes: the first hands every call that cannot hold the grant to the fast recognizer and gives
 * the run's end (and, watching a sequence, whether it completed); the second, when the first
 * did not match the whole input, measures the furthest failure. Grant.firstOnly and
 * Grant.measure ask for one pass, the caller keeping what the other found (src/diagnose.ts).
 */
export function reach(
  rules: ReadonlyMap<string, RuleFn>,
  table: readonly number[],
  input: string,
  startRule: string,
  grant: Grant,
  cannotHold: ((construct: number) => Uint8Array) | null = null,
): TraceRun {
  const rule = startOf(rules, startRule);
  stops = table;
  subject = input;
  inputEnd = input.length;
  silent = 0;
  mode = MEASURE;
  hooks = null;
  grantId = grant.construct;
  grantStart = grant.ruleStart;
  grantPos = grant.pos;
  grantKind = kindAt(input, grant.pos);
  fastBelow = grant.pos;
  const watched = grant.sequence !== undefined && grant.measure !== true;
  watchPos = watched ? grant.pos : -1;
  maxFailPos = 0;
  try {
    if (grant.measure !== true) {
      // First the end alone: a run that matches the whole input, or whose watched sequence does
      // not complete, is scored by that (src/diagnose.ts reach), whatever its furthest failure;
      // so is one that asks for the first pass alone (Grant.firstOnly).
      // A call that starts after the granted rule instance's start cannot hold it; one after the
      // granted position cannot hold the watched sequence either, which starts there.
      fastAfter = watched ? grant.pos : grant.ruleStart;
      handedRules = cannotHold ? cannotHold(grant.construct) : null;
      if (watched) watchDone = [];
      const end = rule(input, 0);
      fastAfter = Infinity;
      handedRules = null;
      if (!watched) {
        if (end === input.length || grant.firstOnly === true) return { end, furthest: -1, expected: [] };
      } else {
        const completed = watchDone.includes(grant.sequence!);
        if (end === input.length || !completed || grant.firstOnly === true) return { end, furthest: -1, expected: [], completed, completedAt: watchDone };
      }
    }
    // The furthest failure. The first pass's calls that this one traces are a superset of them
    // (nothing is handed after the grant), the same parse: a sequence that completed there
    // completes here, so it is not watched again.
    watchPos = -1;
    maxFailPos = 0;
    let end = rule(input, 0);
    if (end !== input.length && maxFailPos < fastBelow) {
      // Short of the granted position: a call handed to the fast recognizer may have held the
      // furthest failure. Run again, every call traced.
      fastBelow = -1;
      maxFailPos = 0;
      end = rule(input, 0);
    }
    return grant.sequence === undefined ? { end, furthest: maxFailPos, expected: [] } : { end, furthest: maxFailPos, expected: [], completed: true };
  } finally {
    reset();
  }
}
