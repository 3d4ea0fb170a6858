// Who the visitor is to the lead routes: the phone verification their cookie holds, checked before anything is stored.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import { liveVerificationOf } from '../store/verifications.ts';
import { verificationIdHash } from '../verification-cookie.ts';

/** The id of the visitor's verification of phone (E.164) live at now; undefined without one (answer 403 phone_not_verified). */
export async function visitorVerificationOf(db: Db, request: FastifyRequest, phone: string, now: number): Promise<number | undefined> {
  const idHash = verificationIdHash(request);
  return idHash === undefined ? undefined : liveVerificationOf(db, idHash, phone, now);
}

export const NOT_VERIFIED = { error: 'phone_not_verified' } as const;
