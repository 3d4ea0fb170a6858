// Who the visitor is to the lead routes: the phone verification their cookie holds, checked before anything is stored.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import { leadOwnership } from '../store/leads.ts';
import { liveVerificationOf } from '../store/verifications.ts';
import { verificationIdHash } from '../verification-cookie.ts';

/** The id of the visitor's verification of phone (E.164) live at now; undefined without one (answer 403 phone_not_verified). */
export async function visitorVerificationOf(db: Db, request: FastifyRequest, phone: string, now: number): Promise<number | undefined> {
  const idHash = verificationIdHash(request);
  return idHash === undefined ? undefined : liveVerificationOf(db, idHash, phone, now);
}

/**
 * Whether the visitor's verification (idHash, from their cookie) is live at now, by the same VERIFICATION_VALID_HOURS
 * as lead creation, and made lead id: 'unverified' answers 403 phone_not_verified, 'not_found' 404.
 */
export async function visitorOwnership(db: Db, idHash: string | undefined, leadId: number, now: number): Promise<'unverified' | 'not_found' | 'own'> {
  return idHash === undefined ? 'unverified' : leadOwnership(db, idHash, leadId, now);
}

export const NOT_VERIFIED = { error: 'phone_not_verified' } as const;
