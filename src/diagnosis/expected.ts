// The expected set at a failure, in the two forms the error record holds (contract: `expected`,
// sorted; `expectedGrouped`, in the spec's own names), worked out of the expectations that the
// recorder (./recorder.ts) charged at the offset, each with the stack of rules open then.
//
// An era's failures have few distinct expected sets (a few dozen over a corpus of thousands of
// invalid lines): each pair of lists is worked out once and kept, under a key that holds
// everything both depend on, and that is far cheaper to build than the lists (issue 17).

import type { RuleMeta } from '../era.js';
import type { Frame } from './recorder.js';

/** The expected set at a failure: kept and shared, so a record takes copies of the lists. */
export interface ExpectedSets {
  /** Sorted by code unit, as Array.prototype.sort sorts strings; de-duplicated. */
  readonly sorted: readonly string[];
  /** Grouped by the spec's names, in attempt order, `end of input` last. */
  readonly grouped: readonly string[];
  /** The message's list of `grouped` (../diagnose.ts), made once when first asked. */
  listed?: string;
}

const END_OF_INPUT = 'end of input';

/**
 * Expectations inside a core or single-class rule that started at the offset are named by
 * that rule (`ALPHA`, `HEXDIG`), the outermost of them when they nest (HEXDIG calls DIGIT).
 * Others as the traced recognizer describes them, as the grammar writes them: literals as
 * JSON strings, classes in ABNF notation (scripts/codegen/expectation.ts). `stack`: the rules
 * open when it was recorded.
 */
export function describe(e: string, stack: readonly Frame[], offset: number): string {
  const named = describedBy(stack, offset);
  return named ? named.name : e;
}

/** The rule that names every expectation recorded under `stack` (describe()), or null. */
function describedBy(stack: readonly Frame[], offset: number): RuleMeta | null {
  let named: RuleMeta | null = null;
  for (let i = stack.length - 1; i >= 0; i--) {
    const f = stack[i]!;
    if (f.start !== offset || !(f.rule.core || f.rule.charRule)) break;
    named = f.rule;
  }
  return named;
}

/**
 * The rule that names every expectation recorded under `stack` in the grouped set: the
 * outermost rule below the named path (`path`) that was attempted at the offset and cannot
 * match the empty string (`pchar` rather than its 24 characters), or null: each is named as it
 * is described (a literal of a rule that started before the offset, `end of input`).
 */
function groupedBy(stack: readonly Frame[], offset: number, path: readonly RuleMeta[], nullable: (rule: RuleMeta) => boolean): string | null {
  // Each rule on the stack started where its caller had got to, none after the offset (where the
  // expectation was recorded): when the innermost started before it, none started at it.
  if (stack.length === 0 || stack[stack.length - 1]!.start !== offset) return null;
  let j = 0;
  while (j < stack.length && j < path.length && stack[j]!.rule === path[j]) j++;
  for (; j < stack.length; j++) {
    const f = stack[j]!;
    if (f.start === offset && !nullable(f.rule)) return f.rule.name;
  }
  return null;
}

/** The lists worked out so far, by the hash of their key, with the key (expectedSets()). */
const kept = new Map<number, { key: KeyItem[]; sets: ExpectedSets }>();
/** How many are kept at most, then begun again: a few dozen sets an era are met. */
const MAX_KEPT = 2048;

/** What a key holds: descriptions and rule names (strings), and where the grouping rule changes. */
type KeyItem = string | null | typeof GROUP;
/** Marks a change of the grouping rule in a key: the next item is the rule's name, or null. */
const GROUP: unique symbol = Symbol('group');

/** The key being made (expectedSets()), reused; `length` items of it are the key. */
const key: KeyItem[] = [];

/**
 * A cheap hash of a description or rule name, mixed into `hash`: its length and two of its code
 * units (a literal's `"x"` differs in its middle one). No lookup of the text in a table: a key
 * whose hash matches is compared item by item (the texts are the traced recognizer's and the
 * era's own strings, the same each run, so mostly the same objects), and a colliding key gives
 * way (issue 17: a Map lookup per expectation cost more than the rest of the key).
 */
const mix = (hash: number, text: string): number =>
  (Math.imul(hash, 0x01000193) ^ ((text.length << 16) ^ (text.charCodeAt(text.length >> 1) << 7) ^ text.charCodeAt(text.length - 1))) | 0;

/**
 * The expected set at `offset`: `attempts` holds each expectation there as the traced
 * recognizer described it and the stack it was recorded under, in attempt order (the recorder's
 * list); `path` is the named rule's path, which the grouping reads.
 *
 * Both lists depend only on the sequence, in attempt order, of each expectation's description
 * (describe()) and the rule that groups it (groupedBy(), null or a name): the key is that
 * sequence, each description as its text, the grouping rule where it changes (GROUP, then its
 * name or null). Each stack is read once: the expectations of one report share it, and so both
 * rules.
 */
export function expectedSets(attempts: ReadonlyArray<string | Frame[]>, offset: number, path: readonly RuleMeta[], nullable: (rule: RuleMeta) => boolean): ExpectedSets {
  if (kept.size >= MAX_KEPT) kept.clear();
  let n = 0;
  let hash = 0;
  let previous: Frame[] | null = null;
  let described: RuleMeta | null = null;
  let group: string | null | undefined;
  for (let i = 0; i < attempts.length; i += 2) {
    const stack = attempts[i + 1] as Frame[];
    if (stack !== previous) {
      previous = stack;
      described = describedBy(stack, offset);
      const g = groupedBy(stack, offset, path, nullable);
      if (g !== group) {
        key[n++] = GROUP;
        key[n++] = g;
        hash = g === null ? (Math.imul(hash, 0x01000193) ^ 1) | 0 : mix(hash ^ 2, g);
        group = g;
      }
    }
    const text = described !== null ? described.name : (attempts[i] as string);
    key[n++] = text;
    hash = mix(hash, text);
  }
  const found = kept.get(hash);
  if (found !== undefined && sameKey(found.key, n)) return found.sets;
  // Not met yet (or another key with the same hash, which gives way).
  const sets = workedOut(attempts, offset, path, nullable);
  kept.set(hash, { key: key.slice(0, n), sets });
  return sets;
}

function sameKey(k: readonly KeyItem[], n: number): boolean {
  if (k.length !== n) return false;
  for (let i = 0; i < n; i++) if (k[i] !== key[i]) return false;
  return true;
}

/** Both lists, worked out of the attempts (what expectedSets() keeps). */
function workedOut(attempts: ReadonlyArray<string | Frame[]>, offset: number, path: readonly RuleMeta[], nullable: (rule: RuleMeta) => boolean): ExpectedSets {
  const texts: string[] = [];
  for (let i = 0; i < attempts.length; i += 2) texts.push(describe(attempts[i] as string, attempts[i + 1] as Frame[], offset));
  return { sorted: sortedOf(texts), grouped: groupedOf(attempts, texts, offset, path, nullable) };
}

/**
 * The expected set (what each expectation was described as), sorted by code unit as
 * Array.prototype.sort sorts strings. A few dozen at most: an array scanned and sorted by
 * insertion, the fastest for so few.
 */
function sortedOf(texts: readonly string[]): string[] {
  const out: string[] = [];
  for (const v of texts) {
    if (out.includes(v)) continue;
    let j = out.length - 1;
    for (; j >= 0 && out[j]! > v; j--) out[j + 1] = out[j]!;
    out[j + 1] = v;
  }
  return out;
}

/**
 * The expected set in the spec's own names, for a reader: each expectation named by the rule
 * that groups it (groupedBy()), else as it is described. In attempt order, `end of input` last.
 */
function groupedOf(attempts: ReadonlyArray<string | Frame[]>, texts: readonly string[], offset: number, path: readonly RuleMeta[], nullable: (rule: RuleMeta) => boolean): string[] {
  const out: string[] = [];
  let end = false;
  let previous: Frame[] | null = null;
  let named: string | null = null;
  for (let i = 0; i < attempts.length; i += 2) {
    const stack = attempts[i + 1] as Frame[];
    if (stack !== previous) {
      previous = stack;
      named = groupedBy(stack, offset, path, nullable);
    }
    const name = named ?? texts[i >> 1]!;
    if (name === END_OF_INPUT) end = true;
    else if (!out.includes(name)) out.push(name);
  }
  if (end) out.push(END_OF_INPUT);
  return out;
}
