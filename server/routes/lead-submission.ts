// What every lead creation does: the checks no schema can make, then in one transaction (answerOnce) the visitor's
// verification, the consent record, the lead (and its alert): once per Idempotency-Key, once per funnel and
// verification, and at most phoneLeads (server/limits/policies.ts) a day per phone.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { browserZoneOf, leadStates, leadTypeCalls, leadZone } from '../call-times/lead-call-times.ts';
import { createAlert } from '../alerts/create-alert.ts';
import { alertCountryAllowed } from '../alerts/deliver-countries.ts';
import { newAlert, type AlertRequest } from '../alerts/new-alert.ts';
import type { Sponsor } from '../../engine/route-lead.ts';
import { shownWording, type ConsentCatalogue } from '../consent-text.ts';
import { EARLIEST_DAY, todayAnywhere } from '../date-bounds.ts';
import type { Db, Queryable } from '../db/db.ts';
import { lock, record, waitFor } from '../limits/limit-events.ts';
import { phoneKey, subject, type Policies } from '../limits/policies.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { e164FromTyped } from '../phone.ts';
import { reportPlaces } from '../reports/report-places.ts';
import { insertConsentRecord } from '../store/consents.ts';
import { insertLead, type LeadFields } from '../store/leads.ts';
import { liveVerificationOf } from '../store/verifications.ts';
import type { ValidationErrorBody } from '../validation.ts';
import { verificationIdHash } from '../verification-cookie.ts';
import { apiSchemas } from './api-schemas.ts';
import { fieldError } from './field-error.ts';
import { consentFlowError, type LeadFlows } from './lead-flows.ts';
import type { RouteDeps } from './deps.ts';
import { answerOnce, idempotencyKeyOf, refuse } from './idempotent.ts';
import { NOT_VERIFIED } from './visitor.ts';

/** The consent object every lead body carries (the request schemas share its definition). */
type LeadConsent = FromSchema<typeof apiSchemas.leadsCreateCalcRequest>['consent'];

/** What a route submits: the lead's fields but those submitLead works out from its body (token, zone, call windows). */
export interface Submission extends Omit<LeadFields, 'businessUserToken' | 'timeZone' | 'leadTypeCalls'> {
  /** The route it was posted to, as flows name it ("/leads/create"): its consent's flow must post its leads there. */
  path: string;
  consent: LeadConsent;
  trustedFormCert: string | null | undefined;
  /** Dates (YYYY-MM-DD) and years that may not lie in the future (nor, for a date, before 1900-01-01), by field path. */
  notFuture?: [field: string, value: string | number | undefined | null][];
  /** A report alert to create with the lead. */
  alert?: AlertRequest;
}

export interface SubmissionDeps {
  db: Db;
  catalogue: ConsentCatalogue;
  /** The flows a consent may name. */
  flows: LeadFlows;
  /** The sponsors leads go to now: those a consent may name. */
  sponsors: readonly Sponsor[];
  /** The server's clock, ms since the epoch. */
  clock: () => number;
  /** How many days an alert stays open. */
  alertDays: number;
  /** The countries whose phones alerts are texted to (ALERT_COUNTRIES). */
  alertCountries: readonly string[];
  /** The limits: phoneLeads caps a phone's leads a day. */
  limits: Policies;
  /** TEST_PHONE: verified without a code, and not held to the daily lead cap. */
  testPhone: string | undefined;
  jobs: Pick<Jobs, 'wake'> | undefined;
  metrics: RouteDeps['metrics'];
}

const MAX_REFERRERS = 4096;

/**
 * The 400 for the first field that lies after today anywhere on earth (a date that is today for some visitor is never
 * refused), or a date before 1900-01-01 (no accident of a claim is older; an alert's day of year 0 is no date of the
 * database), if any.
 */
function outOfRangeField(fields: Submission['notFuture'], now: number): ValidationErrorBody | undefined {
  const today = todayAnywhere(now);
  for (const [field, value] of fields ?? []) {
    if (typeof value === 'string' && value < EARLIEST_DAY) return fieldError(field, `${field} may not be before ${EARLIEST_DAY}`);
    if ((typeof value === 'string' && value > today) || (typeof value === 'number' && value > Number(today.slice(0, 4)))) {
      return fieldError(field, `${field} may not be in the future`);
    }
  }
  return undefined;
}

export async function submitLead(
  { db, catalogue, flows, sponsors, clock, alertDays, alertCountries, limits, testPhone, jobs, metrics }: SubmissionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  s: Submission,
) {
  const consentedAtMs = clock();
  const phone = e164FromTyped(s.phone);
  if (!phone) return reply.code(400).send(fieldError('phone', 'phone is not a valid phone number'));
  const outOfRange = outOfRangeField(s.notFuture, consentedAtMs);
  if (outOfRange) return reply.code(400).send(outOfRange);
  const alert = s.alert && newAlert(s.alert, { now: consentedAtMs, days: alertDays, places: await reportPlaces() });
  if (alert && 'error' in alert) return reply.code(400).send(alert);
  // Said now, not found out when the report is filed and its text is not sent (SMS pumping: see deliver-countries.ts).
  if (alert && !alertCountryAllowed(phone, alertCountries)) {
    return reply.code(400).send(fieldError('phone', `report alerts are texted to phones of ${alertCountries.join(', ')} only`));
  }
  const wrongFlow = consentFlowError(flows, s.path, s.consent);
  if (wrongFlow) return reply.code(400).send(wrongFlow);
  // Exactly the words the page showed beside the button that sent this lead, naming the sponsors it may go to.
  const wording = shownWording(catalogue, s.consent, flows.get(s.consent.flowId)?.notices.get(s.path), sponsors);
  if ('error' in wording) return reply.code(400).send(wording);
  const referrers = request.headers['page-referrers'];
  if (referrers !== undefined && (typeof referrers !== 'string' || referrers.length > MAX_REFERRERS)) {
    return reply.code(400).send(fieldError('page-referrers', `page-referrers must be one header of at most ${MAX_REFERRERS} characters`));
  }
  const key = idempotencyKeyOf(request);
  if (typeof key === 'object') return reply.code(400).send(key);
  const idHash = verificationIdHash(request);
  if (idHash === undefined) return reply.code(403).send(NOT_VERIFIED);

  // The person is called in their zone (the lead's ZIP or state, else their browser's), from the moment they consented.
  const timeZone = await leadZone(s.body, browserZoneOf(request), consentedAtMs);
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
    businessUserToken: typeof s.body.businessUserToken === 'string' && s.body.businessUserToken !== '' ? s.body.businessUserToken : undefined,
    timeZone,
    leadTypeCalls: leadTypeCalls(s.body, consentedAtMs, timeZone, await leadStates(s.body)),
  };
  const ip = request.ip;
  const userAgent = request.headers['user-agent']?.slice(0, 512);
  const once = {
    key,
    // The visitor must hold a recent verification of this very phone, before anything is stored or replayed.
    check: async (tx: Queryable) => (await liveVerificationOf(tx, idHash, phone, consentedAtMs)) ?? refuse(403, NOT_VERIFIED),
    // One lead per funnel and verification: a second submission gets the first one's answer.
    natural: (verificationId: number) => `lead ${s.funnel} verification ${verificationId}`,
  };
  const leads = subject('phoneLeads', phoneKey(phone));
  return answerOnce(db, request, reply, once, async (tx, verificationId) => {
    // The configured test phone (spec §5) walks the funnels again and again.
    if (phone !== testPhone) {
      await lock(tx, [leads]);
      if ((await waitFor(tx, leads, limits.phoneLeads, consentedAtMs)) > 0) refuse(429, { error: 'lead_limit' });
      await record(tx, [leads], consentedAtMs);
    }
    const consentRecordId = await insertConsentRecord(tx, {
      kind: 'lead',
      wording,
      locale: s.consent.locale,
      flowId: s.consent.flowId,
      flowVersion: s.consent.flowVersion,
      flowVariant: s.consent.flowVariant,
      pageUrl: s.consent.pageUrl,
      phone,
      verificationId,
      trustedFormCert: s.trustedFormCert ?? undefined,
      trustedFormPingUrl: undefined,
      consentedAtMs,
      ip,
      userAgent,
    });
    const lead = await insertLead(tx, { ...fields, pageReferrers: referrers, ip, userAgent, verificationId, consentRecordId, createdAtMs: consentedAtMs });
    const created = alert && (await createAlert(tx, alert, { id: lead.id, phone, locale: s.consent.locale }));
    return {
      status: 200,
      body: { resultIds: [lead.id], lead, ...(created && { alert: created }) },
      // The router takes the lead once it is stored (it is routed to sponsors there, never here), and the reports
      // already on file are texted once the alert is stored.
      committed: () => {
        metrics?.leadsCreated.inc({ funnel: s.funnel });
        jobs?.wake('route-leads');
        if (created?.onFile.length) jobs?.wake('alert-texts');
      },
    };
  });
}
