// Stopped phones on a real database: isStopped, stopPhone (which ends the phone's open alerts), unsubscribe tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStopped, phoneOfToken, resumePhone, stopPhone, unsubscribePath } from '../../server/sms/stops.ts';
import { openAlert, openAlerts, SUBSCRIBE_MS } from '../testing/open-alert.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

describe.each(testDbKinds)('stopped phones on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
  }, STARTUP_MS);
  afterAll(() => s.close());

  it(
    "a phone is not stopped until it stops; stopping ends its open alerts, not another phone's",
    async () => {
      const phone = uniquePhone();
      const other = uniquePhone();
      await openAlert(s, phone);
      await openAlert(s, phone);
      await openAlert(s, other);
      expect(await isStopped(s.db, phone.e164)).toBe(false);
      await stopPhone(s.db, phone.e164, 'sms');
      expect(await isStopped(s.db, phone.e164)).toBe(true);
      expect(await openAlerts(s, phone.e164)).toBe(0);
      expect(await isStopped(s.db, other.e164)).toBe(false);
      expect(await openAlerts(s, other.e164)).toBe(1);
    },
    SUBSCRIBE_MS,
  );

  it(
    'stopping twice is one stop; resuming lets texts through again and leaves ended alerts ended',
    async () => {
      const phone = uniquePhone();
      await openAlert(s, phone);
      await stopPhone(s.db, phone.e164, 'link');
      await stopPhone(s.db, phone.e164, 'sms');
      const { rows } = await s.db.query<{ via: string }>('SELECT via FROM sms_stops WHERE phone = $1', [phone.e164]);
      expect(rows).toEqual([{ via: 'link' }]);
      await resumePhone(s.db, phone.e164);
      expect(await isStopped(s.db, phone.e164)).toBe(false);
      expect(await openAlerts(s, phone.e164)).toBe(0);
    },
    SUBSCRIBE_MS,
  );

  it('unsubscribePath gives one unguessable token per phone, the same every time, that finds the phone', async () => {
    const phone = uniquePhone();
    const other = uniquePhone();
    const path = await unsubscribePath(s.db, phone.e164);
    expect(path).toMatch(/^\/unsubscribe\/[A-Za-z0-9_-]{16}$/);
    expect(await unsubscribePath(s.db, phone.e164)).toBe(path);
    expect(await unsubscribePath(s.db, other.e164)).not.toBe(path);
    const token = path.split('/').at(-1) ?? '';
    expect(await phoneOfToken(s.db, token)).toEqual({ phone: phone.e164, stopped: false });
    await stopPhone(s.db, phone.e164, 'link');
    expect(await phoneOfToken(s.db, token)).toEqual({ phone: phone.e164, stopped: true });
    expect(await phoneOfToken(s.db, 'AAAAAAAAAAAAAAAA')).toBeUndefined();
    expect(await phoneOfToken(s.db, "x' OR 1=1 --")).toBeUndefined();
  });
});
