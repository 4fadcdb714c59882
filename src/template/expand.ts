// URI Template expansion, RFC 6570 §3 at level 4, in the one-pass form of Appendix A: each
// expression's operator gives the table row below, and each varspec is expanded by §3.2.1.
// Where §3.2.1 (normative) and Appendix A (implementation hints) read differently, §3.2.1 is
// followed, except for a list's varname, which is a varname of the template and is copied as
// literals are (docs/decisions.md, "rfc6570: expansion").

import type { ValidationError } from '../diagnose.js';
import { UsageError } from '../errors.js';
import { validate } from '../validate.js';
import { percentEncoded, percentUtf8, tripletAt } from '../schemes/percent.js';
import { RESERVED_OPERATORS, templateParts, type Expression, type Operator, type VarSpec } from './syntax.js';
import { eraWith, rowOf } from '../eras/table.js';

/** A variable's value (contract, "Beyond validation"). null and undefined are undefined (§2.3). */
export type Value =
  | string
  | number
  | boolean
  | null
  | undefined
  | ReadonlyArray<string | number | boolean | null | undefined>
  | { readonly [name: string]: string | number | boolean | null | undefined }
  | ReadonlyMap<string, string | number | boolean | null | undefined>;

export type Variables = { readonly [name: string]: Value } | ReadonlyMap<string, Value>;

/** Appendix A's table: what each operator appends first, between values, and how it encodes. */
interface Behaviour {
  first: string;
  sep: string;
  named: boolean;
  ifemp: string;
  /** U+R: unreserved, reserved and pct-encoded pass; otherwise only unreserved (§3.2.1). */
  reserved: boolean;
}

const BEHAVIOUR: Record<Exclude<Operator, '=' | ',' | '!' | '@' | '|'>, Behaviour> = {
  '': { first: '', sep: ',', named: false, ifemp: '', reserved: false },
  '+': { first: '', sep: ',', named: false, ifemp: '', reserved: true },
  '.': { first: '.', sep: '.', named: false, ifemp: '', reserved: false },
  '/': { first: '/', sep: '/', named: false, ifemp: '', reserved: false },
  ';': { first: ';', sep: ';', named: true, ifemp: '', reserved: false },
  '?': { first: '?', sep: '&', named: true, ifemp: '=', reserved: false },
  '&': { first: '&', sep: '&', named: true, ifemp: '=', reserved: false },
  '#': { first: '#', sep: ',', named: false, ifemp: '', reserved: true },
};

// RFC 3986 §2.3 unreserved and §2.2 reserved, as RFC 6570 §1.5 imports them.
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const RESERVED = /^[:/?#[\]@!$&'()*+,;=]$/;
const TRIPLET = /^%[0-9A-Fa-f]{2}/;

/**
 * The characters of `text` (code points; with `reserved`, a pct-encoded triplet is one, and so is
 * a run of triplets that is the UTF-8 of one code point), so that a prefix never splits a
 * character or a triplet: §2.4.1, "in characters, not octets, in order to avoid splitting between
 * the octets of a multi-octet-encoded character or within a pct-encoded triplet"; §3.2.1, "If the
 * value contains multi-octet or pct-encoded characters, care must be taken to avoid splitting the
 * value in mid-character: count each Unicode code point as one character" (`%C3%A9` is é).
 */
function characters(text: string, reserved: boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    if (reserved && text[i] === '%' && TRIPLET.test(text.slice(i, i + 3))) {
      const n = utf8Triplets(text, i);
      out.push(text.slice(i, i + 3 * n));
      i += 3 * n;
    } else {
      const ch = String.fromCodePoint(text.codePointAt(i)!);
      out.push(ch);
      i += ch.length;
    }
  }
  return out;
}

/**
 * How many triplets from `i` (a triplet) stand for one code point: those its first octet leads
 * (RFC 3629 §4: two to four) when they are there and are its UTF-8, else 1.
 */
function utf8Triplets(text: string, i: number): number {
  const lead = tripletAt(text, i);
  const n = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (n === 1) return 1;
  for (let k = 1; k < n; k++) if (!TRIPLET.test(text.slice(i + 3 * k, i + 3 * k + 3))) return 1;
  return percentUtf8(text, i, i + 3 * n) ? n : 1;
}

/**
 * §3.2.1: characters outside the allowed set become the pct-encoded octets of their UTF-8. A "%"
 * is "%25" unless it begins a triplet where pct-encoded is allowed (U+R).
 */
function encode(text: string, reserved: boolean, prefix?: number): string {
  let chars = characters(text, reserved);
  if (prefix !== undefined) chars = chars.slice(0, prefix);
  let out = '';
  for (const ch of chars) {
    if (ch.length >= 3 || UNRESERVED.test(ch) || (reserved && RESERVED.test(ch))) out += ch; // a triplet, or a code point's triplets
    else out += percentEncoded(ch);
  }
  return out;
}

/** §3.1: a literal (or a varname, "encoded as if it were a literal string") is U+R encoded. */
function encodeLiteral(text: string): string {
  return encode(text, true);
}

type Scalar = string;
type Defined = { kind: 'string'; value: Scalar } | { kind: 'list'; members: Scalar[] } | { kind: 'pairs'; pairs: Array<[string, Scalar]> };

function problem(name: string, what: string): UsageError {
  return new UsageError(`variable "${name}": ${what}`, 'option');
}

/** A scalar as a string, or undefined (§2.3); anything else is a usage error. */
function scalar(name: string, v: unknown): Scalar | undefined {
  if (v === null || v === undefined) return undefined;
  let s: string;
  if (typeof v === 'string') s = v;
  else if (typeof v === 'boolean') s = String(v);
  else if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw problem(name, `${v} is not a number a URI can hold`);
    s = String(v);
  } else throw problem(name, `a ${Array.isArray(v) ? 'list' : typeof v} cannot be a member of a list or a pair's value`);
  // §1.6: values are sequences of Unicode code points; a lone surrogate is none.
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s)) {
    throw problem(name, 'a lone surrogate is not a Unicode character (RFC 6570 §1.6)');
  }
  return s;
}

/**
 * The variable's value as §2.3 classes it, or undefined: null, an empty list, an associative
 * array with no defined value. A list's null members are undefined members, left out (Appendix
 * A: "each defined list member"); a list of nothing but those is undefined like an empty one.
 */
function defined(name: string, v: Value): Defined | undefined {
  if (Array.isArray(v)) {
    const members = (v as unknown[]).map((m) => scalar(name, m)).filter((m): m is Scalar => m !== undefined);
    return members.length === 0 ? undefined : { kind: 'list', members };
  }
  if (v instanceof Map || (typeof v === 'object' && v !== null)) {
    const entries: Array<[string, unknown]> = v instanceof Map ? [...(v as Map<string, unknown>)] : Object.entries(v);
    const pairs = entries.flatMap(([k, x]): Array<[string, Scalar]> => {
      const s = scalar(name, x);
      // §3.2.1: a name is "encoded in the same way as simple string values": a key that is no
      // sequence of code points (§1.6) is refused as a value is, not written as U+FFFD.
      return s === undefined ? [] : [[scalar(name, String(k))!, s]];
    });
    return pairs.length === 0 ? undefined : { kind: 'pairs', pairs };
  }
  const s = scalar(name, v);
  return s === undefined ? undefined : { kind: 'string', value: s };
}

/** A UsageError carrying a diagnosis in the contract's error record. */
function templateError(d: Omit<ValidationError, 'message' | 'expected' | 'rulePath'> & { rulePath?: string[] }, why: string): UsageError {
  const found = d.found === null ? 'the end of the input' : JSON.stringify(d.found);
  const message = `not an expandable URI-Template: at offset ${d.offset}, in ${d.rule} (§${d.section}), found ${found}: ${why}`;
  const diagnosis: ValidationError = { ...d, rulePath: d.rulePath ?? ['URI-Template', 'expression'], expected: [], message };
  return new UsageError(message, 'template', [], diagnosis);
}

function lookup(variables: Variables, name: string): Value {
  if (variables instanceof Map) return variables.get(name);
  // Own properties only: a template's `constructor` is no variable of a plain object.
  return Object.hasOwn(variables, name) ? (variables as Record<string, Value>)[name] : undefined;
}

function expandExpression(e: Expression, variables: Variables): string {
  if (RESERVED_OPERATORS.has(e.operator)) {
    throw templateError(
      { offset: e.start + 1, rule: 'op-reserve', section: '2.2', found: e.operator, rulePath: ['URI-Template', 'expression', 'operator', 'op-reserve'] },
      'the operator is reserved for future extensions (RFC 6570 §2.2): no expansion is defined for it',
    );
  }
  const b = BEHAVIOUR[e.operator as keyof typeof BEHAVIOUR];
  let out = '';
  let any = false;
  for (const spec of e.varspecs) {
    const value = defined(spec.name, lookup(variables, spec.name));
    if (value === undefined) continue;
    out += any ? b.sep : b.first;
    any = true;
    out += expandVarspec(spec, value, b);
  }
  return out;
}

/** §3.2.1 for one defined variable, with the operator's behaviour. */
function expandVarspec(spec: VarSpec, value: Defined, b: Behaviour): string {
  const enc = (s: string) => encode(s, b.reserved);
  const name = encodeLiteral(spec.name);
  if (value.kind === 'string') {
    const head = b.named ? (value.value === '' ? name + b.ifemp : name + '=') : '';
    return value.value === '' && b.named ? head : head + encode(value.value, b.reserved, spec.prefix);
  }
  if (spec.prefix !== undefined) {
    throw templateError(
      { offset: spec.modifierOffset!, rule: 'prefix', section: '2.4.1', found: ':', rulePath: ['URI-Template', 'expression', 'variable-list', 'varspec', 'modifier-level4', 'prefix'] },
      `"${spec.name}" is ${value.kind === 'list' ? 'a list' : 'an associative array'}, and "Prefix modifiers are not applicable to variables that have composite values" (RFC 6570 §2.4.1)`,
    );
  }
  if (!spec.explode) {
    const body = value.kind === 'list' ? value.members.map(enc).join(',') : value.pairs.map(([k, v]) => `${enc(k)},${enc(v)}`).join(',');
    return (b.named ? name + '=' : '') + body;
  }
  if (value.kind === 'list') {
    // §3.2.1: under ";", "?", "&" an exploded list is pairs of the varname and each member.
    if (b.named) return value.members.map((m) => (m === '' ? name + b.ifemp : `${name}=${enc(m)}`)).join(b.sep);
    return value.members.map(enc).join(b.sep);
  }
  // §3.2.1: "name=value" or, for an empty value outside "?" and "&", "simply name"; both
  // encoded "in the same way as simple string values".
  return value.pairs.map(([k, v]) => (v === '' ? enc(k) + (b.named ? b.ifemp : '') : `${enc(k)}=${enc(v)}`)).join(b.sep);
}

/**
 * Expands a URI Template (RFC 6570 §3, level 4).
 *
 * Values: a string, number or boolean; a list (array); an associative array (a plain object, in
 * its property order, or a Map, in insertion order). null, undefined, an empty list and an
 * associative array without a defined value are undefined (§2.3), and their expressions expand
 * to nothing.
 *
 * @throws {UsageError} `kind: 'template'` with `diagnosis` (offset, rule, section) for an invalid
 *   template, a reserved operator (§2.2) or a prefix on a composite value (§2.4.1); `kind:
 *   'option'` for a value of no type above.
 * @example
 * ```ts
 * import { expand } from 'urispec';
 * expand('http://example.com/~{username}/', { username: 'fred' }); // 'http://example.com/~fred/'
 * expand('{/list*}{?keys*}', { list: ['a', 'b'], keys: { x: '1', y: '' } }); // '/a/b?x=1&y='
 * ```
 */
export function expand(template: string, variables: Variables): string {
  const checked = validate(template, { spec: eraWith('template'), rule: rowOf(eraWith('template'))!.template!.rule });
  if (!checked.valid) throw new UsageError(checked.error.message, 'template', [], checked.error);
  let out = '';
  for (const part of templateParts(template)) {
    out += part.type === 'literal' ? encodeLiteral(part.text) : expandExpression(part, variables);
  }
  return out;
}
