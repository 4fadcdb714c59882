/**
 * Property test: each era's Peggy grammar accepts exactly the language of the rules the spec
 * prints. The reference is the oracle (test/oracle/): the printed grammar, parsed by an
 * independent reader and compiled into an anchored backtracking RegExp, which (unlike a PEG)
 * explores every alternative. Inputs are seeded derivations and near-miss mutations.
 *
 * To add an era, add a row. A row whose printed grammar does not exist yet is skipped with
 * its reason shown in the report.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValid, specs, validate } from '../src/index.js';
import { type Notation, lit } from './oracle/ast.js';
import { samples } from './oracle/derive.js';
import { type ParseOptions, parseGrammar } from './oracle/printed.js';
import { compileRule } from './oracle/regex.js';

interface Row {
  spec: string;
  /** Relative to the repository root. */
  printedFile: string;
  notation: Notation;
  startRules: string[];
  /** Distinct inputs per start rule. */
  count: number;
  /** Meaning of the prose the printed grammar uses (see test/oracle/printed.ts). */
  parseOptions?: ParseOptions;
}

/** RFC 1738 §5 and RFC 1808 §2.2 print `<">` for the double quote in `punctuation`. */
const QUOTE_PROSE: ParseOptions = { prose: { '"': lit('"') } };

const ROWS: Row[] = [
  {
    spec: 'rfc3986',
    printedFile: 'grammar/printed/rfc3986.abnf',
    notation: 'abnf',
    startRules: [
      'URI-reference', 'URI', 'absolute-URI', 'relative-ref', 'authority', 'host', 'IPv6address',
      'IPv4address', 'path', 'ls32', 'dec-octet',
    ],
    count: 3000,
  },
  {
    spec: 'rfc1808',
    printedFile: 'grammar/printed/rfc1808.bnf',
    notation: 'rfc822',
    startRules: ['URL', 'absoluteURL', 'relativeURL', 'net_path', 'rel_path', 'net_loc'],
    count: 3000,
    parseOptions: QUOTE_PROSE,
  },
  {
    // `url` itself is read with scheme dispatch (docs/contract), which the printed union
    // does not express; the scheme rules are compared one by one. RFC 1738 §5 prints a bare
    // `/` in `gopherurl` ("[ / [ gtype"), read as the literal it evidently is.
    spec: 'rfc1738',
    printedFile: 'grammar/printed/rfc1738.bnf',
    notation: 'rfc822',
    startRules: ['genericurl', 'httpurl', 'ftpurl', 'mailtourl', 'newsurl', 'fileurl', 'hostport', 'login'],
    count: 3000,
    parseOptions: { ...QUOTE_PROSE, bareLiterals: ['/'] },
  },
  {
    spec: 'rfc2396-draft',
    printedFile: 'grammar/printed/rfc2396-draft.bnf',
    notation: 'rfc822',
    startRules: ['URL-reference', 'absoluteURL', 'relativeURL', 'server', 'hostport', 'path'],
    count: 3000,
    parseOptions: QUOTE_PROSE,
  },
];

const SEED = 0x3986;
const ROOT = new URL('../', import.meta.url);
/** How many disagreements to print in full; the count of all is in the message too. */
const SHOWN = 25;
const KNOWN_SPECS = new Set(specs().map((s) => s.id));

for (const row of ROWS) {
  const path = new URL(row.printedFile, ROOT);
  const missing = !existsSync(path)
    ? `${row.printedFile} does not exist yet, nothing to compare against`
    : !KNOWN_SPECS.has(row.spec)
      ? `urispec has no spec "${row.spec}" yet (its .peggy grammar is not built)`
      : undefined;
  if (missing) {
    describe.skip(`${row.spec}: SKIPPED, ${missing}`, () => {
      it('grammar equals the printed grammar', () => {});
    });
    continue;
  }

  describe(`${row.spec}: Peggy grammar vs printed ${row.printedFile}`, () => {
    const printed = parseGrammar(readFileSync(path, 'utf8'), row.notation, row.parseOptions);

    for (const rule of row.startRules) {
      it(`${rule}: isValid agrees with the printed rule on ${row.count} seeded inputs`, () => {
        const oracle = compileRule(printed, rule);
        const inputs = samples(printed, rule, SEED, row.count);
        const disagreements: string[] = [];
        let members = 0;
        for (const input of inputs) {
          const expected = oracle.test(input);
          if (expected) members++;
          const actual = isValid(input, { spec: row.spec, rule });
          if (actual !== expected) {
            disagreements.push(
              `${JSON.stringify(input)} spec=${row.spec} rule=${rule}: isValid=${actual}, printed grammar=${expected}`,
            );
          }
        }
        // The sample must exercise both verdicts, or agreement would prove nothing.
        expect(inputs.length, 'sample size').toBeGreaterThanOrEqual(Math.min(row.count, 250));
        expect(members, 'members of the rule in the sample').toBeGreaterThan(inputs.length / 20);
        expect(inputs.length - members, 'non-members in the sample').toBeGreaterThan(inputs.length / 20);
        if (disagreements.length > 0) {
          expect.fail(
            `${disagreements.length} of ${inputs.length} inputs disagree:\n` +
              disagreements.slice(0, SHOWN).join('\n'),
          );
        }
      }, 60_000);

      it(`${rule}: validate agrees with isValid and places every error inside the input`, () => {
        const problems: string[] = [];
        for (const input of samples(printed, rule, SEED, row.count)) {
          const fast = isValid(input, { spec: row.spec, rule });
          const result = validate(input, { spec: row.spec, rule });
          if (result.valid !== fast) {
            problems.push(`${JSON.stringify(input)} rule=${rule}: validate.valid=${result.valid}, isValid=${fast}`);
          } else if (!result.valid) {
            const offset = result.error.offset;
            if (!(Number.isInteger(offset) && offset >= 0 && offset <= input.length)) {
              problems.push(`${JSON.stringify(input)} rule=${rule}: error.offset=${offset} outside 0..${input.length}`);
            }
          }
        }
        if (problems.length > 0) expect.fail(`${problems.length} problems:\n${problems.slice(0, SHOWN).join('\n')}`);
      }, 60_000);
    }
  });
}
