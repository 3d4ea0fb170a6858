// The blacklist of phones (E.164) that get no code: commercial users sent to the business service (spec §8).
import type { Queryable } from '../db/db.ts';

export async function isBlacklisted(db: Queryable, phone: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM blacklisted_phones WHERE phone = $1', [phone]);
  return rows.length > 0;
}

export async function blacklist(db: Queryable, phone: string, reason?: string): Promise<void> {
  await db.query('INSERT INTO blacklisted_phones (phone, reason) VALUES ($1, $2) ON CONFLICT (phone) DO NOTHING', [phone, reason ?? null]);
}
