// The unsubscribe link of alert texts: GET only reads (link previews fetch it), POST stops texts to the phone and
// ends its alerts, an unknown token is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStopped, unsubscribePath } from '../../server/sms/stops.ts';
import { openAlert, openAlerts, SUBSCRIBE_MS } from '../testing/open-alert.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { STARTUP_MS, appDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';
import responseSchema from '../../schemas/api/sms-unsubscribe.response.schema.json' with { type: 'json' };

describe.each(appDbKinds)('/api/sms/unsubscribe/:token on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
  }, STARTUP_MS);
  afterAll(() => s.close());

  const call = (method: 'GET' | 'POST', token: string) => s.app.inject({ method, url: `/api/sms/unsubscribe/${encodeURIComponent(token)}` });

  it(
    'GET names the phone by its last four digits and stops nothing, however often it is fetched',
    async () => {
      const phone = uniquePhone();
      await openAlert(s, phone);
      const token = (await unsubscribePath(s.db, phone.e164)).split('/').at(-1) ?? '';
      for (let i = 0; i < 3; i++) {
        const res = await call('GET', token);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ phoneEnd: phone.e164.slice(-4), stopped: false });
        expect(schemaErrors(responseSchema, res.json())).toEqual([]);
      }
      expect(await isStopped(s.db, phone.e164)).toBe(false);
      expect(await openAlerts(s, phone.e164)).toBe(1);
    },
    SUBSCRIBE_MS,
  );

  it(
    'POST stops the phone and ends its alerts; again changes nothing; GET then says it is stopped',
    async () => {
      const phone = uniquePhone();
      await openAlert(s, phone);
      await openAlert(s, phone, 'es');
      const token = (await unsubscribePath(s.db, phone.e164)).split('/').at(-1) ?? '';
      const first = await call('POST', token);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ phoneEnd: phone.e164.slice(-4), stopped: true });
      expect(await isStopped(s.db, phone.e164)).toBe(true);
      expect(await openAlerts(s, phone.e164)).toBe(0);
      expect((await call('POST', token)).json()).toEqual({ phoneEnd: phone.e164.slice(-4), stopped: true });
      expect((await call('GET', token)).json()).toEqual({ phoneEnd: phone.e164.slice(-4), stopped: true });
      const { rows } = await s.db.query('SELECT via FROM sms_stops WHERE phone = $1', [phone.e164]);
      expect(rows).toEqual([{ via: 'link' }]);
    },
    SUBSCRIBE_MS,
  );

  it.each(['AAAAAAAAAAAAAAAA', 'short', "x' OR '1'='1", 'ü'.repeat(20)])('%j is not found (404) by GET or POST', async (token) => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await call(method, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found' });
    }
  });

  it("another phone's token stops that phone only", async () => {
    const mine = uniquePhone();
    const theirs = uniquePhone();
    await unsubscribePath(s.db, mine.e164);
    const token = (await unsubscribePath(s.db, theirs.e164)).split('/').at(-1) ?? '';
    await call('POST', token);
    expect(await isStopped(s.db, theirs.e164)).toBe(true);
    expect(await isStopped(s.db, mine.e164)).toBe(false);
  });
});
