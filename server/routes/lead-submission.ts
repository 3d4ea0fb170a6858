// What every lead creation does: the checks no schema can make, the visitor's verification, then the consent record
// and the lead in one statement, once per Idempotency-Key.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConsentCatalogue } from '../consent-text.ts';
import type { Db } from '../db/db.ts';
import { e164FromTyped } from '../phone.ts';
import { requestHash } from '../store/idempotency-keys.ts';
import { nextLeadId } from '../store/lead-ids.ts';
import { createLead, storedLead, type LeadFields } from '../store/leads.ts';
import { verificationIdHash } from '../verification-cookie.ts';
import { fieldError } from './field-error.ts';
import { answerEarlier, idempotencyKeyOf, keyRouteOf, purgeExpiredKeys, sendBytes, serialize } from './idempotent.ts';
import { NOT_VERIFIED } from './visitor.ts';

/** The consent object every lead body carries (see the request schemas). */
export interface LeadConsent {
  key: string;
  locale: 'en' | 'es';
  flowId: string;
  flowVersion: number;
  pageUrl: string;
}

export interface Submission extends LeadFields {
  consent: LeadConsent;
  trustedFormCert: string | null | undefined;
  /** Dates (YYYY-MM-DD) and years that may not lie in the future, by field path. */
  notFuture?: [field: string, value: string | number | undefined | null][];
}

export interface SubmissionDeps {
  db: Db;
  catalogue: ConsentCatalogue;
  /** The server's clock, ms since the epoch. */
  clock: () => number;
}

const MAX_REFERRERS = 4096;
/** The latest time zone (UTC+14): a date that is today for some visitor is never refused. */
const LATEST_OFFSET_MS = 14 * 60 * 60 * 1000;

/** The first field that lies after today anywhere on earth, if any. */
function futureField(fields: Submission['notFuture'], now: number): string | undefined {
  const today = new Date(now + LATEST_OFFSET_MS).toISOString();
  for (const [field, value] of fields ?? []) {
    if (typeof value === 'string' && value > today.slice(0, 10)) return field;
    if (typeof value === 'number' && value > Number(today.slice(0, 4))) return field;
  }
  return undefined;
}

export async function submitLead({ db, catalogue, clock }: SubmissionDeps, request: FastifyRequest, reply: FastifyReply, s: Submission) {
  const consentedAtMs = clock();
  const phone = e164FromTyped(s.phone);
  if (!phone) return reply.code(400).send(fieldError('phone', 'phone is not a valid phone number'));
  const future = futureField(s.notFuture, consentedAtMs);
  if (future) return reply.code(400).send(fieldError(future, `${future} may not be in the future`));
  const wording = catalogue.resolve(s.consent.key, s.consent.locale);
  if (!wording) {
    return reply.code(400).send(fieldError('consent.key', `consent.key is not a consent notice of the ${s.consent.locale} catalogue`));
  }
  const referrers = request.headers['page-referrers'];
  if (referrers !== undefined && (typeof referrers !== 'string' || referrers.length > MAX_REFERRERS)) {
    return reply.code(400).send(fieldError('page-referrers', `page-referrers must be one header of at most ${MAX_REFERRERS} characters`));
  }
  const key = idempotencyKeyOf(request);
  if (typeof key === 'object') return reply.code(400).send(key);

  // The visitor must hold a recent verification of this very phone, before anything is stored or replayed.
  const idHash = verificationIdHash(request);
  if (idHash === undefined) return reply.code(403).send(NOT_VERIFIED);

  const fields: LeadFields = {
    funnel: s.funnel,
    calcId: s.calcId,
    firstName: s.firstName.trim(),
    lastName: s.lastName.trim(),
    phone,
    email: s.email.trim(),
    legalConsult: s.legalConsult,
    language: s.language,
    body: s.body,
  };
  // The answer is known before the lead is stored: it is kept for the key in the statement that stores the lead.
  const id = await nextLeadId(db);
  const response = serialize(reply, { status: 200, body: { resultIds: [id], lead: storedLead(fields, id, consentedAtMs) } });
  await purgeExpiredKeys(db, key);
  const ip = request.ip;
  const userAgent = request.headers['user-agent']?.slice(0, 512);
  const created = await createLead(
    db,
    { route: keyRouteOf(request), key, hash: key === undefined ? '' : requestHash(request.query, request.body), verificationIdHash: idHash, now: consentedAtMs, id, response },
    { ...fields, pageReferrers: referrers, ip, userAgent },
    {
      kind: 'lead',
      wording,
      locale: s.consent.locale,
      flowId: s.consent.flowId,
      flowVersion: s.consent.flowVersion,
      pageUrl: s.consent.pageUrl,
      phone,
      verificationId: undefined,
      trustedFormCert: s.trustedFormCert ?? undefined,
      trustedFormPingUrl: undefined,
      consentedAtMs,
      ip,
      userAgent,
    },
  );
  if (created.kind === 'unverified') return reply.code(403).send(NOT_VERIFIED);
  return created.kind === 'created' ? sendBytes(reply, 200, response) : answerEarlier(reply, created);
}
