// Consent certificates for people and buyers: GET /certificates/:id is the app's page for a browser and the signed
// certificate for anything else (Accept: application/json); GET /.well-known/claimflow-keys lists the keys to check it.
// Top-level routes: the URL goes with the lead to sponsors, and buyers fetch the keys from a well-known place.
import type { FastifyRequest } from 'fastify';
import { loadCertificateKeys } from '../certificates/certificate-keys.ts';
import { readCertificate } from '../certificates/read-certificate.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RoutePlugin } from './deps.ts';
import { NO_STORE } from './report-read.ts';

/** A browser navigating to the page asks for HTML; a buyer's client or the page's own fetch does not. */
const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

export const certificateRoutes: RoutePlugin = async (app, { config, db }) => {
  const { keys } = await loadCertificateKeys(config);

  app.get('/.well-known/claimflow-keys', { schema: { response: { 200: s.certificateKeysResponse } } }, async (_request, reply) => {
    // Public keys: any site may fetch them, caches may keep them a few minutes (a rotation lists the new key first).
    void reply.header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*');
    return { keys };
  });

  app.get(
    '/certificates/:id',
    { schema: { params: s.certificateParams, response: { 200: s.certificateResponse, 404: s.errorResponse } } },
    async (request, reply) => {
      // It names the address and browser of a consent: no search engine keeps it, whoever linked it.
      void reply.header('x-robots-tag', 'noindex');
      // The web app's page (the not-found handler serves the app), which fetches this same URL for the certificate.
      if (wantsPage(request)) return reply.callNotFound();
      // Personal data: kept by no cache either.
      void reply.header('cache-control', NO_STORE);
      const certificate = await readCertificate(db, request.params.id);
      if (!certificate) return reply.code(404).send({ error: 'not_found' });
      return certificate;
    },
  );
};
