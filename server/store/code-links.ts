// The link every code text carries (/verify/{token}): opened in the browser that asked for the code (its cf_pending
// names the send's visitor), it confirms that very send, and that visitor is then verified without typing the code.
// Opened anywhere else (the phone's owner tapping the link of a stranger's send, a link preview) it confirms nothing.
// Tokens are 128 random bits, kept only as their SHA-256, valid as long as the code. Times come from the caller's clock.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { recordVerification } from './verifications.ts';

/** 16 random bytes: 22 base64url characters. */
const TOKEN = /^[\w-]{22}$/;

/** The SHA-256 (hex) a secret of a request (a link token, a visitor id) is stored and looked up as. */
export const secretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A new link token and the hash that is stored in its place. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(16).toString('base64url');
  return { token, hash: secretHash(token) };
}

/**
 * What opening a link did: confirmed its send (opened by the visitor who asked for it); other_browser: the send lives
 * but was asked for by another visitor (or the opener has no cf_pending), so nothing changed; expired: there is no such
 * send, or it is used or its code expired.
 */
export type LinkOutcome = 'confirmed' | 'other_browser' | 'expired';

/**
 * Marks the send of token as confirmed when the visitor of visitorHash (the opener's cf_pending) asked for it. A link
 * verifies only the browser that asked for its code: else a stranger who asks for a code to someone's phone, and gets
 * them to tap the link, would be verified as them.
 */
export async function confirmLink(db: Db, token: string, visitorHash: string | undefined, now: number): Promise<LinkOutcome> {
  if (!TOKEN.test(token)) return 'expired';
  const values = [secretHash(token), new Date(now).toISOString()];
  if (visitorHash !== undefined) {
    const { rows } = await db.query(
      `UPDATE sms_codes SET confirmed_at = coalesce(confirmed_at, $2::timestamptz)
       WHERE link_hash = $1 AND requester_hash = $3 AND used_at IS NULL AND expires_at > $2::timestamptz RETURNING 1`,
      [...values, visitorHash],
    );
    if (rows.length > 0) return 'confirmed';
  }
  const { rows } = await db.query('SELECT 1 FROM sms_codes WHERE link_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz', values);
  return rows.length > 0 ? 'other_browser' : 'expired';
}

/**
 * For the visitor of visitorHash, their latest live send (to phone, when given) if its link was opened: verified when it
 * is verified now (used up, the verification of idHash recorded), confirmed when it already was; else undefined.
 */
export async function verifyConfirmedSend(
  db: Db,
  { visitorHash, phone, now }: { visitorHash: string; phone?: string; now: number },
  idHash: string,
): Promise<'verified' | 'confirmed' | undefined> {
  const query = `SELECT phone, used_at IS NOT NULL AS used FROM sms_codes
    WHERE requester_hash = $1 AND ($2::text IS NULL OR phone = $2) AND confirmed_at IS NOT NULL AND expires_at > $3::timestamptz
      AND created_at = (SELECT max(created_at) FROM sms_codes WHERE requester_hash = $1 AND ($2::text IS NULL OR phone = $2))`;
  const values = [visitorHash, phone ?? null, new Date(now).toISOString()];
  // Most asks find nothing: a read, no transaction.
  if ((await db.query(query, values)).rows.length === 0) return undefined;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ phone: string; used: boolean }>(`${query} LIMIT 1 FOR UPDATE`, values);
    const send = rows[0];
    if (send === undefined) return undefined;
    if (send.used) return 'confirmed';
    await tx.query('UPDATE sms_codes SET used_at = $3::timestamptz WHERE requester_hash = $1 AND phone = $2', [
      visitorHash,
      send.phone,
      new Date(now).toISOString(),
    ]);
    await recordVerification(tx, send.phone, idHash, now);
    return 'verified';
  });
}
