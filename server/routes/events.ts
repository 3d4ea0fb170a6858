// Step analytics: POST /visits starts a tab's anonymous visit (a token the server signs), POST /events takes the
// funnels' step events of such a visit (navigator.sendBeacon batches, no personal data, at most MAX_VISIT_EVENTS a
// visit; the API's rate limit bounds an address), and GET /analytics/funnel answers a flow's funnel report to a holder of an ANALYTICS_KEYS key (the studio).
import { reportOfFlow } from '../analytics/report-of-flow.ts';
import { storeEvents } from '../analytics/store-events.ts';
import { checkVisit, MAX_VISIT_EVENTS, startVisit } from '../analytics/visit-tokens.ts';
import eventsRequest from '../../schemas/api/events.request.schema.json' with { type: 'json' };
import eventsReportQuery from '../../schemas/api/events-report.query.schema.json' with { type: 'json' };
import eventsReportResponse from '../../schemas/api/events-report.response.schema.json' with { type: 'json' };
import visitsResponse from '../../schemas/api/visits.response.schema.json' with { type: 'json' };
import { apiSchemas as s } from './api-schemas.ts';
import { bearerKeyGuard } from './bearer-keys.ts';
import type { RoutePlugin } from './deps.ts';
import { fieldError } from './field-error.ts';
import { NO_STORE } from './report-read.ts';

export const eventRoutes: RoutePlugin = (app, { config, db, clock = Date.now }) => {
  const authorise = bearerKeyGuard(config.analyticsKeys);

  app.post(
    '/visits',
    {
      logLevel: 'warn',
      schema: { response: { 201: visitsResponse, 400: s.validationErrorResponse } },
      // It takes nothing: a body (whatever its type) is a client's mistake, refused before any key is read.
      preValidation: async (request, reply) => {
        if (request.body !== undefined && request.body !== null)
          await reply.code(400).send({ error: 'validation', field: 'body', message: 'body must be empty' });
      },
    },
    async (_request, reply) =>
      reply
        .code(201)
        .header('cache-control', NO_STORE)
        .send(await startVisit(db, clock())),
  );

  app.post(
    '/events',
    {
      // Not even the request lines (with the client's network): nothing of a visitor is kept with their events.
      logLevel: 'warn',
      schema: { body: eventsRequest, response: { 204: { type: 'null' }, 400: s.validationErrorResponse, 403: s.errorResponse } },
    },
    async (request, reply) => {
      const now = clock();
      const visit = await checkVisit(db, request.body.visit, now);
      if ('problem' in visit) return reply.code(403).send({ error: 'visit_refused', message: visit.problem });
      if (!(await storeEvents(db, visit.id, request.body, now, MAX_VISIT_EVENTS))) {
        return reply.code(403).send({ error: 'visit_full', message: `a visit stores at most ${MAX_VISIT_EVENTS} events` });
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/analytics/funnel',
    {
      onRequest: authorise,
      schema: {
        querystring: eventsReportQuery,
        response: { 200: eventsReportResponse, 400: s.validationErrorResponse, 401: s.errorResponse, 404: s.errorResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      const report = await reportOfFlow(db, config.flowsDir, request.query, clock());
      if (!('problem' in report)) return report;
      if (report.field === 'flow') return reply.code(404).send({ error: 'not_found', message: report.problem });
      return reply.code(400).send(fieldError(report.field, report.problem));
    },
  );
  return Promise.resolve();
};
