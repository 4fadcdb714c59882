/**
 * Random derivations from an era's grammar: a walk of the rule's expression tree choosing an
 * alternative at each choice and a count at each repetition. The walk prefers alternatives
 * not yet exercised, can be steered towards one alternative (or rule) it must pass through,
 * and past a depth or length budget takes the shortest way out, so it always ends.
 *
 * Lookaheads (`&e`, `!e`) derive nothing, and a PEG's ordered choice and greedy repetition are
 * not modelled: a derivation is a candidate, and only urispec's own verdict says whether it is
 * valid (src/vectors/vectors.ts keeps it as a valid vector only then).
 */
import type { ChoiceSite, Expr, GrammarModel } from './grammar.js';
import type { Rng } from './prng.js';

/** Where a derivation must pass: a rule, or one alternative of one of its choices. */
export interface Target {
  rule: string;
  site?: ChoiceSite;
  alternative?: number;
}

export interface Derivation {
  text: string;
  /** Peggy ids of the rules expanded. */
  rules: Set<string>;
  /** Keys (altKey) of the alternatives taken. */
  alternatives: Set<string>;
  /** Whether the target, if any, was reached. */
  reached: boolean;
}

export interface DeriveOptions {
  /** Alternatives already exercised (altKey): others are preferred. */
  covered?: ReadonlySet<string>;
  target?: Target;
  /** Rule expansions deep before the walk takes the shortest way out (default 14). */
  maxDepth?: number;
  /** Length after which the walk takes the shortest way out (default 80). */
  maxLength?: number;
  /** Most repetitions beyond a repetition's minimum (default 3). */
  maxRepeat?: number;
}

/** The key of alternative `a` (0-based) of a choice site: `rule#choice.alternative`. */
export function altKey(site: ChoiceSite, a: number): string {
  return `${site.rule}#${site.index}.${a}`;
}

/** Printable US-ASCII, for `.` and inverted classes. */
const PRINTABLE = Array.from({ length: 0x5f }, (_, k) => String.fromCharCode(0x20 + k));

function randomCase(c: string, rng: Rng): string {
  return rng.next() < 0.5 ? c.toLowerCase() : c.toUpperCase();
}

function inClass(e: Extract<Expr, { type: 'class' }>, c: string): boolean {
  const code = c.codePointAt(0)!;
  const hit = e.parts.some((p) => {
    const [lo, hi] = typeof p === 'string' ? [p, p] : p;
    return code >= lo.codePointAt(0)! && code <= hi.codePointAt(0)!;
  });
  return hit || (e.ignoreCase && c.toLowerCase() !== c.toUpperCase() && (inClass({ ...e, ignoreCase: false }, c.toLowerCase()) || inClass({ ...e, ignoreCase: false }, c.toUpperCase())));
}

/** A derivation from rule `root` (a Peggy id). */
export function derive(model: GrammarModel, root: string, rng: Rng, options: DeriveOptions = {}): Derivation {
  const covered = options.covered ?? new Set<string>();
  const target = options.target;
  const maxDepth = options.maxDepth ?? 14;
  const maxLength = options.maxLength ?? 80;
  const maxRepeat = options.maxRepeat ?? 3;
  const out: string[] = [];
  let length = 0;
  const rules = new Set<string>();
  const alternatives = new Set<string>();
  let reached = target === undefined;

  const reachMemo = new Map<Expr, boolean>();
  const leadsToTarget = (e: Expr): boolean => {
    if (reached || !target) return false;
    let r = reachMemo.get(e);
    if (r === undefined) {
      r =
        (target.site !== undefined && model.choicesIn(e).has(target.site)) ||
        [...model.refsOf(e)].some((id) => model.closure(id).has(target.rule));
      reachMemo.set(e, r);
    }
    return r;
  };

  const emit = (s: string) => {
    out.push(s);
    length += s.length;
  };

  const walk = (e: Expr, depth: number): void => {
    const short = depth >= maxDepth || length >= maxLength;
    switch (e.type) {
      case 'literal':
        emit(e.ignoreCase ? [...e.value].map((c) => randomCase(c, rng)).join('') : e.value);
        return;
      case 'class': {
        if (e.inverted) {
          emit(rng.pick(PRINTABLE.filter((c) => !inClass(e, c))));
          return;
        }
        const part = rng.pick(e.parts);
        const [lo, hi] = typeof part === 'string' ? [part, part] : part;
        const c = String.fromCodePoint(rng.int(lo.codePointAt(0)!, hi.codePointAt(0)!));
        emit(e.ignoreCase ? randomCase(c, rng) : c);
        return;
      }
      case 'any':
        emit(rng.pick(PRINTABLE));
        return;
      case 'and':
      case 'not':
        return;
      case 'rule_ref': {
        rules.add(e.name);
        if (target && !target.site && e.name === target.rule) reached = true;
        walk(model.rules.get(e.name)!.expression, depth + 1);
        return;
      }
      case 'sequence':
        for (const x of e.elements) walk(x, depth);
        return;
      case 'repeat': {
        let count: number;
        if (short) count = e.min;
        else if (e.min === 0 && e.max === 1) count = rng.next() < 0.5 ? 1 : 0;
        else count = e.min + rng.int(0, e.max === null ? maxRepeat : Math.min(maxRepeat, e.max - e.min));
        if (count === 0 && !short && leadsToTarget(e.expression)) count = 1;
        for (let k = 0; k < count; k++) walk(e.expression, depth);
        return;
      }
      case 'choice': {
        const site = model.choiceOf.get(e)!;
        const all = e.alternatives.map((_, a) => a);
        let pick: number;
        if (short) {
          const best = Math.min(...e.alternatives.map((x) => model.heightOf(x)));
          pick = rng.pick(all.filter((a) => model.heightOf(e.alternatives[a]!) === best));
        } else {
          const finite = all.filter((a) => model.heightOf(e.alternatives[a]!) < Infinity);
          const steer = !reached && target?.site === site ? [target.alternative!] : finite.filter((a) => leadsToTarget(e.alternatives[a]!));
          const fresh = finite.filter((a) => !covered.has(altKey(site, a)));
          if (steer.length > 0) pick = rng.pick(steer);
          else if (fresh.length > 0 && rng.next() < 0.6) pick = rng.pick(fresh);
          else pick = rng.pick(finite);
        }
        if (target?.site === site && pick === target.alternative) reached = true;
        alternatives.add(altKey(site, pick));
        walk(e.alternatives[pick]!, depth);
        return;
      }
    }
  };

  rules.add(root);
  if (target && !target.site && root === target.rule) reached = true;
  walk(model.rules.get(root)!.expression, 0);
  return { text: out.join(''), rules, alternatives, reached };
}
