/**
 * `node --loader ts-node/esm --no-warnings scripts/diagnosis-keys.ts`: could the diagnosis of an
 * invalid line be read from a table made with an automaton instead of a traced run (issue 17)?
 * Only if the record is a function of what such a table is indexed by: the automaton's state
 * after the prefix before the offset, and the character found there.
 *
 * For the invalid lines of the bench corpus and of each era's corpus (scripts/bench-corpus.ts,
 * each era's default rule), this groups the records of the built package (dist/) by that key
 * (the state of the printed grammar's automaton, test/oracle/prefix.ts, and the code point
 * found, or the end) and counts the lines whose record differs from the first of their group:
 * in `expected`, and in `rule` with `rulePath`. A conflict is a pair of inputs, printed, that
 * no such table can tell apart. Prints a table, one row a corpus.
 */
import { specs, validate } from '../dist/src/index.js';
import { loadPrinted } from '../test/oracle/printed-grammars.js';
import { oracleFor } from '../test/oracle/readings.js';
import { corpus, eraCorpus, printedOracle } from './bench-corpus.js';

const rows: Array<{ spec: string; rule: string; from: string; lines: string[] }> = [{ spec: 'rfc3986', rule: 'URI-reference', from: 'bench', lines: corpus(70_000) }];
for (const spec of specs()) {
  const verdict = printedOracle(spec.id, spec.defaultRule);
  const lines = verdict && eraCorpus(spec.id, spec.defaultRule, verdict);
  if (lines) rows.push({ spec: spec.id, rule: spec.defaultRule, from: 'era', lines });
}

console.log('| era, rule | corpus | invalid lines | keys (state, found) | lines sharing a key | expected differs | rule or rulePath differs | a pair that differs in rule |');
console.log('|---|---|---:|---:|---:|---:|---:|---|');
for (const { spec, rule, from, lines } of rows) {
  const oracle = oracleFor(spec, loadPrinted(spec), rule);
  const states = new Map<object, number>();
  const first = new Map<string, { input: string; expected: string; rule: string }>();
  let invalid = 0;
  let shared = 0;
  let expectedDiffers = 0;
  let ruleDiffers = 0;
  let pair = '';
  for (const input of lines) {
    const result = validate(input, { spec, rule, grammarOnly: true });
    if (result.valid) continue;
    invalid++;
    const { offset, expected, rulePath, found } = result.error;
    const state = oracle.stateAfter(input.slice(0, offset));
    if (!states.has(state)) states.set(state, states.size);
    const key = `${states.get(state)} ${found === null ? 'end' : found.codePointAt(0)}`;
    const record = { input, expected: JSON.stringify(expected), rule: JSON.stringify(rulePath) };
    const seen = first.get(key);
    if (!seen) {
      first.set(key, record);
      continue;
    }
    shared++;
    if (seen.expected !== record.expected) expectedDiffers++;
    if (seen.rule !== record.rule) {
      ruleDiffers++;
      if (!pair) pair = `${JSON.stringify(seen.input)} (${JSON.parse(seen.rule).at(-1)}), ${JSON.stringify(input)} (${rulePath.at(-1)})`;
    }
  }
  console.log(`| ${spec} ${rule} | ${from} | ${invalid} | ${first.size} | ${shared} | ${expectedDiffers} | ${ruleDiffers} | ${pair.replaceAll('|', '\\|')} |`);
}
