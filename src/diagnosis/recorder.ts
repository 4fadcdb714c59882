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
import { describedBy, expectedSets, type ExpectedSets } from './expected.js';
import { keptPer } from '../kept.js';

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

/** What a rule of the era is, by its index (rulesOf()): a core rule, a single-class rule. */
const CORE = 1;
const CHAR_RULE = 2;

/**
 * A rule open on the recorder's stack. The stack is kept as a chain, each frame linked to the one
 * below it, and never changed once made (but for the tree's children): a report charges its
 * expectations to the top frame alone, which stands for the whole stack as it was then, with no
 * copy of it. What is read of a rule is kept on its frame, read from the era's rule metadata once
 * an era (rulesOf()): the metadata's objects have several shapes, so reading them in the
 * recorder's loops was a slow, megamorphic load (issue 17). A core rule's frame is the one whose
 * innermost spec rule (`inner`) is not itself.
 *
 * Its fields are declared, not defined as class fields: each frame is made by the constructor's
 * assignments alone (a class field adds a run of its initializer to every construction).
 */
export class Open implements Frame {
  /** The rule's index in the era's rule metadata (-1: not known). */
  declare readonly k: number;
  declare readonly rule: RuleMeta;
  declare readonly start: number;
  declare children: DerivationNode[] | null;
  /** The frame below this one, or null. */
  declare readonly up: Open | null;
  /** A core or single-class rule: it names the expectations inside it (./expected.ts describedBy). */
  declare readonly named: boolean;
  /** The innermost spec rule at or below this frame (itself unless it is a core rule), or null. */
  declare readonly inner: Open | null;
  /** How many spec rules are open at or below this frame. */
  declare readonly specDepth: number;
  /** How many frames are open at or below this one. */
  declare readonly depth: number;
  /**
   * A snapshot (Recorder.snapshot) reads `children` as it stood: a rewind copies it rather than
   * cut it, and the copy is not read by any snapshot.
   */
  declare frozen: boolean;

  constructor(k: number, rule: RuleMeta, start: number, children: DerivationNode[] | null, up: Open | null, flags: number) {
    const below = up === null ? null : up.inner;
    const core = (flags & CORE) !== 0;
    this.k = k;
    this.rule = rule;
    this.start = start;
    this.children = children;
    this.up = up;
    this.named = flags !== 0;
    this.inner = core ? below : this;
    this.specDepth = below === null ? (core ? 0 : 1) : core ? below.specDepth : below.specDepth + 1;
    this.depth = up === null ? 1 : up.depth + 1;
    this.frozen = false;
  }
}

/** The spec rule below a spec rule's frame `f` (the spec rules' own chain), or null. */
const outer = (f: Open): Open | null => (f.up === null ? null : f.up.inner);

/** What the recorder keeps of an era's rules, by rule index, made once an era (rulesOf()). */
interface EraRules {
  /** CORE and CHAR_RULE. */
  flags: Uint8Array;
  /** Whether the rule matches the empty string, as the diagnosis's `nullable` answered: -1 not asked yet. */
  nullable: Int8Array;
  names: string[];
}

/** What the recorder keeps of an era's rules, made once an era. */
const rulesOf = keptPer((rules: readonly RuleMeta[]): EraRules => {
  const flags = new Uint8Array(rules.length);
  for (let k = 0; k < rules.length; k++) flags[k] = flagsOfRule(rules[k]!);
  return { flags, nullable: new Int8Array(rules.length).fill(-1), names: rules.map((r) => r.name) };
});

const flagsOfRule = (rule: RuleMeta): number => (rule.core ? CORE : 0) | (rule.charRule ? CHAR_RULE : 0);

/** The spec rules open in the stack topped by `inner` (its innermost spec rule), outermost first. */
export function specFramesOf(inner: Open | null): Open[] {
  const out: Open[] = [];
  if (inner === null) return out;
  for (let f: Open | null = inner; f !== null; f = outer(f)) out.push(f);
  return out.reverse();
}

/** stop()'s shared frames and rules before its first report, and the list before the first: never read, never changed. */
const NONE_OPEN: Open[] = [];
const NONE_OPEN_RULES: RuleMeta[] = [];
const NONE_OPEN_TEXTS: readonly string[] = [];

export class Recorder implements TraceListener {
  /** The innermost rule open, standing for the whole stack (Open.up). */
  declare private open: Open | null;
  declare private readonly flags: Uint8Array;
  declare private readonly nullable: Int8Array;
  declare private readonly names: readonly string[];
  declare private seenPos: number;
  declare private seenLen: number;
  declare offset: number;
  /**
   * The reports that charged expectations at the offset, in attempt order, one item each: where
   * its expectations end in `list` (they begin where the previous report's end) and the stack
   * they were recorded under (its top frame; null when no rule was open). `list` is the traced
   * recognizer's latest expectation list at the offset: Peggy's list only grows until a further
   * position replaces it (./trace.ts), so every report's range reads the same in the latest.
   * What the diagnosis reads of them (the expected set, the ways forward, the common and last
   * paths) is worked out when first asked: most reports of a run are superseded by a further
   * failure before the run ends.
   */
  declare private ends: number[];
  declare private stacks: Array<Open | null>;
  declare private list: readonly string[];
  declare candidates: Candidate[];
  /** How many stop() reports have come. */
  declare private reports: number;
  /**
   * The innermost spec rule of the last stop() report, and its frames and rules, outermost first:
   * the frames and the path of the candidates that stop in the same rule instance, which share
   * them (no reader changes a candidate's arrays).
   */
  declare private stoppedIn: Open | null;
  declare private stoppedFrames: Open[];
  declare private stoppedPath: RuleMeta[];
  /** What paths() worked out of the reports; null when they have grown since. */
  declare private charged: Paths | null;
  declare private commonSnapshot: FrameSnapshot[] | null;
  declare private lastSnapshot: FrameSnapshot[] | null;
  /** The derivation's top node, once the start rule has matched. */
  declare top: DerivationNode | null;
  /** Whether stopped paths are snapshot (with a tree, unless the input is known to be accepted). */
  declare private readonly snapshots: boolean;
  /** The root frame, when the run starts below the rule asked for (its frame as the recorder keeps it). */
  declare readonly root: Frame | null;
  /**
   * The helpers charged to an outer rule that are open (`// @in`, TraceListener.enter), in pairs:
   * the frame open when each was entered, and the outer rule's frame that reports then go under.
   */
  declare private charges: Array<Open | null>;

  declare private readonly rules: readonly RuleMeta[];
  declare private readonly tree: boolean;

  // The fields are declared, and set here in one place: one shape from the start, no class
  // field initializer run apart.
  /**
   * `tree`: build the derivation tree. `snapshots`: with it, keep what each rule of a candidate's
   * path had matched when it stopped, for the partial tree of a rejected input; a caller that
   * knows the input is accepted leaves them out (src/diagnose.ts): a run over a long valid input
   * would otherwise keep one at every furthest failure it passes.
   */
  constructor(rules: readonly RuleMeta[], root: Frame | null, tree: boolean, snapshots = tree) {
    const era = rulesOf(rules);
    this.rules = rules;
    this.tree = tree;
    this.flags = era.flags;
    this.nullable = era.nullable;
    this.names = era.names;
    this.open = null;
    this.seenPos = 0;
    this.seenLen = 0;
    this.offset = 0;
    this.ends = [];
    this.stacks = [];
    this.list = NONE_OPEN_TEXTS;
    this.candidates = [];
    this.reports = 0;
    this.stoppedIn = null;
    this.stoppedFrames = NONE_OPEN;
    this.stoppedPath = NONE_OPEN_RULES;
    this.charged = null;
    this.commonSnapshot = null;
    this.lastSnapshot = null;
    this.top = null;
    this.snapshots = tree && snapshots;
    this.root = root === null ? null : (this.open = new Open(-1, root.rule, root.start, root.children, null, flagsOfRule(root.rule)));
    this.charges = [];
  }

  // The reports of the traced recognizer (TraceListener).
  enter(k: number, pos: number, maxPos: number, maxExpected: readonly string[]): void {
    this.charge(maxPos, maxExpected);
    if (k < -1) {
      // A helper charged to an outer rule: its open instance (the nearest), else where we are.
      let outer = this.open;
      while (outer !== null && outer.k !== -2 - k) outer = outer.up;
      this.charges.push(this.open, outer ?? this.open);
      this.open = outer ?? this.open;
      return;
    }
    this.open = new Open(k, this.rules[k]!, pos, this.tree ? [] : null, this.open, this.flags[k]!);
  }

  /**
   * Whether a leave or a fail ends a helper charged to an outer rule: nothing it opened is open
   * (the outer rule's frame is, as when it was entered). The frame open before it is again.
   */
  private uncharged(): boolean {
    const n = this.charges.length;
    if (n === 0 || this.open !== this.charges[n - 1]) return false;
    this.open = this.charges[n - 2]!;
    this.charges.length = n - 2;
    return true;
  }

  leave(pos: number, maxPos: number, maxExpected: readonly string[]): void {
    this.charge(maxPos, maxExpected);
    if (this.uncharged()) return;
    const frame = this.open!;
    this.open = frame.up;
    // Core rules (ALPHA, DIGIT, ...) are folded into their caller, like PEG helpers: a node
    // for every letter says nothing a reader of the grammar needs.
    if (this.tree && frame.inner === frame) {
      // The node keeps an exact copy of a list with children: a list grown by push() holds room
      // for 17, which made a long input's tree about 300 bytes a character (`parse` of 1 MB
      // peaked at 300 MB of heap). An empty list has no room to copy.
      const children = frame.children!;
      const node = { rule: frame.rule.name, start: frame.start, end: pos, children: children.length === 0 ? children : children.slice() };
      const parent = this.open;
      if (parent) parent.children!.push(node);
      else this.top = node;
    }
  }

  fail(_pos: number, maxPos: number, maxExpected: readonly string[]): void {
    this.charge(maxPos, maxExpected);
    if (this.uncharged()) return;
    this.open = this.open!.up;
  }

  /** A construct stopped at the furthest failure position. */
  stop(id: number, k: number, _pos: number, start: number, maxPos: number, maxExpected: readonly string[]): void {
    this.charge(maxPos, maxExpected);
    const report = this.reports++;
    const inner = this.open === null ? null : this.open.inner;
    if (inner === null) return;
    // The spec rules open, outermost first, and their rules; the element's own rule when it is a
    // spec rule: it is the one that would accept `found`.
    const element = k >= 0 && (this.flags[k]! & CORE) === 0 ? this.rules[k]! : null;
    if (inner !== this.stoppedIn) {
      this.stoppedIn = inner;
      this.stoppedFrames = specFramesOf(inner);
      this.stoppedPath = [];
      for (const f of this.stoppedFrames) this.stoppedPath.push(f.rule);
    }
    const frames = this.stoppedFrames;
    let path = this.stoppedPath;
    if (element !== null) {
      path = path.slice();
      path.push(element);
    }
    const snapshot = this.snapshots ? this.snapshot(frames) : null;
    if (snapshot && element) snapshot.push({ rule: element, start: maxPos, children: [], length: 0 });
    const ruleStart = element !== null ? maxPos : inner.start;
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
    const top = this.open;
    return this.tree && top?.children ? top.children.length : -1;
  }

  rewind(mark: number): void {
    const top = this.open;
    if (top?.children && top.children.length > mark) {
      if (top.frozen) {
        top.children = top.children.slice(0, mark);
        top.frozen = false;
      } else top.children.length = mark;
    }
  }

  /**
   * flush() at a report, when the list changed since the last one: most reports come with it
   * unchanged, and this test is small enough to run in place of the call.
   */
  private charge(maxPos: number, maxExpected: readonly string[]): void {
    if (maxPos !== this.seenPos || maxExpected.length !== this.seenLen) this.flush(maxPos, maxExpected);
  }

  /** Charge the expectations recorded since the last report to the current stack. */
  flush(maxPos: number, maxExpected: readonly string[]): void {
    const length = maxExpected.length;
    if (maxPos === this.seenPos && length === this.seenLen) return;
    if (maxPos !== this.seenPos || length < this.seenLen) {
      // Peggy started a new, further list: everything recorded before is superseded.
      // (New lists rather than setting a length: the setter is a call of its own.)
      this.seenLen = 0;
      if (this.ends.length > 0) {
        this.ends = [];
        this.stacks = [];
      }
      if (this.candidates.length > 0) this.candidates = [];
      this.charged = null;
      this.commonSnapshot = null;
      this.lastSnapshot = null;
    }
    this.offset = maxPos;
    this.list = maxExpected;
    if (length > this.seenLen) {
      this.ends.push(length);
      this.stacks.push(this.open);
      this.charged = null;
      // The partial tree reads what each rule of the path had matched when it was charged.
      const inner = this.open === null ? null : this.open.inner;
      if (this.snapshots && inner !== null) {
        this.lastSnapshot = this.snapshot(specFramesOf(inner));
        this.commonSnapshot ??= this.lastSnapshot;
      }
    }
    this.seenPos = maxPos;
    this.seenLen = length;
  }

  /**
   * The spec rules of the first and the last stack with spec rules on them that expectations at
   * the offset were charged under, and how long a prefix all of those share: worked out once.
   */
  private paths(): Paths {
    if (this.charged) return this.charged;
    let common: Open[] | null = null;
    let commonLength = 0;
    let last: Open | null = null;
    let previous: Open | null | undefined;
    const stacks = this.stacks;
    for (let r = 0; r < stacks.length; r++) {
      const top = stacks[r]!;
      // Reports under one stack are charged to it once.
      if (top === previous) continue;
      previous = top;
      const inner = top === null ? null : top.inner;
      if (inner === null) continue; // the end-of-input check, after the start rule: its own
      last = inner;
      if (common === null) {
        common = specFramesOf(inner);
        commonLength = common.length;
        continue;
      }
      // How long a prefix this path shares with the first: its frames above that length are
      // skipped, then the rules compared outermost first (the chain is read innermost first).
      let f: Open | null = inner;
      while (f !== null && f.specDepth > commonLength) f = outer(f);
      let n = f === null ? 0 : f.specDepth;
      for (; f !== null; f = outer(f)) if (common[f.specDepth - 1]!.rule !== f.rule) n = f.specDepth - 1;
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
    for (const top of this.stacks) ways.add(top?.inner?.rule.name ?? '');
    return ways;
  }

  /** The spec rules every expectation at the offset was charged under (their common path). */
  get common(): RuleMeta[] | null {
    const { common, commonLength } = this.paths();
    if (common === null) return null;
    const out: RuleMeta[] = [];
    for (let i = 0; i < commonLength; i++) out.push(common[i]!.rule);
    return out;
  }

  /**
   * Whether a "%" triplet may begin at the offset inside `frame`'s rule instance: "%" was expected
   * there (the traced recognizer's own description, no describe()) as the first character of a
   * spec rule that began at the offset (`pct-encoded = "%" HEXDIG HEXDIG`, `escaped`), not as one
   * character of a class (RFC 1808's `punctuation`).
   */
  tripletUnder(frame: Frame): boolean {
    const { ends, stacks, list } = this;
    for (let r = 0, e = 0; r < ends.length; r++) {
      const end = ends[r]!;
      let percent = false;
      for (; e < end; e++) if (list[e] === '"%"') percent = true;
      if (!percent) continue;
      const top = stacks[r]!;
      const inner = top === null ? null : top.inner;
      // A spec rule is named (Open.named) only as a single-class rule.
      if (inner === null || inner.start !== this.offset || inner.named) continue;
      for (let f: Open | null = top; f !== null; f = f.up) if (f === frame) return true;
    }
    return false;
  }

  /** Whether `text` was expected at the offset with `frame` the innermost spec rule then open. */
  expectedIn(frame: Frame, text: string): boolean {
    const { ends, stacks, list } = this;
    for (let r = 0, e = 0; r < ends.length; e = ends[r++]!) {
      const top = stacks[r]!;
      if (top === null || top.inner !== frame) continue;
      const named = describedBy(top, this.offset);
      if (named !== null) {
        if (named.name === text) return true;
        continue;
      }
      for (let i = e; i < ends[r]!; i++) if (list[i] === text) return true;
    }
    return false;
  }

  /** The path of the last expectation charged at the offset. */
  get last(): RuleMeta[] | null {
    const last = this.paths().last;
    return last === null ? null : specFramesOf(last).map((f) => f.rule);
  }

  private snapshot(path: Open[]): FrameSnapshot[] {
    return path.map((f) => {
      const children = f.children!;
      f.frozen = true;
      return { rule: f.rule, start: f.start, children, length: children.length };
    });
  }

  /**
   * The expected set at the offset, sorted and grouped for `path`, the named rule's (./expected.ts).
   * `nullable`: whether a rule of the era matches the empty string; its answers are kept with the
   * era's rules.
   */
  expectedSets(path: readonly RuleMeta[], nullable: (rule: RuleMeta) => boolean): ExpectedSets {
    return expectedSets(this.list, this.ends, this.stacks, this.offset, path, nullable, this.nullable, this.names);
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
  /** The first path's spec rules, outermost first. */
  common: Open[] | null;
  commonLength: number;
  /** The last path's innermost spec rule. */
  last: Open | null;
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
