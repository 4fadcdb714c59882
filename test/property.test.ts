/**
 * Property test: each era's Peggy grammar accepts exactly the language of the rules the spec
 * prints. The reference is the oracle (test/oracle/): the printed grammar, parsed by an
 * independent reader and compiled into an anchored backtracking RegExp, which (unlike a PEG)
 * explores every alternative. Inputs are seeded derivations and near-miss mutations.
 *
 * To add an era, add a row here and its printed grammar to test/oracle/printed-grammars.ts.
 * A row whose printed grammar or whose spec in urispec does not exist yet is skipped, with
 * the reason in the test's name.
 */
import { describe, expect, it } from 'vitest';
import { isValid, specs, validate } from '../src/index.js';
import type { Grammar } from './oracle/ast.js';
import { samples } from './oracle/derive.js';
import { PRINTED_GRAMMARS, hasPrinted, loadPrinted } from './oracle/printed-grammars.js';
import { compileRule } from './oracle/regex.js';
import { rfc1738UrlOracle } from './oracle/rfc1738-dispatch.js';

interface Row {
  /** A key of PRINTED_GRAMMARS (test/oracle/printed-grammars.ts), which says how to read it. */
  spec: string;
  startRules: string[];
  /** Distinct inputs per start rule. */
  count: number;
  /** For start rules the contract reads otherwise than as printed: the oracle to use instead. */
  oracles?: Record<string, (printed: Grammar) => (input: string) => boolean>;
}

const ROWS: Row[] = [
  {
    spec: 'rfc3986',
    startRules: [
      'URI-reference', 'URI', 'absolute-URI', 'relative-ref', 'authority', 'host', 'IPv6address',
      'IPv4address', 'path', 'ls32', 'dec-octet',
    ],
    count: 3000,
  },
  {
    spec: 'rfc1808',
    startRules: ['URL', 'absoluteURL', 'generic-RL', 'relativeURL', 'net_path', 'abs_path', 'rel_path', 'path', 'params', 'net_loc', 'scheme'],
    count: 3000,
  },
  // `url` is read with scheme dispatch (docs/contract), not as the printed union.
  {
    spec: 'rfc1738',
    startRules: [
      'url', 'genericurl', 'httpurl', 'ftpurl', 'mailtourl', 'newsurl', 'nntpurl', 'telneturl', 'gopherurl', 'waisurl',
      'prosperourl', 'fileurl', 'otherurl', 'scheme', 'login', 'hostport', 'host', 'hostname', 'hostnumber',
      'domainlabel', 'toplabel', 'fpath', 'hpath', 'article',
    ],
    count: 3000,
    oracles: { url: rfc1738UrlOracle },
  },
  {
    spec: 'rfc2396-draft',
    startRules: [
      'URL-reference', 'absoluteURL', 'generic-URL', 'opaque-URL', 'relativeURL', 'net_path', 'abs_path', 'rel_path',
      'server', 'hostport', 'host', 'hostname', 'hostnumber', 'domainlabel', 'toplabel', 'path', 'segment', 'scheme',
    ],
    count: 3000,
  },
  {
    spec: 'rfc2396',
    startRules: ['URI-reference', 'absoluteURI', 'relativeURI', 'authority', 'hostport', 'host', 'hostname', 'IPv6address'],
    count: 3000,
  },
  {
    spec: 'draft-ietf-uri-url-03',
    startRules: ['url', 'httpaddress', 'ftpaddress', 'mailtoaddress', 'newsaddress', 'host'],
    count: 3000,
  },
  { spec: 'draft-ietf-uri-relative-url-01', startRules: ['relativeURL', 'absoluteURL', 'location', 'rel_path', 'net_loc', 'segment'], count: 3000 },
  {
    spec: 'rfc6570',
    startRules: ['URI-Template', 'literals', 'expression', 'variable-list', 'varspec', 'varname', 'prefix', 'max-length', 'ucschar', 'iprivate'],
    count: 3000,
  },
  {
    spec: 'rfc3987',
    startRules: [
      'IRI-reference', 'IRI', 'absolute-IRI', 'irelative-ref', 'iauthority', 'ihost', 'ireg-name', 'ipath', 'iquery',
      'ifragment', 'ipchar', 'ucschar', 'iprivate',
    ],
    count: 3000,
  },
  { spec: 'rfc6874', startRules: ['URI-reference', 'URI', 'host', 'IP-literal', 'IPv6addrz', 'ZoneID'], count: 3000 },
  // file-scheme is "file" in its 16 spellings of case: its //+ and //- examples test it.
  { spec: 'rfc8089', startRules: ['file-URI', 'file-hier-part', 'auth-path', 'local-path', 'file-auth', 'file-absolute', 'unc-authority', 'file-host', 'inline-IP'], count: 3000 },
  {
    spec: 'rfc8141',
    startRules: ['namestring', 'assigned-name', 'NID', 'NSS', 'rq-components', 'r-component', 'q-component', 'f-component'],
    count: 3000,
  },
  { spec: 'rfc2141', startRules: ['URN', 'NID', 'NSS', 'URN chars', 'excluded'], count: 3000 },
  { spec: 'rfc9110', startRules: ['http-URI', 'https-URI', 'authority', 'path-abempty', 'query'], count: 3000 },
  { spec: 'rfc2397', startRules: ['dataurl', 'mediatype', 'data', 'parameter', 'token'], count: 3000 },
  {
    spec: 'rfc6068',
    startRules: [
      'mailtoURI', 'to', 'hfields', 'hfield', 'hfname', 'addr-spec', 'local-part', 'domain',
      'dot-atom-text', 'quoted-string',
    ],
    count: 3000,
  },
];

const SEED = 0x3986;
/** How many disagreements to print in full; the count of all is in the message too. */
const SHOWN = 25;
const KNOWN_SPECS = new Set(specs().map((s) => s.id));

for (const row of ROWS) {
  const printedFile = PRINTED_GRAMMARS[row.spec]?.file ?? '(unregistered)';
  const missing = !hasPrinted(row.spec)
    ? `${printedFile} does not exist yet, nothing to compare against`
    : !KNOWN_SPECS.has(row.spec)
      ? `urispec has no spec "${row.spec}" yet (its .peggy grammar is not built)`
      : undefined;
  if (missing) {
    describe.skip(`${row.spec}: SKIPPED, ${missing}`, () => {
      it('grammar equals the printed grammar', () => {});
    });
    continue;
  }

  describe(`${row.spec}: Peggy grammar vs printed ${printedFile}`, () => {
    const printed = loadPrinted(row.spec);
    const sampled = new Map<string, string[]>();
    const inputsFor = (rule: string): string[] => {
      let inputs = sampled.get(rule);
      if (!inputs) sampled.set(rule, (inputs = samples(printed, rule, SEED, row.count)));
      return inputs;
    };

    for (const rule of row.startRules) {
      it(`${rule}: isValid agrees with ${row.oracles?.[rule] ? 'the contract\'s reading of the printed rules' : 'the printed rule'} on ${row.count} seeded inputs`, () => {
        const custom = row.oracles?.[rule]?.(printed);
        const regex = custom ? undefined : compileRule(printed, rule);
        const oracle = (input: string): boolean => (custom ? custom(input) : regex!.test(input));
        const inputs = inputsFor(rule);
        const disagreements: string[] = [];
        let members = 0;
        for (const input of inputs) {
          const expected = oracle(input);
          if (expected) members++;
          const actual = isValid(input, { spec: row.spec, rule, grammarOnly: true });
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
        for (const input of inputsFor(rule)) {
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
