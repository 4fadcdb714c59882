/**
 * What the RFCs say of one era's language against another's, checked on strings derived from
 * the printed grammars (test/oracle/derive.ts) and near misses of them: each relation is stated
 * by the later document's own words, and each era's grammar is a separate translation, so a
 * string on the wrong side of one is a translation error in one of the two grammars (or a
 * reading of a scheme's prose), which the per-era proofs cannot see: each holds an era only to
 * its own text.
 */
import { describe, expect, it } from 'vitest';
import { isValid, parse } from '../src/index.js';
import { derive, grammarAlphabet, hashString, mutate } from './oracle/derive.js';
import { loadPrinted } from './oracle/printed-grammars.js';
import { mulberry32 } from './oracle/prng.js';

/** Strings per relation: derivations of the smaller era's rule, and edits of them. */
const COUNT = 6000;
const SHOWN = 12;

/**
 * `n` distinct strings: every third a derivation of `rule` in `spec`'s printed grammar, the
 * others one or two edits of one, with characters of that grammar and of RFC 3986's (so that an
 * edit can also step outside the smaller era into the larger one).
 */
function corpus(spec: string, rule: string, n: number): string[] {
  const printed = loadPrinted(spec);
  const rng = mulberry32(0x5eed ^ hashString(`${spec} ${rule}`));
  const alphabet = [...new Set([...grammarAlphabet(printed), ...grammarAlphabet(loadPrinted('rfc3986'))])];
  const out = new Set<string>();
  for (let k = 0; out.size < n && k < n * 20; k++) {
    const derived = derive(printed, rule, rng, { maxRepeat: 3 });
    out.add(k % 3 === 0 ? derived : mutate(derived, rng, alphabet));
  }
  return [...out];
}

interface Inclusion {
  /** The era and rule whose every string is one of `within`'s. */
  of: { spec: string; rule: string };
  within: { spec: string; rule: string };
  /** Where the later document says so, in its words. */
  because: string;
}

const INCLUSIONS: Inclusion[] = [
  {
    of: { spec: 'rfc1738', rule: 'url' },
    within: { spec: 'rfc1808', rule: 'absoluteURL' },
    // RFC 1738 §5's URLs are a scheme, ":" and xchars (xchar = unreserved | reserved | escape),
    // with RFC 1808's unreserved, reserved and escape, and a scheme RFC 1808's takes.
    because: 'RFC 1808 §2.1: a companion to RFC 1738, "which specifies the syntax and semantics of absolute URLs"; §2.2: absoluteURL = generic-RL | ( scheme ":" *( uchar | reserved ) )',
  },
  {
    of: { spec: 'rfc9110', rule: 'http-URI' },
    within: { spec: 'rfc3986', rule: 'absolute-URI' },
    because: 'RFC 9110 §4.2.1: http-URI = "http" "://" authority path-abempty [ "?" query ], its rules "adopted from the URI generic syntax" (§4.1)',
  },
  {
    of: { spec: 'rfc9110', rule: 'https-URI' },
    within: { spec: 'rfc3986', rule: 'absolute-URI' },
    because: 'RFC 9110 §4.2.2: https-URI = "https" "://" authority path-abempty [ "?" query ], as §4.2.1',
  },
  {
    of: { spec: 'rfc8089', rule: 'file-URI' },
    within: { spec: 'rfc3986', rule: 'URI' },
    because: 'RFC 8089 §2: "The generic syntax in [RFC3986] includes "path" and "authority" components, for each of which only a subset is used in the definition of the file URI scheme"',
  },
  {
    of: { spec: 'rfc8141', rule: 'namestring' },
    within: { spec: 'rfc3986', rule: 'URI' },
    because: 'RFC 8141 §1.1: "URN: A URI (as defined in RFC 3986) using the "urn" scheme"',
  },
  {
    of: { spec: 'rfc6068', rule: 'mailtoURI' },
    within: { spec: 'rfc3986', rule: 'URI' },
    because: 'RFC 6068 §1: "This document defines the format of Uniform Resource Identifiers (URIs) to identify resources that are reached using Internet mail"',
  },
  {
    of: { spec: 'rfc2397', rule: 'dataurl' },
    within: { spec: 'rfc2396', rule: 'URI-reference' },
    because: 'RFC 2397 §3: "urlchar" is imported from [RFC2396], and the tokens of RFC 2045 are "represented using URL escaped encoding of [RFC2396] as necessary"',
    // Not within RFC 3986's URI: RFC 2732 §3 "(3) Add "[" and "]" to the set of 'reserved'
    // characters" of RFC 2396, so a data URL's data may hold them (`data:,[`), where RFC 3986
    // takes them only around an IP literal.
  },
  {
    of: { spec: 'rfc3986', rule: 'URI-reference' },
    within: { spec: 'rfc3987', rule: 'IRI-reference' },
    because: 'RFC 3987 §3.1: "Every URI is by definition an IRI"',
  },
  {
    of: { spec: 'rfc3986', rule: 'URI-reference' },
    within: { spec: 'rfc6874', rule: 'URI-reference' },
    because: 'RFC 6874 §1: "this document updates the URI syntax specification [RFC3986] by adding syntax to allow a zone identifier"',
  },
];

describe('one era\'s strings are another\'s, as the later document says', () => {
  it.each(INCLUSIONS.map((r) => [`${r.of.spec} ${r.of.rule} within ${r.within.spec} ${r.within.rule}`, r] as const))('%s', (_, r) => {
    let members = 0;
    const outside: string[] = [];
    for (const input of corpus(r.of.spec, r.of.rule, COUNT)) {
      if (!isValid(input, r.of)) continue;
      members++;
      if (!isValid(input, r.within)) outside.push(input);
    }
    // Enough strings of the smaller language for the inclusion to mean something.
    expect(members, 'strings of the smaller language').toBeGreaterThan(COUNT / 10);
    expect(outside.slice(0, SHOWN), `${outside.length} of ${members} outside (${r.because})`).toEqual([]);
  });
});

describe('RFC 3987 §2.2: on ASCII, an IRI rule takes exactly what its URI rule takes', () => {
  // The i-rules differ from RFC 3986's only by ucschar (in iunreserved) and iprivate (in
  // iquery), both outside ASCII: "iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar".
  it.each([
    ['IRI-reference', 'URI-reference'],
    ['IRI', 'URI'],
    ['absolute-IRI', 'absolute-URI'],
    ['irelative-ref', 'relative-ref'],
  ])('%s and %s', (iri, uri) => {
    const inputs = [...new Set([...corpus('rfc3986', uri, COUNT / 2), ...corpus('rfc3987', iri, COUNT / 2)])].filter((s) => /^[\x00-\x7f]*$/.test(s));
    const verdicts = inputs.map((s) => [isValid(s, { spec: 'rfc3986', rule: uri }), isValid(s, { spec: 'rfc3987', rule: iri })] as const);
    const differ = inputs.filter((_, k) => verdicts[k]![0] !== verdicts[k]![1]);
    expect(verdicts.filter(([u]) => u).length, 'accepted').toBeGreaterThan(inputs.length / 10);
    expect(verdicts.filter(([u]) => !u).length, 'rejected').toBeGreaterThan(inputs.length / 10);
    expect(differ.slice(0, SHOWN), `${differ.length} of ${inputs.length} differ`).toEqual([]);
  });
});

describe('RFC 6874 §2: what it adds to RFC 3986 is a zone identifier in an IP literal', () => {
  // IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"; IPv6addrz = IPv6address "%25" ZoneID.
  it('a reference valid in rfc6874 but not in rfc3986 holds "%25" inside brackets', () => {
    const added = corpus('rfc6874', 'URI-reference', COUNT).filter((s) => isValid(s, { spec: 'rfc6874' }) && !isValid(s, { spec: 'rfc3986' }));
    expect(added.length, 'references only rfc6874 takes').toBeGreaterThan(50);
    expect(added.filter((s) => !/\[[^\]]*%25/.test(s)).slice(0, SHOWN)).toEqual([]);
  });
});

describe('an era that reads a string with RFC 3986\'s component rules gives RFC 3986\'s components', () => {
  // Where both eras take a string, each component both name has the same value: RFC 9110 §4.2.1
  // writes http-URI with RFC 3986's authority, path-abempty and query; RFC 8089 §2 uses "only a
  // subset" of RFC 3986's path and authority; RFC 3987 §2.2 gives the IRI rules RFC 3986's
  // components; RFC 6874 changes IP-literal alone; RFC 2397 adds dataurl to RFC 2396's rules.
  it.each([
    ['rfc9110', 'http-URI', 'rfc3986', 'URI'],
    ['rfc9110', 'https-URI', 'rfc3986', 'URI'],
    ['rfc8089', 'file-URI', 'rfc3986', 'URI'],
    ['rfc3987', 'IRI-reference', 'rfc3986', 'URI-reference'],
    ['rfc6874', 'URI-reference', 'rfc3986', 'URI-reference'],
    ['rfc2397', 'URI-reference', 'rfc2396', 'URI-reference'],
  ])('%s %s and %s %s', (spec, rule, base, baseRule) => {
    const values = (input: string, on: string, as: string): Record<string, string> => {
      const r = parse(input, { spec: on, rule: as });
      if (!r.valid) throw new Error(`${on} ${as} refuses ${JSON.stringify(input)}, which isValid takes`);
      return Object.fromEntries(Object.entries(r.components).map(([name, c]) => [name, c.value]));
    };
    let both = 0;
    let compared = 0;
    const differ: string[] = [];
    for (const input of corpus(spec, rule, COUNT / 2)) {
      if (!isValid(input, { spec, rule }) || !isValid(input, { spec: base, rule: baseRule })) continue;
      both++;
      const mine = values(input, spec, rule);
      const theirs = values(input, base, baseRule);
      for (const name of Object.keys(mine)) {
        if (!(name in theirs)) continue;
        compared++;
        if (mine[name] !== theirs[name]) differ.push(`${JSON.stringify(input)} ${name}: ${JSON.stringify(mine[name])}, ${base} ${JSON.stringify(theirs[name])}`);
      }
    }
    expect(both, 'strings both eras take').toBeGreaterThan(COUNT / 20);
    expect(compared, 'components compared').toBeGreaterThan(both);
    expect(differ.slice(0, SHOWN), `${differ.length} components differ`).toEqual([]);
  });
});
