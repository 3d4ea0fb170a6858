// GET /legal: what the legal pages and the footer state (server/legal/legal-facts.ts), made once at start from the
// configuration, the funnels and the sponsors requests are routed to.
import { expandedFlows } from '../flow-files.ts';
import { legalFacts } from '../legal/legal-facts.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RoutePlugin } from './deps.ts';

export const legalRoutes: RoutePlugin = (app, { config, flows, sponsors = [] }) => {
  const facts = legalFacts(config, flows ?? expandedFlows(config.flowsDir), sponsors);
  app.get('/legal', { schema: { response: { 200: s.legalResponse } } }, async (_request, reply) => {
    // The same until the server restarts with another configuration: a visitor's pages may keep it a few minutes.
    void reply.header('cache-control', 'public, max-age=300');
    return facts;
  });
  return Promise.resolve();
};
