// "Did you mean": the closest of a list of names to a misspelt one, for unknown commands,
// options, spec ids and rule names. Optimal string alignment distance (Levenshtein with adjacent
// transpositions), compared case-insensitively, since names are matched that way too.

/** The edit distance between `a` and `b`, counting an adjacent transposition as one edit. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      }
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/**
 * The choice closest to `name`, when it is close enough to be a likely slip: within a third of
 * the name's length (at least 1, at most 3 edits), or a choice that starts with what was typed.
 *
 * @example
 * ```ts
 * import { closest } from './suggest.js';
 * closest('rfc3896', ['rfc3986', 'rfc2396']);  // 'rfc3986'
 * closest('valdiate', ['validate', 'compare']); // 'validate'
 * closest('zzz', ['validate']);                 // undefined
 * ```
 */
export function closest(name: string, choices: readonly string[]): string | undefined {
  const typed = name.toLowerCase();
  if (typed === '') return undefined;
  const limit = Math.min(3, Math.max(1, Math.floor(typed.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const choice of choices) {
    const distance = editDistance(typed, choice.toLowerCase());
    if (distance < bestDistance) {
      best = choice;
      bestDistance = distance;
    }
  }
  if (best !== undefined && bestDistance <= limit) return best;
  const prefixed = choices.filter((c) => c.toLowerCase().startsWith(typed));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/** ` (did you mean "x"?)`, or nothing when no choice is close. */
export function didYouMean(name: string, choices: readonly string[]): string {
  const c = closest(name, choices);
  return c === undefined ? '' : ` (did you mean "${c}"?)`;
}
