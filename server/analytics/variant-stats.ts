// The comparison of an A/B test's arms in the funnel report: each arm's completion rate with its 95% confidence
// interval, and whether it has the visits a comparison needs. Pure.

/** The normal quantile of a two-sided 95% interval. */
const Z = 1.959964;
/** The smallest difference of completion rates a test should be able to see: 5 percentage points. */
export const DETECTABLE_DIFFERENCE = 0.05;
/** p(1 - p) is taken as at least this (p = 5% or 95%), so that a rate of 0 or 1 so far still asks for visits. */
const MIN_SPREAD = 0.05 * 0.95;

/**
 * The Wilson score interval of `successes` in `trials` at 95%: it stays within [0, 1] and is right for small counts
 * and rates near 0 or 1, where the normal approximation is not. Null without trials.
 */
export function wilsonInterval(successes: number, trials: number): { low: number; high: number } | null {
  if (trials === 0) return null;
  const p = successes / trials;
  const z2 = Z * Z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (Z / (1 + z2 / trials)) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * The visits each arm needs to tell a difference of DETECTABLE_DIFFERENCE in completion rate with 80% power at the 5%
 * level (Lehr's rule: 16 p(1 - p) / d²), p being the completion rate of all the arms together.
 */
export function neededVisits(completions: number, visits: number): number {
  const p = visits === 0 ? 0 : completions / visits;
  return Math.ceil((16 * Math.max(p * (1 - p), MIN_SPREAD)) / DETECTABLE_DIFFERENCE ** 2);
}
