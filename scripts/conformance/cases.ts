// The published cases (vectors/conformance/), for any harness, in the way toml-test and
// JSONTestSuite publish theirs:
//
// - `<era>.json`: one list of cases an era, for its default start rule. Valid cases are
//   derivations from the era's grammar (urispec's vectors, kind `valid`); each invalid case is
//   a valid case with exactly one edit (one character inserted, replaced or deleted), so it has
//   one fault, tagged with the rule and section urispec reports for it. Names show control
//   characters, spaces and non-ASCII characters as U+XXXX.
// - `json-schema/<format>.json`: the same kind of cases for JSON Schema's `uri`,
//   `uri-reference` (RFC 3986) and, when urispec has the rfc3987 era, `iri` and `iri-reference`,
//   in the JSON Schema Test Suite's shape (`[{description, schema, tests: [{description, data, valid}]}]`).
//
// Deterministic: the same grammars give the same files (seeded with mulberry32).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { specs, validate, vectors } from '../../src/index.js';
import { mulberry32 } from '../../src/vectors/prng.js';
import { eraOf } from '../../src/registry.js';
import { sectionLabel } from '../../src/spec-label.js';

export const CASES_SEED = 21;
export const CASES_PER_KIND = 250;

export interface Case {
  name: string;
  input: string;
  valid: boolean;
  /** For an invalid case: its one edit of a valid case. */
  fault?: { edit: 'insert' | 'replace' | 'delete'; offset: number; char?: string; from: string };
  /** For an invalid case: what urispec reports. */
  error?: { rule: string; section: string; offset: number };
}

/** Characters an edit puts in: delimiters, characters no era allows, controls, non-ASCII. */
const EDIT_CHARS = [...':/?#[]@!$&\'()*+,;=%-._~ "<>\\^`{|}', '\t', '\n', '\0', '\x7f', 'é', '😀', 'a', '0', 'F'];

/** A string as a case name shows it: printable ASCII as it is, anything else as {U+XXXX}. */
export function visible(s: string): string {
  return [...s].map((c) => (/^[\x21-\x7e]$/.test(c) ? c : `{U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}}`)).join('');
}

/** Valid cases and one-fault invalid cases for one spec and start rule. */
export function casesFor(spec: string, rule: string, perKind = CASES_PER_KIND, seed = CASES_SEED): Case[] {
  const valid = [...vectors({ spec, rule, kind: 'valid', count: perKind, seed })].map((v) => v.input);
  const rng = mulberry32(seed);
  const out: Case[] = [];
  const seen = new Set<string>();
  for (const input of valid) {
    if (seen.has(input)) continue;
    seen.add(input);
    out.push({ name: `y_${rule}_${visible(input)}`, input, valid: true });
  }
  let invalid = 0;
  for (let tries = 0; invalid < perKind && tries < perKind * 50 && valid.length > 0; tries++) {
    const from = valid[tries % valid.length]!;
    const cps = [...from];
    const edit = rng.pick(['insert', 'replace', 'delete'] as const);
    const offset = rng.int(0, edit === 'insert' ? cps.length : Math.max(0, cps.length - 1));
    if (edit !== 'insert' && cps.length === 0) continue;
    const char = rng.pick(EDIT_CHARS);
    const edited = [...cps.slice(0, offset), ...(edit === 'delete' ? [] : [char]), ...cps.slice(edit === 'insert' ? offset : offset + 1)].join('');
    if (seen.has(edited)) continue;
    const r = validate(edited, { spec, rule });
    if (r.valid) continue;
    seen.add(edited);
    invalid++;
    const fault: Case['fault'] = { edit, offset: [...cps.slice(0, offset)].join('').length, from };
    if (edit !== 'delete') fault.char = char;
    out.push({
      name: `n_${r.error.rule}_${visible(edited)}`, input: edited, valid: false, fault,
      error: { rule: r.error.rule, section: r.error.section, offset: r.error.offset },
    });
  }
  return out;
}

/** The JSON Schema formats and the spec and rule each is. */
export function jsonSchemaFormats(): { format: string; spec: string; rule: string }[] {
  // The formats' rules, as src/ajv.ts maps them; the iri ones only once the rfc3987 era has them.
  const has = (spec: string, rule: string) => specs().some((s) => s.id === spec && s.rules.some((r) => r.name === rule));
  return [
    { format: 'uri', spec: 'rfc3986', rule: 'URI' },
    { format: 'uri-reference', spec: 'rfc3986', rule: 'URI-reference' },
    { format: 'iri', spec: 'rfc3987', rule: 'IRI' },
    { format: 'iri-reference', spec: 'rfc3987', rule: 'IRI-reference' },
  ].filter((f) => has(f.spec, f.rule));
}

/** Writes vectors/conformance/: the eras' lists and the JSON Schema Test Suite export. */
export function writeCases(root: string, eras: readonly string[] = ['rfc3986', 'rfc2396']): void {
  const dir = join(root, 'vectors', 'conformance');
  mkdirSync(join(dir, 'json-schema'), { recursive: true });
  for (const spec of eras) {
    const rule = specs().find((s) => s.id === spec)!.defaultRule;
    const cases = casesFor(spec, rule);
    writeFileSync(join(dir, `${spec}.json`), JSON.stringify({ spec, rule, seed: CASES_SEED, cases }, null, 1) + '\n');
  }
  for (const { format, spec, rule } of jsonSchemaFormats()) {
    const tests = casesFor(spec, rule).map((c) => ({
      description: c.valid ? `valid ${rule} (${spec}): ${visible(c.input)}` : `invalid: ${c.error!.rule} (${sectionLabel(eraOf(spec), c.error!.section)}) at offset ${c.error!.offset}: ${visible(c.input)}`,
      data: c.input,
      valid: c.valid,
    }));
    const suite = [{
      description: `${format}: ${rule} of ${spec}, cases from urispec (one fault in each invalid one)`,
      schema: { $schema: 'https://json-schema.org/draft/2020-12/schema', format },
      tests,
    }];
    writeFileSync(join(dir, 'json-schema', `${format}.json`), JSON.stringify(suite, null, 4) + '\n');
  }
}
