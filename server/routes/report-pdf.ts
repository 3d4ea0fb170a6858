// GET /pdf/:id: a report's PDF in the visitor's language, under the access rule of GET /api/reports/:id (the proof
// cookie, scoped to this path too); a top-level route, since browsers navigate to it (a download).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { viewReport } from '../reports/report-access.ts';
import type { ReportLang } from '../reports/report-copy.ts';
import { renderReportPdf } from '../reports/report-pdf.ts';
import { reportDocument } from '../reports/report-pdf-content.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RouteDeps } from './deps.ts';
import { proofCookie } from './report-proof.ts';
import { NO_STORE } from './report-read.ts';
import { refuseUnstorableText } from './storable-text.ts';

type PdfQuery = { lang?: ReportLang };

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
        response: { 400: s.validationErrorResponse, 404: s.errorResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      const now = clock();
      const view = await viewReport(db, request.params.id, proofCookie(request), now);
      if (!view) return reply.code(404).send({ error: 'not_found' });
      const pdf = await renderReportPdf(reportDocument(view, langOf(request), now), now);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="accident-report-${view.id}.pdf"`)
        .send(pdf);
    },
  );
  return Promise.resolve();
};
