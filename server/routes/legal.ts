// GET /legal: what the legal pages and the footer state (server/legal/legal-facts.ts), made once at start by buildApp
// from the configuration, the funnels and the sponsors requests are routed to (the text pages are drawn with the same).
import type { LegalFacts } from '../legal/legal-facts.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RoutePlugin } from './deps.ts';

export const legalRoutes: RoutePlugin<{ facts: LegalFacts }> = (app, { facts }) => {
  app.get('/legal', { schema: { response: { 200: s.legalResponse } } }, async (_request, reply) => {
    // The same until the server restarts with another configuration: a visitor's pages may keep it a few minutes.
    void reply.header('cache-control', 'public, max-age=300');
    return facts;
  });
  return Promise.resolve();
};
