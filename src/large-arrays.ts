/**
 * Calls over arrays as long as an input, without spreading them into arguments: `f(...array)`
 * puts every element on the stack, and V8 throws "Maximum call stack size exceeded" somewhere
 * past 100,000 of them (a 160 KB base64 data: URL, a mailto: with that many addresses), where
 * these take any length.
 */

/** Arguments per `String.fromCharCode` call: far below the stack limit, large enough to be fast. */
const CHUNK = 8192;

/** The string of these UTF-16 code units (octets give the "binary string" of Infra and Fetch). */
export function fromCharCodes(codes: ArrayLike<number>): string {
  const parts: string[] = [];
  for (let i = 0; i < codes.length; i += CHUNK) {
    parts.push(String.fromCharCode.apply(null, Array.prototype.slice.call(codes, i, i + CHUNK) as number[]));
  }
  return parts.join('');
}

/** The string of these code points (`String.fromCodePoint`, a chunk at a time). */
export function fromCodePoints(points: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < points.length; i += CHUNK) parts.push(String.fromCodePoint.apply(null, points.slice(i, i + CHUNK)));
  return parts.join('');
}

/** The largest of `values`, or `atLeast` when it is larger (or there are none). */
export function maxOf(values: Iterable<number>, atLeast = -Infinity): number {
  let max = atLeast;
  for (const v of values) if (v > max) max = v;
  return max;
}
