// POST /api/reports/:id/proof: a visitor proves involvement in a report with two facts (a VIN or the case ID, or a
// link's proof standing for one, and a last name); the proof is kept for the visit in an HttpOnly cookie scoped to that
// report's own paths (its API read and its PDF), so no proof ever travels in a URL.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { limitPolicies } from '../limits/policies.ts';
import { PROOF_COOKIE_MS, proveInvolvement } from '../reports/report-access.ts';
import { cookieIsSecure } from '../verification-cookie.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RoutePlugin } from './deps.ts';
import { NO_STORE } from './report-read.ts';
import { refuseUnstorableText } from './storable-text.ts';

export const PROOF_COOKIE = 'cf_report';

/** The paths a report's proof cookie is sent to: the report's API read (and this route) and its PDF. */
const proofPaths = (id: string) => [`/api/reports/${id}`, `/pdf/${id}`];

/** The proof cookie the request carries for its report (the browser sends only the one of the report's path). */
export const proofCookie = (request: FastifyRequest): string | undefined => request.cookies[PROOF_COOKIE];

function setProofCookie(reply: FastifyReply, id: string, value: string, nodeEnv: string): void {
  for (const path of proofPaths(id)) {
    void reply.setCookie(PROOF_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      path,
      secure: cookieIsSecure(reply.request.protocol, nodeEnv),
      maxAge: PROOF_COOKIE_MS / 1000,
    });
  }
}

export const reportProofRoutes: RoutePlugin = (app, { config, db, clock = Date.now, limits }) => {
  const policies = limitPolicies(config, limits);
  app.post(
    '/reports/:id/proof',
    {
      preValidation: refuseUnstorableText,
      schema: {
        params: s.reportsIdParams,
        body: s.reportsProofRequest,
        response: {
          200: s.reportsProofResponse,
          400: s.validationErrorResponse,
          403: s.reportsProofRefusedResponse,
          404: s.errorResponse,
          429: s.rateLimitedResponse,
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      const { id } = request.params;
      const result = await proveInvolvement(db, policies, { ...request.body, id, ip: request.ip, now: clock() });
      if (result.kind === 'not_found') return reply.code(404).send({ error: 'not_found' });
      if (result.kind === 'wrong') return reply.code(403).send({ error: 'not_involved', field: result.field });
      if (result.kind === 'first_fact') return result.vehicle === undefined ? { proved: false } : { proved: false, vehicle: result.vehicle };
      setProofCookie(reply, id, result.cookie, config.nodeEnv);
      return { proved: true };
    },
  );
  return Promise.resolve();
};
