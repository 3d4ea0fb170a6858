// /privacy's API: GET /privacy/data shows a person what is kept about the phone they have just verified by SMS (the
// usual mfa-sms-send and mfa-sms-verify, then their verification cookie); DELETE /privacy/data erases it.
import { readSponsorFiles } from '../delivery/sponsor-files.ts';
import { erasePerson } from '../privacy/erase-person.ts';
import { hashKeys } from '../privacy/keyed-hash.ts';
import { personData } from '../privacy/person-data.ts';
import { recentlyVerifiedPhone } from '../privacy/verified-phone.ts';
import { VERIFICATION_COOKIE, verificationIdHash } from '../verification-cookie.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RoutePlugin } from './deps.ts';
import { NO_STORE } from './report-read.ts';
import { NOT_VERIFIED } from './visitor.ts';

export const privacyRoutes: RoutePlugin = (app, { config, db, clock = Date.now, jobs }) => {
  // Deliveries name a sponsor by id; the person is shown its name.
  const sponsorNames = new Map(readSponsorFiles(config.sponsorsDir).sponsors.map((sponsor) => [sponsor.id, sponsor.name]));
  app.get('/privacy/data', { schema: { response: { 200: s.privacyDataResponse, 403: s.errorResponse } } }, async (request, reply) => {
    void reply.header('cache-control', NO_STORE);
    const phone = await recentlyVerifiedPhone(db, verificationIdHash(request), clock());
    if (phone === undefined) return reply.code(403).send(NOT_VERIFIED);
    return personData(db, phone, await hashKeys(db, config.hashKeys), sponsorNames);
  });

  app.delete(
    '/privacy/data',
    { schema: { response: { 200: s.privacyEraseResponse, 400: s.validationErrorResponse, 403: s.errorResponse } } },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      // The request is the whole instruction: a body (text/plain is parsed too) is a client's mistake, refused unread.
      if (request.body !== undefined) return reply.code(400).send({ error: 'validation', field: 'body', message: 'this request takes no body' });
      // Read before the transaction: PGlite runs no other statement while one is open.
      const keys = await hashKeys(db, config.hashKeys);
      const erasure = await db.transaction(async (tx) => {
        const phone = await recentlyVerifiedPhone(tx, verificationIdHash(request), clock());
        return phone === undefined ? undefined : erasePerson(tx, phone, keys, clock());
      });
      if (erasure === undefined) return reply.code(403).send(NOT_VERIFIED);
      // Sponsors that got a lead are sent lead.deleted now.
      jobs?.wake('lead-deliveries');
      // The verification is erased with the rest: the browser forgets its cookie too.
      void reply.clearCookie(VERIFICATION_COOKIE, { path: '/api' });
      return erasure;
    },
  );
  return Promise.resolve();
};
