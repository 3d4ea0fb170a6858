// Limits on guessing the facts that prove involvement in a report (a VIN, a case ID, a last name), counted in
// report_proof_failures in sliding windows. They slow a guesser without letting one lock the report's people out (NIST
// SP 800-63B 5.2.2): an address's own wrong guesses limit that address; a report that many addresses guess at
// (a distributed attack) then allows each address only a few tries more, so a visitor from a clean address always
// gets to give the right proof.
import type { Db } from '../db/db.ts';
import { RateLimitedError } from '../security.ts';
import { ipSubject, type Window } from '../store/code-limits.ts';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export interface ProofLimits {
  /** Wrong guesses from one address (an IPv6 /64 is one address), at any report or search. */
  ip: Window[];
  /** Wrong guesses at one report, from anywhere: past them the report is under attack. */
  report: Window[];
  /** While its report is under attack: the wrong guesses one address may still make at it. */
  ipAtReport: Window[];
}

export const DEFAULT_PROOF_LIMITS: ProofLimits = {
  ip: [
    { max: 10, ms: HOUR },
    { max: 30, ms: DAY },
  ],
  report: [{ max: 20, ms: HOUR }],
  ipAtReport: [{ max: 3, ms: HOUR }],
};

export interface Guess {
  ip: string;
  /** The report guessed at; none for a search by VIN or case ID. */
  reportId?: string;
  /** Whether a fact given is none of the report's (for a search: it found nothing). */
  wrong: boolean;
  now: number;
}

const at = (ms: number): string => new Date(ms).toISOString();
const longest = (windows: Window[]): number => Math.max(0, ...windows.map((w) => w.ms));

/**
 * Counts a guess: throws RateLimitedError when its address is over a limit, or its report is under attack and the
 * address has used its tries at it (the guess is then neither compared nor counted), else records a wrong one. The
 * subjects are locked for the transaction, so parallel guesses are counted one after the other.
 */
export async function countGuess(db: Db, limits: ProofLimits, { ip, reportId, wrong, now }: Guess): Promise<void> {
  const address = ipSubject(ip);
  const subjects: [string, Window[]][] = [[address, limits.ip]];
  if (reportId !== undefined) subjects.push([`report:${reportId}`, limits.report], [`${address}|report:${reportId}`, limits.ipAtReport]);
  await db.transaction(async (tx) => {
    const waits: number[] = [];
    for (const [subject, windows] of [...subjects].sort(([a], [b]) => a.localeCompare(b))) {
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [subject]);
      await tx.query('DELETE FROM report_proof_failures WHERE subject = $1 AND at <= $2::timestamptz', [subject, at(now - longest(windows))]);
      const max = Math.max(0, ...windows.map((w) => w.max));
      const { rows } = await tx.query<{ ms: number }>(
        `SELECT (extract(epoch FROM at) * 1000)::float8 AS ms FROM report_proof_failures
         WHERE subject = $1 ORDER BY at DESC LIMIT $2`,
        [subject, max],
      );
      waits[subjects.findIndex(([s]) => s === subject)] = waitFor(
        rows.map((r) => Math.round(Number(r.ms))),
        windows,
        now,
      );
    }
    const [ipWait = 0, reportWait = 0, pairWait = 0] = waits;
    const wait = Math.max(ipWait, reportWait > 0 ? pairWait : 0);
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
