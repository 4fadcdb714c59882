// The traced programs compiled to code (scripts/codegen/runtime/traced-source.ts) are held to
// the interpreter they replace (scripts/codegen/runtime/traced.ts), the reference: the same
// program run both ways over every era's vectors and near misses of them must make the same
// reports to a listener, in the same order with the same arguments, and end the same, in each
// way the diagnosis runs it (src/diagnose.ts): every rule reported, as a derivation tree needs;
// only the furthest failure's, from the fast recognizer's floor or after a measuring run; and
// the counterfactual runs of the ranking, for each construct that stopped there. The records
// of validate and explain must then be the same, and they are compared too.
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { compileTraced, compileTracedWith } from '#generated';
import type { Grant, TraceListener, TracedRecognizer } from '../src/diagnosis/trace.js';
import { explain, specs, validate } from '../src/index.js';
import { eraOf, ruleOf, startIdOf } from '../src/registry.js';
import { mulberry32 } from './oracle/prng.js';

const PER_ERA = 100;

/** Inputs of an era: its curated vectors (valid and not), and a near miss of each made by one edit. */
function inputsOf(spec: string): Array<{ input: string; rule: string }> {
  const lines = readFileSync(new URL(`../vectors/${spec}.jsonl`, import.meta.url), 'utf8').split('\n').filter(Boolean);
  const vectors = lines.map((l) => JSON.parse(l) as { input: string; rule: string });
  const rng = mulberry32(0x7ace5 ^ spec.length);
  // What an edit may put in: delimiters, letters, digits, "%", a space, a control character,
  // non-ASCII (two-byte, a CJK character, an astral one, a lone surrogate).
  const alphabet = [...':/?#[]@!$&\'()*+,;=-._~%aZ09 \t\0', 'é', '例', '\u{1f600}', '\ud800'];
  const out: Array<{ input: string; rule: string }> = [];
  for (let i = 0; i < PER_ERA && vectors.length > 0; i++) {
    const v = vectors[rng.int(0, vectors.length - 1)]!;
    out.push(v);
    const at = rng.int(0, v.input.length);
    const edit = rng.int(0, 2);
    const ch = rng.pick(alphabet);
    const input = edit === 0 ? v.input.slice(0, at) + ch + v.input.slice(at) : edit === 1 ? v.input.slice(0, at) + v.input.slice(at + 1) : v.input.slice(0, at) + ch + v.input.slice(at + 1);
    out.push({ input, rule: v.rule });
  }
  return out;
}

/** A listener that writes down every report, tree marks included (mark() counts them). */
function logger(log: string[]): TraceListener {
  let marks = 0;
  return {
    enter: (k, start, furthest, expected) => log.push(`enter ${k} ${start} ${furthest} ${expected.join('|')}`),
    leave: (end, furthest, expected) => log.push(`leave ${end} ${furthest} ${expected.length}`),
    fail: (start, furthest, expected) => log.push(`fail ${start} ${furthest} ${expected.length}`),
    stop: (construct, kind, at, ruleStart, furthest, expected) => log.push(`stop ${construct} ${kind} ${at} ${ruleStart} ${furthest} ${expected.join('|')}`),
    notBegun: (count, sequence, at) => log.push(`notBegun ${count} ${sequence} ${at}`),
    mark: () => {
      log.push(`mark ${marks}`);
      return marks++;
    },
    rewind: (mark) => log.push(`rewind ${mark}`),
  };
}

/** Everything one way of running makes of an input: the reports and ends of each run the diagnosis makes. */
function runs(diag: TracedRecognizer, floor: number, input: string, startId: string): string[] {
  const log: string[] = [];
  const end = (r: object): void => void log.push(`end ${JSON.stringify(r)}`);
  // Every rule reported (a derivation tree).
  end(diag.trace(input, startId, logger(log)));
  // The furthest failure's rules alone: after a measuring run, and from the fast recognizer's floor.
  end(diag.trace(input, startId, logger(log), { furthestOnly: true }));
  if (floor > 0) end(diag.trace(input, startId, logger(log), { furthestOnly: true, floor }));
  // The counterfactual runs, for each construct reported stopped at the furthest failure (a
  // candidate of the ranking): both passes, each alone, and for one not begun, its sequence's.
  const stops: Array<{ construct: number; ruleStart: number; pos: number; sequence?: number }> = [];
  diag.trace(input, startId, {
    enter() {},
    leave() {},
    fail() {},
    stop: (construct, _kind, at, ruleStart) => void stops.push({ construct, ruleStart, pos: at }),
    notBegun: (count, sequence) => {
      for (const s of stops.slice(-count)) s.sequence = sequence;
    },
  });
  for (const s of stops.slice(0, 12)) {
    const grants: Grant[] = [{ construct: s.construct, ruleStart: s.ruleStart, pos: s.pos }, { construct: s.construct, ruleStart: s.ruleStart, pos: s.pos, measure: true }];
    grants.push(s.sequence === undefined ? { ...grants[0]!, firstOnly: true } : { ...grants[0]!, sequence: s.sequence, firstOnly: true });
    for (const g of grants) end(diag.reach(input, startId, g));
  }
  return log;
}

/** Both ways over an era's inputs: the interpreter's, then the compiled code's. */
function bothWays<T>(f: () => T): [interpreted: T, compiled: T] {
  compileTracedWith(null);
  const interpreted = f();
  compileTracedWith(compileTraced);
  return [interpreted, f()];
}

afterAll(() => compileTracedWith(compileTraced));

describe('the traced programs compiled to code', () => {
  it.each(specs().map((s) => s.id))('%s: reports and ends every run as the interpreter does', (spec) => {
    const era = eraOf(spec);
    const inputs = inputsOf(spec).map(({ input, rule }) => {
      const startId = startIdOf(era, ruleOf(era, rule));
      return { input, startId, floor: era.fast.matchEnd(input, startId) };
    });
    const [interpreted, compiled] = bothWays(() => inputs.map(({ input, startId, floor }) => runs(era.diag, floor, input, startId)));
    let reports = 0;
    inputs.forEach(({ input }, i) => {
      reports += interpreted[i]!.length;
      expect(compiled[i], JSON.stringify(input)).toEqual(interpreted[i]);
    });
    // The runs reported something to compare: rules, stops and counterfactual ends.
    expect(reports).toBeGreaterThan(inputs.length * 3);
  });

  it.each(specs().map((s) => s.id))('%s: validate and explain give the same records', (spec) => {
    const inputs = inputsOf(spec);
    const records = (): string[] => inputs.map(({ input, rule }) => JSON.stringify([validate(input, { spec, rule }), explain(input, { spec, rule })]));
    const [interpreted, compiled] = bothWays(records);
    expect(compiled).toEqual(interpreted);
    expect(interpreted.some((r) => r.startsWith('[{"valid":false'))).toBe(true);
  });

  it('are what the main entry point runs', () => {
    let made = 0;
    compileTracedWith((data, parts) => {
      const code = compileTraced(data, parts);
      if (code !== null) made++;
      return code;
    });
    expect(validate('http://exa mple.com/').valid).toBe(false);
    expect(made).toBe(1);
    compileTracedWith(compileTraced);
  });

  it('leave the program interpreted where code cannot be compiled (a Content Security Policy without unsafe-eval)', () => {
    const [expected] = bothWays(() => validate('http://[fe80::1%eth0]/'));
    const real = globalThis.Function;
    globalThis.Function = function forbidden() {
      throw new EvalError('Refused to evaluate a string as JavaScript');
    } as unknown as FunctionConstructor;
    try {
      compileTracedWith((data, parts) => compileTraced(data, parts));
      expect(validate('http://[fe80::1%eth0]/')).toEqual(expected);
    } finally {
      globalThis.Function = real;
      compileTracedWith(compileTraced);
    }
  });
});
