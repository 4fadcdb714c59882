// The urispec diff protocol, for adapters written for Node (docs/differential.md): read one JSON
// string a line from standard input, answer one line an input on standard output.
//
// Every adapter of this folder also has a resolution mode, used by the conformance report
// (docs/conformance.md): run as `ADAPTER resolve BASE`, it reads references the same way and
// answers `{"valid": true, "components": {"target": "..."}}` with the reference resolved
// against BASE by the parser, or `{"valid": false, "error": "..."}` when the parser refuses.
import { createInterface } from 'node:readline';

/**
 * Answers every input line with `check(input)`: a boolean, or `{ valid, components?, error? }`.
 * An exception thrown by `check` is a rejection carrying its message: a parser that throws on
 * an input has not accepted it. With the arguments `resolve BASE`, answers with
 * `resolveWith(BASE, input)` (a string: the target) instead.
 */
export async function serve(check, resolveWith) {
  const [mode, base] = process.argv.slice(2);
  if (mode === 'resolve') {
    if (!resolveWith) {
      process.stderr.write('this adapter has no resolution mode\n');
      process.exit(3);
    }
    check = (ref) => ({ valid: true, components: { target: resolveWith(base, ref) } });
  }
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    let answer;
    try {
      answer = check(JSON.parse(line));
    } catch (error) {
      answer = { valid: false, error: String(error?.message ?? error) };
    }
    // Writing to a pipe is asynchronous: wait when the buffer is full instead of growing it.
    if (!process.stdout.write(JSON.stringify(answer) + '\n')) {
      await new Promise((resolve) => process.stdout.once('drain', resolve));
    }
  }
}

/** `s` without its first character when that is `c` (WHATWG's "?query", "#fragment", "scheme:"). */
export function strip(s, c, atEnd = false) {
  if (typeof s !== 'string' || s === '') return s;
  if (atEnd) return s.endsWith(c) ? s.slice(0, -1) : s;
  return s.startsWith(c) ? s.slice(1) : s;
}
