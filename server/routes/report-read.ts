// GET /api/reports/:id: a report's public facts for anyone, its personal data too for a visitor whose cookie proves
// involvement (POST /api/reports/:id/proof).
import type { FastifyPluginAsync } from 'fastify';
import { viewReport } from '../reports/report-access.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RouteDeps } from './deps.ts';
import { proofCookie } from './report-proof.ts';
import { refuseUnstorableText } from './storable-text.ts';

/** The answer depends on the visitor's proof and may hold personal data: no cache keeps it. */
export const NO_STORE = 'private, no-store';

export const reportReadRoutes: FastifyPluginAsync<RouteDeps> = (app, { db, clock = Date.now }) => {
  app.get<{ Params: { id: string } }>(
    '/reports/:id',
    {
      preValidation: refuseUnstorableText,
      schema: {
        querystring: s.reportsIdQuery,
        response: { 200: s.reportsIdResponse, 400: s.validationErrorResponse, 404: s.errorResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      const view = await viewReport(db, request.params.id, proofCookie(request), clock());
      return view ?? reply.code(404).send({ error: 'not_found' });
    },
  );
  return Promise.resolve();
};
