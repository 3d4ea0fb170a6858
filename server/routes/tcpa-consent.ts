// POST /user/tcpa: the notice the contact step showed above its Send code button, kept as a consent record with its
// evidence once it is checked as a lead's consent is (the very words, a notice of that step of that funnel), only for a
// phone this visitor asked a code for (or verified), and a few a day per phone (TCPA_CONSENTS_PER_PHONE).
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { shownWording, type ConsentCatalogue } from '../consent-text.ts';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/db.ts';
import { lock, record, waitFor } from '../limits/limit-events.ts';
import { phoneKey, subject, type Policies } from '../limits/policies.ts';
import { isBeingVerified } from '../pending-verification.ts';
import { e164FromTyped } from '../phone.ts';
import { insertConsentRecord, insertTcpaConsent } from '../store/consents.ts';
import { liveVerificationOf } from '../store/verifications.ts';
import { verificationIdHash } from '../verification-cookie.ts';
import { apiSchemas as s } from './api-schemas.ts';
import { fieldError } from './field-error.ts';
import { answerOnce, idempotencyKeyOf, refuse } from './idempotent.ts';
import { consentFlowError, type LeadFlows } from './lead-flows.ts';
import { NOT_VERIFIED } from './visitor.ts';

/** The request as its route's schemas type it. */
type TcpaRequest = FastifyRequest<{ Body: FromSchema<typeof s.userTcpaRequest>; Querystring: FromSchema<typeof s.userTcpaQuery> }>;

export interface TcpaDeps {
  db: Db;
  config: Pick<Config, 'codeSecret' | 'tcpaConsentsPerPhone'>;
  limits: Policies;
  clock: () => number;
  catalogue: ConsentCatalogue;
  flows: LeadFlows;
}

const PATH = '/user/tcpa';

/** Stores the tcpa row and its consent record in one transaction and answers { token, tcpaMessage }. */
export async function recordTcpaConsent(
  { db, config, limits, clock, catalogue, flows }: TcpaDeps,
  request: TcpaRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const consentedAtMs = clock();
  const body = request.body;
  const phone = e164FromTyped(body.phone);
  if (!phone) return reply.code(400).send(fieldError('phone', 'phone is not a valid phone number'));
  const key = idempotencyKeyOf(request);
  if (typeof key === 'object') return reply.code(400).send(key);
  const funnel = request.query.funnel;
  const consent = body.consent;
  const wrongFlow = consentFlowError(flows, PATH, consent);
  if (wrongFlow) return reply.code(400).send(wrongFlow);
  const consentWording = shownWording(catalogue, consent, flows.get(consent.flowId)?.notices.get(PATH), []);
  if ('error' in consentWording) return reply.code(400).send(consentWording);
  const message = consentWording.text;
  const ip = request.ip;
  const userAgent = request.headers['user-agent']?.slice(0, 512);
  // Usually sent before the code is checked; when the visitor already verified this phone, the record says so.
  const check = async (tx: Queryable) => {
    const idHash = verificationIdHash(request);
    const verificationId = idHash === undefined ? undefined : await liveVerificationOf(tx, idHash, phone, consentedAtMs);
    if (verificationId === undefined && !isBeingVerified(request, config.codeSecret, phone, consentedAtMs)) refuse(403, NOT_VERIFIED);
    return verificationId;
  };
  return answerOnce(db, request, reply, { key, check }, async (tx, verificationId) => {
    // After the key's lock: a retry of a request that was stored gets its answer, whatever the count is now.
    const consents = subject('phoneConsents', phoneKey(phone));
    await lock(tx, [consents]);
    const wait = await waitFor(tx, consents, limits.phoneConsents, consentedAtMs);
    if (wait > 0) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(wait / 1000))));
      return {
        status: 429,
        body: { error: 'too_many_consents', message: `this phone gave its consent ${config.tcpaConsentsPerPhone} times in the last 24 hours` },
      };
    }
    const consentRecordId = await insertConsentRecord(tx, {
      kind: 'tcpa',
      wording: consentWording,
      locale: consent.locale,
      flowId: consent.flowId,
      flowVersion: consent.flowVersion,
      flowVariant: consent.flowVariant,
      pageUrl: consent.pageUrl,
      phone,
      verificationId,
      trustedFormCert: undefined,
      trustedFormPingUrl: body.trustedformPingUrl ?? undefined,
      consentedAtMs,
      ip,
      userAgent,
    });
    await record(tx, [consents], consentedAtMs);
    const token = randomUUID();
    await insertTcpaConsent(tx, { token, funnel, phone, fields: { ...body }, tcpaMessage: message, consentRecordId }, ip, userAgent);
    return { status: 200, body: { token, tcpaMessage: message } };
  });
}
