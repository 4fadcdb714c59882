// The classes of disagreement of the conformance report (docs/conformance.md#classes).
//
// The first five are the classes of the 2022 study of URL parsing confusion (Claroty and Snyk,
// "Exploiting URL Parsing Confusion"): scheme confusion, slashes confusion, backslash
// confusion, URL-encoded data confusion and scheme mix-up. Then "era mismatch" (the parser
// follows another RFC than the one it is counted against) and "WHATWG" (a parser that follows
// the WHATWG URL Standard, another spec). What none of those explains is classed by what urispec
// says: for a false accept, the kind of character the grammar refuses; for a false reject, the
// part of the valid reference the parser refuses.
import { parse, componentValues, validate, specs } from '../../src/index.js';
import type { DiffOutcome } from '../../src/diff/index.js';
import { ruleIn } from './parsers.js';

export const CONFUSION_CLASSES = ['backslash confusion', 'scheme mix-up', 'scheme confusion', 'slashes confusion', 'URL-encoded data confusion'] as const;

/** What the classes need beyond one outcome. */
export interface Facts {
  /** The parser's verdict on the input with its scheme swapped (special ↔ not), if it has one. */
  swappedVerdict?: boolean;
  /** The parser's verdict on the input with its `%XX` triplets written as a plain letter. */
  plainVerdict?: boolean;
  /** Eras whose verdict the parser's equals, when it disagrees with the era counted. */
  otherEras: string[];
  whatwg: boolean;
}

/** The input with every `%XX` triplet replaced by a letter, or undefined when it has none. */
export function plainPercent(input: string): string | undefined {
  return /%[0-9A-Fa-f]{2}/.test(input) ? input.replace(/%[0-9A-Fa-f]{2}/g, 'a') : undefined;
}

/** The variants of an input whose verdicts the classes need (swapScheme, plainPercent). */
export function probesOf(input: string): string[] {
  return [swapScheme(input), plainPercent(input)].filter((v): v is string => v !== undefined);
}

/**
 * The facts of an outcome, from the parser's answers on its probes (`answers`, by input). A
 * probe counts only where urispec's verdict on it is urispec's verdict on the input: then a
 * change of the parser's verdict is the probe's doing.
 */
export function factsFrom(
  o: DiffOutcome, answers: ReadonlyMap<string, DiffOutcome>, eras: { spec: string; rule: string }[], whatwg: boolean,
): Facts {
  const verdict = (variant: string | undefined): boolean | undefined => {
    const a = variant === undefined ? undefined : answers.get(variant);
    return a && a.valid === o.valid ? a.parser.valid : undefined;
  };
  return { swappedVerdict: verdict(swapScheme(o.input)), plainVerdict: verdict(plainPercent(o.input)), otherEras: erasAgreeing(o, eras), whatwg };
}

/** WHATWG's special schemes (URL Standard §4.1): they get their own host and path rules. */
const SPECIAL = new Set(['http', 'https', 'ftp', 'ws', 'wss', 'file']);
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;

/** The input with its scheme swapped, special for not special and back, or undefined. */
export function swapScheme(input: string): string | undefined {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(input);
  if (!m) return undefined;
  return (SPECIAL.has(m[1]!.toLowerCase()) ? 'x' : 'http') + input.slice(m[1]!.length);
}

/** A character as the report shows it: visible, controls and spaces by code point. */
export function visibleChar(c: string | null): string {
  if (c === null) return 'the end of the input';
  const cp = c.codePointAt(0)!;
  if (cp < 0x21 || cp === 0x7f || (cp >= 0x80 && cp < 0xa0)) return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return `"${c}"`;
}

/** Rules of the IP literals (RFC 3986 §3.2.2, RFC 2732 §3): a malformed literal is one class. */
const IP_LITERAL_RULES = new Set(['IP-literal', 'IPvFuture', 'IPv6address', 'h16', 'ls32', 'IPv4address', 'dec-octet', 'IPv6reference', 'hexpart', 'hexseq', 'hex4']);

/** What a false accept holds that the grammar refuses: the kind of character, or the part it malforms. */
function acceptedKind(o: DiffOutcome): string {
  const c = o.error?.found ?? null;
  if (o.error && IP_LITERAL_RULES.has(o.error.rule)) return 'a malformed IP literal';
  if (c === null) return 'a string that ends too early';
  const cp = c.codePointAt(0)!;
  if (cp < 0x20 || cp === 0x7f) return 'a control character';
  if (cp === 0x20) return 'a space';
  if (cp > 0x7f) return 'a non-ASCII character';
  // Named in words: the characters themselves would break the report's tables.
  if ('"<>^`{|}'.includes(c)) return 'a character no rule allows (quote, angle bracket, brace, caret, grave accent or vertical bar)';
  if (c === '[' || c === ']') return 'a "[" or "]" outside an IP literal';
  if (c === '#') return 'a second "#"';
  return `a character ${o.error?.rule ?? 'the grammar'} does not allow`;
}

/** What a valid reference has that a parser may refuse, most telling first. */
export function featureOf(input: string, spec: string, rule: string): string {
  const r = parse(input, { spec, rule });
  if (!r.valid) return 'a valid reference';
  const c = componentValues(r.components);
  const host = r.components.host as { kind?: string } | undefined;
  if (host?.kind === 'IP-literal') return /^\[v/i.test(c.host ?? '') ? 'an IPvFuture literal' : 'an IPv6 literal';
  if (c.port === '') return 'an empty port';
  if (c.authority !== undefined && c.host === '') return 'an empty host';
  if (c.userinfo !== undefined) return 'a userinfo';
  if (c.scheme === undefined) return 'a relative reference';
  if (c.port !== undefined) return 'a port';
  if (c.authority === undefined) return 'a URI without authority';
  return 'a URI with authority';
}

/** The class of one disagreement. */
export function classify(o: DiffOutcome, facts: Facts): string {
  const input = o.input;
  if (input.includes('\\')) return 'backslash confusion';
  // A WHATWG parser's scheme-dependence is that standard's own rule (special schemes): class WHATWG.
  if (!facts.whatwg && facts.swappedVerdict !== undefined && facts.swappedVerdict === o.valid) return 'scheme mix-up';
  const head = /^([^:/?#]*):/.exec(input);
  if (head && !SCHEME.test(head[1]!)) return 'scheme confusion';
  if (/^([A-Za-z][A-Za-z0-9+.-]*:)?\/\/\//.test(input) || (o.error?.found === '/' && /path/.test(o.error.rule))) return 'slashes confusion';
  // RFC 3986 names the triplet pct-encoded (§2.1), RFC 2396 escaped (§2.4.1).
  if (o.disagreement === 'false-accept' && (o.error?.rule === 'pct-encoded' || o.error?.rule === 'escaped' || o.error?.found === '%')) return 'URL-encoded data confusion';
  // A valid %XX refused: the parser accepts the same reference once its triplets are plain letters.
  if (o.disagreement === 'false-reject' && facts.plainVerdict === true) return 'URL-encoded data confusion';
  if (o.disagreement === 'false-accept' && o.rule !== ruleIn(o.spec, 'URI-reference')) {
    // A parser of absolute URIs given a reference that is not one: relative, or (RFC 2396's
    // absoluteURI has no fragment) an absolute URI with a fragment.
    const asReference = parse(input, { spec: o.spec, rule: ruleIn(o.spec, 'URI-reference') });
    if (asReference.valid) return asReference.components.scheme ? 'accepts an absolute URI with a fragment' : 'accepts a relative reference';
  }
  // A WHATWG parser claims no RFC, so it cannot follow the wrong one: what is left is its standard's.
  if (facts.whatwg) return 'WHATWG';
  if (facts.otherEras.length > 0) return `era mismatch (${facts.otherEras[0]})`;
  if (o.disagreement === 'false-accept') return `accepts ${acceptedKind(o)}`;
  return `rejects ${featureOf(input, o.spec, o.rule)}`;
}

/** The eras, among `candidates`, whose verdict on the input is the parser's. */
export function erasAgreeing(o: DiffOutcome, candidates: { spec: string; rule: string }[]): string[] {
  return candidates.filter(({ spec, rule }) => spec !== o.spec && validate(o.input, { spec, rule }).valid === o.parser.valid).map((c) => c.spec);
}

/** The rules (RFC 3986's names, then RFC 2396's) that derive each feature a parser may refuse. */
const FEATURE_RULES: Record<string, string[]> = {
  'an IPvFuture literal': ['IPvFuture', 'IPv6reference'],
  'an IPv6 literal': ['IPv6address', 'IPv6reference'],
  'an empty port': ['port'],
  'an empty host': ['reg-name', 'host'],
  'a userinfo': ['userinfo'],
  'a relative reference': ['relative-ref', 'relativeURI'],
  'a port': ['port'],
  'a URI without authority': ['hier-part', 'absoluteURI'],
  'a URI with authority': ['authority'],
};

/**
 * The rule and section urispec cites for a disagreement: its error's for an input it rejects;
 * for a valid input, the rule that derives the part the parser refused.
 */
export function citation(o: DiffOutcome): { rule: string; section: string } {
  if (o.error) return { rule: o.error.rule, section: o.error.section };
  const era = specs().find((s) => s.id === o.spec)!;
  const names = FEATURE_RULES[featureOf(o.input, o.spec, o.rule)] ?? [];
  const rule = names.map((n) => era.rules.find((r) => r.name === n)).find((r) => r !== undefined)
    ?? era.rules.find((r) => r.name === o.rule)!;
  return { rule: rule.name, section: rule.section };
}
