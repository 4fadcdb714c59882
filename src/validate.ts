import type { EraId, EraRules } from '#generated';
import type { ValidationError } from './diagnose.js';
import { eraOf, startIdOf } from './registry.js';
import { acceptsIn, targetIn, validateIn, type AfterGrammar, type AnyValidationResult, type Target, type ValidationWarning } from './validate-era.js';
import { notesOf, type TemplateLevel } from './template/notes.js';
import { DEFAULT_ERA } from './eras/table.js';
import { AUTO_SPEC, isAuto, profileFor } from './profiles/auto.js';
import { PROFILES } from './profiles/of-era.js';
import { schemeAccepts, schemeVerdict } from './profiles/scheme-uris.js';
import { automatonOf, type GeneratedAutomaton } from '#generated';

/**
 * What the main entry point, which loads every era, checks and notes after a grammar, and the
 * start rules' automata it tests acceptance with (scripts/codegen/runtime/dfa.ts).
 */
const AFTER: AfterGrammar = { profiles: PROFILES, notes: notesOf, automata: automatonOf };

export type { ValidationWarning };

export type { EraId, EraRules };

/**
 * A spec id as the library takes it: an era id (EraId), in any case, or a string known only at
 * run time (a UsageError when no era has it). Where a literal is written, an id that is no
 * era's is a compile error (ValidateOptions).
 */
export type SpecId = string;

/** The rule names of era `S`, spelled as its spec prints them. */
export type RuleName<S extends EraId = EraId> = EraRules[S];

/** Nothing when `S` is an era id or a run-time string; a literal id that is no era's must be one. */
export type KnownSpec<S extends string> = string extends S ? unknown : S extends EraId | typeof AUTO_SPEC ? unknown : { spec: EraId | typeof AUTO_SPEC };

/**
 * Nothing when rule `R` is a run-time string or a rule of era `S` as printed; a literal rule of
 * another era (or misspelt) must be one of `S`'s. The library matches rules in any case at run
 * time; the types take them as the spec prints them.
 */
export type KnownRule<S extends string, R extends string> = string extends R
  ? unknown
  : string extends S
    ? unknown
    : S extends EraId
      ? R extends RuleName<S>
        ? unknown
        : { rule: RuleName<S> }
      : unknown;

export interface ValidateOptions<S extends string = string, R extends string = string> {
  /**
   * The spec to validate against; default `rfc3986`. `auto`: RFC 3986 (with `rule`), and when
   * `rule` begins with a scheme (`URI`, `URI-reference`, `absolute-URI`), for a URI whose scheme
   * a profile defines (http, https: rfc9110; ...) that profile's era too; the record's
   * `verdicts` gives both (src/profiles/auto.ts).
   */
  spec?: S;
  /** The start rule, spelled as the spec prints it (matched in any case at run time); default: the spec's. */
  rule?: R;
  /**
   * Read the rule as its printed union where the contract reads it otherwise (RFC 1738 `url`,
   * read with scheme dispatch by default). A UsageError for any other rule.
   */
  union?: boolean;
  /**
   * rfc8089: read RFC 8089 Appendix E's nonstandard syntax variations as well (drive letters
   * `file:c:/x`, `file:///c|/x`; UNC paths `file:////host/share/x`; userinfo), with the rules
   * Appendix F collects; the era reads §2 by default. A UsageError in any other era.
   */
  appendixE?: boolean;
  /**
   * Check the grammar alone: for a scheme profile (rfc9110's `http-URI`, ...), skip the rules
   * its RFC states in prose (RFC 9110 §4.2.1's empty host, §4.2.4's userinfo), which are
   * otherwise checked after the grammar (src/profiles/). Default false.
   */
  grammarOnly?: boolean;
}

/** The options of `validate` and `isValid`, checked against the eras' ids and rule names. */
export type CheckedOptions<S extends string, R extends string> = ValidateOptions<S, R> & KnownSpec<S> & KnownRule<S, R>;

/** The record of a validation; `spec` is the era's id as the registry spells it. */
export type ValidationResult<S extends string = string> =
  | {
      valid: true;
      input: string;
      spec: S extends EraId ? S : SpecId;
      rule: string;
      /** rfc6570 `URI-Template` and `expression`: the level (1 to 4, RFC 6570 §1.2) the template needs. */
      level?: TemplateLevel;
      /** Present when the spec's text advises against something the grammar accepts. */
      warnings?: ValidationWarning[];
      /** `spec: 'auto'`: the verdict of RFC 3986, then that of the scheme's profile if it has one. */
      verdicts?: EraVerdictRecord[];
    }
  | {
      valid: false;
      input: string;
      spec: S extends EraId ? S : SpecId;
      rule: string;
      error: ValidationError;
      /** A scheme profile's warnings, when its prose also advises against something in the input. */
      warnings?: ValidationWarning[];
      /** `spec: 'auto'`: the verdict of RFC 3986, then that of the scheme's profile if it has one. */
      verdicts?: EraVerdictRecord[];
    };

/**
 * One era's verdict in the record of `spec: 'auto'`: the record of `validate` for that era.
 * `upTo`, on a scheme profile's verdict of a URI with a fragment: the verdict is of the URI
 * before its "#" (the input's first `upTo` code units), which the scheme's rule reads
 * (src/profiles/profile.ts `fragment`); the fragment is RFC 3986's.
 */
export type EraVerdictRecord =
  | { spec: SpecId; rule: string; valid: true; upTo?: number; warnings?: ValidationWarning[] }
  | { spec: SpecId; rule: string; valid: false; upTo?: number; error: ValidationError; warnings?: ValidationWarning[] };

/** Options as the library receives them at run time, before the era is known. */
interface AnyOptions {
  spec?: string;
  rule?: string;
  union?: boolean;
  appendixE?: boolean;
  grammarOnly?: boolean;
}

// The last target resolved, by its options' values: a batch validates every line against the
// same spec and rule, and resolving them (lower-casing, two lookups, a new object) cost more per
// call than the fast recognizer on a short line (issue 17). Strings compare by value. `dfa`:
// the target's automaton when acceptance is the automaton's verdict alone (no prose after it),
// which isValid then asks directly.
let last: {
  spec: string | undefined;
  rule: string | undefined;
  union: boolean;
  appendixE: boolean;
  grammarOnly: boolean;
  target: Target;
  dfa: GeneratedAutomaton | null;
} | null = null;

/** Whether `options` have the values of the last call's (`last`), an option not given as its default. */
function isLast(l: NonNullable<typeof last>, options: AnyOptions | undefined): boolean {
  return (
    l.spec === options?.spec &&
    l.rule === options?.rule &&
    l.union === (options?.union ?? false) &&
    l.appendixE === (options?.appendixE ?? false) &&
    l.grammarOnly === (options?.grammarOnly ?? false)
  );
}

/**
 * The target of `options` (the era, the start rule as read, the profile's prose unless
 * `grammarOnly`, the era's notes), kept by its options' values: what `validate` and `isValid`
 * check, and what `explain` (src/explain.ts) derives its tree and its verdict from, so that the
 * three agree. A UsageError for an unknown spec or rule (`auto` is no era's: validate handles it
 * before this).
 *
 * @internal
 */
export function targetOf(options: AnyOptions | undefined): Target {
  const spec = options?.spec;
  const rule = options?.rule;
  const union = options?.union ?? false;
  const appendixE = options?.appendixE ?? false;
  const grammarOnly = options?.grammarOnly ?? false;
  if (last !== null && isLast(last, options)) return last.target;
  // Calls that alternate between targets (a comparison of two eras, `spec: 'auto'`) miss the
  // last one: every target resolved is kept by its options' values too. An unknown spec or
  // rule throws in targetIn and is never kept; \u0001 stands for an option not given.
  const key = `${spec ?? '\u0001'}\u0000${rule ?? '\u0001'}\u0000${union ? 1 : 0}${appendixE ? 1 : 0}${grammarOnly ? 1 : 0}`;
  let target = resolved.get(key);
  if (target === undefined) {
    if (resolved.size >= MAX_RESOLVED) resolved.clear();
    target = targetIn(eraOf(spec), rule, { union, appendixE }, startIdOf, AFTER, grammarOnly);
    resolved.set(key, target);
  }
  last = { spec, rule, union, appendixE, grammarOnly, target, dfa: target.prose === undefined && target.ofScheme === undefined ? target.automaton : null };
  return target;
}

/** Every target resolved (targetOf), by its options' values; begun again past MAX_RESOLVED. */
const resolved = new Map<string, Target>();
const MAX_RESOLVED = 512;

/**
 * Whether `input` is in the language of the rule: the fast path, no diagnosis built.
 *
 * @throws {UsageError} for an unknown spec or rule; never for any input string.
 * @example
 * ```ts
 * import { isValid } from 'urispec';
 * isValid('http://example.com/a?b#c');                  // true
 * isValid('http://a/~u', { spec: 'rfc1808' });          // false: "~" is national in 1995
 * isValid('1.2.3.256', { rule: 'IPv4address' });        // false
 * ```
 */
export function isValid<S extends string = typeof DEFAULT_ERA, R extends string = string>(input: string, options?: CheckedOptions<S, R>): boolean {
  // The same options as the last call (never `auto`, which is not cached under its own name):
  // the automaton's verdict with nothing in between, the common case of a batch (issue 17).
  const l = last;
  if (l !== null && l.dfa !== null && isLast(l, options)) return l.dfa.accepts(input);
  if (isAuto(options?.spec)) {
    const rest = { ...(options as AnyOptions), spec: DEFAULT_ERA };
    const base = targetOf(rest);
    const profile = profileFor(input, base.rule.name);
    return acceptsIn(base, input) && (profile === undefined || schemeAccepts(targetOf({ ...profile, grammarOnly: rest.grammarOnly }), input));
  }
  return acceptsIn(targetOf(options), input);
}

/**
 * Validates `input` against a spec's rule; on failure says where and why, in the spec's terms.
 *
 * @throws {UsageError} for an unknown spec or rule; never for any input string.
 * @example
 * ```ts
 * import { validate } from 'urispec';
 * const r = validate('http://exa mple.com/', { rule: 'URI' });
 * if (!r.valid) {
 *   r.error.offset;   // 10
 *   r.error.rule;     // 'reg-name'
 *   r.error.rulePath; // ['URI', 'hier-part', 'authority', 'host', 'reg-name']
 *   r.error.section;  // '3.2.2'
 * }
 * ```
 */
export function validate<S extends string = typeof DEFAULT_ERA, R extends string = string>(input: string, options?: CheckedOptions<S, R>): ValidationResult<S> {
  if (isAuto(options?.spec)) return validateAuto(input, options as AnyOptions) as ValidationResult<S>;
  return validateIn(targetOf(options), input) as ValidationResult<S>;
}

/**
 * `spec: 'auto'`: RFC 3986's verdict (with the rule asked for), and when that rule begins with a
 * scheme (`URI`, `URI-reference`, `absolute-URI`) and the input's scheme is one a profile
 * defines, the profile era's verdict; valid when both are. The record's `error` is the
 * first failing verdict's, its `warnings` all of them, `verdicts` each.
 */
function validateAuto(input: string, options: AnyOptions): ValidationResult {
  const t = targetOf({ ...options, spec: DEFAULT_ERA });
  const base = validateIn(t, input);
  // Only a rule that begins with a scheme reads one (RFC 3986's `withScheme`: src/profiles/auto.ts).
  const profile = profileFor(input, t.rule.name);
  const records: (AnyValidationResult & { upTo?: number })[] = [base];
  // The scheme's rule reads the URI before its fragment (src/profiles/profile.ts `fragment`).
  if (profile !== undefined) records.push(schemeVerdict(targetOf({ ...profile, grammarOnly: options.grammarOnly }), input));
  const verdicts = records.map(({ input: _input, spec, rule, valid, ...rest }) => ({ spec, rule, valid, ...rest }) as EraVerdictRecord);
  const warnings = records.flatMap((r) => r.warnings ?? []);
  const head = { input, spec: AUTO_SPEC, rule: base.rule };
  const failed = records.find((r) => !r.valid);
  const noted = warnings.length > 0 ? { warnings } : {};
  return failed && !failed.valid ? { ...head, valid: false, error: failed.error, ...noted, verdicts } : { ...head, valid: true, ...noted, verdicts };
}
