// /leads routes: create a claim-calculator lead (only by the visitor who verified its phone) and set its call time.
import type { FastifyPluginAsync } from 'fastify';
import { e164FromTyped } from '../phone.ts';
import { findLeadByIdempotencyKey, insertLead, setPreferredCallTime } from '../store/leads.ts';
import { liveVerificationOf } from '../store/verifications.ts';
import { verificationIdHash } from '../verification-cookie.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RouteDeps } from './deps.ts';
import { fieldError } from './field-error.ts';

interface CalcLeadBody {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  legal_consult: boolean;
  injured: boolean;
  leadTypes: Record<string, unknown>;
  extraDetails: { accidentDetails: Record<string, unknown> };
  language: 'en' | 'es';
  gclidcrm?: string | null;
  trusted_form_cert?: string | null;
  businessUserToken?: string | null;
}

interface UpdateTimeBody {
  ids: number[];
  preferredCallTime: string;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

export const leadRoutes: FastifyPluginAsync<RouteDeps> = (app, { db }) => {
  app.post<{ Body: CalcLeadBody; Querystring: { calc_id?: string } }>(
    '/leads/create/calc',
    {
      schema: {
        querystring: s.leadsCreateCalcQuery,
        body: s.leadsCreateCalcRequest,
        response: { 200: s.leadsCreateResponse, 400: s.validationErrorResponse, 403: s.errorResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const phone = e164FromTyped(body.phone);
      if (!phone) return reply.code(400).send(fieldError('phone', 'phone is not a valid phone number'));
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
        return reply.code(400).send(fieldError('Idempotency-Key', 'Idempotency-Key must be 1 to 200 visible ASCII characters'));
      }
      // The visitor must hold a recent verification of this very phone (the test phone's comes from its send).
      const idHash = verificationIdHash(request);
      const verificationId = idHash === undefined ? undefined : await liveVerificationOf(db, idHash, phone);
      if (verificationId === undefined) return reply.code(403).send({ error: 'phone_not_verified' });

      // A retry of a lead that was already stored gets the same answer, as long as the verification holds.
      const earlier = key === undefined ? undefined : await findLeadByIdempotencyKey(db, phone, key);
      if (earlier) return { resultIds: [earlier.id], lead: earlier };
      const lead = await insertLead(db, {
        funnel: 'calc',
        calcId: request.query.calc_id,
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        phone,
        email: body.email.trim(),
        legalConsult: body.legal_consult,
        language: body.language,
        body: { ...body },
        idempotencyKey: key,
        verificationId,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 512),
      });
      return { resultIds: [lead.id], lead };
    },
  );

  app.put<{ Body: UpdateTimeBody }>(
    '/leads/update/time',
    {
      schema: {
        body: s.leadsUpdateTimeRequest,
        response: { 200: s.leadsUpdateTimeResponse, 400: s.validationErrorResponse, 404: s.errorResponse },
      },
    },
    async (request, reply) => {
      // Leads of another verification answer like unknown ids, so ids cannot be probed.
      const idHash = verificationIdHash(request);
      const updated = idHash !== undefined && (await setPreferredCallTime(db, request.body.ids, request.body.preferredCallTime, idHash));
      if (!updated) return reply.code(404).send({ error: 'not_found' });
      return { success: true };
    },
  );
  return Promise.resolve();
};
