// The traced program (./traced.ts) compiled to JavaScript when it is first run: each rule one
// function whose body is its nodes written out, as the traced recognizer was emitted before
// issue 16, made from the same data. An interpreted node is a closure called through a site
// that every node of its kind in every era shares, so each call is a generic one; written out,
// a sequence's elements and a choice's alternatives are the statements of one function, which
// V8 optimizes as the fast recognizer's code (issue 17: the first traced run of a diagnosis
// 1.16 to 1.70 times cheaper by corpus, validate 0.99 to 1.22 times, by
// scripts/bench-traced-run.ts; docs/performance.md).
//
// Each node's statements do what its closure in ./traced.ts does, step for step, in the same
// order, with the same calls into ./trace.ts: test/traced-source.test.ts runs both over every
// era's vectors and their near misses and compares every report and every result. The leaves
// that are not tested in place (a literal folded by case, a class above ASCII, ...) stay the
// interpreter's closures, called from here.
//
// Only the main entry point and the playground compile (src/registry.ts gives this module to
// ./traced.ts): a per-era entry point leaves it out of its bundle (issue 19's budgets), and where
// a page's Content Security Policy forbids `new Function` the program stays interpreted
// (test/playground.test.ts serves the page under such a policy).

import * as T from './trace.js';
import type { RuleFn } from './trace.js';
import { fail, hookEnter, hookFail, hookLeave, hookMark, hookRewind, notBegun, sequenceDone, silence, stopped } from './trace.js';
import { Op, type CompileParts, type TracedNode, type TracedProgram } from './traced.js';

/** The source of one program's rule functions, and the values it reads (its tables, leaves and fast rules). */
export interface TracedSource {
  /** The body of `new Function('T', 'K', ...names of CALLS, body)`, which returns the rule functions by index. */
  body: string;
  /** The values the body names K0, K1, ...: passed in as `K`. */
  values: unknown[];
}

/**
 * What the code calls in ./trace.ts, passed in as parameters of these names: a call through the
 * module's namespace object would load the function first. What it reads of the run's state
 * (`silent`, `inputEnd`, `fastBelow`, ...) is read through `T`, the namespace, whose bindings
 * are live.
 */
export const CALLS = { fail, stopped, notBegun, sequenceDone, hookEnter, hookLeave, hookFail, hookMark, hookRewind, silence };

/** What the code calls, by name (CALLS): a benchmark may pass its own, each wrapping the one of CALLS. */
export type TracedCalls = typeof CALLS;

/** The JavaScript of `data`'s rule functions (compileTraced() compiles it). */
export function tracedSource(data: TracedProgram, parts: CompileParts): TracedSource {
  const values: unknown[] = [];
  const names = new Map<unknown, string>();
  /** A value the code reads (a table, a leaf's closure, a fast rule function), by a constant's name. */
  const value = (v: unknown): string => {
    let name = names.get(v);
    if (name === undefined) {
      name = `K${values.length}`;
      names.set(v, name);
      values.push(v);
    }
    return name;
  };
  let counter = 0;
  const fresh = (prefix: string): string => `${prefix}${counter++}`;
  const text = (s: string): string => JSON.stringify(s);

  /** Statements that set `out` to the end of `node`'s match at `p` (`r`: where its rule started), or -1. */
  const node = (n: TracedNode, p: string, r: string, out: string): string => {
    const x = n as readonly unknown[];
    switch (n[0]) {
      case Op.EMPTY:
        return `${out} = ${p};`;
      case Op.SET: {
        const ascii = parts.asciiSet(n);
        if (ascii !== null) return `${out} = inSet(s, ${p}, ${value(ascii)}, ${text(x[2] as string)});`;
        return `${out} = ${value(parts.leaf(n))}(s, ${p}, ${r});`;
      }
      case Op.RULE:
        return `${out} = r${x[1] as number}(s, ${p});`;
      case Op.SEQUENCE:
        return sequence(x[1] as TracedNode[], x[2] as number[], (x[3] as number | undefined) ?? -1, (x[4] as number[] | undefined) ?? [], p, r, out);
      case Op.CHOICE: {
        const q = fresh('q');
        const done = fresh('c');
        const alternatives = (x[1] as TracedNode[]).map((a) => `${node(a, p, r, q)} if (${q} >= 0) break ${done};`);
        return `{ let ${q} = -1; ${done}: { ${alternatives.join(' ')} } ${out} = ${q}; }`;
      }
      case Op.OPTION: {
        const q = fresh('q');
        return `{ let ${q}; ${node(x[1] as TracedNode, p, r, q)} if (${q} < 0) ${q} = stopped(${x[2] as number}, ${p}, ${r}); ${out} = ${q} < 0 ? ${p} : ${q}; }`;
      }
      case Op.REPEAT:
        return repeat(x[1] as TracedNode, x[2] as TracedNode | null, x[3] as number, x[4] as number | null, x[5] as number, p, r, out);
      case Op.END:
        return x[1] ? `${out} = ${p} >= T.inputEnd ? ${p} : -1;` : `${out} = ${p} < T.inputEnd ? ${p} : -1;`;
      case Op.LOOKAHEAD: {
        // Silent and rewound, as in ./traced.ts.
        const q = fresh('q');
        const mark = fresh('m');
        const matched = x[1] === 1 ? `${q} < 0` : `${q} >= 0`;
        return `{ const ${mark} = hookMark(); silence(1); let ${q}; ${node(x[2] as TracedNode, p, r, q)} silence(-1); hookRewind(${mark}); ${out} = ${matched} ? ${p} : -1; }`;
      }
      case Op.NAMED: {
        const q = fresh('q');
        return `{ silence(1); let ${q}; ${node(x[1] as TracedNode, p, r, q)} silence(-1); if (${q} < 0 && T.silent === 0) fail(${p}, ${text(x[2] as string)}); ${out} = ${q}; }`;
      }
      default:
        // STRING, FOLDED, LOWERED, CLASS, ANY: rare leaves (scripts/split-literals.ts makes most
        // literals sequences of sets), the interpreter's closures.
        return `${out} = ${value(parts.leaf(n))}(s, ${p}, ${r});`;
    }
  };

  /** ./traced.ts sequence(): an element that fails after the sequence consumed something may stop there; a numbered one reports what was not begun. */
  const sequence = (elements: readonly TracedNode[], stops: readonly number[], seq: number, fails: readonly number[], p: string, r: string, out: string): string => {
    if (elements.length === 0) return `${out} = ${p};`;
    const plain = seq < 0 && stops.every((stop) => stop < 0);
    const q = fresh('q');
    const mark = fresh('m');
    const count = fresh('n');
    const done = fresh('s');
    let code = `{ const ${mark} = hookMark(); ${plain ? '' : `const ${count} = T.stopCount; `}let ${q} = ${p}; ${done}: {`;
    elements.forEach((element, i) => {
      const before = fresh('b');
      code += ` const ${before} = ${q}; ${node(element, before, r, q)}`;
      // The first element starts where the sequence does: it never breaks it.
      if (!plain && stops[i]! >= 0 && i > 0) code += ` if (${q} < 0 && ${before} > ${p}) ${q} = stopped(${stops[i]!}, ${before}, ${r});`;
      if (!plain && seq >= 0 && fails[i] === 1) code += ` if (${q} < 0 && ${before} === ${p}) notBegun(${count}, ${p}, ${seq});`;
      code += ` if (${q} < 0) break ${done};`;
    });
    code += ` } if (${q} < 0) hookRewind(${mark});`;
    if (seq >= 0) code += ` if (${q} >= 0 && ${p} === T.watchPos) sequenceDone(${seq});`;
    return `${code} ${out} = ${q}; }`;
  };

  /** ./traced.ts repeat(): greedy, never gives back; an element that fails where it starts stops there. */
  const repeat = (element: TracedNode, delimiter: TracedNode | null, min: number, max: number | null, stop: number, p: string, r: string, out: string): string => {
    const end = fresh('e');
    const count = fresh('n');
    const at = fresh('a');
    const q = fresh('q');
    let code = `{ let ${end} = ${p}, ${count} = 0; for (;;) {`;
    if (max !== null) code += ` if (${count} >= ${max}) break;`;
    code += ` let ${at} = ${end};`;
    if (delimiter) code += ` if (${count} > 0) { ${node(delimiter, end, r, at)} }`;
    code += ` if (${at} < 0) break; let ${q}; ${node(element, at, r, q)} if (${q} < 0) ${q} = stopped(${stop}, ${at}, ${r}); if (${q} < 0) break; ${count}++;`;
    if (max === null) code += ` if (${q} === ${end}) break;`;
    return `${code} ${end} = ${q}; } ${out} = ${count} < ${min} ? -1 : ${end}; }`;
  };

  const functions = data.rules.map(([name, hook, reach, over, failReach, body], i) => {
    // The traced call (./traced.ts tracedSet, tracedBody): a spec rule reports around its body.
    const ascii = parts.asciiSet(body);
    let traced: string;
    if (ascii !== null) {
      const test = `const q = inSet(s, p, ${value(ascii)}, ${text(body[2] as string)});`;
      traced = hook >= 0 ? `hookEnter(${hook}, p); ${test} if (q >= 0) hookLeave(q); else hookFail(p); return q;` : `${test} return q;`;
    } else if (hook === -1) traced = `let q; ${node(body, 'p', 'p', 'q')} return q;`;
    else traced = `hookEnter(${hook}, p); let q; ${node(body, 'p', 'p', 'q')} if (q >= 0) hookLeave(q); else hookFail(p); return q;`;
    const fast = data.fast ? data.fast(name) : undefined;
    // The rule's Peggy id as a comment, read as an identifier whatever it holds (no line break).
    const label = `// ${name.replace(/[^\w$]/g, '_')}`;
    if (fast === undefined) return `${label}\nfunction r${i}(s, p) { ${traced} }`;
    // The call handed to the fast recognizer where the traced one would report nothing (./traced.ts rule()).
    const f = value(fast);
    const after = (over >= 0 && (reach < 0 || over < reach)) || (failReach >= 0 && (reach < 0 || failReach < reach));
    let hand = '';
    if (reach >= 0) hand += ` if (p + ${reach} <= T.fastBelow) return ${f}(s, p);`;
    if (after) {
      const matched = over >= 0 ? `q + ${over} <= T.fastBelow` : 'false';
      const failed = failReach >= 0 ? `p + ${failReach} <= T.fastBelow` : 'false';
      hand += ` const q = ${f}(s, p); if (q >= 0 ? ${matched} : ${failed}) return q;`;
    }
    return (
      `${label}\nfunction r${i}(s, p) { if (p < T.fastBelow) {${hand} } ` +
      `if (p > T.fastAfter || (T.handedRules !== null && T.handedRules[${i}] === 1)) return ${f}(s, p); return t${i}(s, p); }\n` +
      `function t${i}(s, p) { ${traced} }`
    );
  });
  // One character of an ASCII set tested in place (./traced.ts inSet).
  const inSet =
    'function inSet(s, p, t, expected) { if (p < T.inputEnd) { const c = String.prototype.charCodeAt.call(s, p); if (c < 128 && t[c] === 1) return p + 1; } ' +
    'if (T.silent === 0) fail(p, expected); return -1; }';
  const body =
    `"use strict";\nconst [${values.map((_, i) => `K${i}`).join(', ')}] = K;\n${inSet}\n${functions.join('\n')}\n` +
    `return [${data.rules.map((_, i) => `r${i}`).join(', ')}];\n`;
  return { body, values };
}

/**
 * The rule functions of `data`, compiled (TracedCompiler in ./traced.ts), or null where the
 * environment forbids compiling (a Content Security Policy without 'unsafe-eval'): the program
 * is then interpreted. `calls`: what the code calls (scripts/bench-traced-run.ts counts the
 * rule calls of a run with its own).
 */
export function compileTraced(data: TracedProgram, parts: CompileParts, calls: TracedCalls = CALLS): RuleFn[] | null {
  const { body, values } = tracedSource(data, parts);
  let make: (t: typeof T, k: unknown[], ...calls: unknown[]) => RuleFn[];
  try {
    make = new Function('T', 'K', ...Object.keys(calls), body) as typeof make;
  } catch (e) {
    if (e instanceof EvalError) return null;
    throw e;
  }
  return make(T, values, ...Object.values(calls));
}
