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

export const TRACE_STATE = `// Peggy's failure bookkeeping, as peg$fail keeps it, and the recorder's hooks.
let maxFailPos = 0;
let maxFailExpected = [];
let silent = 0;
let hooks = null;

// How the hooks run: ALL, MEASURE (no hooks, no list: only the furthest position), FURTHEST.
const ALL = 0, MEASURE = 1, FURTHEST = 2;
let mode = ALL;
/** FURTHEST: the furthest failure position, from the MEASURE run. */
let floor = 0;
/** FURTHEST: the open rules (hook index, start), and how many of them the recorder has seen. */
const frames = [];
let depth = 0;
let shown = 0;

function fail(p, expected) {
  if (mode === MEASURE) {
    if (p > maxFailPos) maxFailPos = p;
    return;
  }
  if (mode === FURTHEST) {
    if (p < floor) return;
    while (shown < depth) {
      hooks.enter(frames[2 * shown], frames[2 * shown + 1], maxFailPos, maxFailExpected);
      shown++;
    }
  }
  if (p < maxFailPos) return;
  if (p > maxFailPos) {
    maxFailPos = p;
    maxFailExpected = [];
  }
  maxFailExpected.push(expected);
}

// Where a construct stops: a repetition or an option whose element fails where it starts, or
// an element that breaks a sequence after the sequence consumed something. stopped(id, q, start)
// is called there, q being the element's position and start the enclosing rule function's;
// STOPS[id] says what stopped (TracedEmitter.stopId).
//
// Normally it reports the construct to the recorder when q is the furthest failure position (a
// candidate for the diagnosis's rule: src/diagnose.ts) and the element stays failed (-1). In a
// counterfactual run (parse() with options.$urispecGrant), the one construct granted, in the
// rule started at \`start\`, accepts the character at \`pos\` instead (nothing at the end of the
// input); a repetition (persist) also accepts each later character of the same kind.
let grantId = -1;
/**
 * A rule call whose reach ends at or before fastBelow runs in the fast recognizer instead (the
 * traced emitter's ruleEntry): -1 (never) when every failure matters (ALL, MEASURE); in FURTHEST
 * the floor, below which no failure is kept; in a counterfactual run the granted position (a run
 * that then fails short of it runs again without).
 */
let fastBelow = -1;
/** The input of the current run (parse()), for stopped(). */
let subject = '';
let grantStart = 0;
let grantPos = 0;
let grantKind = -1;

/** The kind of the code point at q: -1 at the end, 128 for any non-ASCII, else its code unit. */
function kindAt(s, q) {
  if (q >= s.length) return -1;
  const c = s.charCodeAt(q);
  return c >= 128 ? 128 : c;
}

function widthAt(s, q) {
  if (q >= s.length) return 0;
  const c = s.codePointAt(q);
  return c > 0xffff ? 2 : 1;
}

function stopped(id, q, start) {
  if (grantId < 0 && q !== maxFailPos) return -1;
  const k = STOPS[id];
  const s = subject;
  if (grantId === id) {
    if (start === grantStart && (q === grantPos || (k === -4 && q > grantPos && grantKind >= 0 && kindAt(s, q) === grantKind))) return q + widthAt(s, q);
    return -1;
  }
  if (mode === MEASURE || q !== maxFailPos || silent !== 0 || hooks === null || hooks.stop === undefined) return -1;
  if (mode === FURTHEST) {
    while (shown < depth) {
      hooks.enter(frames[2 * shown], frames[2 * shown + 1], maxFailPos, maxFailExpected);
      shown++;
    }
  }
  hooks.stop(id, k, q, start, maxFailPos, maxFailExpected);
  return -1;
}

function hookEnter(k, p) {
  if (mode === ALL) hooks.enter(k, p, maxFailPos, maxFailExpected);
  else if (mode === FURTHEST) {
    frames[2 * depth] = k;
    frames[2 * depth + 1] = p;
    depth++;
  }
}

function hookLeave(end) {
  if (mode === ALL) hooks.leave(end, maxFailPos, maxFailExpected);
  else if (mode === FURTHEST && --depth < shown) {
    shown = depth;
    hooks.leave(end, maxFailPos, maxFailExpected);
  }
}

function hookFail(p) {
  if (mode === ALL) hooks.fail(p, maxFailPos, maxFailExpected);
  else if (mode === FURTHEST && --depth < shown) {
    shown = depth;
    hooks.fail(p, maxFailPos, maxFailExpected);
  }
}

// The derivation tree (ALL, with a recorder that builds one): a sequence that fails, or a
// lookahead, backtracks without a rule boundary, so the rules it matched inside the open rule
// are no part of the derivation. hookMark() before it says how many the open rule has;
// hookRewind(mark) after it drops those matched since. -1: no tree is being built.
function hookMark() {
  return mode === ALL && hooks.mark !== undefined ? hooks.mark() : -1;
}

function hookRewind(mark) {
  if (mark >= 0) hooks.rewind(mark);
}
`;

export const TRACE_PARSE = `const FAILED = {};
const MATCHED = {};

/**
 * Peggy's parse() as the diagnosis calls it: options.startRule, options.$urispec (the hooks),
 * options.peg$library (return the state instead of throwing), options.$urispecFurthest (the
 * hooks are only needed for the error record: see FURTHEST) with options.$urispecFloor (a lower
 * bound of the furthest failure: the caller runs again without it when the result's
 * peg$maxFailPos is below it), and options.$urispecGrant (stopped()). No result values are built.
 */
export function parse(input, options = {}) {
  const name = options.startRule ?? FIRST_RULE;
  const rule = START.get(name);
  if (rule === undefined) throw new Error(\`Can't start parsing from rule "\${name}".\`);
  hooks = options.$urispec ?? null;
  subject = input;
  silent = 0;
  mode = ALL;
  floor = 0;
  fastBelow = -1;
  const grant = options.$urispecGrant;
  if (grant) {
    // A counterfactual run (stopped()): no hooks, only how far the parse gets.
    mode = MEASURE;
    hooks = null;
    grantId = grant.id;
    grantStart = grant.start;
    grantPos = grant.pos;
    grantKind = kindAt(input, grant.pos);
    fastBelow = grant.pos;
  } else if (options.$urispecFurthest) {
    // The furthest failure position first (MEASURE), unless the caller knows a lower bound of
    // it ($urispecFloor, from the fast recognizer): from a lower bound, the recorder sees the
    // failures between it and the furthest too, and drops them as Peggy drops its list.
    const lower = options.$urispecFloor ?? 0;
    if (lower > 0) floor = lower;
    else {
      mode = MEASURE;
      maxFailPos = 0;
      rule(input, 0);
      floor = maxFailPos;
    }
    mode = FURTHEST;
    depth = 0;
    shown = 0;
    fastBelow = floor;
  }
  maxFailPos = 0;
  maxFailExpected = [];
  let end = rule(input, 0);
  if (grant && end !== input.length && maxFailPos < fastBelow) {
    // Short of the granted position: a call handed to the fast recognizer may have held the
    // furthest failure. Run again, every call traced.
    fastBelow = -1;
    maxFailPos = 0;
    end = rule(input, 0);
  }
  const result = {
    peg$result: end >= 0 ? MATCHED : FAILED,
    peg$currPos: end >= 0 ? end : 0,
    peg$FAILED: FAILED,
    peg$maxFailPos: maxFailPos,
    peg$maxFailExpected: maxFailExpected,
  };
  hooks = null;
  grantId = -1;
  fastBelow = -1;
  maxFailExpected = [];
  frames.length = 0;
  if (options.peg$library) return result;
  if (end === input.length) return undefined;
  throw new SyntaxError(\`no match of \${name} (offset \${Math.max(result.peg$maxFailPos, result.peg$currPos)}); use peg$library mode\`);
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

export const CODE_POINT_HELPER = `// Peggy's unicode class: one code point (peg$getUnicode) tested by the class's RegExp.
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

