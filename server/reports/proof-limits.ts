// Limits on guessing a report's VIN or case ID, counted in report_proof_failures in sliding windows per address and
// per report: a visitor over either is refused before the guess is even compared.
import type { Db } from '../db/db.ts';
import { RateLimitedError } from '../security.ts';
import { ipSubject, type Window } from '../store/code-limits.ts';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export interface ProofLimits {
  /** Wrong guesses from one address (an IPv6 /64 is one address), at any report. */
  ip: Window[];
  /** Wrong guesses at one report, from anywhere. */
  report: Window[];
}

export const DEFAULT_PROOF_LIMITS: ProofLimits = {
  ip: [{ max: 10, ms: HOUR }, { max: 30, ms: DAY }],
  report: [{ max: 20, ms: HOUR }],
};

export interface Guess {
  ip: string;
  reportId: string;
  /** Whether the VIN or case ID given is none of the report's. */
  wrong: boolean;
  now: number;
}

const at = (ms: number): string => new Date(ms).toISOString();
const longest = (windows: Window[]): number => Math.max(0, ...windows.map((w) => w.ms));

/**
 * Counts a guess: throws RateLimitedError when its address or its report is over a limit (the guess is neither
 * compared nor counted), else records a wrong one against both. The subjects are locked for the transaction, so
 * parallel guesses are counted one after the other and none slips past a full window.
 */
export async function countGuess(db: Db, limits: ProofLimits, { ip, reportId, wrong, now }: Guess): Promise<void> {
  const subjects: [string, Window[]][] = [
    [ipSubject(ip), limits.ip],
    [`report:${reportId}`, limits.report],
  ];
  await db.transaction(async (tx) => {
    let wait = 0;
    for (const [subject, windows] of [...subjects].sort(([a], [b]) => a.localeCompare(b))) {
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [subject]);
      await tx.query('DELETE FROM report_proof_failures WHERE subject = $1 AND at <= $2::timestamptz', [subject, at(now - longest(windows))]);
      const max = Math.max(0, ...windows.map((w) => w.max));
      const { rows } = await tx.query<{ ms: number }>(
        `SELECT (extract(epoch FROM at) * 1000)::float8 AS ms FROM report_proof_failures
         WHERE subject = $1 ORDER BY at DESC LIMIT $2`,
        [subject, max],
      );
      wait = Math.max(wait, waitFor(rows.map((r) => Math.round(Number(r.ms))), windows, now));
    }
    if (wait > 0) throw new RateLimitedError(Math.max(1, Math.ceil(wait / 1000)));
    if (!wrong) return;
    for (const [subject] of subjects) {
      await tx.query('INSERT INTO report_proof_failures (subject, at) VALUES ($1, $2::timestamptz)', [subject, at(now)]);
    }
  });
}

/** How long until failures at these times (newest first) no longer fill any window; 0 when none is full. */
function waitFor(times: number[], windows: Window[], now: number): number {
  let wait = 0;
  for (const { max, ms } of windows) {
    // The max-th newest failure leaving the window is what frees a place in it.
    const full = times.filter((t) => t > now - ms).length >= max;
    if (full) wait = Math.max(wait, (times[max - 1] ?? now) + ms - now);
  }
  return wait;
}
