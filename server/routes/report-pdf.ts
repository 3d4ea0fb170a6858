// GET /pdf/:id: a report's PDF in the visitor's language, under the access rule of GET /api/reports/:id; a top-level
// route, since browsers navigate to it (a download).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DEFAULT_PROOF_LIMITS } from '../reports/proof-limits.ts';
import { openReport, type Proof } from '../reports/report-access.ts';
import type { ReportLang } from '../reports/report-copy.ts';
import { renderReportPdf } from '../reports/report-pdf.ts';
import { reportDocument } from '../reports/report-pdf-content.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RouteDeps } from './deps.ts';
import { NO_STORE } from './report-read.ts';
import { refuseUnstorableText } from './storable-text.ts';

type PdfQuery = Proof & { lang?: ReportLang };

/** lang= when given, else Spanish for a browser that prefers it, else English. */
function langOf(request: FastifyRequest<{ Querystring: PdfQuery }>): ReportLang {
  if (request.query.lang) return request.query.lang;
  return /^\s*es\b/i.test(request.headers['accept-language'] ?? '') ? 'es' : 'en';
}

export const reportPdfRoutes: FastifyPluginAsync<RouteDeps> = (app, { db, clock = Date.now }) => {
  app.get<{ Params: { id: string }; Querystring: PdfQuery }>(
    '/pdf/:id',
    {
      preValidation: refuseUnstorableText,
      schema: {
        querystring: s.pdfIdQuery,
        response: { 400: s.validationErrorResponse, 403: s.errorResponse, 404: s.errorResponse, 429: s.rateLimitedResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      const { vin, caseId } = request.query;
      const now = clock();
      const access = await openReport(db, DEFAULT_PROOF_LIMITS, { vin, caseId, id: request.params.id, ip: request.ip, now });
      if (access.kind === 'not_found') return reply.code(404).send({ error: 'not_found' });
      if (access.kind === 'not_involved') return reply.code(403).send({ error: 'not_involved' });
      const pdf = await renderReportPdf(reportDocument(access.view, langOf(request), now), now);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="accident-report-${access.view.id}.pdf"`)
        .send(pdf);
    },
  );
  return Promise.resolve();
};
