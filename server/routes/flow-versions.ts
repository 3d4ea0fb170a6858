// GET /flows/:id/:version: a funnel's version as it was served (flow_versions), for a visit that began on a version
// since replaced by a launch (src/funnel/pinned-flow.ts) and must end on it.
import flowVersionParams from '../../schemas/api/flow-version.params.schema.json' with { type: 'json' };
import { flowOfVersion } from '../store/flow-versions.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RoutePlugin } from './deps.ts';

/** The flow is whatever the app was given: only an object, passed on as it is. */
const flowResponse = { type: 'object', additionalProperties: true } as const;

export const flowVersionRoutes: RoutePlugin = (app, { db }) => {
  app.get('/flows/:id/:version', { schema: { params: flowVersionParams, response: { 200: flowResponse, 404: s.errorResponse } } }, async (request, reply) => {
    const flow = await flowOfVersion(db, request.params.id, Number(request.params.version));
    if (!flow) return reply.code(404).send({ error: 'not_found' });
    // A version never changes once served: caches may keep it.
    void reply.header('cache-control', 'public, max-age=86400');
    return flow;
  });
  return Promise.resolve();
};
