// Which parts of a rule's diagram an input went through, and which of them it broke on: a
// second, independent reading of the grammar, by PEG's own semantics over the expression trees
// of generated/<era>.grammar.js (the data the railroad diagrams are drawn from), rather than
// through the generated parsers. The page runs it on one rule at the start of that rule's node
// in explain()'s derivation tree; test/peg-trace.test.ts checks that it agrees with the parsers.

import type { GeneratedExpression as Expr, GeneratedGrammar } from '#generated';

/** A match of an expression at a position: where it ended (-1: it failed) and how far it looked. */
export interface Outcome {
  end: number;
  /** The furthest position at which a character was asked for and refused (-1: none). */
  far: number;
}

/** What one attempt of a rule went through. */
export interface RuleTrace extends Outcome {
  /** The diagram's items on the path taken (for a failure: the attempt that got furthest). */
  taken: Set<Expr>;
  /** Items that refused the character at `failAt`: a box tried there, or a rule that looked that far. */
  failed: Set<Expr>;
}

const FAIL: Outcome = { end: -1, far: -1 };

/** PEG's semantics over the grammar's data, packrat-memoized per rule and position. */
export class PegMatcher {
  private readonly rules: Map<string, Expr>;
  private readonly memo = new Map<string, Outcome>();

  constructor(grammar: GeneratedGrammar, readonly input: string) {
    this.rules = new Map(grammar.rules.map((r) => [r.id, r.expression]));
  }

  hasRule(id: string): boolean {
    return this.rules.has(id);
  }

  expression(id: string): Expr {
    const e = this.rules.get(id);
    if (!e) throw new Error(`no rule ${id}`);
    return e;
  }

  /** Whether `id` derives exactly the whole input (the verdict the parsers give). */
  accepts(id: string): boolean {
    return this.rule(id, 0).end === this.input.length;
  }

  rule(id: string, pos: number): Outcome {
    const key = `${id}@${pos}`;
    let out = this.memo.get(key);
    if (!out) {
      out = this.match(this.expression(id), pos);
      this.memo.set(key, out);
    }
    return out;
  }

  /**
   * Where a terminal that failed at `pos` refused a character: a literal after its longest
   * matching prefix (`"http://"` against `http:x` refuses the `x` at 5), as the diagnosis counts.
   */
  refusedAt(e: Expr, pos: number): number {
    if (e.type !== 'literal') return pos;
    const s = this.input;
    let n = 0;
    const same = (a: string, b: string) => (e.ignoreCase ? a.toLowerCase() === b.toLowerCase() : a === b);
    while (n < e.value.length && pos + n < s.length && same(s[pos + n]!, e.value[n]!)) n++;
    return pos + n;
  }

  /** One character's test: a literal, a class or any character. */
  terminal(e: Expr, pos: number): number {
    const s = this.input;
    switch (e.type) {
      case 'literal': {
        const got = s.slice(pos, pos + e.value.length);
        const same = e.ignoreCase ? got.toLowerCase() === e.value.toLowerCase() : got === e.value;
        return same ? pos + e.value.length : -1;
      }
      case 'any':
        return pos < s.length ? pos + 1 : -1;
      case 'class': {
        if (pos >= s.length) return -1;
        const cp = e.unicode ? s.codePointAt(pos)! : s.charCodeAt(pos);
        const width = cp > 0xffff ? 2 : 1;
        const ch = String.fromCodePoint(cp);
        const variants = e.ignoreCase ? [ch.toLowerCase(), ch.toUpperCase()] : [ch];
        // By code point: an astral range's ends are two UTF-16 units each.
        const at = (c: string) => c.codePointAt(0)!;
        const hit = variants.some((c) =>
          e.parts.some((p) => (typeof p === 'string' ? p === c : at(c) >= at(p[0]) && at(c) <= at(p[1]))),
        );
        return hit !== e.inverted ? pos + width : -1;
      }
      default:
        throw new Error(`not a terminal: ${e.type}`);
    }
  }

  private match(e: Expr, pos: number): Outcome {
    return this.walk(e, pos, null);
  }

  /**
   * What the rule `id`, tried at `pos`, went through: `isHelper` says which rule references are
   * drawn inline (the PEG-only helpers) and so traced inside, not as one box.
   */
  trace(id: string, pos: number, failAt: number, isHelper: (id: string) => boolean): RuleTrace {
    const rec: Recorder = { taken: new Set(), failed: new Set(), failAt, isHelper };
    const o = this.walk(this.expression(id), pos, rec);
    return { ...o, taken: rec.taken, failed: rec.failed };
  }

  /** PEG's semantics; with a recorder, also which items the path took and which refused. */
  private walk(e: Expr, at: number, rec: Recorder | null): Outcome {
    switch (e.type) {
      case 'literal':
      case 'class':
      case 'any': {
        const end = this.terminal(e, at);
        if (end >= 0) {
          rec?.taken.add(e);
          return { end, far: -1 };
        }
        const far = this.refusedAt(e, at);
        if (far === rec?.failAt) rec.failed.add(e);
        return { end: -1, far };
      }
      case 'rule_ref': {
        if (rec?.isHelper(e.name)) return this.walk(this.expression(e.name), at, rec);
        const o = this.rule(e.name, at);
        if (rec && o.end >= 0) rec.taken.add(e);
        // Refused the character at the offset somewhere inside, whether or not it then
        // matched a shorter span (a repetition or option that stopped there).
        if (rec && o.far === rec.failAt) rec.failed.add(e);
        return o;
      }
      case 'sequence': {
        let p = at;
        let far = -1;
        for (const x of e.elements) {
          const o = this.walk(x, p, rec);
          far = Math.max(far, o.far);
          if (o.end < 0) return { end: -1, far };
          p = o.end;
        }
        return { end: p, far };
      }
      case 'choice': {
        // The first alternative that matches is the path; when none does, the one that got
        // furthest is what the learner needs to see.
        let best: { far: number; taken: Set<Expr> } | null = null;
        let far = -1;
        for (const x of e.alternatives) {
          // A diagnosis-only alternative (it ends in !"", docs/grammar-conventions.md) is not
          // drawn: it counts for how far the rule looked, never for the path or the marks.
          const mine = rec && !diagnosisOnly(x) ? { ...rec, taken: new Set<Expr>() } : null;
          const o = this.walk(x, at, mine);
          far = Math.max(far, o.far);
          if (o.end >= 0) {
            for (const m of mine?.taken ?? []) rec!.taken.add(m);
            return { end: o.end, far };
          }
          if (mine && (!best || o.far > best.far)) best = { far: o.far, taken: mine.taken };
        }
        for (const m of best?.taken ?? []) rec!.taken.add(m);
        return { end: -1, far };
      }
      case 'repeat': {
        let p = at;
        let far = -1;
        let n = 0;
        while (e.max === null || n < e.max) {
          const mine = rec && { ...rec, taken: new Set<Expr>() };
          const o = this.walk(e.expression, p, mine);
          far = Math.max(far, o.far);
          // A failed try is part of the path only when it was needed (fewer than `min` so far).
          if (o.end >= 0 || n < e.min) for (const m of mine?.taken ?? []) rec!.taken.add(m);
          if (o.end < 0) break;
          n++;
          if (o.end === p) break; // an empty match would repeat forever: PEG stops here
          p = o.end;
        }
        return n >= e.min ? { end: p, far } : { end: -1, far };
      }
      case 'and':
      case 'not': {
        // A lookahead's inside is no part of the path: it consumes nothing.
        const o = this.walk(e.expression, at, null);
        const ok = (o.end >= 0) === (e.type === 'and');
        // A PEG lookahead stands for what the printed grammar allows next (RFC 2396's
        // `(domainlabel "." &alphanum)*`, `":" hex4 !"."`): failing at the offset, it refuses
        // the character there, and the diagnosis names the rule holding it (src/diagnosis/rank.ts).
        if (!ok && rec && at === rec.failAt) rec.failed.add(e);
        return ok ? { end: at, far: -1 } : FAIL;
      }
    }
  }
}

/** An alternative that matches nothing, kept so that the parsers report the offset a look-ahead hid. */
export function diagnosisOnly(e: Expr): boolean {
  const last = e.type === 'sequence' ? e.elements[e.elements.length - 1] : e;
  return last?.type === 'not' && last.expression.type === 'literal' && last.expression.value === '';
}

interface Recorder {
  taken: Set<Expr>;
  failed: Set<Expr>;
  failAt: number;
  isHelper: (id: string) => boolean;
}
