// A closed-loop load on the database itself: `callers` callers, each making one call after another for a while (the
// app's own search and read functions through its Db, so the same SQL and prepared statements as the API).
import type { LoadFigures } from './load-figures.ts';

/** Calls call(i) from `callers` loops for `seconds` after a two-second warm-up (plans made, caches filled). */
export async function dbLoad(callers: number, seconds: number, call: (i: number) => Promise<unknown>): Promise<LoadFigures> {
  let next = 0;
  const loop = async (until: number, latencies?: number[]) => {
    let errors = 0;
    while (performance.now() < until) {
      const started = performance.now();
      try {
        await call(next++);
      } catch {
        errors += 1;
      }
      latencies?.push(performance.now() - started);
    }
    return errors;
  };
  const warm = performance.now() + 2000;
  await Promise.all(Array.from({ length: callers }, () => loop(warm)));
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const errors = (await Promise.all(Array.from({ length: callers }, () => loop(end, latencies)))).reduce((a, b) => a + b, 0);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? Number.NaN;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors, total: latencies.length };
}
