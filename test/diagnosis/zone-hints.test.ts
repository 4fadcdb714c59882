// Zone identifiers (issue 22, point 3): RFC 6874 §2 adds `IPv6addrz = IPv6address "%25" ZoneID`
// to RFC 3986's IP-literal and says a literal "%" "MUST be percent-encoded and represented in the
// form "%25"" (its example `http://[fe80::a%25en1]`); RFC 9844 obsoleted RFC 6874, so a zone
// is valid in the rfc6874 era only. Each row goes through `validate` and `urispec validate`.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { runInMemory } from '../cli/cli-harness.js';

const rows = [
  // RFC 3986 §3.2.2: IP-literal = "[" ( IPv6address / IPvFuture ) "]", no zone.
  { spec: 'rfc3986', input: 'http://[fe80::1%25eth0]/', says: ['no zone identifier', 'remove "%25eth0"', 'RFC 6874 only (spec rfc6874)', 'RFC 9844'] },
  { spec: 'rfc3986', input: 'http://[fe80::1%eth0]/', says: ['no zone identifier', 'RFC 6874 only (spec rfc6874)', 'RFC 9844', 'written "%25eth0"'] },
  // RFC 3987 §2.2 takes IP-literal from RFC 3986 unchanged.
  { spec: 'rfc3987', input: 'http://[fe80::1%25eth0]/', says: ['remove "%25eth0"', 'RFC 6874 only (spec rfc6874)'] },
  // RFC 2732 §3: ipv6reference = "[" IPv6address "]", no zone either.
  { spec: 'rfc2396', input: 'http://[fe80::1%25en1]/', says: ['remove "%25en1"', 'RFC 6874 only (spec rfc6874)'] },
  // RFC 6874 §2: the "%" of the zone is written "%25".
  { spec: 'rfc6874', input: 'http://[fe80::1%eth0]/', says: ['"%25eth0"', 'RFC 6874 §2'] },
  { spec: 'rfc6874', input: 'http://[fe80::a%en1]/x', says: ['"%25en1"'] },
];

describe('hints for zone identifiers', () => {
  it('rfc6874 accepts the zone as RFC 6874 §2 writes it, which rfc3986 rejects', () => {
    expect(validate('http://[fe80::a%25en1]', { spec: 'rfc6874' }).valid).toBe(true);
    expect(validate('http://[fe80::a%25en1]', { spec: 'rfc3986' }).valid).toBe(false);
  });

  it.each(rows)('$spec $input through validate', ({ spec, input, says }) => {
    const r = validate(input, { spec });
    expect(r.valid).toBe(false);
    if (r.valid) return;
    for (const s of says) expect(r.error.hint).toContain(s);
    expect(r.error.message).toContain(`hint: ${r.error.hint}`);
  });

  it.each(rows)('$spec $input through urispec validate', async ({ spec, input, says }) => {
    const readable = await runInMemory(['validate', '--spec', spec, input]);
    expect(readable.status).toBe(1);
    expect(readable.stdout).toMatch(/^ {2}hint +/m);
    for (const s of says) expect(readable.stdout).toContain(s);
    const json = await runInMemory(['validate', '--json', '--spec', spec, input]);
    const record = JSON.parse(json.stdout) as { error: { hint: string } };
    for (const s of says) expect(record.error.hint).toContain(s);
  });

  it('no zone hint for a zone written right in rfc6874, nor for an IP literal without "%"', () => {
    const ok = validate('http://[fe80::1%25eth0]/', { spec: 'rfc6874' });
    expect(ok.valid).toBe(true);
    const r = validate('http://[fe80::g]/', { spec: 'rfc3986' });
    expect(r.valid || r.error.hint === undefined || !r.error.hint.includes('zone')).toBe(true);
  });
});
