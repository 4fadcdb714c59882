// The recognizers' helpers: what the generated rule functions of generated/<era>.fast.js and
// generated/<era>.diag.js call besides their own code (./emit-fast.ts, ./emit-traced.ts). Each recognizer carries a
// copy of the ones it uses, transpiled from this module (./runtime-text.ts, helperSource): an
// imported helper is not inlined in a hot loop (measured: rfc3987's fast recognizer, which
// calls cpEnd per non-ASCII character, ran 2.3 to 2.8 times slower importing it). Each is
// computed from, or proven equal to, the test that Peggy's own parser makes
// (test/recognizer.test.ts holds the recognizers to it). They read the input with
// String.prototype's methods called on it, not `s.charCodeAt(p)`: a load on the string's map,
// megamorphic once strings of five or more representations went through it (issue 17).

/**
 * An ASCII membership table, 1 for each code unit in the inclusive ranges `lo, hi, lo, hi, ...`
 * (the code units below 128 that Peggy's test accepts).
 */
export function table(ranges: readonly number[]): Uint8Array {
  const t = new Uint8Array(128);
  for (let i = 0; i < ranges.length; i += 2) t.fill(1, ranges[i]!, ranges[i + 1]! + 1);
  return t;
}

/**
 * Peggy's case-insensitive literal test (`substr(p, n).toLowerCase() === lower`), without
 * allocating while the input is ASCII. `lower` is ASCII and as long as the literal.
 */
export function ic(s: string, p: number, lower: string, n: number): boolean {
  for (let i = 0; i < n; i++) {
    let c = String.prototype.charCodeAt.call(s, p + i);
    if (c >= 128) return String.prototype.substr.call(s, p, n).toLowerCase() === lower;
    if (c >= 65 && c <= 90) c += 32;
    if (c !== lower.charCodeAt(i)) return false;
  }
  return true;
}

/** Peggy's unicode class: one code point tested by the class's RegExp. */
export function codePoint(s: string, p: number, re: RegExp): number {
  const cp = String.prototype.codePointAt.call(s, p);
  if (cp === undefined) return -1;
  const ch = String.fromCodePoint(cp);
  return re.test(ch) ? p + ch.length : -1;
}

/** The end of the code point at p (its first unit c) if it is in the sorted ranges, else -1. */
export function cpEnd(s: string, p: number, c: number, ranges: Int32Array): number {
  let n = 1;
  if (c >= 0xd800 && c <= 0xdbff && p + 1 < s.length) {
    const d = String.prototype.charCodeAt.call(s, p + 1);
    if (d >= 0xdc00 && d <= 0xdfff) {
      c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
      n = 2;
    }
  }
  let lo = 0;
  let hi = (ranges.length >> 1) - 1;
  while (lo <= hi) {
    const m = (lo + hi) >> 1;
    if (c < ranges[2 * m]!) hi = m - 1;
    else if (c > ranges[2 * m + 1]!) lo = m + 1;
    else return p + n;
  }
  return -1;
}
