// RFC 3987 §3.1 converts an ireg-name "using the ToASCII operation specified in section 4.1 of
// [RFC3490] on each dot-separated label ... with the flag UseSTD3ASCIIRules set to TRUE", and
// only "for schemes known to use domain names in ireg-name". The conversion itself is UTS #46's
// (to-uri.ts), whose mapping is not RFC 3490's Nameprep (docs/decisions.md, rfc3987); what this
// module adds are the parts of RFC 3490 §4.1 that need no Unicode tables: step 3, "(a) Verify
// the absence of non-LDH ASCII code points; that is, the absence of 0..2C, 2E..2F, 3A..40,
// 5B..60, and 7B..7F. (b) Verify the absence of leading and trailing hyphen-minus", and step 8,
// "Verify that the number of code points is in the range 1 to 63 inclusive". ToASCII fails on
// either, and RFC 3987 §3.1 says what a failure means: "this would mean that the IRI cannot be
// resolved", so each is an error, never a warning.

import { fromCodePoints } from '../large-arrays.js';

/**
 * The schemes known to use domain names in ireg-name, by the scheme definitions among the
 * project's specs: RFC 1738 §3.1's "host: The fully qualified domain name of a network host"
 * for the schemes that use its common Internet scheme syntax (ftp §3.2, http §3.3, gopher §3.4,
 * nntp §3.7, telnet §3.8, wais §3.9, prospero §3.11; file §3.10, and RFC 8089 §2), and https,
 * whose authority is http's (RFC 9110 §4.2.2). Others (mailto, news, urn, any scheme this list
 * does not know) keep §3.1 step 2's percent-encoding.
 */
export const DOMAIN_NAME_SCHEMES: readonly string[] = ['ftp', 'http', 'https', 'gopher', 'nntp', 'telnet', 'wais', 'prospero', 'file'];

/** RFC 3492 §6.2, the Punycode decoder, for the label an `xn--` A-label stands for. */
function punycodeDecode(input: string): string | null {
  const [base, tMin, tMax, skew, damp] = [36, 1, 26, 38, 700];
  const cut = input.lastIndexOf('-');
  const out: number[] = [];
  for (const ch of cut > 0 ? input.slice(0, cut) : '') out.push(ch.charCodeAt(0));
  let [n, i, bias] = [128, 0, 72];
  for (let pos = cut > 0 ? cut + 1 : 0; pos < input.length; ) {
    const old = i;
    for (let w = 1, k = base; ; k += base) {
      if (pos >= input.length) return null;
      const c = input.charCodeAt(pos++);
      const digit = c - 48 < 10 ? c - 22 : c - 65 < 26 ? c - 65 : c - 97 < 26 ? c - 97 : base;
      if (digit >= base) return null;
      i += digit * w;
      const t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias;
      if (digit < t) break;
      w *= base - t;
    }
    const length = out.length + 1;
    let delta = old === 0 ? Math.floor((i - old) / damp) : (i - old) >> 1;
    delta += Math.floor(delta / length);
    let k = 0;
    for (; delta > ((base - tMin) * tMax) >> 1; k += base) delta = Math.floor(delta / (base - tMin));
    bias = k + Math.floor(((base - tMin + 1) * delta) / (delta + skew));
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return null;
    out.splice(i++, 0, n);
  }
  return fromCodePoints(out); // an A-label of the input's length: not spread into a call
}

/** RFC 3490 §3.1: "U+002E (full stop), U+3002 (ideographic full stop), U+FF0E (fullwidth full stop), U+FF61 (halfwidth ideographic full stop)". */
const DOTS = /[.\u3002\uFF0E\uFF61]/;

/**
 * The first of RFC 3490 §4.1 steps 3 and 8 that a label of the conversion fails, as a sentence;
 * null when every label passes. `input` is the ireg-name as characters, `ascii` what the
 * conversion made of it. Step 3 reads the label ToASCII checks: an ASCII input label itself
 * (step 1 skips Nameprep for it), otherwise the mapped label, which an `xn--` output encodes.
 */
export function std3Failure(input: string, ascii: string): string | null {
  const inLabels = input.split(DOTS);
  const outLabels = ascii.split('.');
  for (const [k, out] of outLabels.entries()) {
    const given = inLabels.length === outLabels.length ? inLabels[k]! : undefined;
    const checked = given !== undefined && !/[^\x00-\x7f]/.test(given) ? given : out.toLowerCase().startsWith('xn--') ? punycodeDecode(out.slice(4)) ?? out : out;
    const shown = given ?? out;
    const bad = [...checked].find((c) => /[\x00-\x2c\x2e\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]/.test(c));
    if (bad !== undefined) {
      return `the label "${shown}" holds ${JSON.stringify(bad)}: RFC 3490 §4.1 step 3 (UseSTD3ASCIIRules, RFC 3987 §3.1): "(a) Verify the absence of non-LDH ASCII code points"`;
    }
    if (checked.startsWith('-') || checked.endsWith('-')) {
      return `the label "${shown}" begins or ends with "-": RFC 3490 §4.1 step 3 (UseSTD3ASCIIRules, RFC 3987 §3.1): "(b) Verify the absence of leading and trailing hyphen-minus"`;
    }
    if (out.length < 1 || out.length > 63) {
      return `${out.length === 0 ? 'an empty label' : `the label "${out}" has ${out.length} code points`}: RFC 3490 §4.1 step 8: "Verify that the number of code points is in the range 1 to 63 inclusive"`;
    }
  }
  return null;
}
