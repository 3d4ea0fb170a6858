// The median of repeated measurements, and running a measurement n times to take it.

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Every failed attempt medianOf tried again since the last takeRetries(), for the report. */
const retries: string[] = [];

export function takeRetries(): string[] {
  return retries.splice(0);
}

/**
 * Runs measure `runs` times, one after the other, and gives the median of each numeric field. A run that throws is
 * tried again, up to `attempts` times in all; its last error is thrown if it never succeeds.
 */
export async function medianOf<T extends Record<string, number>>(runs: number, measure: (run: number) => Promise<T>, attempts = 3): Promise<T> {
  const samples: T[] = [];
  for (let run = 0; run < runs; run++) {
    for (let attempt = 1; ; attempt++) {
      try {
        samples.push(await measure(run));
        break;
      } catch (error) {
        if (attempt >= attempts) throw error;
        retries.push(String(error).split('\n')[0] ?? '');
        console.warn(`  run ${run + 1} failed (attempt ${attempt} of ${attempts}), again: ${String(error).split('\n')[0]}`);
      }
    }
  }
  const first = samples[0];
  if (!first) throw new Error('medianOf needs at least one run');
  return Object.fromEntries(Object.keys(first).map((k) => [k, median(samples.map((s) => s[k]!))])) as T;
}
