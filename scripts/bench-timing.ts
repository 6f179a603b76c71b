/**
 * Timing helpers shared by the benchmarks (`npm run bench`, `bench:estimates`, `bench:floor`): wall-clock
 * milliseconds from `performance.now()`.
 */

/** The p-th percentile (nearest rank) of an ascending list of samples. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** p50, p95 and the slowest of `samples` (ms; any order). */
export function summarise(samples: number[]): { p50: number; p95: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
}

/**
 * Runs `fn` three times to warm up (with i = -1, -2, -3), then `runs` times timed (i = 0 … runs-1), one after the other.
 * Returns p50, p95 and max in ms.
 */
export async function timeRuns(runs: number, fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number; max: number }> {
  for (let i = 0; i < 3; i += 1) await fn(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  return summarise(samples);
}
