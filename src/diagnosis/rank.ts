// Which spec rule a failure names (contract, "The diagnosis of a failure", `rule`): the smallest
// spec rule that would have to accept `found` for the parse to get past `offset`.
//
// The candidates are the constructs that stopped at the offset (./recorder.ts): a repetition or
// an option whose element failed there (named: the rule holding it, the component being
// written: `segment`, `reg-name`, `fragment`), or a sequence that broke there after consuming
// something (named: the rule holding it, `pct-encoded`, `IP-literal`, or the spec rule that
// was its failing element, `ftptype`). A choice whose every alternative fails at the offset is
// no candidate itself: its failure goes up to its caller, so the rule holding the choice is
// named, never its last alternative.
//
// Between several candidates, the one whose acceptance of `found` lets the parse get furthest:
// each is tried in a counterfactual run of the traced recognizer in which that construct alone
// accepts `found` (and, for a repetition, each later character of the same kind: another
// non-ASCII character, another space), nothing more. Ties go to the deeper rule (the smaller
// one), then to the one attempted last. In `http://例え.jp/`, `userinfo` and `reg-name` both
// stop at 7; with the host accepting the non-ASCII letters the parse ends, with the userinfo
// it still misses its "@": `reg-name`.
//
// A construct inside a sequence that failed where it started, its elements before the failing
// one having matched nothing, was not begun (TraceListener.notBegun): nothing of that sequence
// was written. It counts only when, accepting `found`, it completes that sequence: in RFC 2396
// draft's `http://[::1]/` the `user` of `user [ ":" password ] "@"` would still miss its "@"
// and the hostname and hostnumber readings stop at once, so `server` is named; in
// draft-ietf-uri-url-03 `hostnumber = digits "." ...` is not begun at "[" and `hostport` is
// named, not `digits`; in RFC 1808's `http://a/~u` the path's `fsegment` completes `path` and
// stands.
//
// A literal cannot accept another character: a sequence broken at a literal (a delimiter such
// as the "@" after `userinfo`) counts only when no rule could accept `found` (contract: in
// `http://a:8x/` the error is in `userinfo`, expecting "@"). At the end of the input nothing
// is accepted, and there the literal is what completes its rule: a zero-width acceptance
// makes every candidate equal in kind, so `http://[::1` names `IP-literal`, whose "]" is
// missing, not the `h16` or `dec-octet` that could have gone on. That holds where the parse
// would still stop at the end with the literal accepted (RFC 8089's `file://[::1` lacks its
// path-absolute too; draft-ietf-uri-url-03's `mid:"a` its "@"): between equal scores there,
// the literal that closes what its rule opened (a bracket, a quotation mark) is named; before
// the end, the "]" of a bracketed literal that is never closed (`http://[::1/@`).
//
// A reading that committed is not outrun by a later one that merely stopped: when the best is a
// repetition deep in a later alternative of a choice, and an earlier alternative consumed text and
// then broke at a spec rule it requires (the draft's `http://a@[::1]/`: `hostport` after
// `user "@"`, against `segment` reading "//a@" as a path), the required rule is named. Inside a
// bracketed literal, a failure in a smaller rule that is itself an alternative of the literal
// names that rule (RFC 6874's `IPv6address`, inside `IPv6addrz`, when the address is wrong).
//
// At offset 0 the start rule is named, unless every expectation there was recorded in one
// rule, the only way forward (`1http://a` as `URI` → `scheme`; RFC 2396's `absoluteURI`, whose
// two alternatives both begin with `scheme`). When no construct stopped at the offset (the
// failure went up to the start rule), that one rule is named, else the deepest rule common to
// every expectation.

import type { RuleMeta } from '../era.js';
import type { Candidate, Recorder } from './recorder.js';

/**
 * How far the parse gets when one candidate accepts `found`: Infinity when it succeeds; -1 when
 * the candidate was not begun and the sequence it was not begun in does not complete. With
 * `completesOnly`, for a candidate not begun: only whether that sequence completes (-1 or 0).
 * `runs`: what the runs of the candidate's grant found so far, the scorer's to fill and read.
 */
export type Scorer = (c: Candidate, completesOnly: boolean, runs: GrantRuns) => number;

/**
 * What the counterfactual runs of one grant found (src/diagnose.ts reach): the grant is a
 * construct in one rule instance (its id and start) accepting `found` at the offset, the same
 * for every candidate of that construct and instance, begun or not begun in any sequence.
 */
export interface GrantRuns {
  /** Where the first pass ended. */
  end?: number;
  /** The sequences that completed at the offset (a first pass that watched from there). */
  completedAt?: readonly number[];
  /** The second pass's furthest failure. */
  furthest?: number;
}

export interface Choice {
  path: RuleMeta[];
  /** What the path came from, for the partial tree. */
  from: Candidate | 'common' | 'last' | null;
}

export function chooseRule(rec: Recorder, start: RuleMeta, atEnd: boolean, score: Scorer, input: string): Choice {
  return readerDerivation(choose(rec, start, atEnd, score, input), rec, input);
}

/**
 * The counterfactual runs' scores, one per construct, rule start and sequence not begun: what a
 * run grants. A few candidates a failure: kept in a flat list, searched in order. What the runs
 * of one grant found is kept once for all its candidates (GrantRuns).
 */
class Scores {
  private readonly keys: number[] = [];
  /** Each run's score; for a run that asked only whether the sequence completes, -1 or -2 (it does). */
  private readonly values: number[] = [];
  /** Each grant's runs (construct and rule start, in `grants`). */
  private readonly grants: number[] = [];
  private readonly runs: GrantRuns[] = [];

  constructor(private readonly score: Scorer) {}

  of(c: Candidate): number {
    const j = this.find(c);
    if (j >= 0 && this.values[j] !== COMPLETES) return this.values[j]!;
    const s = this.score(c, false, this.runsOf(c));
    if (j >= 0) this.values[j] = s;
    else this.add(c, s);
    return s;
  }

  /**
   * Whether a candidate not begun counts: the sequence it was not begun in completes when it
   * accepts `found`. The first pass of its run says so: the rest of the run, how far the parse
   * then gets, is run only when the ranking asks for its score (of()).
   */
  completes(c: Candidate): boolean {
    const j = this.find(c);
    if (j >= 0) return this.values[j]! >= 0 || this.values[j] === COMPLETES;
    const done = this.score(c, true, this.runsOf(c)) >= 0;
    this.add(c, done ? COMPLETES : -1);
    return done;
  }

  private find(c: Candidate): number {
    const keys = this.keys;
    for (let i = 0, j = 0; i < keys.length; i += 3, j++) if (keys[i] === c.id && keys[i + 1] === c.start && keys[i + 2] === c.notBegunIn) return j;
    return -1;
  }

  private add(c: Candidate, s: number): void {
    this.keys.push(c.id, c.start, c.notBegunIn);
    this.values.push(s);
  }

  private runsOf(c: Candidate): GrantRuns {
    const grants = this.grants;
    for (let i = 0, j = 0; i < grants.length; i += 2, j++) if (grants[i] === c.id && grants[i + 1] === c.start) return this.runs[j]!;
    const runs: GrantRuns = { end: undefined, completedAt: undefined, furthest: undefined };
    grants.push(c.id, c.start);
    this.runs.push(runs);
    return runs;
  }
}

/** Scores.completes(): a sequence that completes, how far the parse then gets not run yet. */
const COMPLETES = -2;

function choose(rec: Recorder, start: RuleMeta, atEnd: boolean, score: Scorer, input: string): Choice {
  const offset = rec.offset;
  if (offset === 0 && rec.ways.size > 1) return { path: [start], from: null };
  const scores = new Scores(score);
  const all = rec.candidates;
  // A construct not begun (inside a sequence that failed where it started, at the offset)
  // counts only when accepting `found` completes that sequence (the scorer gives -1 otherwise);
  // one whose counting cannot change the choice (shadowed) is left out without that run.
  // (Every candidate begun, the common case: the recorder's list itself, which nothing changes.)
  let candidates: readonly Candidate[] = all;
  if (someNotBegun(all)) {
    const counted: Candidate[] = [];
    for (const c of all) if (c.notBegunIn < 0 || (!shadowed(c, all) && scores.completes(c))) counted.push(c);
    candidates = counted;
  }
  if (candidates.length === 0) {
    if (rec.ways.size === 1 && rec.last) return { path: rec.last, from: 'last' };
    const common = rec.common;
    return common && common.length > 0 ? { path: common, from: 'common' } : { path: [start], from: null };
  }
  if (!atEnd) candidates = innermost(rec, candidates, input);
  // Deeper first, then later first: the order of the ties, so the first candidate whose run
  // matches the whole input wins without running the others. One run per rule named (the last
  // construct that stopped in it stands for it). A bracket whose closing bracket was expected
  // is named when closing it there gets further than anything inside it could.
  const ordered = deeperFirst(candidates);
  let best = ordered[0]!;
  let bestScore = -1;
  /** The best is a literal that closes what its rule opened (the tie below). */
  let bestCloses = false;
  /** The rules as deep as the best, with its score: alternatives of one choice, all stopped. */
  let tied: Candidate[] = [];
  // Every candidate names the same rule: that rule, with no run.
  let one = true;
  for (let i = 1; i < ordered.length && one; i++) one = namesSame(best, ordered[i]!);
  if (!one) {
    for (let k = 0; k < ordered.length; k++) {
      const c = ordered[k]!;
      // The first candidate of each rule named (as deep, the same rule, the same start).
      let named = false;
      for (let j = 0; j < k && !named; j++) named = namesSame(ordered[j]!, c);
      if (named) continue;
      // At the end of the input a repetition or an option accepts nothing: the parse is the one
      // that failed, which got to the offset.
      const s = atEnd && c.repetition ? offset : scores.of(c);
      // There the literal that closes what its rule opened completes that rule, which nothing
      // inside it does: with it the parse gets past the rule, even where it then stops at the
      // same end for want of what follows (RFC 8089's path-absolute after `file://[::1`, RFC
      // 822's "@" after `mid:"a` in draft-ietf-uri-url-03). So at an equal score it outranks
      // the deeper candidates, as it does where the input then ends valid (`http://[::1` names
      // `IP-literal`, in RFC 8089 as in RFC 3986). Before the end, the "]" of a bracketed
      // literal alone, never closed later (`http://[::1/@`, where "]" for "/" and `dec-octet`
      // taking "/" both stop at the "@"): a template expression's "{...}" holds a list whose
      // parts have rules of their own, which the hints speak of.
      const closes = c.literal && closesBracket(rec, c, input, atEnd, !atEnd);
      if (s > bestScore || (closes && s === bestScore && !bestCloses)) {
        bestCloses = closes;
        best = c;
        bestScore = s;
        tied = [c];
        if (s === Infinity) break;
      } else if (s === bestScore) tied.push(c);
    }
  }
  // A reading that committed wins over a later one that merely stopped: when a choice's earlier
  // alternative consumed text and then broke at a spec rule it requires there (`hostport` after
  // the draft's `user "@"`), and the best is a repetition in a later alternative of that choice
  // (its `segment`, reading "//a@" as a path), the required rule is what a reader fixes: the
  // ordered choice tried that reading first, as the spec's text reads the input (the draft's
  // §4.3.1: after "//" comes the server component), and a repetition could have ended anywhere.
  if (best.repetition && best.ruleStart < offset && !atEnd) {
    const committed = committedBefore(candidates, best, offset);
    if (committed) {
      best = committed;
      // Its score is read only inside a bracketed literal (below): run then, when asked.
      bestScore = -1;
      tied = [];
    }
  }
  // Inside a bracketed literal closed later (`http://[::1/x]`, `http://[1.2.3.4]/`), a rule that
  // accepts `found` and gets the parse past the "]" is named; when none does, the one address
  // between the brackets is wrong as a whole, and the rule of what the literal holds is named
  // (`IPv6address` in `IP-literal` or in RFC 2732's `ipv6reference`), not the `dec-octet` or
  // `h16` that could take one more character. (A template expression's "{...}" holds a list,
  // each part with its own rules.) One rule named by every candidate was not scored (bestScore
  // -1); a literal that broke a sequence says what the address misses at the offset.
  const bracket = atEnd || best.literal ? null : bracketAround(best, input, offset);
  // An alternative of the literal broken at the delimiter after its first element, a delimiter the
  // input writes later inside the literal (RFC 6874's `IPv6addrz = IPv6address "%25" ZoneID` on
  // `[::1.2.3.4.5%25eth0]`): the text before that delimiter is the element, which is wrong.
  const before = bracket && best.path.length === bracket.depth + 2 ? delimiterLater(rec, best, bracket, input) : null;
  if (before) return before;
  if (bracket && bestScore !== Infinity && (bestScore < 0 ? scores.of(best) : bestScore) <= bracket.close) return heldAddress(rec.candidates, best, bracket.depth);
  // Rules in different alternatives of a choice that started at the offset and that get equally
  // far (RFC 1738's `host = hostname | hostnumber`, both stopped at "["): the rule holding the
  // choice, never its last alternative.
  // Not at the end of the input, where nothing was accepted and the deeper rule stands.
  let n = best.path.length;
  if (!atEnd) {
    for (const t of tied) {
      let i = 0;
      while (i < n && i < t.path.length && t.path[i] === best.path[i] && (i >= t.frames.length || i >= best.frames.length || t.frames[i] === best.frames[i])) i++;
      n = i;
    }
  }
  // Only alternatives: the rule they part under started at the offset itself.
  if (n < best.path.length && (n === 0 || best.frames[n - 1]?.start !== offset)) n = best.path.length;
  // The whole path is the candidate's own (never changed): no copy.
  return { path: n === best.path.length ? best.path : best.path.slice(0, n), from: best };
}

/**
 * Of the candidates (not at the end of the input), those that can accept `found`. A literal
 * cannot accept another character: it counts only when no rule could, or when it closes a
 * bracket (closesBracket). Accepting `found` inside a rule is a smaller change than accepting it
 * in a rule around it: a candidate whose rule holds another candidate's rule only counts when it
 * is a bracket whose closing bracket was expected at the offset (`http://[::1/`).
 */
function innermost(rec: Recorder, candidates: readonly Candidate[], input: string): readonly Candidate[] {
  const count = candidates.length;
  if (count === 1) return candidates;
  let rules = false;
  let literals = false;
  for (const c of candidates) {
    if (c.literal) literals = true;
    else rules = true;
  }
  // Whether each candidate is a literal that closes a bracket: worked out once, when there are literals.
  let closes: boolean[] | null = null;
  if (literals) {
    closes = [];
    for (const c of candidates) closes.push(c.literal && closesBracket(rec, c, input));
  }
  // The candidates that can accept `found` (first): every one when there is no literal or no rule.
  const kept: Candidate[] = [];
  for (let i = 0; i < count; i++) {
    const a = candidates[i]!;
    if (rules && a.literal && !closes![i]) continue;
    let held = false;
    if (!closes?.[i]) {
      for (let j = 0; j < count && !held; j++) {
        const b = candidates[j]!;
        if (!rules || !b.literal || closes![j]) held = holds(a, b);
      }
    }
    if (!held) kept.push(a);
  }
  return kept;
}

/** The candidates deeper first, then later first (each has its own `order`). */
function deeperFirst(candidates: readonly Candidate[]): readonly Candidate[] {
  if (candidates.length === 1) return candidates;
  const out: Candidate[] = [];
  for (const c of candidates) {
    let i = out.length;
    for (; i > 0; i--) {
      const o = out[i - 1]!;
      if (o.path.length > c.path.length || (o.path.length === c.path.length && o.order > c.order)) break;
      out[i] = o;
    }
    out[i] = c;
  }
  return out;
}

/**
 * The derivation a reader follows to the named rule. Inside a bracketed literal, an alternative
 * that begins with another alternative of the literal (RFC 6874's `IPv6addrz = IPv6address "%25"
 * ZoneID`, tried before `IPv6address`) reads the same text up to the offset as that other one:
 * the rule named is the same instance either way, and the path goes through the wrapping
 * alternative only when the literal holds what it adds. IPv6address and IPvFuture hold no "%"
 * (RFC 3986 §3.2.2), so in an IP literal a "%" begins the zone (RFC 6874 §2); without one,
 * `[::1.2.3.999]` is read `IP-literal > IPv6address > ls32 > IPv4address`.
 */
function readerDerivation(choice: Choice, rec: Recorder, input: string): Choice {
  const from = choice.from;
  if (from === null || typeof from === 'string') return choice;
  const depth = literalDepth(from, rec.offset, input);
  if (depth < 0 || choice.path.length < depth + 2) return choice;
  const close = input.indexOf(']', from.frames[depth]!.start);
  if (input.slice(from.frames[depth]!.start, close < 0 ? undefined : close).includes(ZONE)) return choice;
  // The wrapping alternative itself, broken where it expected the zone's "%": with no "%" in the
  // literal no zone is written, and the literal is read as RFC 3986's (`[::1.2.3.999]` names
  // `IP-literal`, whose "]" the complete address `::1.2.3.99` leaves expected, as in rfc3986).
  if (choice.path.length === depth + 2) {
    if (!rec.expectedIn(from.frames[depth + 1]!, JSON.stringify(ZONE))) return choice;
    const held = rec.candidates.find((c) => c !== from && c.frames[depth] === from.frames[depth] && c.frames[depth + 1] !== from.frames[depth + 1]);
    return held ? { path: held.path.slice(0, Math.min(held.path.length, depth + 1)), from: held } : { path: choice.path.slice(0, depth + 1), from };
  }
  const twin = rec.candidates.find(
    (c) => c.id === from.id && c.start === from.start && c.frames[depth] === from.frames[depth] && c.path.length === from.path.length - 1 && c.path[depth + 1] === from.path[depth + 2],
  );
  return twin ? { path: twin.path.slice(0, choice.path.length - 1), from: twin } : choice;
}

/** What begins RFC 6874's zone in an IP literal (§2: `IPv6addrz = IPv6address "%25" ZoneID`). */
const ZONE = '%';

/** The index in a candidate's path of the innermost bracketed literal it lies in, begun before the offset; -1 if none. */
function literalDepth(c: Candidate, offset: number, input: string): number {
  for (let i = c.frames.length - 1; i >= 0; i--) {
    const f = c.frames[i]!;
    if (f.start < offset && unitAt(input, f.start) === OPEN_BRACKET && opensWith(f.rule, '[')) return i;
  }
  return -1;
}

/**
 * The element an alternative of a bracketed literal begins with, when the alternative broke at
 * the offset expecting a delimiter that the input writes later inside the literal: the text
 * before that delimiter is the element's, and it is what is wrong. Named under the alternative
 * (the reader's derivation: the delimiter and what follows it are there).
 */
function delimiterLater(rec: Recorder, best: Candidate, bracket: { depth: number; close: number }, input: string): Choice | null {
  const alternative = best.frames[bracket.depth + 1];
  if (alternative === undefined) return null;
  for (let i = rec.offset + 1; i < bracket.close; i++) {
    if (!rec.expectedIn(alternative, JSON.stringify(input[i]))) continue;
    const inner = rec.candidates.find((c) => c.frames[bracket.depth + 1] === alternative && c.path.length > bracket.depth + 2);
    return inner ? { path: inner.path.slice(0, bracket.depth + 3), from: inner } : null;
  }
  return null;
}

/**
 * The rule a bracketed literal holds, on the path of `best` (the literal's rule at `depth`): its
 * alternative that `best` failed in, unless that alternative failed inside a smaller one that is
 * itself an alternative of the literal, tried there too: RFC 6874's `IPv6addrz = IPv6address "%25"
 * ZoneID` failing in its address names `IPv6address`, the address being wrong and no zone begun.
 */
function heldAddress(all: readonly Candidate[], best: Candidate, depth: number): Choice {
  const inner = best.path[depth + 2];
  const literal = best.frames[depth];
  const other = inner && all.find((c) => c.frames[depth] === literal && c.path[depth + 1] === inner);
  return other ? { path: other.path.slice(0, depth + 2), from: other } : { path: best.path.slice(0, depth + 2), from: best };
}

/** The closing bracket of each opening one, by the opening one's code unit. */
const BRACKETS: readonly (string | undefined)[] = (() => {
  const table: (string | undefined)[] = [];
  for (const [open, close] of [['[', ']'], ['{', '}'], ['(', ')'], ['<', '>']] as const) table[open.charCodeAt(0)] = close;
  return table;
})();

const QUOTATION_MARK = 0x22;

const OPEN_BRACKET = 0x5b;

/**
 * The code unit at `i` of the input (NaN past its end), read with String.prototype's method: an
 * indexed load on the string goes by its map, megamorphic once the process has seen strings of
 * several representations (issue 17, as the traced runtime reads them).
 */
function unitAt(input: string, i: number): number {
  return String.prototype.charCodeAt.call(input, i);
}

/**
 * A bracket left open: a sequence broken at a literal in a rule that opened with a bracket (its
 * first character is one and the rule got past it), that expected the closing one at the offset,
 * which occurs nowhere after it: `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`, RFC 2732's
 * `ipv6reference`, RFC 6570's `expression`. (With a closing bracket later, the character at the
 * offset is what is wrong, and the rules inside the bracket compete for it as usual.) With
 * `quote` (at the end of the input: choose), RFC 822's quotation mark closes what it opened too
 * (`quoted-string = <"> *(qtext/quoted-pair) <">`); with `square` (before the end: choose), only
 * a "[" does.
 */
function closesBracket(rec: Recorder, c: Candidate, input: string, quote = false, square = false): boolean {
  const frame = c.frames[c.frames.length - 1]!;
  if (frame.start >= rec.offset) return false;
  const open = unitAt(input, frame.start);
  if (square && open !== OPEN_BRACKET) return false;
  const close = quote && open === QUOTATION_MARK ? '"' : BRACKETS[open];
  // The literal as the traced recognizer describes it: its JSON.
  return close !== undefined && !input.includes(close, rec.offset) && rec.expectedIn(frame, JSON.stringify(close));
}

/**
 * The innermost rule around a candidate that is a bracketed literal: its definition opens with
 * "[" (`IP-literal = "[" ...`, `ipv6reference = "[" ...`), its instance began with it before the
 * offset, and a "]" occurs after the offset. Its index in the candidate's path, and where that
 * "]" is.
 */
function bracketAround(c: Candidate, input: string, offset: number): { depth: number; close: number } | null {
  for (let i = c.frames.length - 1; i >= 0; i--) {
    const f = c.frames[i]!;
    if (f.start >= offset || unitAt(input, f.start) !== OPEN_BRACKET || !opensWith(f.rule, '[')) continue;
    const at = input.indexOf(']', offset + 1);
    return at < 0 ? null : { depth: i, close: at };
  }
  return null;
}

/**
 * Whether a rule's definition, as the spec prints it, begins with the literal `open`: the
 * generated meta's `opens` (scripts/grammar-meta.ts), which a per-era entry point also loads
 * (it has no definition text).
 */
function opensWith(rule: RuleMeta, open: string): boolean {
  return rule.opens === open;
}

/** Whether two candidates name the same rule: as deep, of the same name, started at the same offset. */
function namesSame(a: Candidate, b: Candidate): boolean {
  if (a.path.length !== b.path.length || a.ruleStart !== b.ruleStart) return false;
  const x = a.path[a.path.length - 1]!;
  const y = b.path[b.path.length - 1]!;
  return x === y || x.name === y.name;
}

/** Whether a candidate was not begun (TraceListener.notBegun). */
function someNotBegun(all: readonly Candidate[]): boolean {
  for (const c of all) if (c.notBegunIn >= 0) return true;
  return false;
}

/**
 * Whether a candidate not begun (`c`) counts or not makes no difference to the choice, so that
 * the run asking whether its sequence completes is not needed: a begun candidate `d` recorded
 * after it names the same rule (namesSame) from the same rule instances (the same frames), and
 * no other candidate is of `c`'s construct in its rule instance (id and start). Then, with `c`
 * counted or not (a candidate not begun is a repetition or an option, never a literal: what stops
 * inside a sequence that consumed nothing starts at the offset, so no sequence in it broke there
 * after consuming something):
 * - innermost() holds the same: `c` and `d` hold the same rule instances and are held by the
 *   same ones, so both stay or both go, and the literals are dropped alike (a rule is there);
 * - deeperFirst() puts `d` before `c` (as deep, recorded later), so `c` is never the first, is
 *   not run (its rule is `d`'s, named already), ties with nothing, and leaves `one` as it is;
 * - committedBefore() never takes `c` (requiredRule: it was not begun) and reads it only when it
 *   is of the best's construct and rule instance, which no other candidate is;
 * - the rest reads the best, or every candidate recorded (rec.candidates), counted or not.
 */
function shadowed(c: Candidate, all: readonly Candidate[]): boolean {
  if (c.literal) return false;
  let twin = false;
  for (const d of all) {
    if (d === c) continue;
    if (d.id === c.id && d.start === c.start) return false;
    if (!twin && d.notBegunIn < 0 && d.order > c.order && !d.literal && namesSame(c, d) && sameFrames(c, d)) twin = true;
  }
  return twin;
}

/** Whether two candidates lie in the same rule instances (their frames the same objects). */
function sameFrames(a: Candidate, b: Candidate): boolean {
  if (a.frames.length !== b.frames.length) return false;
  for (let i = 0; i < a.frames.length; i++) if (a.frames[i] !== b.frames[i]) return false;
  return true;
}

/** Whether `a`'s rule instance is an ancestor of `b`'s (its frames a proper prefix of b's). */
function holds(a: Candidate, b: Candidate): boolean {
  if (a.frames.length >= b.frames.length) return false;
  for (let i = 0; i < a.frames.length; i++) if (a.frames[i] !== b.frames[i]) return false;
  return true;
}

/**
 * The first candidate recorded before `best` that broke at a spec rule it requires, in another
 * alternative of a choice than every construct of `best`'s (the same construct, the same rule
 * start): the reading that committed (choose()). Null when none.
 */
function committedBefore(candidates: readonly Candidate[], best: Candidate, offset: number): Candidate | null {
  for (const c of candidates) {
    if (!requiredRule(c) || c.order >= best.order) continue;
    let apart = true;
    for (const b of candidates) if (b.id === best.id && b.start === best.start && !alternativesOf(c, b, offset)) apart = false;
    if (apart) return c;
  }
  return null;
}

/** A sequence broken at a spec rule it requires, after consuming something (`"@" hostport`). */
function requiredRule(c: Candidate): boolean {
  return !c.repetition && !c.literal && c.notBegunIn < 0 && c.path.length > c.frames.length;
}

/**
 * Whether two candidates lie in different alternatives of one choice: their rule instances part
 * at two rules that started at the same position, before the offset (the choice tried both there),
 * and `b` lies below its alternative (the draft's `segment` in `abs_path`). A repetition of the
 * alternative itself (RFC 3986's `reg-name`, the host read as a name once no `IPv4address`
 * matched) is the same component read another way: it competes by reach, as every candidate.
 */
function alternativesOf(a: Candidate, b: Candidate, offset: number): boolean {
  let i = 0;
  while (i < a.frames.length && i < b.frames.length && a.frames[i] === b.frames[i]) i++;
  const x = a.frames[i];
  const y = b.frames[i];
  return x !== undefined && y !== undefined && x.start === y.start && x.start < offset && i < b.frames.length - 1;
}
