// The published RFC 6570 test cases, uri-templates/uritemplate-test, read unchanged from
// ../shared/testdata/uritemplate-test (repository and commit in its SOURCE.md).
import { readFileSync } from 'node:fs';

export const SUITE = new URL('../../shared/testdata/uritemplate-test/', import.meta.url);

/** A group of cases: `expected` is a string, the acceptable strings, or false (refused). */
export interface SuiteGroup {
  level?: number;
  variables: Record<string, unknown>;
  testcases: Array<[string, string | string[] | false]>;
}

export function suiteFile(name: string): Record<string, SuiteGroup> {
  return JSON.parse(readFileSync(new URL(name, SUITE), 'utf8')) as Record<string, SuiteGroup>;
}

/**
 * The negative cases the grammar accepts: a reserved operator (§2.2: a warning from validate,
 * a refusal from expand) and a prefix on a variable whose value is composite (§2.4.1: a property
 * of the variables, so only expand can refuse it). validate refuses every other negative case.
 */
export const GRAMMATICAL_NEGATIVES: Record<string, string> = {
  '{!hello}': 'reserved operator "!"',
  '{=path}': 'reserved operator "="',
  '{|var*}': 'reserved operator "|"',
  '{keys:1}': 'prefix on the associative array keys',
  '{+keys:1}': 'prefix on the associative array keys',
};
