// /accident routes: the ZIP code of a picked place that came without one, from the offline US gazetteer.
import { zipOf } from '../geo/zip-of.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RoutePlugin } from './deps.ts';
import { fieldError } from './field-error.ts';
import { refuseUnstorableText } from './storable-text.ts';

export const accidentRoutes: RoutePlugin = (app) => {
  app.addHook('preValidation', refuseUnstorableText);
  app.get(
    '/accident/zip',
    { schema: { querystring: s.accidentZipQuery, response: { 200: s.accidentZipResponse, 400: s.validationErrorResponse } } },
    async (request, reply) => {
      const { lat, lng, city, state } = request.query;
      if ((lat === undefined) !== (lng === undefined)) {
        const missing = lat === undefined ? 'lat' : 'lng';
        return reply.code(400).send(fieldError(missing, `${missing} is required with ${missing === 'lat' ? 'lng' : 'lat'}`));
      }
      const point = lat === undefined || lng === undefined ? undefined : { lat: Number(lat), lng: Number(lng) };
      if (point && Math.abs(point.lat) > 90) return reply.code(400).send(fieldError('lat', 'lat must be from -90 to 90'));
      if (point && Math.abs(point.lng) > 180) return reply.code(400).send(fieldError('lng', 'lng must be from -180 to 180'));
      const code = await zipOf({ point, city, state });
      return code === undefined ? { success: false } : { success: true, area: { code } };
    },
  );
  return Promise.resolve();
};
