// The recognizers' runtime, as the generated modules carry it (text spliced into each module).

export const FAST_ACCEPTS = `/** Whether the rule \`startRule\` matches all of \`input\` (Peggy: a result, and at the end). */
export function accepts(input, startRule) {
  const rule = START.get(startRule);
  if (rule === undefined) throw new Error(\`Can't start parsing from rule "\${startRule}".\`);
  return rule(input, 0) === input.length;
}

/** Where the rule \`startRule\` stops matching \`input\` from its start, or -1. */
export function matchEnd(input, startRule) {
  const rule = START.get(startRule);
  if (rule === undefined) throw new Error(\`Can't start parsing from rule "\${startRule}".\`);
  return rule(input, 0);
}
`;

export const TABLE_HELPER = `// An ASCII membership table, 1 where Peggy's test accepts the code unit.
function table(bits) {
  const t = new Uint8Array(128);
  for (let i = 0; i < 128; i++) t[i] = bits.charCodeAt(i) === 49 ? 1 : 0;
  return t;
}
`;

export const IC_HELPER = `// Peggy's case-insensitive literal test, without allocating while the input is ASCII.
function ic(s, p, lower, n) {
  for (let i = 0; i < n; i++) {
    let c = s.charCodeAt(p + i);
    if (c >= 128) return s.substr(p, n).toLowerCase() === lower;
    if (c >= 65 && c <= 90) c += 32;
    if (c !== lower.charCodeAt(i)) return false;
  }
  return true;
}
`;

export const CODE_POINT_HELPER = `// Peggy's unicode class: one code point tested by the class's RegExp.
function codePoint(s, p, re) {
  const cp = s.codePointAt(p);
  if (cp === undefined) return -1;
  const ch = String.fromCodePoint(cp);
  return re.test(ch) ? p + ch.length : -1;
}
`;

export const CP_END_HELPER = `// The end of the code point at p (its first unit c) if it is in the ranges, else -1.
function cpEnd(s, p, c, ranges) {
  let n = 1;
  if (c >= 0xd800 && c <= 0xdbff && p + 1 < s.length) {
    const d = s.charCodeAt(p + 1);
    if (d >= 0xdc00 && d <= 0xdfff) {
      c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
      n = 2;
    }
  }
  let lo = 0;
  let hi = (ranges.length >> 1) - 1;
  while (lo <= hi) {
    const m = (lo + hi) >> 1;
    if (c < ranges[2 * m]) hi = m - 1;
    else if (c > ranges[2 * m + 1]) lo = m + 1;
    else return p + n;
  }
  return -1;
}
`;

