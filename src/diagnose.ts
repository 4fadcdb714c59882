// The diagnosis of a failure (contract, "The diagnosis of a failure"). One mechanism for every
// era: the era's diagnostic parser (generated/<era>.diag.js, the traced recognizer of
// scripts/recognizer-codegen.ts) is its grammar with enter/leave hooks around every spec rule,
// keeping Peggy's furthest-failure bookkeeping exactly as Peggy's parser does. The hooks keep a
// stack of the spec rules being matched, and each hook first hands over the furthest-failure
// position and the expectation list, so every expectation recorded since the previous hook is
// charged to the stack that was current when it was recorded. Peggy's rules decide the offset
// and the expected set; the recorder only adds which rule was being matched.
//
// Runs only after the fast recognizer rejected an input: the success path pays nothing.

import type { PeggyExpectation, PeggyLibraryResult } from '#generated';
import type { Era, RuleMeta } from './registry.js';

/** The contract's error record: plain, JSON-safe data. */
export interface ValidationError {
  /** 0-based index of the furthest position that any alternative of the grammar reached. */
  offset: number;
  /** The spec rule that failed there (contract: innermost, started before offset, last). */
  rule: string;
  /** The spec rules from the start rule down to `rule`. */
  rulePath: string[];
  /** Sorted, de-duplicated descriptions of what would have been accepted at `offset`. */
  expected: string[];
  /** The character at `offset`, or null at the end of the input. */
  found: string | null;
  /** The spec section that defines `rule`. */
  section: string;
  /** One readable sentence built from the fields above. */
  message: string;
}

/** A node of the derivation tree: a spec rule and the span of the input it matched. */
export interface DerivationNode {
  rule: string;
  start: number;
  end: number;
  children: DerivationNode[];
}

interface Frame {
  rule: RuleMeta;
  start: number;
  /** The rules this one has matched so far (only when the tree is built). */
  children: DerivationNode[] | null;
}

/** A frame of the failing path as it stood when it became the best candidate. */
interface FrameSnapshot {
  rule: RuleMeta;
  start: number;
  children: DerivationNode[];
  length: number;
}

/** The best candidate so far for `rule`, ranked as the contract ranks them. */
interface Candidate {
  /** 1 when the rule started before the offset, 0 when it started at it. */
  tier: number;
  /** Its depth in the path: deeper is more exact. */
  depth: number;
  path: Frame[];
  /** The path with the children each rule had matched, for the partial tree. */
  snapshot: FrameSnapshot[] | null;
}

class Recorder {
  private readonly stack: Frame[] = [];
  private seenPos = 0;
  private seenLen = 0;
  offset = 0;
  best: Candidate | null = null;
  readonly expected = new Set<string>();
  /** The derivation's top node, once the start rule has matched. */
  top: DerivationNode | null = null;
  /** Children arrays that the best candidate's snapshot still reads: copied before truncation. */
  private readonly frozen = new WeakSet<DerivationNode[]>();

  constructor(
    private readonly rules: readonly RuleMeta[],
    readonly root: Frame | null,
    private readonly tree: boolean,
  ) {
    if (root) this.stack.push(root);
  }

  // The hooks called by the generated diagnostic parser; each returns true so that the
  // semantic predicates that call them let the parse go on.
  enter(k: number, pos: number, maxPos: number, maxExpected: PeggyExpectation[]): true {
    this.flush(maxPos, maxExpected);
    this.stack.push({ rule: this.rules[k]!, start: pos, children: this.tree ? [] : null });
    return true;
  }

  leave(pos: number, maxPos: number, maxExpected: PeggyExpectation[]): true {
    this.flush(maxPos, maxExpected);
    const frame = this.stack.pop()!;
    // Core rules (ALPHA, DIGIT, ...) are folded into their caller, like PEG helpers: a node
    // for every letter says nothing a reader of the grammar needs.
    if (this.tree && !frame.rule.core) {
      const node = { rule: frame.rule.name, start: frame.start, end: pos, children: frame.children! };
      const parent = this.stack[this.stack.length - 1];
      if (parent) parent.children!.push(node);
      else this.top = node;
    }
    return true;
  }

  // The hooks the traced recognizer calls around a sequence or a lookahead when a tree is built
  // (scripts/recognizer-codegen.ts): mark() how many children the open rule has, rewind(mark)
  // to drop those an abandoned attempt matched since. -1 when no tree is built.
  mark(): number {
    const top = this.stack[this.stack.length - 1];
    return this.tree && top?.children ? top.children.length : -1;
  }

  rewind(mark: number): true {
    const top = this.stack[this.stack.length - 1];
    if (top?.children && top.children.length > mark) {
      if (this.frozen.has(top.children)) top.children = top.children.slice(0, mark);
      else top.children.length = mark;
    }
    return true;
  }


  fail(_pos: number, maxPos: number, maxExpected: PeggyExpectation[]): true {
    this.flush(maxPos, maxExpected);
    this.stack.pop();
    return true;
  }

  /** Charge the expectations Peggy recorded since the last hook to the current stack. */
  flush(maxPos: number, maxExpected: readonly PeggyExpectation[]): void {
    if (maxPos === this.seenPos && maxExpected.length === this.seenLen) return;
    let from = this.seenLen;
    if (maxPos !== this.seenPos || maxExpected.length < this.seenLen) {
      // Peggy started a new, further list: everything recorded before is superseded.
      from = 0;
      this.best = null;
      this.expected.clear();
    }
    this.offset = maxPos;
    for (let i = from; i < maxExpected.length; i++) this.expected.add(this.describe(maxExpected[i]!, maxPos));
    this.consider(maxPos);
    this.seenPos = maxPos;
    this.seenLen = maxExpected.length;
  }

  /** Rank the current stack as the contract does and keep it if it is at least as good. */
  private consider(offset: number): void {
    const spec = this.stack.filter((f) => !f.rule.core);
    let i = spec.length - 1;
    while (i >= 0 && spec[i]!.start >= offset) i--;
    const tier = i >= 0 ? 1 : 0;
    if (i < 0) i = spec.length - 1; // none started before the offset: the innermost at it
    if (i < 0) return; // no spec rule on the stack (the end-of-input check): see result()
    const b = this.best;
    // ">=": between equals, the one attempted last.
    if (b && !(tier > b.tier || (tier === b.tier && i >= b.depth))) return;
    const path = spec.slice(0, i + 1);
    this.best = { tier, depth: i, path, snapshot: this.tree ? this.snapshot(path) : null };
  }

  private snapshot(path: Frame[]): FrameSnapshot[] {
    return path.map((f) => {
      const children = f.children!;
      this.frozen.add(children);
      return { rule: f.rule, start: f.start, children, length: children.length };
    });
  }

  /** The derivation up to the failure: the failing path, each rule with what it had matched. */
  partialTree(offset: number): DerivationNode | null {
    const snap = this.best?.snapshot;
    if (!snap) return null;
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

  /**
   * Expectations inside a core or single-class rule that started at the offset are named by
   * that rule (`ALPHA`, `HEXDIG`), the outermost of them when they nest (HEXDIG calls DIGIT).
   * Others as the grammar writes them: literals as JSON strings, classes in ABNF notation.
   */
  private describe(e: PeggyExpectation, offset: number): string {
    let named: RuleMeta | null = null;
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const f = this.stack[i]!;
      if (f.start !== offset || !(f.rule.core || f.rule.charRule)) break;
      named = f.rule;
    }
    if (named) return named.name;
    // The expectations are constants of the generated parser: each is described once.
    let text = DESCRIBED.get(e);
    if (text === undefined) DESCRIBED.set(e, (text = describeExpectation(e)));
    return text;
  }
}

const DESCRIBED = new WeakMap<PeggyExpectation, string>();

function describeExpectation(e: PeggyExpectation): string {
  switch (e.type) {
    case 'literal':
      return JSON.stringify(e.text);
    case 'class':
      return describeClass(e);
    case 'any':
      return 'any character';
    case 'end':
      return 'end of input';
    default:
      return e.description ?? String(e.type);
  }
}

const hex = (c: string) => '%x' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');

function describeClass(e: PeggyExpectation): string {
  const parts = (e.parts ?? []).map((p) => (Array.isArray(p) ? `${hex(p[0])}-${hex(p[1]).slice(2)}` : hex(p)));
  return (e.inverted ? 'not ' : '') + parts.join(' / ');
}

/** The character at `offset` as one code point (a lone surrogate stays one code unit). */
export function foundAt(input: string, offset: number): string | null {
  if (offset >= input.length) return null;
  return String.fromCodePoint(input.codePointAt(offset)!);
}

const END_OF_INPUT: PeggyExpectation = { type: 'end' };

/**
 * The error record for an input that `startId` rejects. `rule` is the spec rule the caller
 * asked for; `startId` is the Peggy rule that implements it (the same, or a variant such as
 * RFC 1738's printed union).
 */
export function diagnose(era: Era, rule: RuleMeta, startId: string, input: string): ValidationError {
  return traced(era, rule, startId, input, false).error!;
}

/** The derivation tree of an input, and for a rejected one the error record. */
export interface Derivation {
  valid: boolean;
  /** The whole tree when valid; when not, the failing path with what each rule had matched. */
  tree: DerivationNode | null;
  error?: ValidationError;
}

/** Runs the diagnostic parser once, recording the error (and the tree when asked). */
export function traced(era: Era, rule: RuleMeta, startId: string, input: string, tree: boolean): Derivation {
  const root = startId === rule.id ? null : { rule, start: 0, children: tree ? [] : null };
  const rec = new Recorder(era.meta.rules, root, tree);
  // Without a tree, only the rules around the furthest failure need to reach the recorder
  // ($urispecFurthest, scripts/recognizer-codegen.ts): the same record, far fewer hook calls.
  const r = era.diag.parse(input, { startRule: startId, peg$library: true, $urispec: rec, $urispecFurthest: !tree }) as PeggyLibraryResult;
  if (r.peg$result !== r.peg$FAILED && r.peg$currPos === input.length) {
    // A core start rule (ALPHA, digit) is folded away like every core rule, so the recorder
    // has no node for it: the derivation is then the start rule alone.
    const top = rec.top ?? { rule: rule.name, start: 0, end: input.length, children: root?.children ?? [] };
    return { valid: true, tree: tree ? top : null };
  }
  rec.flush(r.peg$maxFailPos, r.peg$maxFailExpected);
  if (r.peg$result !== r.peg$FAILED && r.peg$currPos < input.length && r.peg$currPos >= r.peg$maxFailPos) {
    // The start rule matched a prefix: Peggy adds "end of input" at that point (peg$throw).
    // It is charged to the start rule, which was being matched from offset 0.
    const list = r.peg$currPos > r.peg$maxFailPos ? [END_OF_INPUT] : [...r.peg$maxFailExpected, END_OF_INPUT];
    rec.flush(r.peg$currPos, list);
  }
  const error = errorRecord(era, rule, input, rec);
  // Without a failing path (only "end of input" was expected), the start rule's own match is
  // the derivation up to the failure.
  return { valid: false, tree: tree ? (rec.partialTree(error.offset) ?? rec.top) : null, error };
}

function errorRecord(era: Era, rule: RuleMeta, input: string, rec: Recorder): ValidationError {
  const path = rec.best?.path ?? [{ rule, start: 0, children: null }];
  const failed = path[path.length - 1]!.rule;
  const offset = rec.offset;
  const record = {
    offset,
    rule: failed.name,
    rulePath: path.map((f) => f.rule.name),
    expected: [...rec.expected].sort(),
    found: foundAt(input, offset),
    section: failed.section,
  };
  return { ...record, message: messageOf(era, rule.name, record) };
}

const MAX_LISTED = 12;

/** One readable sentence from the record's fields. */
export function messageOf(
  era: Era,
  startRule: string,
  e: Omit<ValidationError, 'message'>,
): string {
  const listed = e.expected.slice(0, MAX_LISTED).join(', ');
  const more = e.expected.length > MAX_LISTED ? ` and ${e.expected.length - MAX_LISTED} more` : '';
  const found = e.found === null ? 'the end of the input' : JSON.stringify(e.found);
  return (
    `not a valid ${startRule} in ${era.id}: at offset ${e.offset}, in ${e.rule} (§${e.section}), ` +
    `expected ${e.expected.length > 1 ? 'one of ' : ''}${listed}${more} but found ${found}`
  );
}
