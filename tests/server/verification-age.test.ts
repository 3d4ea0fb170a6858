// Every call that needs the visitor's phone verification takes it for the same 24 hours: lead creation, the accident
// reason, the call time (PUT /leads/update/time took a 30-day-old one) and the consent evidence of /user/tcpa.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_VALID_HOURS } from '../../server/store/verifications.ts';
import { fakeClock, HOUR_MS, MINUTE_MS } from '../testing/fake-clock.ts';
import { calcLeadBody, smsConsent, uniquePhone } from '../testing/lead-bodies.ts';
import { send, verifyPhone } from '../testing/requests.ts';
import { STARTUP_MS, appDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

describe.each(appDbKinds)('the age of a verification on %s', (kind) => {
  const clock = fakeClock();
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind, clock });
  }, STARTUP_MS);
  afterAll(() => s.close());

  /** Each call that needs the verification, as the visitor who made lead id. */
  const calls = (phone: string, cookie: string, id: number) => ({
    'POST /leads/create/calc': () => send(s.app, 'POST', '/api/leads/create/calc', { payload: calcLeadBody(phone), cookie }),
    'PUT /leads/update': () =>
      send(s.app, 'PUT', '/api/leads/update', { payload: { lead_id: id, extra_details: { accidentDetails: { accidentReason: 'rear-ended' } } }, cookie }),
    'PUT /leads/update/time': () => send(s.app, 'PUT', '/api/leads/update/time', { payload: { ids: [id], preferredCallTime: 'Call ASAP' }, cookie }),
  });

  it.each([
    ['just after', VERIFICATION_VALID_HOURS * HOUR_MS + MINUTE_MS],
    ['30 days after', 30 * 24 * HOUR_MS],
  ])(`refuses every call %s the ${VERIFICATION_VALID_HOURS} hours, changing nothing`, async (_when, age) => {
    const phone = uniquePhone();
    const cookie = await verifyPhone(s, phone.national);
    const created = await send(s.app, 'POST', '/api/leads/create/calc', { payload: calcLeadBody(phone.typed), cookie });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ lead: { id: number } }>().lead.id;
    const started = clock();

    clock.set(started + VERIFICATION_VALID_HOURS * HOUR_MS - MINUTE_MS);
    for (const [name, call] of Object.entries(calls(phone.typed, cookie, id))) {
      expect({ name, status: (await call()).statusCode }).toEqual({ name, status: 200 });
    }
    const before = await s.db.query('SELECT preferred_call_time, accident_reason FROM leads WHERE id = $1', [id]);

    clock.set(started + age);
    for (const [name, call] of Object.entries(calls(phone.typed, cookie, id))) {
      const res = await call();
      expect({ name, status: res.statusCode, body: res.json<unknown>() }).toEqual({ name, status: 403, body: { error: 'phone_not_verified' } });
    }
    const tcpa = await send(s.app, 'POST', '/api/user/tcpa', {
      payload: { firstName: 'Jane', lastName: '', phone: phone.typed, email: 'jane@example.com', consent: smsConsent() },
      cookie,
    });
    expect(tcpa.statusCode).toBe(403);
    expect((await s.db.query('SELECT preferred_call_time, accident_reason FROM leads WHERE id = $1', [id])).rows).toEqual(before.rows);
  });
});
