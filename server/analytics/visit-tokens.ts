// The visits POST /api/events takes events of: each started by the server (POST /api/visits), which answers a random
// id signed with a key of server_secrets (HMAC-SHA-256) and the instant it expires. A batch names its visit by that
// token; one the server did not sign, or that has expired, is refused, so nobody can write events of a made-up visit.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { sharedSecret } from '../store/server-secrets.ts';

const NAME = 'event-visits';
/** A visit's token lasts a day: the tab asks for a new visit when its token has less than an hour left. */
export const VISIT_TTL_MS = 24 * 60 * 60_000;
/** A visit stores this many events at most (the longest funnel, 10 steps, sends about 21 walked straight through). */
export const MAX_VISIT_EVENTS = 500;

const visitKey = (q: Queryable): Promise<Buffer> => sharedSecret(q, NAME);

/** 16 bytes of HMAC-SHA-256 (base64url, 22 characters) of the visit and its expiry (seconds since the epoch). */
const signature = (key: Buffer, id: string, expires: number) =>
  createHmac('sha256', key).update(`visit:${id}.${expires}`).digest().subarray(0, 16).toString('base64url');

export interface Visit {
  /** `<uuid>.<expiry, s since the epoch>.<signature>`: what POST /api/events takes as `visit`. */
  visit: string;
  /** When it expires (ms since the epoch). */
  expiresAt: number;
}

/** A new visit, expiring VISIT_TTL_MS after now (ms). */
export async function startVisit(q: Queryable, now: number): Promise<Visit> {
  const id = randomUUID();
  const expires = Math.floor((now + VISIT_TTL_MS) / 1000);
  return { visit: `${id}.${expires}.${signature(await visitKey(q), id, expires)}`, expiresAt: expires * 1000 };
}

/** The visit's id when the token is one the server signed and has not expired at now (ms); else why not. */
export async function checkVisit(q: Queryable, token: string, now: number): Promise<{ id: string } | { problem: string }> {
  const [id = '', expiresText = '', signed = ''] = token.split('.');
  const expires = Number(expiresText);
  const expected = Buffer.from(signature(await visitKey(q), id, expires));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { problem: 'the visit was not started by this server (POST /api/visits)' };
  if (expires * 1000 <= now) return { problem: 'the visit has expired: start a new one (POST /api/visits)' };
  return { id };
}
