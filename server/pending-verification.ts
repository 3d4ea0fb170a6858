// The cookie that says who asked for a code and for which phone, before it is checked: set when a code is sent, it
// names the visitor (a random id; the code's row keeps its hash) so that only they can check that code or be verified
// by its link, and it lets /user/tcpa keep consent evidence only for that phone (an HMAC of the phone, id and expiry).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { secretHash } from './store/code-links.ts';
import { CODE_TTL_MINUTES } from './store/one-time-codes.ts';
import { cookieIsSecure } from './verification-cookie.ts';

export const PENDING_COOKIE = 'cf_pending';
/** Without CODE_SECRET (development), this process's own key: a cookie from another process or before a restart fails. */
const PROCESS_KEY = randomBytes(32);
/** Visitor id (32 random bytes), expiry (ms since the epoch) and MAC. */
const VALUE = /^([\w-]{43})\.(\d{1,15})\.([\w-]{43})$/;

function mac(secret: string | undefined, phone: string, visitorId: string, expiresAt: number): Buffer {
  return createHmac('sha256', secret ?? PROCESS_KEY)
    .update(`pending verification\n${phone}\n${visitorId}\n${expiresAt}`)
    .digest();
}

/** The visitor id of the request's pending cookie, well-formed (whatever its phone and age), or a new one. */
export function pendingVisitorId(request: FastifyRequest): string {
  return VALUE.exec(request.cookies[PENDING_COOKIE] ?? '')?.[1] ?? randomBytes(32).toString('base64url');
}

/** The hash (as code rows keep it) of the visitor id of the request's pending cookie; undefined without one. */
export function pendingVisitorHash(request: FastifyRequest): string | undefined {
  const id = VALUE.exec(request.cookies[PENDING_COOKIE] ?? '')?.[1];
  return id === undefined ? undefined : secretHash(id);
}

/** Set with a code sent to phone (E.164) at now for the visitor of visitorId: good for that phone as long as the code. */
export function setPendingCookie(reply: FastifyReply, config: Pick<Config, 'codeSecret' | 'nodeEnv'>, phone: string, visitorId: string, now: number): void {
  const expiresAt = now + CODE_TTL_MINUTES * 60_000;
  void reply.setCookie(PENDING_COOKIE, `${visitorId}.${expiresAt}.${mac(config.codeSecret, phone, visitorId, expiresAt).toString('base64url')}`, {
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
  const expiresAt = Number(m[2]);
  const given = Buffer.from(m[3] ?? '', 'base64url');
  return now < expiresAt && timingSafeEqual(given, mac(secret, phone, m[1] ?? '', expiresAt));
}
