// Proof of work for a code send past its limits (server/limits/policies.ts): an ALTCHA challenge (altcha-lib, self-hosted, no
// outside service) bound to the phone and the level, which the browser solves in about a second at level 1 and twice as
// long at each level above. A solution is good for one send, to that phone, for 10 minutes: spent ones are kept in
// spent_challenges until they expire. Times come from the caller's clock (the library's own expiry check is not used).
import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Payload } from 'altcha-lib/v1/types';
import type { Queryable } from '../db/db.ts';

/** The numbers to try at level 1 (half of them on average: about a second in a phone's browser). */
export const LEVEL_1_WORK = 50_000;
const TTL_MS = 10 * 60_000;

export const workAt = (level: number): number => LEVEL_1_WORK * 2 ** (level - 1);

/** The phone as a challenge names it: a keyed hash, so the challenge, seen by the browser, does not spell it out. */
const phoneTag = (key: string, phone: string): string => createHmac('sha256', key).update(phone).digest('hex').slice(0, 16);

export interface SendChallenge {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** A challenge for a send to phone at level, good until 10 minutes from now. */
export async function newSendChallenge(key: string, phone: string, level: number, now: number): Promise<SendChallenge> {
  const maxnumber = workAt(level);
  const options = {
    algorithm: 'SHA-256' as const,
    hmacKey: key,
    maxnumber,
    expires: new Date(now + TTL_MS),
    params: { p: phoneTag(key, phone), l: String(level) },
  };
  const { challenge, salt, signature } = await createChallenge(options);
  return { algorithm: 'SHA-256', challenge, maxnumber, salt, signature };
}

/** A solution as the browser sends it (the X-Altcha header: base64 of the solved challenge's JSON). */
export interface Solved {
  level: number;
  signature: string;
  expiresAt: number;
}

/** The solution in header, when it is one of ours, solved, for phone and not expired at now. */
export async function solvedChallenge(key: string, header: string | undefined, phone: string, now: number): Promise<Solved | undefined> {
  if (header === undefined || header.length > 2_000) return undefined;
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as Payload;
    if (!(await verifySolution(payload, key, false))) return undefined;
  } catch {
    return undefined;
  }
  const params = extractParams(payload);
  const expiresAt = Number(params.expires) * 1000;
  const level = Number(params.l);
  if (params.p !== phoneTag(key, phone) || !(expiresAt > now) || !Number.isInteger(level)) return undefined;
  return { level, signature: payload.signature, expiresAt };
}

/** Marks the solution spent; false when it already was (a replay). Drops the spent ones that have expired. */
export async function spendSolution(tx: Queryable, solved: Solved, now: number): Promise<boolean> {
  await tx.query('DELETE FROM spent_challenges WHERE expires_at <= $1::timestamptz', [new Date(now).toISOString()]);
  const { rows } = await tx.query('INSERT INTO spent_challenges (signature, expires_at) VALUES ($1, $2::timestamptz) ON CONFLICT DO NOTHING RETURNING 1', [
    solved.signature,
    new Date(solved.expiresAt).toISOString(),
  ]);
  return rows.length > 0;
}
