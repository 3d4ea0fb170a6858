// GET /api/reports/:id: a report's public facts for anyone, the whole report for a visitor who gives one of its VINs
// or its case ID; wrong guesses are limited per address and per report.
import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_PROOF_LIMITS } from '../reports/proof-limits.ts';
import { openReport, type Proof } from '../reports/report-access.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RouteDeps } from './deps.ts';
import { refuseUnstorableText } from './storable-text.ts';

/** The answer depends on the proof in the URL and may hold personal data: no cache keeps it. */
export const NO_STORE = 'private, no-store';

export const reportReadRoutes: FastifyPluginAsync<RouteDeps> = (app, { db, clock = Date.now }) => {
  app.get<{ Params: { id: string }; Querystring: Proof }>(
    '/reports/:id',
    {
      preValidation: refuseUnstorableText,
      schema: {
        querystring: s.reportsIdQuery,
        response: { 200: s.reportsIdResponse, 400: s.validationErrorResponse, 403: s.errorResponse, 404: s.errorResponse, 429: s.rateLimitedResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      const access = await openReport(db, DEFAULT_PROOF_LIMITS, { ...request.query, id: request.params.id, ip: request.ip, now: clock() });
      if (access.kind === 'not_found') return reply.code(404).send({ error: 'not_found' });
      if (access.kind === 'not_involved') return reply.code(403).send({ error: 'not_involved' });
      return access.view;
    },
  );
  return Promise.resolve();
};
