/**
 * The fast recognizer (generated/<era>.fast.js) and the traced one that the diagnosis runs
 * (generated/<era>.diag.js) are compilations of the same grammar file by
 * scripts/codegen/, so their verdicts must be the Peggy parser's on every input
 * (issue 8). Compared here, for every era and every rule as start rule, on seeded inputs derived
 * from the printed grammar and mutated near misses: the fast verdict, the Peggy parser's (library
 * mode), the traced recognizer's (a disagreement would diagnose an input it accepts), and
 * isValid's and `validate(...).valid` (on a share of the inputs: the diagnosis costs more).
 * For rejected inputs of that share, the error record of the diagnosis (which only follows the
 * rules around the furthest failure) equals the one of a run that reports every rule (the run
 * that builds the derivation tree).
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { eras } from '#generated';
import type peggy from 'peggy';
import { referenceParser } from '../scripts/build-grammars.js';
import { traced } from '../src/diagnose.js';
import { automatonOf } from '../scripts/codegen/runtime/dfa.js';
import { proseOf } from '../src/profiles/of-era.js';
import { allEras, type RegistryEra } from '../src/registry.js';
import type { TraceListener } from '../src/diagnosis/trace.js';
import { isValid, validate } from '../src/index.js';
import type { Grammar } from './oracle/ast.js';
import { OUTSIDERS, derive, grammarAlphabet, mutate } from './oracle/derive.js';
import { hasPrinted, loadPrinted } from './oracle/printed-grammars.js';
import { type Rng, mulberry32 } from './oracle/prng.js';

const SEED = 0x8;
/** Inputs per start rule; the rules of test/property.test.ts and each era's default get more. */
const PER_RULE = 400;
const PER_MAIN_RULE = 2000;
/** One input in this many also goes through isValid, validate and the diagnosis comparison. */
const LIBRARY_SHARE = 3;
const SHOWN = 20;

/** The start rules of test/property.test.ts: each era's rules compared with the printed grammar. */
const MAIN_RULES: Record<string, string[]> = {
  rfc3986: ['URI-reference', 'URI', 'absolute-URI', 'relative-ref', 'authority', 'host', 'IPv6address', 'IPv4address', 'path', 'ls32', 'dec-octet'],
  rfc1808: ['URL', 'absoluteURL', 'relativeURL', 'net_path', 'rel_path', 'net_loc'],
  rfc1738: ['url', 'genericurl', 'httpurl', 'ftpurl', 'mailtourl', 'newsurl', 'fileurl', 'hostport', 'login'],
  'rfc2396-draft': ['URL-reference', 'absoluteURL', 'relativeURL', 'server', 'hostport', 'path'],
};

/**
 * Code units where a fast test could part from Peggy's: non-ASCII ones that lower-case to ASCII
 * (KELVIN SIGN to "k", LATIN CAPITAL I WITH DOT to "i" plus a combining dot), lone and paired
 * surrogates (unicode classes consume code points), the ends of the ranges, NUL.
 */
const TRICKY = ['\u212a', '\u0130', '\u017f', '\ud83d', '\ude00', '\ud83d\ude00', '\u0080', '\u00ff', '\uffff', '\u007f', '\u0000', 'A', 'z'];

/** A listener that takes every report and keeps nothing: the traced recognizer's full path. */
const IGNORED: TraceListener = { enter() {}, leave() {}, fail() {}, stop() {} };

function verdicts(era: RegistryEra, reference: peggy.Parser, id: string, input: string): { fast: boolean; peggy: boolean; diag: boolean; dfa: boolean } {
  const r = reference.parse(input, { startRule: id, peg$library: true });
  const fast = era.fast.accepts(input, id);
  // The lazy DFA (scripts/codegen/runtime/dfa.ts), where the rule has one; its fallback would hide a disagreement.
  const dfa = automatonOf(era.grammar, id, () => {
    throw new Error(`the automaton of ${id} gave up on ${JSON.stringify(input)}`);
  });
  return {
    fast,
    peggy: r.peg$result !== r.peg$FAILED && r.peg$currPos === input.length,
    diag: era.diag.trace(input, id, IGNORED).end === input.length,
    dfa: dfa ? dfa.accepts(input) : fast,
  };
}

/** Seeded inputs for one rule: derivations of it (or of the era's default rule), mutated half the time. */
function inputsFor(
  printed: Grammar | null,
  printedRule: string | null,
  fallbackPool: readonly string[],
  alphabet: readonly string[],
  rng: Rng,
  n: number,
): string[] {
  const out = new Set<string>();
  for (let attempt = 0; out.size < n && attempt < n * 10; attempt++) {
    let base: string;
    if (printed && printedRule && attempt % 4 !== 3) {
      try {
        base = derive(printed, printedRule, rng, { maxRepeat: 3 });
      } catch {
        base = rng.pick(fallbackPool);
      }
    } else {
      base = rng.pick(fallbackPool);
    }
    const r = rng.next();
    // Derived as is, mutated, or spliced with another input (a prefix of one, the rest of another).
    const s =
      r < 0.4
        ? base
        : r < 0.85
          ? mutate(base, rng, alphabet)
          : base.slice(0, rng.int(0, base.length)) + rng.pick(fallbackPool).slice(rng.int(0, 20));
    // Short enough to keep the Peggy parser's share of the run small; long ones: the 1 MB bench.
    if (s.length < 160) out.add(s);
  }
  return [...out];
}

describe.each(eras.map((e) => [e.meta.spec, e] as const))('%s: the fast recognizer agrees with Peggy', (spec, era) => {
  const printed = hasPrinted(spec) ? loadPrinted(spec) : null;
  const alphabet = [...new Set([...(printed ? grammarAlphabet(printed) : OUTSIDERS), ...TRICKY])].sort();
  const examples = era.meta.rules.flatMap((r) => [...r.matches, ...r.rejects]);
  const printedName = (name: string): string | null => {
    if (!printed) return null;
    const lower = name.toLowerCase();
    for (const r of printed.rules.keys()) if (r === name || (printed.notation === 'abnf' && r.toLowerCase() === lower)) return r;
    return null;
  };
  // Peggy's own parser of the grammar, compiled here (it is not shipped: scripts/build-grammars.ts).
  const reference = referenceParser(spec);
  const rng = mulberry32(SEED);
  // A pool of whole references of the era, for rules the printed grammar does not name (helpers)
  // and for splicing: what a rule sees inside a URI is a piece of a URI.
  const defaultRule = printedName(era.meta.defaultRule);
  const pool = [
    ...examples,
    ...TRICKY,
    '',
    ...(printed && defaultRule ? inputsFor(printed, defaultRule, examples.length ? examples : [''], alphabet, rng, 500) : []),
  ];
  const libraryEra = allEras().find((e) => e.id === spec)!;
  const meta = new Map(libraryEra.meta.rules.map((r) => [r.id, r]));
  const main = new Set(MAIN_RULES[spec] ?? [era.meta.defaultRule]);
  main.add(era.meta.defaultRule);

  const startRules = [
    ...era.meta.rules.map((r) => ({ id: r.id, name: r.name as string | null, examples: [...r.matches, ...r.rejects] })),
    ...era.meta.helpers.map((h) => ({ id: h.id, name: null, examples: [] as string[] })),
  ];

  it('lists the same start rules as the Peggy parser', () => {
    expect([...era.fast.StartRules].sort()).toEqual([...reference.StartRules!].sort());
  });

  it.each(startRules)('$id', ({ id, name, examples: own }) => {
    const count = name && main.has(name) ? PER_MAIN_RULE : PER_RULE;
    const inputs = [...new Set([...own, ...examples, ...TRICKY, '', ...inputsFor(printed, name && printedName(name), pool, alphabet, rng, count)])];
    const problems: string[] = [];
    let accepted = 0;
    inputs.forEach((input, i) => {
      const v = verdicts(libraryEra, reference, id, input);
      if (v.fast) accepted++;
      if (v.fast !== v.peggy || v.fast !== v.diag || v.dfa !== v.peggy) {
        problems.push(`${JSON.stringify(input)}: fast=${v.fast}, Peggy=${v.peggy}, traced=${v.diag}, automaton=${v.dfa}`);
      } else if (name && i % LIBRARY_SHARE === 0) {
        // The library's own path: isValid and validate with the spec rule's printed name (the
        // grammar alone: a scheme profile's prose comes after the recognizer, src/profiles/).
        const options = { spec, rule: name, grammarOnly: true };
        const result = validate(input, options);
        if (isValid(input, options) !== v.fast || result.valid !== v.fast) {
          problems.push(`${JSON.stringify(input)}: isValid or validate differ from the recognizer (${v.fast})`);
        } else if (!result.valid) {
          // With the profile's prose that explains a grammar failure, as validate passes it
          // (also under grammarOnly: RFC 9110 §4.2.5 says why an http-URI refuses a "#").
          const full = traced(libraryEra, meta.get(id)!, id, input, true, proseOf(spec, name));
          if (!isDeepStrictEqual(full.error, result.error)) {
            problems.push(`${JSON.stringify(input)}: the diagnosis ${JSON.stringify(result.error)} differs from the full run's ${JSON.stringify(full.error)}`);
          }
        }
      }
    });
    expect(inputs.length, 'sample size').toBeGreaterThan(Math.min(count, 100));
    if (problems.length > 0) expect.fail(`${problems.length} of ${inputs.length} inputs:\n${problems.slice(0, SHOWN).join('\n')}`);
    // Both verdicts must occur for the comparison to mean anything (a rule can be tiny: `digit`).
    expect(accepted, 'accepted inputs').toBeGreaterThan(0);
    expect(accepted, 'rejected inputs').toBeLessThan(inputs.length);
  });
});
