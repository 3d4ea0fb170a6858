// One load run's figures, whichever tool measured it.
export interface LoadFigures extends Record<string, number> {
  /** Median of the per-second request (or transaction) counts. */
  rps: number;
  /** Latency percentiles over every request, ms. */
  p50: number;
  p99: number;
  /** Connection errors, timeouts and non-2xx answers (autocannon), or failed transactions (pgbench). */
  errors: number;
  total: number;
}
