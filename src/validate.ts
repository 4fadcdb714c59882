import { diagnose, type ValidationError } from './diagnose.js';
import { eraOf, ruleOf, startIdOf, type Era, type RuleMeta } from './registry.js';

/** A spec id: `rfc3986` (the default), `rfc2396-draft`, `rfc1808`, `rfc1738`. */
export type SpecId = string;

export interface ValidateOptions {
  /** The spec to validate against; default `rfc3986`. */
  spec?: SpecId;
  /** The start rule, spelled as the spec prints it (matched case-insensitively); default: the spec's. */
  rule?: string;
  /**
   * Read the rule as its printed union where the contract reads it otherwise (RFC 1738 `url`,
   * read with scheme dispatch by default). A UsageError for any other rule.
   */
  union?: boolean;
}

export type ValidationResult =
  | { valid: true; input: string; spec: SpecId; rule: string }
  | { valid: false; input: string; spec: SpecId; rule: string; error: ValidationError };

interface Target {
  era: Era;
  rule: RuleMeta;
  startId: string;
}

function targetOf(options: ValidateOptions | undefined): Target {
  const era = eraOf(options?.spec);
  const rule = ruleOf(era, options?.rule);
  return { era, rule, startId: startIdOf(era, rule, options?.union ?? false) };
}

/**
 * The era's fast recognizer (generated/<era>.fast.js, scripts/recognizer-codegen.ts): the same
 * grammar file as the Peggy parsers, compiled to plain position arithmetic: no result values, no
 * expectations, no exceptions. test/recognizer.test.ts holds its verdicts equal to Peggy's.
 */
function accepts(t: Target, input: string): boolean {
  return t.era.fast.accepts(input, t.startId);
}

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
export function isValid(input: string, options?: ValidateOptions): boolean {
  return accepts(targetOf(options), input);
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
export function validate(input: string, options?: ValidateOptions): ValidationResult {
  const t = targetOf(options);
  const base = { input, spec: t.era.id, rule: t.rule.name };
  if (accepts(t, input)) return { valid: true, ...base };
  return { valid: false, ...base, error: diagnose(t.era, t.rule, t.startId, input) };
}
