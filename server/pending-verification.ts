// The cookie that says which phone the visitor is being verified for, before the code is checked: set when a code is
// sent, it lets /user/tcpa keep consent evidence only for that phone. Stateless: an HMAC of the phone and its expiry.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { CODE_TTL_MINUTES } from './store/one-time-codes.ts';
import { cookieIsSecure } from './verification-cookie.ts';

export const PENDING_COOKIE = 'cf_pending';
/** Without CODE_SECRET (development), this process's own key: a cookie from another process or before a restart fails. */
const PROCESS_KEY = randomBytes(32);
/** Expiry (ms since the epoch) and MAC. */
const VALUE = /^(\d{1,15})\.([\w-]{43})$/;

function mac(secret: string | undefined, phone: string, expiresAt: number): Buffer {
  return createHmac('sha256', secret ?? PROCESS_KEY).update(`pending verification\n${phone}\n${expiresAt}`).digest();
}

/** Set with a code sent to phone (E.164) at now: good for that phone as long as the code. */
export function setPendingCookie(reply: FastifyReply, config: Pick<Config, 'codeSecret' | 'nodeEnv'>, phone: string, now: number): void {
  const expiresAt = now + CODE_TTL_MINUTES * 60_000;
  void reply.setCookie(PENDING_COOKIE, `${expiresAt}.${mac(config.codeSecret, phone, expiresAt).toString('base64url')}`, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/api',
    secure: cookieIsSecure(reply.request.protocol, config.nodeEnv),
    maxAge: CODE_TTL_MINUTES * 60,
  });
}

/** Whether the request carries a pending cookie for phone (E.164) that is still good at now. */
export function isBeingVerified(request: FastifyRequest, secret: string | undefined, phone: string, now: number): boolean {
  const m = VALUE.exec(request.cookies[PENDING_COOKIE] ?? '');
  if (!m) return false;
  const expiresAt = Number(m[1]);
  const given = Buffer.from(m[2] ?? '', 'base64url');
  return now < expiresAt && timingSafeEqual(given, mac(secret, phone, expiresAt));
}
