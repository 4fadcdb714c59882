// What the era modules share: the result shapes, reading an input through the era's validating
// parse (parse.ts), the record for an input whose form the algorithm cannot use, and the
// warning for a target that does not re-parse into the components the algorithm produced.

import type { ValidationError } from '../diagnose.js';
import { explain, type DerivationNode } from '../explain.js';
import { componentsOfTree, componentValues, hasRule } from '../parse.js';
import { rowOf, type ResolutionAlgorithm } from '../eras/table.js';
import { allEras } from '../registry.js';
import { documentOf } from '../spec-label.js';

/**
 * The era of the document that defines `algorithm` (`RFC 1808 §4`: the era of RFC 1808), whose
 * grammar the module's one-era functions (`resolve1808`) read. Other eras may resolve by the
 * same algorithm on their own grammars (RFC 6874 by RFC 3986 §5.2): their rows say so.
 */
export function eraDefining(algorithm: ResolutionAlgorithm): string {
  const document = algorithm.slice(0, algorithm.indexOf(' §'));
  const era = allEras().find((e) => documentOf(e) === document && (rowOf(e.id)?.resolution as { algorithm?: string } | undefined)?.algorithm === algorithm);
  if (!era) throw new Error(`no era of ${document} resolves by ${algorithm} (src/eras/table.ts)`);
  return era.id;
}

/**
 * Why a resolution has no target: the base or the reference is not what the era's algorithm
 * takes. The fields of the contract's error record, plus which of the two inputs it is about
 * and, for an input that is valid but of a form the algorithm cannot use, that form.
 */
export interface ResolveError extends ValidationError {
  /** `base` or `ref`. */
  which: 'base' | 'ref';
  /**
   * For a valid input of the wrong form: the rules of its derivation that give its form, from
   * the start rule down (`['URI-reference', 'absoluteURI', 'opaque_part']`). Absent when the
   * input is not valid at all (the rest of the record is then its diagnosis).
   */
  shape?: string[];
}

/**
 * A target whose components differ when it is parsed again: the string the algorithm's text
 * prescribes, which reads back otherwise (RFC 3986 §5.2 gives `f://g` for `f:/a` and `.//g`,
 * a path "//g" without an authority, which §3.3 forbids; the string has the authority `g`).
 */
export interface ResolveWarning {
  /** The section the target breaks, e.g. `RFC 3986 §3.3`. */
  section: string;
  message: string;
  /**
   * The components as the algorithm produced them, and as the target re-parses (none when it
   * does not parse at all: `reparseError` then says where).
   */
  produced: Record<string, string>;
  reparsed: Record<string, string>;
  /**
   * The diagnosis of a target that is not even a reference of its era (`f://g:h`, whose path
   * "//g:h" reads back as an authority with a port that is not digits).
   */
  reparseError?: ValidationError;
}

export interface ResolveOptions {
  /** The era whose algorithm to use (default `rfc3986`); `resolvingEras()` lists those that define one. */
  spec?: string;
  /**
   * RFC 3986 §5.2.2: `true` (the default) is the strict parser; `false` is the
   * backward-compatible reading that ignores a scheme equal to the base's (`http:g`).
   * The older eras have no such switch.
   */
  strict?: boolean;
}

/** One resolution: exactly one of `target` and `error`. */
export type ResolveResult = {
  base: string;
  ref: string;
  spec: string;
  /**
   * The base the algorithm used, when it is not `base`: the base without its fragment (RFC 3986
   * §5.1, RFC 2396 §4, the 1996 draft's §3, draft-ietf-uri-relative-url-01 §2.4.2).
   */
  baseUsed?: string;
} & (
  | {
      target: string;
      /** The target does not re-parse into the components the algorithm produced. */
      warning?: ResolveWarning;
      error?: never;
    }
  | { error: ResolveError; target?: never; warning?: never }
);

/** What an era's algorithm gives: the target (with the base it used, and any warning). */
export interface Outcome {
  target: string;
  baseUsed?: string;
  warning?: ResolveWarning;
}

/** A parsed input: its component values and the derivation tree they were read from. */
export interface Parsed {
  /** Component values by the era's names; absent components are not keys. */
  c: Record<string, string>;
  tree: DerivationNode;
}

/**
 * The last base parsed, by era, rule and input: references are most often resolved many against
 * one base (a page's links against the page), and a parse builds the whole derivation tree. Only
 * a parse that succeeded is kept; the algorithms read it and never change it (its components
 * are frozen).
 */
let lastBase: { key: string; parsed: Parsed } | undefined;

/** The input parsed under `rule`, or the error record saying where it is not in that rule. */
export function parseAs(spec: string, input: string, rule: string, which: 'base' | 'ref'): Parsed | ResolveError {
  const key = which === 'base' ? `${spec}\u0000${rule}\u0000${input}` : undefined;
  if (key !== undefined && lastBase?.key === key) return lastBase.parsed;
  const x = explain(input, { spec, rule });
  if (!x.valid || !x.tree) return { which, ...x.error! };
  const parsed = { c: Object.freeze(componentValues(componentsOfTree(spec, input, x.tree))), tree: x.tree };
  if (key !== undefined) lastBase = { key, parsed };
  return parsed;
}

export function isError(x: unknown): x is ResolveError {
  return typeof x === 'object' && x !== null && 'which' in x;
}

/** The rules that give an input its form, and those below which its form is settled. */
export interface Forms {
  rules: ReadonlySet<string>;
  /** Where the descent stops (`opaque_part`, `net_path`): the form's last word. */
  last: ReadonlySet<string>;
}

/**
 * The form of a derivation: from the root, each time the first child whose rule is one of the
 * form rules, down to a last one (`URI-reference > absoluteURI > opaque_part`).
 */
export function shapeOf(tree: DerivationNode, forms: Forms): string[] {
  const out = [tree.rule];
  let node: DerivationNode | undefined = tree;
  while (!forms.last.has(node.rule)) {
    node = node.children.find((c) => forms.rules.has(c.rule));
    if (!node) break;
    out.push(node.rule);
  }
  return out;
}

/** What an era's algorithm needs of an input, and where its text says so. */
export interface Requirement {
  /** The rule the input must derive through (`hier_part`). */
  rule: string;
  /** The section of the algorithm that needs it, e.g. `5.2`; with `spec`, the full citation. */
  section: string;
  /** The citation as written in messages: `RFC 2396 §5.2`. */
  citation: string;
  /** Why, in the text's words. */
  because: string;
}

/**
 * The record for an input that is valid in the era but not of the form the algorithm takes (an
 * opaque or relative base): which input, its shape, and the section that needs what it lacks.
 */
export function unsuitable(input: string, which: 'base' | 'ref', tree: DerivationNode, forms: Forms, need: Requirement): ResolveError {
  const shape = shapeOf(tree, forms);
  return {
    which,
    offset: 0,
    rule: need.rule,
    rulePath: shape,
    expected: [],
    found: input.length > 0 ? input[0]! : null,
    section: need.section,
    shape,
    message: `the ${which === 'base' ? 'base' : 'reference'} has the form ${shape.join(' > ')}, without ${need.rule}: ${need.citation} needs it (${need.because})`,
  };
}

/**
 * Whether the derivation went through every one of `rules` (a base must be absolute, and its
 * part below the scheme the generic one).
 */
export function derivesThrough(tree: DerivationNode, ...rules: string[]): boolean {
  return rules.every((r) => hasRule(tree, r));
}

/** The section a re-parse difference breaks, and its words; `fragment` may have its own. */
export interface Breaks {
  section: string;
  words: string;
  /** A different section where only the fragment differs (relative-url-01's right-most "#"). */
  fragment?: { section: string; words: string };
}

/**
 * The warning for a target whose re-parse differs from the components the algorithm produced,
 * or `undefined` when they agree. Components are compared by name; a name absent on one side
 * and present on the other is a difference.
 */
export function reparseWarning(
  produced: Record<string, string | undefined>,
  reparsed: Record<string, string | undefined>,
  breaks: Breaks,
): ResolveWarning | undefined {
  const clean = (x: Record<string, string | undefined>) =>
    Object.fromEntries(Object.entries(x).filter((e): e is [string, string] => e[1] !== undefined));
  const p = clean(produced);
  const r = clean(reparsed);
  const names = [...new Set([...Object.keys(p), ...Object.keys(r)])];
  const differ = names.filter((k) => p[k] !== r[k]);
  if (differ.length === 0) return undefined;
  const show = (x: Record<string, string>, k: string) => (k in x ? JSON.stringify(x[k]) : 'none');
  const { section, words } = breaks.fragment && differ.includes('fragment') ? breaks.fragment : breaks;
  return {
    section,
    message:
      `the target does not read back as the algorithm built it (${section}: ${words}): ` +
      differ.map((k) => `${k} ${show(p, k)} reads back as ${show(r, k)}`).join(', '),
    produced: p,
    reparsed: r,
  };
}

/**
 * The warning for a target that does not parse at all as the era's reference: the path the
 * algorithm built reads back as something the grammar refuses (RFC 3986 §5.2.4 turns `f:/a` and
 * `.//g:h` into `f://g:h`, whose "g:h" reads as an authority with a port that is not digits).
 * It breaks the same section as a target that parses otherwise, so it names that section.
 */
export function unparsedWarning(produced: Record<string, string | undefined>, error: ResolveError, rule: string, breaks: Breaks): ResolveWarning {
  const { which: _which, shape: _shape, ...diagnosis } = error;
  const p = Object.fromEntries(Object.entries(produced).filter((e): e is [string, string] => e[1] !== undefined));
  return {
    section: breaks.section,
    message:
      `the target does not read back as the algorithm built it (${breaks.section}: ${breaks.words}): ` +
      `it is no ${rule} at all (offset ${diagnosis.offset}, in ${diagnosis.rule})`,
    produced: p,
    reparsed: {},
    reparseError: diagnosis,
  };
}
