// /reports routes: feeds send police reports (POST, with a bearer key), and people search them (public facts only).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ingestReports } from '../reports/ingest.ts';
import { oversizedReport } from '../reports/ingest-limits.ts';
import { limitPolicies } from '../limits/policies.ts';
import { countGuess } from '../reports/proof-limits.ts';
import { proofKey } from '../reports/proof-key.ts';
import { linkProof } from '../reports/report-access.ts';
import { bearerKeyOf, isIngestKey } from '../reports/ingest-keys.ts';
import { reportPlaces } from '../reports/report-places.ts';
import { parseSearchQuery } from '../reports/search-query.ts';
import { searchReports } from '../reports/search-reports.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RoutePlugin } from './deps.ts';
import { refuseUnstorableText } from './storable-text.ts';

/** 1,000 reports of a few KB each, narratives included; the app's default limit is for small JSON bodies. */
export const INGEST_BODY_LIMIT = 8 * 1024 * 1024;

export const reportRoutes: RoutePlugin = (app, { config, db, clock = Date.now, limits, jobs, metrics }) => {
  const policies = limitPolicies(config, limits);
  /** Before the body is read: a request without a valid key costs no parsing. */
  const authorise = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = bearerKeyOf(request.headers.authorization);
    if (key !== undefined && (await isIngestKey(db, config.reportIngestKeys, key))) return;
    await reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized' });
  };

  app.post(
    '/reports',
    {
      bodyLimit: INGEST_BODY_LIMIT,
      onRequest: authorise,
      schema: {
        body: s.reportsCreateRequest,
        response: { 200: s.reportsCreateResponse, 400: s.validationErrorResponse, 401: s.errorResponse },
      },
    },
    async (request, reply) => {
      // A body no feed sends (a report of thousands upon thousands of keys) is refused whole, before any report is read.
      const oversized = oversizedReport(request.body);
      if (oversized) return reply.code(400).send(oversized);
      const result = await ingestReports(db, request.body, { clock, jobs });
      metrics?.reports.inc({ outcome: 'ingested' }, result.accepted);
      metrics?.reports.inc({ outcome: 'updated' }, result.updated);
      metrics?.reports.inc({ outcome: 'rejected' }, result.rejected.length);
      metrics?.reportWarnings.inc(result.warnings.length + (result.warningsLeftOut ?? 0));
      return result;
    },
  );

  app.get(
    '/reports/search',
    {
      preValidation: refuseUnstorableText,
      schema: {
        querystring: s.reportsSearchQuery,
        response: { 200: s.reportsSearchResponse, 400: s.validationErrorResponse, 429: s.rateLimitedResponse, 503: s.overloadedResponse },
      },
    },
    async (request, reply) => {
      const now = clock();
      const search = parseSearchQuery(request.query, await reportPlaces(), now);
      if ('error' in search) return reply.code(400).send(search);
      const answer = await searchReports(db, search);
      const { mode } = search;
      if (mode.kind === 'place') return answer;
      // A VIN or case ID is tested like a proof's: a search that finds no report is a wrong guess, and an address over
      // its limit is refused. Each report found is linked with a proof standing for what was searched.
      const found = [...answer.results, ...(answer.otherDates ?? [])];
      await countGuess(db, policies, { ip: request.ip, wrong: found.length === 0, now });
      const key = await proofKey(db);
      for (const result of found) result.proof = linkProof(key, result.id, mode.kind === 'vin' ? { vin: mode.vin } : { caseId: true }, now);
      return answer;
    },
  );
  return Promise.resolve();
};
