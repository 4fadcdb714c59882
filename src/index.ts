// urispec: validate a string strictly against a chosen URI specification of any era.
// The public interface is pinned in the contract (shared/contract.md); README.md tours it.

import { allEras } from './registry.js';

export { validate, isValid } from './validate.js';
export type { ValidateOptions, ValidationResult, SpecId, EraId, EraRules, RuleName, KnownRule, KnownSpec, CheckedOptions } from './validate.js';
export type { EraEntry } from './era-entry-full.js';
export type { ValidationError } from './diagnose.js';
export { UsageError } from './errors.js';
export { expand } from './template/expand.js';
export type { Value, Variables } from './template/expand.js';
export type { ValidationWarning } from './validate.js';
export { compare } from './compare.js';
export { explain } from './explain.js';
export type { Explanation, DerivationNode } from './explain.js';
export type { CompareOptions, Comparison, EraVerdict } from './compare.js';
export { grammarDiff } from './grammar-diff.js';
export type { GrammarDiff, RuleChange, Witness } from './grammar-diff.js';
export { parse, componentValues, componentNames } from './parse.js';
export { mailtoFields } from './schemes/mailto.js';
export type { MailtoFields, MailtoAddress, MailtoHeader } from './schemes/mailto.js';
export { dataUrlFields } from './schemes/data-url.js';
export type { DataUrlFields, DataUrlResult } from './schemes/data-url.js';
export type { Component, Components, ParseOptions, ParseResult } from './parse.js';
export {
  resolve, resolveAcross, resolutionOf, resolvingEras, resolve3986, resolve2396Draft, resolve1808, removeDotSegments, recompose,
} from './resolve/index.js';
export type { ResolveError, ResolveOptions, ResolveResult, ResolveWarning, EraResolution } from './resolve/index.js';
export { normalize, equivalent } from './normalize.js';
export { compareEquivalence, equivalence, type Equivalence, type EquivalenceComparison, type EquivalenceOptions } from './equivalence.js';
export type { NormalizeOptions, NormalizeResult } from './normalize.js';
export { toURI } from './iri/to-uri.js';
export type { ToUriOptions, ToUriResult } from './iri/to-uri.js';
export type { BidiWarning } from './iri/bidi.js';
export { vectors } from './vectors/index.js';
export type { Vector, VectorKind, VectorOptions, VectorIterator, VectorCoverage, RuleCoverage, AlternativeCoverage } from './vectors/index.js';

/** A rule of a spec's grammar. */
export interface RuleInfo {
  /** As the spec prints it: `URI-reference`, `net_path`, `gopher+_string`. */
  name: string;
  /** The section that defines it: `3.2.2`. */
  section: string;
  /** Its definition as printed. */
  text: string;
  /** A core rule (ALPHA, DIGIT, ...): named in `expected`, never reported as the failing rule. */
  core: boolean;
}

/** A spec urispec validates against. */
export interface SpecInfo {
  id: string;
  title: string;
  /** Publication date, `YYYY-MM`. */
  date: string;
  defaultRule: string;
  /** `ABNF` or `RFC 822 BNF`. */
  notation: string;
  /** Where its collected grammar comes from. */
  source: string;
  /** What became of the document since, where something did: `rfc6874` is obsoleted by RFC 9844. */
  status?: string;
  rules: RuleInfo[];
}

/**
 * The specs, newest first, each with its rules and their sections, as read from the grammars.
 *
 * @example
 * ```ts
 * import { specs } from 'urispec';
 * for (const s of specs()) console.log(s.id, s.date, s.defaultRule);
 * specs().find((s) => s.id === 'rfc3986')?.rules.find((r) => r.name === 'port')?.section; // '3.2.3'
 * ```
 */
export function specs(): SpecInfo[] {
  return allEras().map(({ meta }) => ({
    id: meta.spec,
    title: meta.title,
    date: meta.date,
    defaultRule: meta.defaultRule,
    notation: meta.notation,
    source: meta.source,
    ...(meta.status ? { status: meta.status } : {}),
    rules: meta.rules.map((r) => ({ name: r.name, section: r.section, text: r.text, core: r.core })),
  }));
}
