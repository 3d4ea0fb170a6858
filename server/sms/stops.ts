// Phones that asked for no more texts: STOP replies and the /unsubscribe/{token} link (migration 0009).
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { endAlertsOfPhone } from '../alerts/expire-alerts.ts';

export type StopVia = 'sms' | 'link';

/** 12 random bytes: 16 characters of base64url, unguessable and short enough for a text. */
const TOKEN = /^[A-Za-z0-9_-]{16}$/;

/** Whether phone (E.164) asked for no more texts. */
export async function isStopped(q: Queryable, phone: string): Promise<boolean> {
  return (await stoppedPhones(q, [phone])).has(phone);
}

/** Those of phones that asked for no more texts, in one statement (a sender's batch). */
export async function stoppedPhones(q: Queryable, phones: readonly string[]): Promise<Set<string>> {
  const { rows } = await q.query<{ phone: string }>('SELECT phone FROM sms_stops WHERE phone = ANY($1::text[])', [phones]);
  return new Set(rows.map((r) => r.phone));
}

/** Stops texts to phone and ends its open alerts; stopping again changes nothing. */
export async function stopPhone(q: Queryable, phone: string, via: StopVia): Promise<void> {
  await q.query('INSERT INTO sms_stops (phone, via) VALUES ($1, $2) ON CONFLICT (phone) DO NOTHING', [phone, via]);
  await endAlertsOfPhone(q, phone);
}

/** Texts may reach phone again (a START reply); the alerts its stop ended stay ended. */
export async function resumePhone(q: Queryable, phone: string): Promise<void> {
  await q.query('DELETE FROM sms_stops WHERE phone = $1', [phone]);
}

/** '/unsubscribe/{token}' for phone: its token, made on first use and the same ever after. */
export async function unsubscribePath(q: Queryable, phone: string): Promise<string> {
  return (await unsubscribePaths(q, [phone])).get(phone)!;
}

/** unsubscribePath of each of phones, by phone, in one statement (a sender's batch). */
export async function unsubscribePaths(q: Queryable, phones: readonly string[]): Promise<Map<string, string>> {
  // Each phone once (a statement may not update a row twice), in one order (two senders' batches lock alike).
  const unique = [...new Set(phones)].sort();
  const { rows } = await q.query<{ phone: string; token: string }>(
    // DO UPDATE (a no-op) so RETURNING gives the token already stored.
    `INSERT INTO sms_unsubscribe_tokens (phone, token) SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT (phone) DO UPDATE SET phone = EXCLUDED.phone RETURNING phone, token`,
    [unique, unique.map(() => randomBytes(12).toString('base64url'))],
  );
  return new Map(rows.map((r) => [r.phone, `/unsubscribe/${r.token}`]));
}

/** The phone a token was made for and whether it is stopped; undefined for a token never made. */
export async function phoneOfToken(q: Queryable, token: string): Promise<{ phone: string; stopped: boolean } | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const { rows } = await q.query<{ phone: string; stopped: boolean }>(
    `SELECT t.phone, EXISTS (SELECT 1 FROM sms_stops s WHERE s.phone = t.phone) AS stopped
     FROM sms_unsubscribe_tokens t WHERE t.token = $1`,
    [token],
  );
  return rows[0];
}

/** Forgets the phone's STOP and unsubscribe link (its owner's erasure: nothing is texted to them any more anyway). */
export async function forgetStops(tx: Queryable, phone: string): Promise<void> {
  await tx.query('WITH stops AS (DELETE FROM sms_stops WHERE phone = $1) DELETE FROM sms_unsubscribe_tokens WHERE phone = $1', [phone]);
}
