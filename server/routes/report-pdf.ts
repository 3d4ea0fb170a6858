// GET /pdf/:id: a report's PDF in the visitor's language, under the access rule of GET /api/reports/:id (the proof
// cookie, scoped to this path too); a top-level route, since browsers navigate to it (a download).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { overloaded } from '../load-shedding.ts';
import { viewReport } from '../reports/report-access.ts';
import type { ReportLang } from '../reports/report-copy.ts';
import { reportPdfs } from '../reports/report-pdfs.ts';
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

export const reportPdfRoutes: FastifyPluginAsync<RouteDeps> = (app, { config, db, clock = Date.now }) => {
  // A few rendered at once, the rest refused (503) past a short queue; each kept per report version (report-pdfs.ts).
  const pdfs = reportPdfs(config.pdf, config.operator);
  app.get<{ Params: { id: string }; Querystring: PdfQuery }>(
    '/pdf/:id',
    {
      preValidation: refuseUnstorableText,
      schema: {
        querystring: s.pdfIdQuery,
        response: { 400: s.validationErrorResponse, 404: s.errorResponse, 503: s.overloadedResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      // Refused before the database is read, which a PDF's render would only wait for: under load most of them are.
      if (pdfs.busy()) return overloaded(reply, config.shedding.retryAfterSeconds);
      const now = clock();
      const view = await viewReport(db, request.params.id, proofCookie(request), now);
      if (!view) return reply.code(404).send({ error: 'not_found' });
      const pdf = await pdfs.get(view, langOf(request), now);
      if (!pdf) return overloaded(reply, config.shedding.retryAfterSeconds);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="accident-report-${view.id}.pdf"`).send(pdf);
    },
  );
  return Promise.resolve();
};
