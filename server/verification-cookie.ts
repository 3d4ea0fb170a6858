// The cookie that binds a passed phone verification to the visitor's browser: a random id the server keeps only hashed.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VERIFICATION_VALID_HOURS } from './store/verifications.ts';

export const VERIFICATION_COOKIE = 'cf_verification';
/** 32 random bytes in base64url. */
const ID = /^[\w-]{43}$/;

/** A new verification id (256 random bits) and the hash that is stored in its place. */
export function newVerificationId(): { id: string; idHash: string } {
  const id = randomBytes(32).toString('base64url');
  return { id, idHash: hashVerificationId(id) };
}

function hashVerificationId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** Secure whenever the visitor reached us over https, and always in production (TLS usually ends at a proxy). */
export function cookieIsSecure(protocol: string, nodeEnv: string): boolean {
  return protocol === 'https' || nodeEnv === 'production';
}

export function setVerificationCookie(reply: FastifyReply, id: string, nodeEnv: string): void {
  void reply.setCookie(VERIFICATION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/api',
    secure: cookieIsSecure(reply.request.protocol, nodeEnv),
    maxAge: VERIFICATION_VALID_HOURS * 60 * 60,
  });
}

/** The stored hash of the verification id in the request's cookie; undefined when there is no well-formed one. */
export function verificationIdHash(request: FastifyRequest): string | undefined {
  const id = request.cookies[VERIFICATION_COOKIE];
  return id !== undefined && ID.test(id) ? hashVerificationId(id) : undefined;
}
