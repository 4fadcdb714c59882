// The diagnosis of a failure (contract, "The diagnosis of a failure"). One mechanism for every
// era: the era's traced recognizer (generated/<era>.diag.js, scripts/codegen/emit-traced.ts) is
// its grammar reporting every spec rule and every construct that can stop, keeping Peggy's
// furthest-failure bookkeeping exactly as Peggy's parser does, through urispec's trace protocol
// (./diagnosis/trace.ts). ./diagnosis/recorder.ts turns the reports into the offset, the
// expected set and the candidates for `rule`; ./diagnosis/rank.ts chooses among them; the
// hint table (./hints/table.ts) adds a hint.
//
// Runs only after the fast recognizer rejected an input: the success path pays nothing.

import type { Era, RuleMeta } from './era.js';
import { Recorder, partialTree, type Candidate, type DerivationNode, type Frame } from './diagnosis/recorder.js';
import { chooseRule, type GrantRuns } from './diagnosis/rank.js';
import type { ExpectedSets } from './diagnosis/expected.js';
import { nullableIn } from './diagnosis/nullable.js';
import { hintFor } from './hints/table.js';
import { hintContext, foundShown, type FixFacts } from './hints/context.js';
import type { SchemeProse } from './profiles/profile.js';
import { sectionLabel } from './spec-label.js';
import { keptPer } from './kept.js';

export type { DerivationNode } from './diagnosis/recorder.js';

/** The contract's error record: plain, JSON-safe data. */
export interface ValidationError {
  /**
   * 0-based index of the furthest position that any alternative of the grammar reached, in
   * UTF-16 code units (a JavaScript string index).
   */
  offset: number;
  /**
   * The same position in code points, present only when non-ASCII precedes `offset` (else it
   * equals `offset`); a lone surrogate counts as one.
   */
  codePointOffset?: number;
  /**
   * The same position in bytes of the input's UTF-8 encoding, present only when non-ASCII
   * precedes `offset`; a lone surrogate counts as the three bytes of U+FFFD, as Node encodes it.
   */
  utf8Offset?: number;
  /** The smallest spec rule that would have to accept `found` for the parse to get past `offset`. */
  rule: string;
  /** The spec rules from the start rule down to `rule`. */
  rulePath: string[];
  /** Sorted, de-duplicated descriptions of what would have been accepted at `offset`. */
  expected: string[];
  /**
   * The same, in the spec's own names, for a reader: each expectation named by the rule it
   * begins (`pchar`, `unreserved`), else as in `expected`; in the order they were tried, `end
   * of input` last. What the message and the readable output show.
   */
  expectedGrouped?: string[];
  /** The character at `offset`, or null at the end of the input. */
  found: string | null;
  /** The spec section that defines `rule`. */
  section: string;
  /** How to fix a common mistake, when the failure looks like one. */
  hint?: string;
  /**
   * Which layer failed, for an era with prose rules after its grammar (a scheme profile, or RFC
   * 3987's §4.1: src/profiles/): `grammar` when the grammar rejects the input, `profile` when the
   * grammar holds and a rule the RFC states in prose fails (then `section` is that rule's, with
   * its document, and `expected` is empty). Absent for the other eras, which have one layer.
   */
  layer?: 'grammar' | 'profile';
  /** One readable sentence built from the fields above, with the hint when there is one. */
  message: string;
}

/** The character at `offset` as one code point (a lone surrogate stays one code unit). */
export function foundAt(input: string, offset: number): string | null {
  if (offset >= input.length) return null;
  return String.fromCodePoint(input.codePointAt(offset)!);
}

const END_OF_INPUT = 'end of input';

/**
 * The error record for an input that `startId` rejects. `rule` is the spec rule the caller
 * asked for; `startId` is the Peggy rule that implements it (the same, or a variant such as
 * RFC 1738's printed union).
 */
export function diagnose(era: Era, rule: RuleMeta, startId: string, input: string, prose?: SchemeProse, floor = -1): ValidationError {
  return traced(era, rule, startId, input, false, prose, floor).error!;
}

/** The derivation tree of an input, and for a rejected one the error record. */
export interface Derivation {
  valid: boolean;
  /** The whole tree when valid; when not, the path to the named rule with what each rule had matched. */
  tree: DerivationNode | null;
  error?: ValidationError;
}

/**
 * Runs the diagnostic parser, recording the error (and the tree when asked). `prose`: the scheme
 * profile of the rule (src/profiles/of-era.ts), whose text may explain the failure (its hint).
 * `floor`: where the start rule's automaton found no word of the language continuing the input
 * (GeneratedAutomaton.stoppedAt), when it gave the verdict; else -1.
 */
export function traced(era: Era, rule: RuleMeta, startId: string, input: string, tree: boolean, prose?: SchemeProse, floor = -1): Derivation {
  // A tree of an input the fast recognizer accepts needs no snapshots of the paths that stopped
  // (the partial tree of a rejection): left out, a long valid input's tree costs about half
  // (`explain`, `parse` and `resolve` of 80,000 characters).
  const snapshots = tree && era.fast.matchEnd(input, startId) !== input.length;
  const recorder = (): Recorder => new Recorder(era.meta.rules, startId === rule.id ? null : { rule, start: 0, children: tree ? [] : null }, tree, snapshots);
  let rec = recorder();
  // Without a tree, only the rules around the furthest failure need to reach the recorder
  // (furthestOnly): the same record, far fewer reports. Where the fast recognizer stopped is,
  // nearly always, at or before the furthest failure: as its lower bound (floor), the traced run
  // needs no measuring run first, and hands the calls before it to the fast recognizer. When no
  // failure was that far after all, the run is done again with the measuring run (issue 17).
  // Where the automaton that rejected the input found no word of the language continuing it is
  // a higher floor still, with no second pass over the input: Peggy, parsing a word that
  // continues the input's prefix up to there, tests each unit of it, and parsing the input
  // behaves the same until it tests that unit, where it fails (`http://[fe80::1%eth0]/`: the
  // "%" at 15, where the start rule's match ends at 7).
  const lower = tree ? 0 : floor >= 0 ? floor : Math.max(0, era.fast.matchEnd(input, startId));
  let r = era.diag.trace(input, startId, rec, { furthestOnly: !tree, floor: lower });
  // A start rule that matched up to the floor or past it, with no failure there, fails at its
  // end ("end of input"), whatever failed before: the same record without the measuring run.
  if (r.furthest < lower && r.end < lower) {
    rec = recorder();
    r = era.diag.trace(input, startId, rec, { furthestOnly: !tree });
  }
  const root = rec.root;
  if (r.end === input.length) {
    // A core start rule (ALPHA, digit) is folded away like every core rule, so the recorder
    // has no node for it: the derivation is then the start rule alone.
    const top = rec.top ?? { rule: rule.name, start: 0, end: input.length, children: root?.children ?? [] };
    return { valid: true, tree: tree ? top : null };
  }
  rec.flush(r.furthest, r.expected);
  if (r.end >= 0 && r.end >= r.furthest) {
    // The start rule matched a prefix: Peggy adds "end of input" at that point when it throws.
    // It is charged to the start rule, which was being matched from offset 0.
    const list = r.end > r.furthest ? [END_OF_INPUT] : [...r.expected, END_OF_INPUT];
    rec.flush(r.end, list);
  }
  const choice = chooseRule(rec, rule, rec.offset >= input.length, (c, completesOnly, runs) => reach(era, startId, input, c, rec.offset, completesOnly, runs), input);
  // A scheme's text may read the failing text as a rule around the one chosen (RFC 2397 §3).
  const read = prose?.reads?.(rule.name, input, rec.offset, choice.path);
  if (read !== undefined) choice.path = choice.path.slice(0, choice.path.findIndex((r) => r.name === read) + 1 || choice.path.length);
  // For the hints that propose percent-encoding `found` (src/hints/context.ts, getsPast): whether
  // the rule instance of the construct that stopped takes a "%" triplet there (then the triplet
  // gets the parse past the offset), and where the named rule's instance started.
  const from = choice.from !== null && typeof choice.from === 'object' ? choice.from : null;
  const fix: FixFacts = {
    encodable: () => from !== null && from.frames.length > 0 && rec.tripletUnder(from.frames[from.frames.length - 1]!),
    ruleStart: from === null ? undefined : choice.path.length === from.path.length ? from.ruleStart : from.frames[choice.path.length - 1]?.start,
  };
  const error = errorRecord(era, rule, input, rec.offset, rec.expectedSets(choice.path, nullableIn(era)), choice.path, prose, startId, fix);
  // Without a path (the start rule named, or only "end of input" expected), the start rule's
  // own match is the derivation up to the failure.
  const partial = tree ? partialTree(rec.snapshotOf(choice.from)?.slice(0, choice.path.length) ?? null, error.offset) : null;
  return { valid: false, tree: tree ? (partial ?? rec.top ?? rootNode(rule, error.offset, root)) : null, error };
}

function rootNode(rule: RuleMeta, offset: number, root: Frame | null): DerivationNode | null {
  return root ? { rule: rule.name, start: 0, end: offset, children: root.children ?? [] } : null;
}

/**
 * How far the parse gets when candidate `c` alone accepts `found` (./diagnosis/rank.ts): the
 * furthest failure of that counterfactual run, or Infinity when it matches the whole input.
 * `completesOnly`, for a candidate not begun: only whether its sequence completes (-1 when not,
 * else 0), the first pass of the run alone.
 *
 * The candidates of one construct in one rule instance have one grant, so one run (`runs`, kept
 * by the ranking): its first pass's end is the same whichever call it hands to the fast
 * recognizer (those cannot hold the grant, and match as the traced ones would), and, watching
 * from the offset (a candidate not begun), it lists every sequence that completed there, the
 * answer for each candidate not begun in one of them; its second pass, how far the parse gets,
 * watches nothing.
 */
function reach(era: Era, startId: string, input: string, c: Candidate, offset: number, completesOnly: boolean, runs: GrantRuns): number {
  const begun = c.notBegunIn < 0;
  if (runs.end === undefined || (!begun && runs.completedAt === undefined)) {
    const r = era.diag.reach(
      input,
      startId,
      begun ? { construct: c.id, ruleStart: c.start, pos: offset, firstOnly: true } : { construct: c.id, ruleStart: c.start, pos: offset, sequence: c.notBegunIn, firstOnly: true },
    );
    runs.end = r.end;
    if (!begun) runs.completedAt = r.completedAt!;
  }
  if (!begun) {
    if (!runs.completedAt!.includes(c.notBegunIn)) return -1;
    if (completesOnly) return 0;
  }
  if (runs.end === input.length) return Infinity;
  runs.furthest ??= era.diag.reach(input, startId, { construct: c.id, ruleStart: c.start, pos: offset, measure: true }).furthest;
  return runs.end < 0 ? runs.furthest : Math.max(runs.end, runs.furthest);
}

function errorRecord(
  era: Era,
  rule: RuleMeta,
  input: string,
  offset: number,
  sets: ExpectedSets,
  path: RuleMeta[],
  prose: SchemeProse | undefined,
  startId: string,
  fix: FixFacts,
): ValidationError {
  const failed = path[path.length - 1]!;
  const other = otherOffsets(input, offset);
  const rulePath: string[] = [];
  for (let i = 0; i < path.length; i++) rulePath.push(path[i]!.name);
  const found = foundAt(input, offset);
  // The lists are kept for the next failure with the same expected set (./diagnosis/expected.ts):
  // each record has its own copies.
  const expected = sets.sorted.slice();
  const grouped = sets.grouped.slice();
  // Built in place, in the contract's key order, rather than spread: records of several shapes
  // (with and without the other offsets, the hint) made each spread a slow copy (issue 17).
  const record: Omit<ValidationError, 'message'> & { hint?: string; message?: string } =
    other.codePointOffset === undefined
      ? { offset, rule: failed.name, rulePath, expected, expectedGrouped: grouped, found, section: failed.section }
      : { offset, codePointOffset: other.codePointOffset, utf8Offset: other.utf8Offset!, rule: failed.name, rulePath, expected, expectedGrouped: grouped, found, section: failed.section };
  const hint = hintFor(hintContext(era, rule.name, input, record, prose, startId, fix, sets.sorted));
  if (hint !== undefined) record.hint = hint;
  // The part of the message that names the expected set is kept with it, made once.
  record.message = sentence(era, rule.name, record, (sets.named ??= expectedPart(sets.grouped)));
  return record as ValidationError;
}

/** otherOffsets() when only ASCII precedes the offset: one object, never changed. */
const ASCII: { readonly codePointOffset?: number; readonly utf8Offset?: number } = Object.freeze({});

/**
 * `offset` in code points and in UTF-8 bytes, for consumers whose strings are not UTF-16; only
 * when non-ASCII precedes it (else both equal `offset`).
 */
export function otherOffsets(input: string, offset: number): { readonly codePointOffset?: number; readonly utf8Offset?: number } {
  // An ASCII prefix, the most common, is found in the first loop: no offsets, no object.
  let i = 0;
  while (i < offset && input.charCodeAt(i) < 0x80) i++;
  if (i === offset) return ASCII;
  let codePoints = i;
  let bytes = i;
  for (; i < offset; i++) {
    const c = input.charCodeAt(i);
    codePoints++;
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < offset && (input.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3; // the rest of the BMP, and a lone surrogate as U+FFFD
  }
  return { codePointOffset: codePoints, utf8Offset: bytes };
}

const MAX_LISTED = 12;

/** `a, b or c`; after MAX_LISTED items, `and N more`. */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  if (items.length > MAX_LISTED) return `${items.slice(0, MAX_LISTED).join(', ')} and ${items.length - MAX_LISTED} more`;
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/**
 * One readable sentence from the record's fields: the offset (with its code point and UTF-8
 * byte offsets when they differ), the rule and its section with the document's name, the
 * expected set grouped by the spec's names, what was found, and the hint when there is one.
 */
export function messageOf(era: Era, startRule: string, e: Omit<ValidationError, 'message'>): string {
  return sentence(era, startRule, e, expectedPart(e.expectedGrouped ?? e.expected));
}

/**
 * messageOf() with the part that names the expected set already made (`expected a, b or c but
 * found `). The parts that depend only on the era and the start rule (`not a valid URI in
 * rfc3986: at offset `), and on the era and the failed rule (`, in segment (RFC 3986 §3.3), `),
 * are made once each and kept: a message is then a few pieces joined, not a dozen (issue 17).
 */
function sentence(era: Era, startRule: string, e: Omit<ValidationError, 'message'>, expected: string): string {
  const parts = partsOf(era);
  let head = parts.heads.get(startRule);
  if (head === undefined) parts.heads.set(startRule, (head = `not a valid ${startRule} in ${era.id}: at offset `));
  let rule = parts.rules.get(e.rule);
  if (rule === undefined || rule.section !== e.section) parts.rules.set(e.rule, (rule = { section: e.section, text: `, in ${e.rule} (${sectionLabel(era, e.section)}), ` }));
  const found = e.found === null ? 'the end of the input' : foundShown(e.found);
  const other = e.codePointOffset === undefined ? '' : ` (code point ${e.codePointOffset}, UTF-8 byte ${e.utf8Offset})`;
  const message = `${head}${e.offset}${other}${rule.text}${expected}${found}`;
  return e.hint ? `${message}; hint: ${e.hint}` : message;
}

/** `expected a, b or c but found `: the message's part that names the expected set. */
const expectedPart = (items: readonly string[]): string => `expected ${listed(items)} but found `;

/** An era's parts of messages made so far (sentence()): by start rule, and by failed rule with its section. */
interface MessageParts {
  heads: Map<string, string>;
  rules: Map<string, { section: string; text: string }>;
}

const partsOf = keptPer((_era: Era): MessageParts => ({ heads: new Map(), rules: new Map() }));
