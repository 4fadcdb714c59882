// What a hint looks at (contract, "The diagnosis of a failure", `hint`): the error record
// already made, the input, the era with its row of the era table, and the start rule. Hints
// only add advice: the offset, the rule and the expected set stay what the grammar says.
//
// What an era allows is read from its grammar (whether it has an IP-literal rule, whether "%"
// may come at the offset) or from its row of the era table (./table.ts asks the row, never an
// era id); whether another era is loaded, to name it, is asked at run time (../known-eras.ts).

import type { Era, RuleMeta } from '../era.js';
import { eraNamed, isKnownEra } from '../known-eras.js';
import type { DiagnosisRow } from '../eras/table.js';
import { keptPer } from '../kept.js';
import type { SchemeProse } from '../profiles/profile.js';
import type { Component } from '../parse.js';
import { percentEncoded } from '../schemes/percent.js';

export interface HintContext {
  era: Era;
  /**
   * What the hints read of the era's row of the era table (`{}` for an era without one), carried
   * by its generated metadata (`eraRow`): not the table itself, which a bundle of one era's
   * `validate` leaves out (issue 19's budgets).
   */
  row: DiagnosisRow;
  /** The spec rule the input was checked against. */
  startRule: string;
  input: string;
  offset: number;
  found: string | null;
  rule: string;
  rulePath: readonly string[];
  expected: readonly string[];
  /** The character before the offset, or '' at the start. */
  before: string;
  /** The scheme profile's prose of the start rule (src/profiles/of-era.ts), if it has one. */
  prose?: SchemeProse;
  /** The Peggy rule the input was checked with (a reading of `startRule`: RFC 1738's union). */
  startId?: string;
  /** What the diagnosis knows of a fix at the offset (getsPast). */
  fix?: FixFacts;
  /**
   * A list equal to `expected` that stands for the expected set from one failure to the next (the
   * recorder keeps one a set, ../diagnosis/expected.ts): the set's facts are found once under it.
   */
  expectedSet: readonly string[] | undefined;
  /** The facts (has()) of the rule path and the expected set found so far, and those asked. */
  facts: number;
  known: number;
  /** Where the authority after "//" begins and ends (authorityIn()), -2 until first asked, -1 without one. */
  authorityStart: number;
  authorityEnd: number;
}

/** What the diagnosis knows of a fix at the offset, from its recorder (src/diagnose.ts). */
export interface FixFacts {
  /** Whether the rule instance of the construct that stopped takes a "%" triplet at the offset (asked when needed). */
  encodable: () => boolean;
  /** Where the instance of the named rule started, when known. */
  ruleStart: number | undefined;
}

/** The fields of an error record that a hint reads. */
export interface HintFields {
  offset: number;
  found: string | null;
  rule: string;
  rulePath: readonly string[];
  expected: readonly string[];
}

export function hintContext(
  era: Era,
  startRule: string,
  input: string,
  e: HintFields,
  prose?: SchemeProse,
  startId?: string,
  fix?: FixFacts,
  expectedSet?: readonly string[],
): HintContext {
  const { offset, found, rule, rulePath, expected } = e;
  const before = offset > 0 ? input[offset - 1]! : '';
  return { era, row: rowOfEra(era), startRule, input, offset, found, rule, rulePath, expected, before, prose, startId, fix, expectedSet, facts: 0, known: 0, authorityStart: -2, authorityEnd: -1 };
}

/** The row of an era without one in the era table (none is generated so). */
const NO_ROW: DiagnosisRow = {};

/** What the hints read of the era's row of the era table, from its generated metadata. */
export const rowOfEra = (era: Era): DiagnosisRow => era.meta.eraRow ?? NO_ROW;

// What a hint asks of the rule path and of the expected set (has()): several rows ask the same.

/** The failure is inside a bracketed IP literal: RFC 3986 §3.2.2 `IP-literal`, RFC 2732 §3 `ipv6reference`. */
export const IN_IP_LITERAL = 1;
/** Inside RFC 6874's `ZoneID`. */
export const IN_ZONE_ID = 1 << 1;
/** Inside a `port`. */
export const IN_PORT = 1 << 2;
/** Inside an RFC 6570 `expression`. */
export const IN_EXPRESSION = 1 << 3;
/** Inside RFC 6068's `domain`. */
export const IN_DOMAIN = 1 << 4;
/** Inside a `pct-encoded` triplet. */
export const IN_PCT_ENCODED = 1 << 5;
/** Inside a host's rule (HOST_RULES). */
export const IN_HOST = 1 << 6;
/** Inside RFC 6068's `addr-spec`. */
export const IN_ADDR_SPEC = 1 << 7;
/** `"%"` is expected at the offset. */
export const EXPECTS_PERCENT = 1 << 8;
/** `HEXDIG` (or RFC 1738's `hex`) is expected. */
export const EXPECTS_HEX = 1 << 9;
/** `"]"` is expected. */
export const EXPECTS_CLOSING_BRACKET = 1 << 10;
/** `"@"` is expected. */
export const EXPECTS_AT = 1 << 11;
/** Something expected is no literal and not "end of input": a class or a rule, which may hold any character (couldBegin). */
export const EXPECTS_CLASS = 1 << 12;

/** The rules of a bracketed IP literal: RFC 3986 §3.2.2, RFC 2732 §3. */
const IP_LITERAL_RULES = ['IP-literal', 'ipv6reference'] as const;
/** The rules of a host, in every era's names. */
const HOST_RULES = new Set(['host', 'reg-name', 'reg_name', 'hostname', 'domainlabel', 'toplabel', 'hostport', 'net_loc', 'server']);

/** The facts of the rule path, and those of the expected set. */
const PATH_FACTS = IN_IP_LITERAL | IN_ZONE_ID | IN_PORT | IN_EXPRESSION | IN_DOMAIN | IN_PCT_ENCODED | IN_HOST | IN_ADDR_SPEC;
const EXPECTED_FACTS = EXPECTS_PERCENT | EXPECTS_HEX | EXPECTS_CLOSING_BRACKET | EXPECTS_AT | EXPECTS_CLASS;

/** Whether the rule path holds rule `a` or `b`: compared name by name (`===` on the era's own strings), cheaper than a lookup of each name or an `includes` per name. */
function inPath(rulePath: readonly string[], a: string, b: string = a): boolean {
  for (let i = 0; i < rulePath.length; i++) {
    const r = rulePath[i];
    if (r === a || r === b) return true;
  }
  return false;
}

/** A fact of the rule path (IN_*), tested when first asked: a row asks one or two of them. */
function pathFact(rulePath: readonly string[], fact: number): boolean {
  switch (fact) {
    case IN_IP_LITERAL:
      return inPath(rulePath, IP_LITERAL_RULES[0], IP_LITERAL_RULES[1]);
    case IN_ZONE_ID:
      return inPath(rulePath, 'ZoneID');
    case IN_PORT:
      return inPath(rulePath, 'port');
    case IN_EXPRESSION:
      return inPath(rulePath, 'expression');
    case IN_DOMAIN:
      return inPath(rulePath, 'domain');
    case IN_PCT_ENCODED:
      return inPath(rulePath, 'pct-encoded');
    case IN_HOST:
      return rulePath.some((r) => HOST_RULES.has(r));
    case IN_ADDR_SPEC:
      return inPath(rulePath, 'addr-spec');
    default:
      throw new Error(`no fact of the rule path ${fact}`);
  }
}

/** The facts of an expected set (EXPECTS_*). */
function expectedFacts(expected: readonly string[]): number {
  let f = 0;
  if (expected.includes('"%"')) f |= EXPECTS_PERCENT;
  if (expected.includes('HEXDIG') || expected.includes('hex')) f |= EXPECTS_HEX;
  if (expected.includes('"]"')) f |= EXPECTS_CLOSING_BRACKET;
  if (expected.includes('"@"')) f |= EXPECTS_AT;
  // couldBegin(): a class or a rule may hold any character; a literal or the end of input, only its own.
  if (expected.some((e) => e[0] !== '"' && e !== 'end of input')) f |= EXPECTS_CLASS;
  return f;
}

/**
 * Whether the context has `fact` (one of IN_*, EXPECTS_*). A fact of the rule path is tested once
 * for the context, when first asked (several rows ask the same); the expected set's facts once for
 * each set, under the list the diagnosis shares from one failure to the next (`expectedSet`).
 */
export function has(c: HintContext, fact: number): boolean {
  if ((c.known & fact) === 0) {
    if ((fact & PATH_FACTS) !== 0) {
      if (pathFact(c.rulePath, fact)) c.facts |= fact;
      c.known |= fact;
    } else {
      c.facts |= c.expectedSet !== undefined ? factsOfSet(c.expectedSet) : expectedFacts(c.expected);
      c.known |= EXPECTED_FACTS;
    }
  }
  return (c.facts & fact) !== 0;
}

/** The facts of each expected set met (a few dozen an era), under its shared list. */
const factsOfSet = keptPer<readonly string[], number>(expectedFacts);

/**
 * A character as a JSON string: a printable ASCII one other than `"` and `\` is itself between
 * quotes, as JSON.stringify writes it (RFC 8259 §7) without its cost, which every message and
 * many hints paid.
 */
export function quoted(ch: string): string {
  const c = ch.charCodeAt(0);
  return ch.length === 1 && c >= 0x20 && c < 0x7f && c !== 0x22 && c !== 0x5c ? `"${ch}"` : JSON.stringify(ch);
}

/** A whitespace character (`\s`); a row's `found`, asked once for each character met (./table.ts). */
export const isSpace = (ch: string | null): boolean => ch !== null && /^\s$/u.test(ch);
export const isLoneSurrogate = (ch: string): boolean => ch.length === 1 && (ch.charCodeAt(0) & 0xf800) === 0xd800;
/**
 * A character shown inside a hint: quoted when it is a visible character of the BMP (U+0021 to
 * U+007E, U+00A1 to U+FFFF but spaces, format and private-use characters, noncharacters and
 * marks that combine with what stands before them), else (a control character, a space such as
 * U+00A0, a lone surrogate, a character beyond the BMP, one that shows as nothing) as its code
 * point. A quotation mark or a backslash is quoted as in the message (`"\""`, `"\\"`), not as `"""`.
 */
export const shown = (ch: string): string => {
  const cp = ch.codePointAt(0)!;
  return (cp >= 0x21 && cp <= 0x7e) || (cp > 0xa0 && cp <= 0xffff && !INVISIBLE.test(ch)) ? quotedAs(ch) : codePointOf(cp);
};

/**
 * The character a message says was found (src/diagnose.ts): quoted as typed where it shows on
 * its own (a space, a visible character, one beyond the BMP among them), else by its code point,
 * as the hints name it: a control character, DEL, U+00A0 and the other spaces, and what shows as
 * nothing (INVISIBLE). A reader then never sees `found ""` with an invisible character inside.
 */
export const foundShown = (ch: string): string => {
  const cp = ch.codePointAt(0)!;
  return (cp >= 0x20 && cp <= 0x7e) || (cp > 0xa0 && !INVISIBLE.test(ch)) ? quotedAs(ch) : codePointOf(cp);
};

const quotedAs = (ch: string): string => (ch === '"' || ch === '\\' ? JSON.stringify(ch) : `"${ch}"`);
const codePointOf = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * What shows as nothing, or as a space, or not on its own: spaces, format and private-use
 * characters, noncharacters, lone surrogates, and nonspacing and enclosing marks (U+0301 shown
 * alone would sit on the quotation mark before it).
 */
const INVISIBLE = /[\p{Zs}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Mn}\p{Me}]/u;

/** A non-ASCII character as typed, or by its code point where it shows as nothing or as a space (a C1 control, U+00A0, INVISIBLE). */
export const asTyped = (ch: string): string => (ch.codePointAt(0)! <= 0xa0 || INVISIBLE.test(ch) ? shown(ch) : ch);

/** The failure is inside an IP literal. */
export const inIpLiteral = (c: HintContext): boolean => has(c, IN_IP_LITERAL);

/**
 * "%" may come at the offset: percent-encoding is the fix. Not inside an IP literal, which
 * holds no percent-encoding (RFC 3986 §3.2.2), except in RFC 6874's ZoneID after its "%25".
 */
export function escapable(c: HintContext): boolean {
  return has(c, EXPECTS_PERCENT) && (!has(c, IN_IP_LITERAL) || has(c, IN_ZONE_ID)) && c.found !== null && !decodedAddress(c) && getsPast(c, ENCODED);
}

/**
 * The failure is at an ASCII character of an addr-spec that a scheme's prose reads decoded (RFC
 * 6068 §2: "<addr-spec> is a mail address as specified in [RFC5322]", and rule 1 names the
 * characters of that address which "MUST be percent-encoded"): the grammar's dot-atom-text and
 * quoted-string already take every character the address may hold, and a triplet decodes to the
 * character it stands for, so percent-encoding one they refuse (`mailto:a b@c`, "%20") leaves
 * the address as wrong as it was. Non-ASCII is what rules 4 and 5 have percent-encoded as UTF-8.
 */
export function decodedAddress(c: HintContext): boolean {
  return c.row.prose === true && c.found !== null && c.found.charCodeAt(0) < 0x80 && has(c, IN_ADDR_SPEC);
}

/** getsPast()'s replacement that stands for `found` percent-encoded, worked out only if needed. */
export const ENCODED = '';

/** The offset is one or two characters after a "%" that expected hex digits there: a triplet being written. */
export function inTriplet(c: HintContext): boolean {
  return (c.input.charCodeAt(c.offset - 1) === 0x25 || c.input.charCodeAt(c.offset - 2) === 0x25) && has(c, EXPECTS_HEX);
}

/** The last question getsPast() answered (several rows of one diagnosis ask the same), and its answer. */
let askedOf: HintContext | null = null;
let askedFor = '';
let askedPast = false;

/**
 * Whether writing `replacement` for `found` gets the parse past the offset: a hint proposes a
 * fix only when it is one. "%" expected at the offset is not enough: as RFC 1808's start rule
 * `punctuation` a "%" is one character, and `%61` for "a" stops after it; in `data:;=a,` the "="
 * is the delimiter of `parameter = attribute "=" value` (RFC 2397 §3), and `%3D` would leave it
 * missing. Past: the rule instance of the construct that stopped takes a "%" triplet at the
 * offset (the recorder saw "%" expected in it, beginning a rule); or the named rule, run where
 * it started on the input with the replacement, matches beyond it (the text before is the same);
 * or the start rule's match of the fixed input (the fast recognizer) does, or accepts it. Not
 * inside a "%" triplet being written, nor where nothing expected at the offset could begin the
 * replacement.
 */
export function getsPast(c: HintContext, replacement: string): boolean {
  if (askedOf !== c || askedFor !== replacement) {
    askedPast = fixGetsPast(c, replacement);
    askedOf = c;
    askedFor = replacement;
  }
  return askedPast;
}

function fixGetsPast(c: HintContext, replacement: string): boolean {
  // Inside a "%" triplet being written the "%" before is what is wrong (its hint says so).
  if (inTriplet(c)) return false;
  // The rule instance of the construct that stopped takes a triplet there (a replacement that
  // begins with "%" is `found` percent-encoded), and the parse goes on after it; else the fixed
  // input must get past the offset, a run of the fast recognizer, the dearer question.
  const past = ((replacement === ENCODED || replacement[0] === '%') && c.fix?.encodable()) || fixedGetsPast(c, replacement);
  if (!past || c.prose === undefined || c.found === null) return past;
  // A scheme's prose reads what the grammar accepts (src/profiles/profile.ts): the fix must keep
  // it too, up to the offset (RFC 6068 §2: `mailto:a@b?s=x/y`, where "/" for "\" lets the
  // grammar read the whole as a domain, which rule 1 then refuses at its "/").
  const fixed = c.input.slice(0, c.offset) + (replacement === ENCODED ? percentEncoded(c.found) : replacement) + c.input.slice(c.offset + c.found.length);
  return proseKeeps(c, fixed, c.offset, c.offset);
}

/** The Peggy rule that implements the start rule: the diagnosis's own, else looked up by name. */
const startIdIn = (c: HintContext): string | undefined => c.startId ?? ruleNamed(c.era, c.startRule)?.id;

/**
 * Whether the scheme's prose (if the start rule has one) finds no error at or before `upTo` in
 * `fixed`, where the grammar accepts all of it; where the grammar does not, the prose is not
 * asked (it reads only what the grammar accepts) and the answer is yes. With `at`, the fix of
 * one character there: only an error in the part of the prose's reading that holds it counts
 * (`components`: an addr-spec's local-part or domain, an hfvalue), not one of another part the
 * input had already (`mailto:"\AF"@b?a&=c`, where "%26" is the fix of the hfname's "&").
 */
function proseKeeps(c: HintContext, fixed: string, upTo: number, at?: number): boolean {
  const prose = c.prose;
  if (prose === undefined || !Object.values(prose.rules).includes(c.startRule)) return true;
  const id = startIdIn(c);
  if (id === undefined || !c.era.fast.accepts(fixed, id)) return true;
  // All the findings (with the warnings, which the check leaves out only to stop at the first
  // error): the error of the part that holds the fix may come after another part's.
  const errors = prose.check(fixed, c.startRule).filter((f) => f.level === 'error' && f.offset <= upTo);
  if (errors.length === 0) return true;
  const part = at === undefined || prose.components === undefined ? undefined : partAt(Object.values(prose.components(fixed, c.startRule)), at);
  return part !== undefined && errors.every((f) => f.offset < part.start || f.offset > part.end);
}

/** The innermost component (of a scheme's prose) whose span holds `at`, if any. */
function partAt(components: readonly Component[], at: number): Component | undefined {
  for (const k of components) {
    if (at < k.start || at > k.end) continue;
    const inner = partAt([...(k.items ?? []), ...Object.values(k.parts ?? {})], at);
    return inner ?? k;
  }
  return undefined;
}

/**
 * Whether `fixed`, the input rewritten by a hint's advice, is valid as the start rule (with the
 * scheme's prose, if any) or gets the start rule's match to `past` (where what comes after the
 * rewrite is what fails): the check of advice that rewrites more than the character at the
 * offset (a bracket added, a fragment left out).
 */
export function rewriteGetsPast(c: HintContext, fixed: string, past: number): boolean {
  const id = startIdIn(c);
  if (id === undefined) return false;
  if (c.era.fast.accepts(fixed, id)) return proseKeeps(c, fixed, fixed.length);
  return c.era.fast.matchEnd(fixed, id) >= past;
}

/** Whether all of `text` is a complete match of the start rule (the era's fast recognizer). */
export function wholeStart(c: HintContext, text: string): boolean {
  const id = startIdIn(c);
  return id !== undefined && c.era.fast.accepts(text, id) && proseKeeps(c, text, text.length);
}

/** Whether the input with `replacement` for `found` gets past the offset. */
function fixedGetsPast(c: HintContext, replacement: string): boolean {
  if (c.found === null) return true;
  if (replacement === ENCODED) replacement = percentEncoded(c.found);
  // Nothing expected at the offset could begin the replacement: the parse stops at it.
  if (!couldBegin(c, replacement[0]!)) return false;
  const id = startIdIn(c);
  if (id === undefined) return true;
  const fixed = c.input.slice(0, c.offset) + replacement + c.input.slice(c.offset + c.found.length);
  const after = c.offset + replacement.length;
  const start = c.fix?.ruleStart;
  const named = start === undefined ? undefined : ruleNamed(c.era, c.rule)?.id;
  if (named !== undefined && c.era.fast.ruleOf(named)(fixed, start!) >= after) return true;
  // Or the start rule's match of the fixed input (the fast recognizer) gets past it. A parse that
  // gets further only by another reading (RFC 1738's `ftp://53.^4` with "%5E": a login's user,
  // not the hostname that holds no "%") is no fix of the rule named.
  return c.era.fast.matchEnd(fixed, id) >= after;
}

/**
 * Whether something expected at the offset could accept `ch`: its literal, or a class or rule
 * (described by name, `pchar`, `%x21-7E`), which may hold it; "end of input" and other literals
 * cannot.
 */
function couldBegin(c: HintContext, ch: string): boolean {
  return has(c, EXPECTS_CLASS) || c.expected.includes(quoted(ch));
}

export const hasRule = (era: Era, ...names: string[]): boolean => names.some((n) => ruleNamed(era, n) !== undefined);

/**
 * Whether the first of `names` that the era has accepts all of `text` (its fast recognizer, as
 * validation asks it), or undefined when the era has none of them. For a hint that proposes or
 * names a part (an IPv6 address to bracket, a host and a port): it says so only of a part its
 * era's grammar takes as one.
 */
export function wholeRule(era: Era, text: string, ...names: string[]): boolean | undefined {
  for (const name of names) {
    const rule = ruleNamed(era, name);
    if (rule !== undefined) return era.fast.matchEnd(text, rule.id) === text.length;
  }
  return undefined;
}
export const sectionOf = (era: Era, name: string): string | null => ruleNamed(era, name)?.section ?? null;

/** Each era's rules by the names asked (any case: a record's, a table's), null for none. */
const rulesNamed = keptPer((_era: Era) => new Map<string, RuleMeta | null>());

/**
 * The era's rule `name` (`era.byName`, which is by lower-cased name): the names asked are the
 * eras' and the table's own strings, the same objects each time, where lower-casing one with a
 * capital ("URI-reference", "NID") made a new string to hash on each failure.
 */
export function ruleNamed(era: Era, name: string): RuleMeta | undefined {
  const named = rulesNamed(era);
  let rule = named.get(name);
  if (rule === undefined) {
    rule = era.byName.get(name.toLowerCase()) ?? null;
    if (named.size < 4096) named.set(name, rule);
  }
  return rule ?? undefined;
}
export const registered: (id: string) => boolean = isKnownEra;

/** The era the era table names for a feature, when the table is loaded (../known-eras.ts). */
export const eraFor: (feature: string) => string | undefined = eraNamed;

/** The era has bracketed IP literals (RFC 2732, RFC 3986 §3.2.2); a row's `grammar`, asked once an era (./table.ts). */
export const hasIpLiteral = (era: Era): boolean => hasRule(era, ...IP_LITERAL_RULES);

/**
 * Where the authority after "//" begins, if the input has one (else -1), and `c.authorityEnd`
 * where it ends: after the first "/" when it is the first of "/", "?" and "#" and another "/"
 * follows, up to the next of them. Found once for the context, and nothing sliced.
 */
export function authorityIn(c: HintContext): number {
  if (c.authorityStart !== -2) return c.authorityStart;
  const input = c.input;
  // The first delimiter is a "/" (the first "/", with no "?" or "#" before it), and "/" follows.
  const i = input.indexOf('/');
  if (i < 0 || input.charCodeAt(i + 1) !== 0x2f || nextDelimiter(input, 0) !== i) return (c.authorityStart = -1);
  c.authorityEnd = nextDelimiter(input, i + 2);
  return (c.authorityStart = i + 2);
}

/** Where the first "/", "?" or "#" from `from` is (what ends an authority, RFC 3986 §3.2, or a scheme's first segment), else the length. */
function nextDelimiter(input: string, from: number): number {
  let i = from;
  for (; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c === 0x2f || c === 0x3f || c === 0x23) break;
  }
  return i;
}

/** Whether "/", "?" or "#" comes before `offset`. */
export function delimiterBefore(input: string, offset: number): boolean {
  return nextDelimiter(input, 0) < offset;
}

/** The last "[" before `limit` that no "]" closes before it, or -1. */
export function openBracket(input: string, limit: number): number {
  const open = input.lastIndexOf('[', limit - 1);
  if (open < 0) return -1;
  const close = input.indexOf(']', open);
  return close === -1 || close >= limit ? open : -1;
}

/** The closing bracket of each opening one that a construct of some era begins with. */
const CLOSING: readonly (readonly [open: string, close: string])[] = [
  ['[', ']'],
  ['{', '}'],
];

/**
 * `found` closes a construct left open before the offset: the "]" of an IP literal (RFC 3986
 * §3.2.2, RFC 2732 §3) or of a domain literal (RFC 6068 §2), the "}" of a template expression
 * (RFC 6570 §2.2). Percent-encoding it would leave the construct open, so the generic advice to
 * encode it does not apply: what is missing is inside the construct.
 */
export function closesOpen(c: HintContext): boolean {
  for (const [open, close] of CLOSING) {
    if (c.found !== close) continue;
    const at = c.input.lastIndexOf(open, c.offset - 1);
    if (at >= 0 && !c.input.slice(at + 1, c.offset).includes(close)) return true;
  }
  return false;
}

/** The bracketed content of the IP literal the failure is in (between its "[" and "]"), or null. */
export function ipLiteralText(c: HintContext): string | null {
  if (!inIpLiteral(c)) return null;
  const open = c.input.lastIndexOf('[', c.offset);
  if (open < 0) return null;
  const close = c.input.indexOf(']', open);
  return c.input.slice(open + 1, close < 0 ? undefined : close);
}

/**
 * The zone identifier in the IP literal open at the offset: `%25eth0` (`encoded`) or `%eth0`;
 * `through`: all from its "%" to the "]" that closes the literal (null without one), what a URI
 * without zones must lose.
 */
export function zoneAt(c: HintContext): { zone: string; encoded: boolean; through: string | null } | null {
  if (!inIpLiteral(c)) return null;
  // The failure is at the zone's "%", the literal's first (an IPv6address or IPvFuture takes
  // no "%", RFC 3986 §3.2.2), or one or two characters after it (RFC 6874's "%25" written "%e"
  // or "%2e"). A "%" later, after the literal stopped elsewhere (a path's triplet, when no "]"
  // closes it), is no zone, and neither is a triplet inside a zone already written "%25".
  const open = openBracket(c.input, c.offset + 1);
  if (open < 0) return null;
  const pct = c.input.indexOf('%', open);
  if (pct < 0 || pct > c.offset || pct < c.offset - 2) return null;
  // RFC 6874 §2: `IPv6addrz = IPv6address "%25" ZoneID`: a zone follows a whole IPv6address
  // (as the era's grammar reads one), not a "%" inside one (`[fe80:%1::1]`, `[::192.%.5.5]`,
  // `[%eth0]`), where neither "%25" nor leaving the zone out makes an address.
  if (wholeRule(c.era, c.input.slice(open + 1, pct), 'IPv6address') !== true) return null;
  const close = c.input.indexOf(']', pct);
  const m = /^%(25)?([A-Za-z0-9._~-][A-Za-z0-9._~%-]*)/.exec(c.input.slice(pct, close < 0 ? undefined : close));
  if (!m || (!m[1] && m[2]!.startsWith('25'))) return null; // "%25" and no zone
  return { zone: m[2]!, encoded: m[1] !== undefined, through: close < 0 ? null : c.input.slice(pct, close) };
}

/** The NID of a URN that the error is in: from after "urn:" to the next ":" (or the end). */
export function nidOf(input: string): string {
  const rest = input.slice(4);
  const colon = rest.indexOf(':');
  return colon < 0 ? rest : rest.slice(0, colon);
}
