// /places routes: US city and state suggestions for typed text, and the place at a map point, from the offline gazetteer.
import { reversePlace } from '../geo/reverse-place.ts';
import { suggestPlaces } from '../geo/suggest-places.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RoutePlugin } from './deps.ts';
import { fieldError } from './field-error.ts';
import { refuseUnstorableText } from './storable-text.ts';

/** The gazetteer is the package's, fixed until a deploy: browsers and caches may keep an answer for a day. */
const CACHE_FOR_A_DAY = 'public, max-age=86400';

export const placeRoutes: RoutePlugin = (app) => {
  app.addHook('preValidation', refuseUnstorableText);

  app.get(
    '/places/suggest',
    { schema: { querystring: s.placesSuggestQuery, response: { 200: s.placesSuggestResponse, 400: s.validationErrorResponse } } },
    async (request, reply) => {
      const places = await suggestPlaces(request.query.q.trim());
      void reply.header('cache-control', CACHE_FOR_A_DAY);
      return { places };
    },
  );

  app.get(
    '/places/reverse',
    { schema: { querystring: s.placesReverseQuery, response: { 200: s.placesReverseResponse, 400: s.validationErrorResponse } } },
    async (request, reply) => {
      const point = { lat: Number(request.query.lat), lng: Number(request.query.lng) };
      if (Math.abs(point.lat) > 90) return reply.code(400).send(fieldError('lat', 'lat must be from -90 to 90'));
      if (Math.abs(point.lng) > 180) return reply.code(400).send(fieldError('lng', 'lng must be from -180 to 180'));
      const place = await reversePlace(point);
      void reply.header('cache-control', CACHE_FOR_A_DAY);
      return { place };
    },
  );
  return Promise.resolve();
};
