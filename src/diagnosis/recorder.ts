// The recorder of a failure: the listener of the era's traced recognizer (generated/<era>.diag.js,
// urispec's trace protocol: ./trace.ts), turning its reports into what the diagnosis needs: the
// furthest failure offset and its expected set (Peggy's bookkeeping, unchanged), the constructs
// that stopped there (the candidates for `rule`, ranked by ./rank.ts), and, when asked, the
// derivation tree. One recorder for every era.
//
// Each report first hands over the furthest-failure position and the expectation list, so every
// expectation recorded since the previous report is charged to the stack of spec rules that was
// current when it was recorded; a further position supersedes everything charged before.

import type { RuleMeta } from '../era.js';
import { StopKind, type TraceListener } from './trace.js';
import { describe, expectedSets, type ExpectedSets } from './expected.js';

/** A node of the derivation tree: a spec rule and the span of the input it matched. */
export interface DerivationNode {
  rule: string;
  start: number;
  end: number;
  children: DerivationNode[];
}

export interface Frame {
  rule: RuleMeta;
  start: number;
  /** The rules this one has matched so far (only when the tree is built). */
  children: DerivationNode[] | null;
}

/** A frame of a path as it stood when it was recorded, for the partial tree. */
interface FrameSnapshot {
  rule: RuleMeta;
  start: number;
  children: DerivationNode[];
  length: number;
}

/**
 * A construct that stopped at the failure offset (scripts/codegen/emit-traced.ts, stopped()): a
 * repetition or option whose element failed there, or a sequence that broke there after
 * consuming something. Its rule is the innermost spec rule holding it or, when the element that
 * broke a sequence is a spec rule that failed at its start (`";type=" ftptype`), that rule.
 */
export interface Candidate {
  /** The construct's number in the traced recognizer, and the start of the rule holding it. */
  id: number;
  start: number;
  /** The spec rules from the start rule down to the candidate's rule (core rules left out). */
  path: RuleMeta[];
  /** Where the candidate's rule started: with the path, which rule instance it names. */
  ruleStart: number;
  /** The element that broke a sequence is a literal: a delimiter that cannot accept `found`. */
  literal: boolean;
  /** A repetition or an option (not a broken sequence). */
  repetition: boolean;
  /** The rule instances of `path` (without a failed element's rule): which rule holds which. */
  frames: Frame[];
  /** The order in which candidates were recorded. */
  order: number;
  /** Which report of stop() it came from (notBegun). */
  report: number;
  /**
   * The sequence it was not begun in, which started and failed at the offset (-1: none,
   * TraceListener.notBegun): a candidate only when accepting `found` completes it (./rank.ts).
   */
  notBegunIn: number;
  snapshot: FrameSnapshot[] | null;
}

export class Recorder implements TraceListener {
  private readonly stack: Frame[] = [];
  /** The frames of `stack` that are not core rules, kept alongside it. */
  private readonly spec: Frame[] = [];
  private seenPos = 0;
  private seenLen = 0;
  offset = 0;
  /**
   * Each expectation at the offset as the traced recognizer described it, and the stack it was
   * recorded under, in attempt order. What the diagnosis reads of them (the expected set, the
   * ways forward, the common and last paths) is worked out when first asked (described(), paths()):
   * most expectations a run records are superseded by a further one before the run ends.
   */
  private attempts: Array<string | Frame[]> = [];
  candidates: Candidate[] = [];
  /** How many stop() reports have come. */
  private reports = 0;
  /** What described() and paths() worked out of `attempts`; null when it has grown since. */
  private texts: string[] | null = null;
  private charged: Paths | null = null;
  private commonSnapshot: FrameSnapshot[] | null = null;
  private lastSnapshot: FrameSnapshot[] | null = null;
  /** The derivation's top node, once the start rule has matched. */
  top: DerivationNode | null = null;
  /** Children arrays that a snapshot still reads: copied before truncation (only with a tree). */
  private readonly frozen: WeakSet<DerivationNode[]> | null;

  constructor(
    private readonly rules: readonly RuleMeta[],
    readonly root: Frame | null,
    private readonly tree: boolean,
  ) {
    this.frozen = tree ? new WeakSet() : null;
    if (root) this.push(root);
  }

  private push(frame: Frame): void {
    this.stack.push(frame);
    if (!frame.rule.core) this.spec.push(frame);
  }

  private pop(): Frame {
    const frame = this.stack.pop()!;
    if (!frame.rule.core) this.spec.pop();
    return frame;
  }

  // The reports of the traced recognizer (TraceListener).
  enter(k: number, pos: number, maxPos: number, maxExpected: readonly string[]): void {
    this.flush(maxPos, maxExpected);
    this.push({ rule: this.rules[k]!, start: pos, children: this.tree ? [] : null });
  }

  leave(pos: number, maxPos: number, maxExpected: readonly string[]): void {
    this.flush(maxPos, maxExpected);
    const frame = this.pop();
    // Core rules (ALPHA, DIGIT, ...) are folded into their caller, like PEG helpers: a node
    // for every letter says nothing a reader of the grammar needs.
    if (this.tree && !frame.rule.core) {
      const node = { rule: frame.rule.name, start: frame.start, end: pos, children: frame.children! };
      const parent = this.stack[this.stack.length - 1];
      if (parent) parent.children!.push(node);
      else this.top = node;
    }
  }

  fail(_pos: number, maxPos: number, maxExpected: readonly string[]): void {
    this.flush(maxPos, maxExpected);
    this.pop();
  }

  /** A construct stopped at the furthest failure position. */
  stop(id: number, k: number, _pos: number, start: number, maxPos: number, maxExpected: readonly string[]): void {
    this.flush(maxPos, maxExpected);
    const report = this.reports++;
    const frames = this.specFrames();
    if (frames.length === 0) return;
    const element = k >= 0 ? this.rules[k]! : null;
    const path = frames.map((f) => f.rule);
    // The element's own rule when it is a spec rule: it is the one that would accept `found`.
    if (element && !element.core) path.push(element);
    const snapshot = this.tree ? this.snapshot(frames) : null;
    if (snapshot && element && !element.core) snapshot.push({ rule: element, start: maxPos, children: [], length: 0 });
    const ruleStart = element && !element.core ? maxPos : frames[frames.length - 1]!.start;
    this.candidates.push({ id, start, path, ruleStart, literal: k === StopKind.literal, repetition: k === StopKind.option || k === StopKind.repetition, frames, order: this.candidates.length, report, notBegunIn: -1, snapshot });
  }

  /** The last `count` reports of stop() were not begun (TraceListener.notBegun). */
  notBegun(count: number, sequence: number): void {
    for (let i = this.candidates.length - 1; i >= 0 && this.candidates[i]!.report >= this.reports - count; i--) this.candidates[i]!.notBegunIn = sequence;
  }

  // Around a sequence or a lookahead when a tree is built: mark() how many children the open
  // rule has, rewind(mark) to drop those an abandoned attempt matched since. -1 when no tree is
  // built.
  mark(): number {
    const top = this.stack[this.stack.length - 1];
    return this.tree && top?.children ? top.children.length : -1;
  }

  rewind(mark: number): void {
    const top = this.stack[this.stack.length - 1];
    if (top?.children && top.children.length > mark) {
      if (this.frozen?.has(top.children)) top.children = top.children.slice(0, mark);
      else top.children.length = mark;
    }
  }

  /** Charge the expectations recorded since the last report to the current stack. */
  flush(maxPos: number, maxExpected: readonly string[]): void {
    if (maxPos === this.seenPos && maxExpected.length === this.seenLen) return;
    let from = this.seenLen;
    if (maxPos !== this.seenPos || maxExpected.length < this.seenLen) {
      // Peggy started a new, further list: everything recorded before is superseded.
      from = 0;
      this.attempts = [];
      this.candidates = [];
      this.texts = null;
      this.charged = null;
      this.commonSnapshot = null;
      this.lastSnapshot = null;
    }
    this.offset = maxPos;
    if (maxExpected.length > from) {
      const stack = this.stack.slice();
      for (let i = from; i < maxExpected.length; i++) this.attempts.push(maxExpected[i]!, stack);
      this.texts = null;
      this.charged = null;
      // The partial tree reads what each rule of the path had matched when it was charged.
      if (this.tree && this.spec.length > 0) {
        this.lastSnapshot = this.snapshot(this.spec);
        this.commonSnapshot ??= this.lastSnapshot;
      }
    }
    this.seenPos = maxPos;
    this.seenLen = maxExpected.length;
  }

  /** Each expectation at the offset as describe() names it, in attempt order: worked out once. */
  private described(): string[] {
    if (this.texts) return this.texts;
    const texts: string[] = [];
    for (let i = 0; i < this.attempts.length; i += 2) texts.push(describe(this.attempts[i] as string, this.attempts[i + 1] as Frame[], this.offset));
    return (this.texts = texts);
  }

  /**
   * The spec rules of the first and the last stack with spec rules on them that expectations at
   * the offset were charged under, and how long a prefix all of those share: worked out once.
   */
  private paths(): Paths {
    if (this.charged) return this.charged;
    let common: Frame[] | null = null;
    let commonLength = 0;
    let last: Frame[] | null = null;
    let previous: Frame[] | null = null;
    for (let i = 1; i < this.attempts.length; i += 2) {
      const stack = this.attempts[i] as Frame[];
      // The expectations of one report share its stack: they are charged to it once.
      if (stack === previous) continue;
      previous = stack;
      const frames = stack.filter((f) => !f.rule.core);
      if (frames.length === 0) continue; // the end-of-input check, after the start rule: its own
      last = frames;
      if (common === null) {
        common = frames;
        commonLength = frames.length;
        continue;
      }
      let n = 0;
      while (n < commonLength && n < frames.length && common[n]!.rule === frames[n]!.rule) n++;
      commonLength = n;
    }
    return (this.charged = { common, commonLength, last });
  }

  /**
   * The ways forward at the offset: for each expectation there, the innermost spec rule it was
   * charged to (core rules left out; '' for the end of input after the start rule). At offset 0
   * the start rule is named unless there is only one (contract).
   */
  get ways(): ReadonlySet<string> {
    const ways = new Set<string>();
    for (let i = 1; i < this.attempts.length; i += 2) {
      ways.add(innermostSpec(this.attempts[i] as Frame[])?.rule.name ?? '');
    }
    return ways;
  }

  /** The spec rules every expectation at the offset was charged under (their common path). */
  get common(): RuleMeta[] | null {
    const { common, commonLength } = this.paths();
    return common?.slice(0, commonLength).map((f) => f.rule) ?? null;
  }

  /**
   * Whether a "%" triplet may begin at the offset inside `frame`'s rule instance: "%" was expected
   * there (the traced recognizer's own description, no describe()) as the first character of a
   * spec rule that began at the offset (`pct-encoded = "%" HEXDIG HEXDIG`, `escaped`), not as one
   * character of a class (RFC 1808's `punctuation`).
   */
  tripletUnder(frame: Frame): boolean {
    for (let i = 0; i < this.attempts.length; i += 2) {
      if (this.attempts[i] !== '"%"') continue;
      const stack = this.attempts[i + 1] as Frame[];
      const inner = innermostSpec(stack);
      if (inner !== undefined && inner.start === this.offset && !inner.rule.charRule && stack.includes(frame)) return true;
    }
    return false;
  }

  /** Whether `text` was expected at the offset with `frame` the innermost spec rule then open. */
  expectedIn(frame: Frame, text: string): boolean {
    const texts = this.described();
    for (let i = 0; i < this.attempts.length; i += 2) {
      if (texts[i >> 1] !== text) continue;
      if (innermostSpec(this.attempts[i + 1] as Frame[]) === frame) return true;
    }
    return false;
  }

  /** The path of the last expectation charged at the offset. */
  get last(): RuleMeta[] | null {
    return this.paths().last?.map((f) => f.rule) ?? null;
  }

  /** The spec rules on the stack, core rules left out. */
  private specFrames(): Frame[] {
    return this.spec.slice();
  }

  private snapshot(path: Frame[]): FrameSnapshot[] {
    return path.map((f) => {
      const children = f.children!;
      this.frozen!.add(children);
      return { rule: f.rule, start: f.start, children, length: children.length };
    });
  }

  /** The expected set at the offset, sorted and grouped for `path`, the named rule's (./expected.ts). */
  expectedSets(path: readonly RuleMeta[], nullable: (rule: RuleMeta) => boolean): ExpectedSets {
    return expectedSets(this.attempts, this.offset, path, nullable);
  }

  /** The snapshot of the path that leads to the named rule (see ./rank.ts). */
  snapshotOf(chosen: Candidate | 'common' | 'last' | null): FrameSnapshot[] | null {
    if (chosen === 'common') return this.commonSnapshot?.slice(0, this.paths().commonLength) ?? null;
    if (chosen === 'last') return this.lastSnapshot;
    return chosen?.snapshot ?? null;
  }

}

/** What Recorder.paths() works out of the stacks the expectations at the offset were charged under. */
interface Paths {
  common: Frame[] | null;
  commonLength: number;
  last: Frame[] | null;
}

/** The derivation up to the failure: the path to the named rule, each rule with what it had matched. */
export function partialTree(snap: FrameSnapshot[] | null, offset: number): DerivationNode | null {
  if (!snap || snap.length === 0) return null;
  let node: DerivationNode | null = null;
  for (let i = snap.length - 1; i >= 0; i--) {
    const f = snap[i]!;
    // As when a rule is adopted: what ends past the next open rule's start was abandoned.
    const limit = node ? node.start : offset;
    let n = f.length;
    while (n > 0 && f.children[n - 1]!.end > limit) n--;
    const children = f.children.slice(0, n);
    node = { rule: f.rule.name, start: f.start, end: offset, children: node ? [...children, node] : children };
  }
  return node;
}

/** The innermost spec rule open in `stack` (core rules left out), or undefined when none is. */
function innermostSpec(stack: readonly Frame[]): Frame | undefined {
  let j = stack.length - 1;
  while (j >= 0 && stack[j]!.rule.core) j--;
  return stack[j];
}
