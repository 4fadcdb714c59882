/**
 * `--json-input` lines: a JSON string, or an object `{"input", "spec"?, "rule"?}`, so that an
 * input may hold any character, a newline or a lone surrogate included.
 *
 * Other members of an object are ignored, so that test-vector rows such as
 * `{"input", "valid", "rule", "source"}` can be piped in as they are.
 */

export interface JsonInputLine {
  input: string;
  spec?: string;
  rule?: string;
}

/** Why a line could not be read, and the spec and rule it named, if it named them. */
export interface JsonInputProblem {
  problem: string;
  spec?: string;
  rule?: string;
}

export function parseJsonInputLine(line: string): JsonInputLine | JsonInputProblem {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return { problem: `not valid JSON: ${(error as Error).message}` };
  }
  if (typeof value === 'string') return { input: value };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: 'expected a JSON string or an object {"input": "...", "spec"?: "...", "rule"?: "..."}' };
  }
  const record = value as Record<string, unknown>;
  const named: { spec?: string; rule?: string } = {};
  for (const key of ['spec', 'rule'] as const) {
    const field = record[key];
    if (field === undefined) continue;
    if (typeof field !== 'string') return { ...named, problem: `"${key}" must be a string` };
    named[key] = field;
  }
  if (typeof record.input !== 'string') return { ...named, problem: 'the object has no string "input"' };
  return { ...named, input: record.input };
}

export function isProblem(line: JsonInputLine | JsonInputProblem): line is JsonInputProblem {
  return 'problem' in line;
}
