// POST /api/bench/empty: reads its JSON body and answers {} without touching the database, so it costs what any POST
// costs this server before any work of its own (every hook runs: headers, CORS, rate limit, body parsing).
import type { FastifyInstance } from 'fastify';

export const EMPTY_ROUTE = '/api/bench/empty';

export function addEmptyRoute(app: FastifyInstance): void {
  app.post(EMPTY_ROUTE, () => ({}));
}
