// A hint's advice, applied, works (contract, "The diagnosis of a failure", `hint`): the fixed
// input is valid, or fails strictly further on. Rows for the hints an audit found wrong, each
// with the spec's words for why.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';

interface Row {
  spec: string;
  rule?: string;
  input: string;
  /** What the hint says; null: no hint, or none that holds `not`. */
  says: string[] | null;
  /** Words the hint must not hold (with `says` null and no `not`: no hint at all). */
  not?: string[];
  /** The input with the hint's advice applied, and where the fixed parse must get to (its length: valid). */
  fixed?: string;
  past?: number;
  source: string;
}

const rows: Row[] = [
  // 1. RFC 6068 §2: "<addr-spec> is a mail address as specified in [RFC5322]"; rule 1 names
  // the characters of that address that "MUST be percent-encoded". A triplet decodes to the
  // character: one that atext refuses stays refused (`mailto:a%20b@c` fails at 7).
  { spec: 'rfc6068', input: 'mailto:a b@c', says: null, source: 'RFC 6068 §2 (addr-spec is RFC 5322\'s, decoded); RFC 5322 §3.2.3 atext' },
  { spec: 'rfc6068', input: 'mailto:a..b@c', says: null, source: 'RFC 5322 §3.2.3 dot-atom-text' },
  { spec: 'rfc6068', input: 'mailto:a,b@c', says: null, source: 'RFC 5322 §3.2.3 atext' },
  { spec: 'rfc6068', input: 'mailto:chris@exampl"e.com', says: null, source: 'RFC 5322 §3.2.3 atext' },
  { spec: 'rfc6068', input: 'mailto:use\tr@[10.0.0.1]', says: null, source: 'RFC 6068 §2 rule 2 (no NO-WS-CTL)' },
  { spec: 'rfc6068', input: 'mailto:joe@example.c:om?cc=bob@example.com&body=hello', says: null, source: 'RFC 5322 §3.2.3 atext' },
  // "/" for a backslash: `mailto:a@b/c` is refused by rule 1 ("/" in gen-delims); "%5C" decodes
  // to "\", no atext.
  { spec: 'rfc6068', input: 'mailto:a@b\\c', says: null, source: 'RFC 6068 §2 rule 1; RFC 5322 §3.2.3' },
  // In an hfvalue (*qchar, no "/") "%5C" is the fix, "/" is not.
  { spec: 'rfc6068', input: 'mailto:a@b?subject=x\\y', says: ['"%5C"'], not: ['"/"'], fixed: 'mailto:a@b?subject=x%5Cy', past: 23, source: 'RFC 6068 §2 (hfvalue = *qchar)' },
  // Non-ASCII: rules 4 and 5 have it percent-encoded as UTF-8.
  { spec: 'rfc6068', input: 'mailto:\u00fc@c', says: ['"%C3%BC"'], fixed: 'mailto:%C3%BC@c', past: 15, source: 'RFC 6068 §2 rules 4 and 5' },
  // A domain literal's brackets are gen-delims: "%5B" and "%5D" (rule 1), not "]" added.
  { spec: 'rfc6068', input: 'mailto:a@[1.2.3.4', says: ['"%5B1.2.3.4%5D" for "[1.2.3.4"', 'rule 1'], fixed: 'mailto:a@%5B1.2.3.4%5D', past: 22, source: 'RFC 6068 §2 rule 1' },
  { spec: 'rfc6068', input: 'mailto:user@[10.0.0.1@', says: null, not: ['"]"'], source: 'RFC 6068 §2 rule 1; dtext-no-obs' },
  // 2. RFC 6874 §2: `IPv6addrz = IPv6address "%25" ZoneID`: a zone only after a whole address.
  { spec: 'rfc6874', input: 'http://[fe80:%1::1]/', says: null, not: ['%25'], source: 'RFC 6874 §2 (IPv6addrz)' },
  { spec: 'rfc6874', input: 'ldap://[20%1:db8::7]/', says: null, not: ['%25'], source: 'RFC 6874 §2 (IPv6addrz)' },
  { spec: 'rfc6874', input: 'http://[::192.9.5.%5]/ipng', says: null, not: ['%25'], source: 'RFC 6874 §2 (IPv6addrz)' },
  { spec: 'rfc6874', input: 'http://[%2fe80::a%25en1]/', says: null, not: ['%25'], source: 'RFC 6874 §2 (IPv6addrz)' },
  { spec: 'rfc6874', input: 'http://[fe80::1%eth0]/', says: ['"%25eth0" for "%eth0"'], fixed: 'http://[fe80::1%25eth0]/', past: 22, source: 'RFC 6874 §2' },
  { spec: 'rfc3986', input: 'http://[%eth0]/', says: null, not: ['zone'], source: 'RFC 3986 §3.2.2 (IP-literal)' },
  { spec: 'rfc3986', input: 'http://[::192.%.5.5]/', says: null, not: ['zone'], source: 'RFC 3986 §3.2.2 (IPv6address)' },
  { spec: 'rfc3987', input: 'http://[%eth0]/', says: null, not: ['zone'], source: 'RFC 3987 §2.2 (IP-literal of RFC 3986)' },
  { spec: 'rfc2396', input: 'http://[%eth0]/', says: null, not: ['zone'], source: 'RFC 2732 §3 (ipv6reference)' },
  // Without zones, all up to the "]" goes: `%25e<1`, not `%25e`.
  { spec: 'rfc3986', input: 'http://[fe80::a%25e<1]/', says: ['remove "%25e<1"'], fixed: 'http://[fe80::a]/', past: 17, source: 'RFC 3986 §3.2.2; RFC 6874 §2' },
  // 4. RFC 6570 §2.2: `expression = "{" [ operator ] variable-list "}"`, and a variable-list
  // begins with a varname (§2.3): "}" closes nothing before one.
  ...['{', '{x,', '{+', '{x.', '{x:', '{?x,y:', '{&x:'].flatMap((input) => [
    { spec: 'rfc6570', input, says: null, not: ['add "}"'], source: 'RFC 6570 §2.2, §2.3 (varname)' },
    { spec: 'rfc6570', rule: 'expression', input, says: null, not: ['add "}"'], source: 'RFC 6570 §2.2, §2.3 (varname)' },
  ]),
  { spec: 'rfc6570', rule: 'expression', input: '', says: null, source: 'RFC 6570 §2.2 (expression begins with "{")' },
  { spec: 'rfc6570', input: '{x', says: ['offset 0 is not closed: add "}"'], fixed: '{x}', past: 3, source: 'RFC 6570 §2.2' },
  ...['{}', '{+}', '{&}'].map((input) => ({ spec: 'rfc6570', rule: 'expression', input, says: ['at least one variable name'], not: ['%7B'], source: 'RFC 6570 §2.2 (expression begins with "{")' })),
  { spec: 'rfc6570', input: '{}', says: ['at least one variable name', '%7B or %7D'], fixed: '%7B%7D', past: 6, source: 'RFC 6570 §2.1, §2.2' },
  // 6. RFC 3986 §3.2.2: only the literal's own brackets hold an IPv6 address.
  { spec: 'rfc3986', input: 'http://[::[1.2.3.4]/', says: null, not: ['IPv4'], source: 'RFC 3986 §3.2.2 (IP-literal)' },
  { spec: 'rfc2396', input: 'http://[::[92.9.5.5]/ipng', says: null, not: ['IPv4'], source: 'RFC 2732 §3 (ipv6reference)' },
  { spec: 'rfc3986', input: 'http://[1.2.3.4]/', says: ['without brackets: 1.2.3.4', '::ffff:1.2.3.4'], fixed: 'http://[::ffff:1.2.3.4]/', past: 24, source: 'RFC 3986 §3.2.2' },
];

/** Each row's advice applied: valid, or failing at `past` or beyond. */
function getsFurther(spec: string, rule: string | undefined, fixed: string, past: number): boolean {
  const r = validate(fixed, { spec, rule });
  return r.valid || r.error.offset >= past;
}

describe('a hint\'s advice, applied, gets the parse further', () => {
  it.each(rows.map((r) => [`${r.spec} ${r.rule ?? ''} ${JSON.stringify(r.input)}`, r] as const))('%s', (_n, row) => {
    const r = validate(row.input, { spec: row.spec, rule: row.rule });
    expect(r.valid).toBe(false);
    if (r.valid) return;
    const hint = r.error.hint;
    if (row.says === null && row.not === undefined) expect(hint, row.source).toBeUndefined();
    for (const s of row.says ?? []) expect(hint, row.source).toContain(s);
    for (const s of row.not ?? []) expect(hint ?? '', row.source).not.toContain(s);
    if (row.fixed !== undefined) expect(getsFurther(row.spec, row.rule, row.fixed, row.past!), `${row.source}: ${row.fixed}`).toBe(true);
  });

});
