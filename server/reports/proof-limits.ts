// Limits on guessing the facts that prove involvement in a report (a VIN, a case ID, a last name): an address's own
// wrong guesses limit that address; a report that many addresses guess at (a distributed attack) then allows each
// address only a few tries more (the policies addressGuesses, reportGuesses, addressGuessesAtReport).
import type { Db } from '../db/db.ts';
import { lock, record, waitFor } from '../limits/limit-events.ts';
import { ipKey, subject, type Policies } from '../limits/policies.ts';
import { RateLimitedError } from '../security.ts';

export interface Guess {
  ip: string;
  /** The report guessed at; none for a search by VIN or case ID. */
  reportId?: string;
  /** Whether a fact given is none of the report's (for a search: it found nothing). */
  wrong: boolean;
  now: number;
}

/**
 * Counts a guess: throws RateLimitedError when its address is over a limit, or its report is under attack and the
 * address has used its tries at it (the guess is then neither compared nor counted), else records a wrong one. The
 * subjects are locked for the transaction, so parallel guesses are counted one after the other.
 */
export async function countGuess(db: Db, p: Policies, { ip, reportId, wrong, now }: Guess): Promise<void> {
  const address = ipKey(ip);
  const own = subject('addressGuesses', address);
  const atReport =
    reportId === undefined ? [] : [subject('reportGuesses', `report:${reportId}`), subject('addressGuessesAtReport', `${address}|report:${reportId}`)];
  await db.transaction(async (tx) => {
    await lock(tx, [own, ...atReport]);
    let wait = await waitFor(tx, own, p.addressGuesses, now);
    const [report, pair] = atReport;
    if (report && pair && (await waitFor(tx, report, p.reportGuesses, now)) > 0) wait = Math.max(wait, await waitFor(tx, pair, p.addressGuessesAtReport, now));
    if (wait > 0) throw new RateLimitedError(Math.max(1, Math.ceil(wait / 1000)));
    if (wrong) await record(tx, [own, ...atReport], now);
  });
}
