// The hint for a zone identifier written as people type it (RFC 9844 §5: "fe80::1%eth0") in a
// URI of RFC 6874, which needs its "%" percent-encoded (§2: "any occurrences of literal "%"
// symbols in a URI MUST be percent-encoded and represented in the form "%25""; the example
// "http://[fe80::a%25en1]").

import type { ValidationError } from '../diagnose.js';

/** The rfc6874 era's hint: `[fe80::1%eth0]` fails after its "%", in IPv6addrz, expecting "2". */
export function zoneHint(_startRule: string, input: string, e: Omit<ValidationError, 'message'>): string | undefined {
  if (e.rule !== 'IPv6addrz' || input[e.offset - 1] !== '%' || e.found === null) return undefined;
  const end = input.indexOf(']', e.offset);
  const zone = input.slice(e.offset, end < 0 ? input.length : end);
  if (zone.startsWith('25')) return undefined;
  return `a zone identifier's "%" is written "%25" in a URI: "%25${zone}" for "%${zone}" (RFC 6874 §2)`;
}
