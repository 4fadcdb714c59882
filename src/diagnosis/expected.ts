// The expected set at a failure, in the two forms the error record holds (contract: `expected`,
// sorted; `expectedGrouped`, in the spec's own names), worked out of the expectations that the
// recorder (./recorder.ts) charged at the offset, each report's with the stack of rules open then.
//
// An era's failures have few distinct expected sets (a few dozen over a corpus of thousands of
// invalid lines): each pair of lists is worked out once and kept, under a key that holds
// everything both depend on, and that is far cheaper to build than the lists (issue 17).

import type { RuleMeta } from '../era.js';
import type { Open } from './recorder.js';

/** The expected set at a failure: kept and shared, so a record takes copies of the lists. */
export interface ExpectedSets {
  /** Sorted by code unit, as Array.prototype.sort sorts strings; de-duplicated. */
  readonly sorted: readonly string[];
  /** Grouped by the spec's names, in attempt order, `end of input` last. */
  readonly grouped: readonly string[];
  /** The message's part that names `grouped` (../diagnose.ts: `expected a, b or c but found `), made once when first asked. */
  named?: string;
}

const END_OF_INPUT = 'end of input';

/**
 * The rule that names every expectation recorded under the stack topped by `top`, or null.
 * Expectations inside a core or single-class rule that started at the offset are named by that
 * rule (`ALPHA`, `HEXDIG`), the outermost of them when they nest (HEXDIG calls DIGIT). Others
 * as the traced recognizer describes them, as the grammar writes them: literals as JSON
 * strings, classes in ABNF notation (scripts/codegen/expectation.ts).
 */
export function describedBy(top: Open | null, offset: number): RuleMeta | null {
  let named: RuleMeta | null = null;
  for (let f = top; f !== null && f.start === offset && f.named; f = f.up) named = f.rule;
  return named;
}

/**
 * A frame's rule name, from the era's names by rule index (`names`): the rule metadata's objects
 * have several shapes, and reading `name` of them is a slow, megamorphic load.
 */
const nameOf = (f: Open, names: readonly string[]): string => (f.k >= 0 ? names[f.k]! : f.rule.name);

/** What read() found of a stack besides the grouping rule: the name of the rule that describes its expectations. */
let described: string | null = null;

/**
 * The rules that name the expectations recorded under the stack topped by `top`, read in one
 * walk down it: the name of the rule that describes them (describedBy(), left in `described`), and the one
 * that groups them, returned: the outermost rule below the named path (`path`) that was
 * attempted at the offset and cannot match the empty string (`pchar` rather than its 24
 * characters), or null: each is named as it is described (a literal of a rule that started
 * before the offset, `end of input`).
 */
function read(top: Open | null, offset: number, path: readonly RuleMeta[], nullable: (rule: RuleMeta) => boolean, known: Int8Array, names: readonly string[]): string | null {
  described = null;
  // Each rule on the stack started where its caller had got to, none after the offset (where the
  // expectation was recorded): when the innermost started before it, none started at it, and
  // neither rule is read.
  if (top === null || top.start !== offset) return null;
  // How many of the outermost frames are the named path's rules: the outermost frame that is
  // not, or that is past the path, ends the prefix (the chain is read innermost first). The
  // frames that started at the offset are the top of the stack (each rule started where its
  // caller had got to); below them only whether the prefix ends below them all matters, so the
  // walk stops at the first frame there that ends it.
  let prefix = top.depth;
  let describing = true;
  let f: Open | null = top;
  for (; f !== null && f.start === offset; f = f.up) {
    const at = f.depth - 1;
    if (at >= path.length || f.rule !== path[at]) prefix = at;
    if (describing && f.named) described = nameOf(f, names);
    else describing = false;
  }
  for (; f !== null; f = f.up) {
    const at = f.depth - 1;
    if (at >= path.length || f.rule !== path[at]) {
      prefix = at;
      break;
    }
  }
  // Below the prefix, the outermost rule attempted at the offset that cannot match nothing.
  let grouping: Open | null = null;
  for (let g: Open | null = top; g !== null && g.start === offset && g.depth > prefix; g = g.up) {
    let n = g.k >= 0 ? known[g.k]! : -1;
    if (n < 0) {
      n = nullable(g.rule) ? 1 : 0;
      if (g.k >= 0) known[g.k] = n;
    }
    if (n === 0) grouping = g;
  }
  return grouping === null ? null : nameOf(grouping, names);
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
 * The expected set at `offset`, of the recorder's reports (./recorder.ts): report r's
 * expectations are `list`'s items from `ends[r - 1]` (0 for the first) to `ends[r]`, in attempt
 * order, described as the traced recognizer described them, recorded under the stack topped by
 * `stacks[r]`; `path` is the named rule's path, which the grouping reads, with `nullable`
 * (whether a rule matches the empty string), whose answers are kept in `known` by rule index
 * (-1: not asked yet); `names`: the era's rule names by index.
 *
 * Both lists depend only on the sequence, in attempt order, of each expectation's description
 * (describedBy(), else the recognizer's) and the rule that groups it (read(), null or a
 * name), and neither changes when a description is repeated right after itself: the key is
 * that sequence, each description as its text (a report's expectations named by one rule, that
 * name once), the grouping rule where it changes (GROUP, then its name or null). Each report's
 * stack is read once for both rules.
 */
export function expectedSets(
  list: readonly string[],
  ends: readonly number[],
  stacks: ReadonlyArray<Open | null>,
  offset: number,
  path: readonly RuleMeta[],
  nullable: (rule: RuleMeta) => boolean,
  known: Int8Array,
  names: readonly string[],
): ExpectedSets {
  if (kept.size >= MAX_KEPT) kept.clear();
  let n = 0;
  let hash = 0;
  let previous: Open | null | undefined;
  let group: string | null | undefined;
  for (let r = 0, e = 0; r < ends.length; e = ends[r++]!) {
    const top = stacks[r]!;
    if (top !== previous) {
      previous = top;
      const g = read(top, offset, path, nullable, known, names);
      if (g !== group) {
        key[n++] = GROUP;
        key[n++] = g;
        hash = g === null ? (Math.imul(hash, 0x01000193) ^ 1) | 0 : mix(hash ^ 2, g);
        group = g;
      }
    }
    if (described !== null) {
      key[n++] = described;
      hash = mix(hash, described);
      continue;
    }
    for (const end = ends[r]!; e < end; e++) {
      const text = list[e]!;
      key[n++] = text;
      hash = mix(hash, text);
    }
  }
  // A small integer key (31 bits and more would make the Map hash a number object).
  hash &= 0x3fffffff;
  const found = kept.get(hash);
  if (found !== undefined && sameKey(found.key, n)) return found.sets;
  // Not met yet (or another key with the same hash, which gives way).
  const sets = workedOut(list, ends, stacks, offset, path, nullable, known, names);
  kept.set(hash, { key: key.slice(0, n), sets });
  return sets;
}

function sameKey(k: readonly KeyItem[], n: number): boolean {
  if (k.length !== n) return false;
  for (let i = 0; i < n; i++) if (k[i] !== key[i]) return false;
  return true;
}

/** Both lists, worked out of the reports (what expectedSets() keeps). */
function workedOut(
  list: readonly string[],
  ends: readonly number[],
  stacks: ReadonlyArray<Open | null>,
  offset: number,
  path: readonly RuleMeta[],
  nullable: (rule: RuleMeta) => boolean,
  known: Int8Array,
  names: readonly string[],
): ExpectedSets {
  // Each expectation as it is described, and as it is grouped (its grouping rule, else that).
  const texts: string[] = [];
  const groups: string[] = [];
  for (let r = 0, e = 0; r < ends.length; e = ends[r++]!) {
    const top = stacks[r]!;
    const grouped = read(top, offset, path, nullable, known, names);
    for (const end = ends[r]!; e < end; e++) {
      const text = described !== null ? described : list[e]!;
      texts.push(text);
      groups.push(grouped ?? text);
    }
  }
  return { sorted: sortedOf(texts), grouped: groupedOf(groups) };
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
 * that groups it (read()), else as it is described. In attempt order, `end of input` last.
 */
function groupedOf(names: readonly string[]): string[] {
  const out: string[] = [];
  let end = false;
  for (const name of names) {
    if (name === END_OF_INPUT) end = true;
    else if (!out.includes(name)) out.push(name);
  }
  if (end) out.push(END_OF_INPUT);
  return out;
}
