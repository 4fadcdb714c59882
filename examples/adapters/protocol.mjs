// The urispec diff protocol, for adapters written for Node (docs/differential.md): read one JSON
// string a line from standard input, answer one line an input on standard output.
import { createInterface } from 'node:readline';

/**
 * Answers every input line with `check(input)`: a boolean, or `{ valid, components?, error? }`.
 * An exception thrown by `check` is a rejection carrying its message: a parser that throws on
 * an input has not accepted it.
 */
export async function serve(check) {
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
