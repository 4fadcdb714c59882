/**
 * The timing of the diagnosis benchmarks (scripts/bench-diagnosis*.ts, bench-hint.ts,
 * bench-ranking.ts, bench-recorder.ts): several checks over the same items, interleaved, in CPU
 * time, each piece of items at its best round, since the machine is shared (a ratio of two
 * builds timed in the same rounds is what these scripts report).
 */

/** CPU time of this process in milliseconds: on a shared machine, the wall clock counts other processes' turns. */
export function cpu(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Microseconds an item for each check over `items`: `rounds` rounds, each running every check
 * over every piece of `piece` items, and each piece's time the best of its rounds. `order(r)`:
 * the checks' order in round r (every check in turn by default; two builds timed back to back
 * may favour the second, so a script may alternate them).
 */
export function interleaved<T>(checks: ReadonlyArray<(item: T) => unknown>, items: readonly T[], rounds: number, piece = 200, order?: (round: number) => readonly number[]): number[] {
  const best = checks.map(() => [] as number[]);
  const all = checks.map((_, k) => k);
  for (let r = 0; r < rounds; r++) {
    for (const k of order ? order(r) : all) {
      const check = checks[k]!;
      for (let p = 0, j = 0; p < items.length; p += piece, j++) {
        const t = cpu();
        for (let i = p; i < Math.min(items.length, p + piece); i++) check(items[i]!);
        const dt = cpu() - t;
        if (!(best[k]![j]! <= dt)) best[k]![j] = dt;
      }
    }
  }
  return best.map((b) => (b.reduce((a, x) => a + x, 0) * 1000) / items.length);
}
