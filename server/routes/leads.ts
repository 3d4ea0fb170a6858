// /leads routes: create leads (only by the visitor who verified the phone, each with its consent record), set their
// call time and add the visitor's own account of the accident; every create and update once per Idempotency-Key.
import type { FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { callWindow } from '../call-times/call-window.ts';
import { browserZoneOf, leadStates, leadZone } from '../call-times/lead-call-times.ts';
import { loadConsentCatalogue } from '../consent-text.ts';
import type { Queryable } from '../db/db.ts';
import { routeLead } from '../../engine/route-lead.ts';
import { liveSponsors, todayCounts, withinDailyCaps } from '../delivery/route-leads.ts';
import { queueLeadUpdates } from '../delivery/lead-updates.ts';
import { leadOwnership, setAccidentReason, setPreferredCallTime, windowAnswer, zoneOfLead } from '../store/leads.ts';
import { verificationIdHash } from '../verification-cookie.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RoutePlugin } from './deps.ts';
import { answerOnce, idempotencyKeyOf, refuse } from './idempotent.ts';
import { leadFlows } from './lead-flows.ts';
import { submitLead } from './lead-submission.ts';
import { refuseUnstorableText } from './storable-text.ts';
import { NOT_VERIFIED } from './visitor.ts';
import { limitPolicies } from '../limits/policies.ts';

/** The contact's fields and the consent, which every lead body has. */
type Contact = Pick<
  FromSchema<typeof s.leadsCreateCalcRequest>,
  'firstName' | 'lastName' | 'phone' | 'email' | 'legal_consult' | 'trusted_form_cert' | 'consent'
>;

const contactOf = (body: Contact & { language: string }) => ({
  firstName: body.firstName,
  lastName: body.lastName,
  phone: body.phone,
  email: body.email,
  legalConsult: body.legal_consult,
  language: body.language,
  consent: body.consent,
  trustedFormCert: body.trusted_form_cert,
  body: { ...body },
});

const NOT_FOUND = { error: 'not_found' };

/**
 * The check of an update, before any replay: the visitor's verification, as recent as every other call wants (else 403
 * phone_not_verified), made lead leadId (else 404, as an unknown id: ids cannot be probed); its id hash.
 */
async function checkOwner(tx: Queryable, request: FastifyRequest, leadId: number, now: number): Promise<string> {
  const idHash = verificationIdHash(request);
  if (idHash === undefined) refuse(403, NOT_VERIFIED);
  const ownership = await leadOwnership(tx, idHash, leadId, now);
  if (ownership === 'unverified') refuse(403, NOT_VERIFIED);
  if (ownership === 'not_found') refuse(404, NOT_FOUND);
  return idHash;
}

/** Errors every create may answer besides 200. */
const createErrors = { 400: s.validationErrorResponse, 403: s.errorResponse, 409: s.errorResponse, 422: s.errorResponse, 429: s.errorResponse };

export const leadRoutes: RoutePlugin = (app, { config, db, clock = Date.now, flows, sponsors = [], limits, jobs, metrics }) => {
  // The app's own catalogues and flows, read once at start: the wording of a consent.key and its flow are looked up here.
  const deps = {
    db,
    catalogue: loadConsentCatalogue(config.localesDir),
    flows: leadFlows(config.flowsDir, flows),
    sponsors,
    clock,
    alertDays: config.alertDays,
    alertCountries: config.alertCountries,
    limits: limitPolicies(config, limits),
    testPhone: config.testPhone,
    jobs,
    metrics,
  };
  app.addHook('preValidation', refuseUnstorableText);

  app.post(
    '/leads/create/calc',
    { schema: { querystring: s.leadsCreateCalcQuery, body: s.leadsCreateCalcRequest, response: { 200: s.leadsCreateResponse, ...createErrors } } },
    (request, reply) =>
      submitLead(deps, request, reply, {
        path: '/leads/create/calc',
        funnel: request.body.consent.flowId,
        calcId: request.query.calc_id,
        ...contactOf(request.body),
      }),
  );

  app.post('/leads/create', { schema: { body: s.leadsCreateRequest, response: { 200: s.leadsCreateResponse, ...createErrors } } }, (request, reply) => {
    const body = request.body;
    const details = body.extraDetails?.accidentDetails;
    return submitLead(deps, request, reply, {
      path: '/leads/create',
      funnel: body.consent.flowId,
      calcId: body.calc_id ?? undefined,
      ...contactOf(body),
      notFuture: [
        ['date', body.date],
        ['extraDetails.accidentDetails.date', details?.date],
        ['formData.date', body.formData?.date],
        ['extraDetails.accidentDetails.vehicleYear', details?.vehicleYear],
        ['formData.vehicleYear', body.formData?.vehicleYear],
        ['alert.date', body.alert?.date],
        ['alert.year', body.alert?.year],
      ],
      alert: body.alert,
    });
  });

  app.post(
    '/leads/create-camp-lejeune',
    { schema: { body: s.leadsCreateCampLejeuneRequest, response: { 200: s.leadsCreateResponse, ...createErrors } } },
    (request, reply) =>
      submitLead(deps, request, reply, {
        path: '/leads/create-camp-lejeune',
        // The mass tort that sent it (Camp Lejeune's, or one made of JSON since), its flowId checked by submitLead.
        funnel: request.body.consent.flowId,
        calcId: undefined,
        ...contactOf({ ...request.body, language: request.body.consent.locale }),
        body: { ...request.body },
      }),
  );

  // Before the Submit that gives consent: who this lead would go to now, so that the consent names them.
  app.post(
    '/leads/sponsors',
    { schema: { body: s.leadsSponsorsRequest, response: { 200: s.leadsSponsorsResponse, 400: s.validationErrorResponse } } },
    async (request) => {
      const now = clock();
      const lead = { funnel: request.body.lead.consent.flowId, body: request.body.lead, createdAtMs: now };
      const live = await liveSponsors(db, sponsors);
      const ids = withinDailyCaps(live, routeLead(live, lead), await todayCounts(db, now));
      return { sponsors: live.filter((sponsor) => ids.includes(sponsor.id)).map(({ id, name }) => ({ id, name })) };
    },
  );

  app.put(
    '/leads/update/time',
    {
      schema: {
        body: s.leadsUpdateTimeRequest,
        response: {
          200: s.leadsUpdateTimeResponse,
          400: s.validationErrorResponse,
          403: s.errorResponse,
          404: s.errorResponse,
          409: s.errorResponse,
          422: s.errorResponse,
        },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      if (typeof key === 'object') return reply.code(400).send(key);
      const { ids, preferredCallTime } = request.body;
      const now = clock();
      return answerOnce(db, request, reply, { key, check: (tx) => checkOwner(tx, request, ids[0] ?? 0, now) }, async (tx, idHash) => {
        // The leads of one submission share a person: the first one's zone (kept since it was created) is theirs.
        const lead = await zoneOfLead(tx, ids[0] ?? 0);
        const zone = lead?.timeZone ?? (await leadZone(lead?.body ?? {}, browserZoneOf(request), now));
        const window = windowAnswer(callWindow(preferredCallTime, now, zone, await leadStates(lead?.body ?? {})), zone);
        // Every id must be the visitor's, else nothing changes: another's answers like an unknown one.
        if (!(await setPreferredCallTime(tx, ids, preferredCallTime, window, idHash))) return { status: 404, body: NOT_FOUND };
        // Sponsors that got these leads hear of the new call time (lead.updated).
        await queueLeadUpdates(tx, ids, 'call-time');
        return { status: 200, body: { success: true, window }, committed: () => jobs?.wake('lead-deliveries') };
      });
    },
  );

  app.put(
    '/leads/update',
    {
      schema: {
        body: s.leadsUpdateRequest,
        response: { 200: s.leadsUpdateResponse, 404: s.errorResponse, ...createErrors },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      if (typeof key === 'object') return reply.code(400).send(key);
      const { lead_id: leadId } = request.body;
      const reason = request.body.extra_details.accidentDetails.accidentReason;
      return answerOnce(db, request, reply, { key, check: (tx) => checkOwner(tx, request, leadId, clock()) }, async (tx) => {
        const lead = await setAccidentReason(tx, leadId, reason);
        await queueLeadUpdates(tx, [lead.id], 'accident-reason');
        return { status: 200, body: { success: true, lead }, committed: () => jobs?.wake('lead-deliveries') };
      });
    },
  );
  return Promise.resolve();
};
