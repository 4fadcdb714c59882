import type { ValidationError } from './diagnose.js';
import { didYouMean } from './suggest.js';

/**
 * Misuse of the library or the CLI: an unknown spec, rule or option. Never thrown for an input
 * string, however malformed: that gives a validation result.
 *
 * @example
 * ```ts
 * import { validate, UsageError } from 'urispec';
 * try {
 *   const spec: string = 'rfc9999'; // say, from a command line
 *   validate('http://a/', { spec });
 * } catch (e) {
 *   if (e instanceof UsageError) console.error(e.message, e.choices);
 * }
 * ```
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    /** What was wrong: the spec id, the rule name, an option, or a template given to expand. */
    readonly kind: 'spec' | 'rule' | 'option' | 'template',
    /** The valid choices, when there is a list of them. */
    readonly choices: string[] = [],
    /** For a template expand refuses: where and why, as validate's error record says it. */
    readonly diagnosis?: ValidationError,
  ) {
    super(message);
  }
}

export function unknownSpec(id: string, choices: string[]): UsageError {
  return new UsageError(`unknown spec "${id}"${didYouMean(id, choices)}; the specs are: ${choices.join(', ')}`, 'spec', choices);
}

export function unknownRule(rule: string, spec: string, choices: string[]): UsageError {
  return new UsageError(
    `unknown rule "${rule}" in ${spec}${didYouMean(rule, choices)}; its rules are: ${choices.join(', ')}`,
    'rule',
    choices,
  );
}

export function badOption(message: string, choices: string[] = []): UsageError {
  return new UsageError(message, 'option', choices);
}
