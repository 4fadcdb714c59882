// urispec's trace protocol: how an era's traced recognizer (generated/<era>.diag.js, emitted by
// scripts/codegen/emit-traced.ts, its runtime scripts/codegen/runtime/trace.ts) reports a run to
// the diagnosis (./recorder.ts, ../diagnose.ts). Run only after the fast recognizer rejected an
// input: the same rules, tried in Peggy's order, keeping Peggy's furthest-failure bookkeeping
// (the contract's `offset` and `expected` are defined by it), and reporting each spec rule's
// start and end and each construct that stopped at the furthest failure.
//
// Every report carries the furthest failure so far, `furthest` and `expected`: what was expected
// there, in attempt order, each already described as the grammar writes it (a literal as a JSON
// string, a class in ABNF notation, a named rule by its name). The list only grows until a
// further position replaces it, so a listener can tell what was added since its last report.

/** What a construct that stopped is (TraceListener.stop's `kind`), besides a spec rule's index. */
export const StopKind = {
  /** An element that broke a sequence and is neither a spec rule nor a literal. */
  other: -1,
  /** A literal that broke a sequence: a delimiter, which cannot accept another character. */
  literal: -2,
  /** An option whose expression failed where it starts. */
  option: -3,
  /** A repetition whose element failed where it starts. */
  repetition: -4,
} as const;

/** What the traced recognizer reports while it runs. */
export interface TraceListener {
  /**
   * The spec rule `rule` (its index in the era's rule metadata) is tried at `start`. A `rule` below
   * -1 is a helper charged to an outer rule (`// @in`, docs/grammar-conventions.md): until it
   * leaves or fails, what is reported is charged to the open instance of the spec rule -2 - rule,
   * not to the rules open inside that instance.
   */
  enter(rule: number, start: number, furthest: number, expected: readonly string[]): void;
  /** The rule entered last and still open matched, up to `end`. */
  leave(end: number, furthest: number, expected: readonly string[]): void;
  /** The rule entered last and still open failed; it had been tried at `start`. */
  fail(start: number, furthest: number, expected: readonly string[]): void;
  /**
   * Construct `construct` stopped at `at`, the furthest failure (a candidate for the rule the
   * diagnosis names): a repetition or an option whose element failed there, or an element that
   * broke a sequence after the sequence had consumed something. `kind` is a spec rule's index
   * when that element is a spec rule, else a StopKind; `ruleStart` is where the rule function
   * holding the construct started.
   */
  stop(construct: number, kind: number, at: number, ruleStart: number, furthest: number, expected: readonly string[]): void;
  /**
   * The last `count` constructs reported by stop() were not begun: they lie inside sequence
   * number `sequence`, which started at the furthest failure `at` and failed there, its elements
   * before the failing one having matched nothing. Such a construct is a candidate only when, in
   * its counterfactual run, that sequence completes (Grant.sequence). A later report for the
   * same constructs names a sequence around the earlier one.
   */
  notBegun?(count: number, sequence: number, at: number): void;
  /**
   * For a derivation tree: a sequence that fails, or a lookahead, backtracks without a rule
   * boundary, so the rules it matched are no part of the derivation. `mark()` before it returns
   * how many rules the open rule has matched (-1: no tree is built); `rewind(mark)` after it
   * drops those matched since.
   */
  mark?(): number;
  rewind?(mark: number): void;
}

/** How a run reports (TracedRecognizer.trace). */
export interface TraceOptions {
  /**
   * Report only the rules open around the furthest failure, and the constructs that stopped
   * there: the same error record, far fewer reports (a first run finds the furthest failure
   * without reporting). Without it every spec rule is reported, as a derivation tree needs.
   */
  furthestOnly?: boolean;
  /**
   * With furthestOnly: a lower bound of the furthest failure (where the fast recognizer's match
   * stopped), so that no first run is needed, and the rule calls that cannot look that far run
   * in the fast recognizer. When the run's furthest failure is below it after all, the caller
   * runs again without it.
   */
  floor?: number;
}

/**
 * A counterfactual run (TracedRecognizer.reach): construct `construct`, in the rule function
 * started at `ruleStart`, accepts the character at `pos` (a repetition also each later character
 * of the same kind: another non-ASCII character, another space).
 */
export interface Grant {
  construct: number;
  ruleStart: number;
  pos: number;
  /**
   * For a construct not begun: the sequence whose completion at `pos` to report
   * (TraceRun.completed). The first pass then lists every numbered sequence that matched from
   * `pos` (TraceRun.completedAt): the answer for each other sequence the construct was not begun
   * in, its run being the same.
   */
  sequence?: number;
  /**
   * The first pass alone: where the parse ends and, with `sequence`, whether that sequence
   * completes, not how far the parse gets, which a second pass over the input would measure.
   */
  firstOnly?: boolean;
  /**
   * The second pass alone (how far the parse gets): an earlier first pass of the same grant
   * ended short of the input's end, and the sequence it watched, if any, completed.
   */
  measure?: boolean;
}

/** How a run ended. */
export interface TraceRun {
  /** Where the start rule's match ended (it may be short of the input's end), or -1 when it failed. */
  end: number;
  /**
   * The furthest position where a terminal failed, and what was expected there, in attempt order.
   * A counterfactual run (reach) that matched the whole input, or whose sequence did not
   * complete, is decided without it: -1 there.
   */
  furthest: number;
  expected: readonly string[];
  /** With Grant.sequence: whether that sequence matched from the granted position. */
  completed?: boolean;
  /** With Grant.sequence, after the first pass: every numbered sequence that matched from there. */
  completedAt?: readonly number[];
}

/** What generated/<era>.diag.js exports. */
export interface TracedRecognizer {
  /** The rules a run may start from (every rule: spec rules by Peggy id, and helpers). */
  StartRules: readonly string[];
  /** Runs `startRule` over `input`, reporting to `listener`; throws only for an unknown rule. */
  trace(input: string, startRule: string, listener: TraceListener | null, options?: TraceOptions): TraceRun;
  /** Runs `startRule` over `input` with `grant`, reporting nothing: how far the parse gets. */
  reach(input: string, startRule: string, grant: Grant): TraceRun;
}
