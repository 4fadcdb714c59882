// Each grammar keeps every rule its spec prints, and invents none (style: "the grammar's rule
// set is tested against the spec's"): the rule names of grammar/<spec>.peggy against those of
// the verbatim printed grammar grammar/printed/<spec>.*, as the oracle reads it. The only
// differences are decisions in docs/decisions.md, each listed here with its reason.
import { describe, expect, it } from 'vitest';
import { specs } from '../src/index.js';
import { hasPrinted, loadPrinted } from './oracle/printed-grammars.js';

/** Printed names the grammar spells otherwise or leaves out, by decision. */
const DECIDED: Record<string, Record<string, string>> = {
  rfc2396: {
    DIGIT: "RFC 2373's DIGIT is RFC 2396's digit: a second rule would clash in the case-insensitive rule lookup",
    IPv6reference: 'RFC 2732 defines ipv6reference and uses IPv6reference in host: the rule keeps the name of its definition',
  },
  // RFC 2397 imports RFC 2396's rules (the rfc2396 era's grammar, by @extends): the same two.
  rfc2397: {
    DIGIT: "RFC 2373's DIGIT is RFC 2396's digit (the rfc2396 era's decision)",
    IPv6reference: 'RFC 2732 uses IPv6reference for its ipv6reference (the rfc2396 era\'s decision)',
  },
  'draft-ietf-uri-url-03': {
    'linear-white-space': "addr-spec is imported from RFC 822 without RFC 822's optional white space between its tokens",
    'LWSP-char': "addr-spec is imported from RFC 822 without RFC 822's optional white space between its tokens",
  },
};

describe.each(specs().map((s) => [s.id, s] as const))('%s', (id, spec) => {
  it.runIf(hasPrinted(id))('has every printed rule, and no rule the spec does not print', () => {
    const printed = [...loadPrinted(id).rules.keys()];
    const ours = spec.rules.map((r) => r.name);
    const decided = DECIDED[id] ?? {};
    expect(printed.filter((n) => !ours.includes(n)).sort()).toEqual(Object.keys(decided).sort());
    expect(ours.filter((n) => !printed.includes(n))).toEqual([]);
  });
});
