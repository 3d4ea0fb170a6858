import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blacklist } from '../../server/store/blacklist.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { post } from '../testing/requests.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

describe.each(testDbKinds)('blacklisted phones on %s', (kind) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await makeTestServer({ db: kind });
  }, STARTUP_MS);
  afterEach(() => server.close());

  it("answers 'blacklisted' and sends no code to a commercial user's phone", async () => {
    const phone = uniquePhone();
    await blacklist(server.db, phone.e164, 'commercial user');
    const res = await post(server.app, '/api/user/mfa-sms-send', { country_code: '+1', phone: phone.national });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, error: 'blacklisted' });
    expect(server.sms.sent).toEqual([]);
  });

  it('sends a code to any other phone', async () => {
    await blacklist(server.db, uniquePhone().e164);
    const phone = uniquePhone();
    const res = await post(server.app, '/api/user/mfa-sms-send', { country_code: '+1', phone: phone.national });
    expect(res.statusCode).toBe(200);
    expect(server.sms.lastCode(phone.e164)).toMatch(/^\d{4}$/);
  });
});
