// How many TCPA consent records a phone got lately: /user/tcpa keeps a few a day per phone, not a flood.
import type { Queryable } from '../db/db.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * In the caller's transaction: takes the phone's lock (so concurrent requests count one after another, until it ends)
 * and gives how many tcpa records phone (E.164) got in the day before now, and when the oldest of them was made.
 */
export async function lockTcpaRecordsOfDay(tx: Queryable, phone: string, now: number): Promise<{ count: number; oldestMs: number }> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('tcpa consents'), hashtext($1))", [phone]);
  const { rows } = await tx.query<{ n: number; oldest: string | number | null }>(
    `SELECT count(*)::int AS n, min(consented_at_ms) AS oldest FROM consent_records
     WHERE phone = $1 AND kind = 'tcpa' AND consented_at_ms > $2`,
    [phone, now - DAY_MS],
  );
  // pg returns bigint as a string, PGlite as a number.
  return { count: rows[0]?.n ?? 0, oldestMs: Number(rows[0]?.oldest ?? now) };
}
