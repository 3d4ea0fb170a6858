// Business users (spec §6, §8): a commercial user's phone is refused with the way to the business service's sign-up
// page (BUSINESS_SIGNUP_URL), and the business user's token a lead comes with is stored in a column of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mfaFailureSchema from '../../schemas/api/mfa-failure.response.schema.json' with { type: 'json' };
import { loadConfig } from '../../server/config.ts';
import { blacklist } from '../../server/store/blacklist.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { post } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { STARTUP_MS, appDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const SIGNUP = 'https://business.example.com/signup?from=claimflow';

describe('BUSINESS_SIGNUP_URL', () => {
  it('is an http(s) URL, path and query kept; unset by default', () => {
    expect(loadConfig({}).businessSignupUrl).toBeUndefined();
    expect(loadConfig({ BUSINESS_SIGNUP_URL: SIGNUP }).businessSignupUrl).toBe(SIGNUP);
    expect(loadConfig({ BUSINESS_SIGNUP_URL: 'HTTPS://Business.Example.com' }).businessSignupUrl).toBe('https://business.example.com/');
    for (const bad of ['business.example.com/signup', 'ftp://business.example.com', 'https://', 'javascript:alert(1)', 'https://bad host/']) {
      expect(() => loadConfig({ BUSINESS_SIGNUP_URL: bad }), bad).toThrow(/BUSINESS_SIGNUP_URL must be an http\(s\) URL/);
    }
  });
});

describe.each(appDbKinds)('business users on %s', (kind) => {
  let s: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    [s, plain] = await Promise.all([makeTestServer({ db: kind, config: { businessSignupUrl: SIGNUP } }), makeTestServer({ db: kind })]);
  }, STARTUP_MS);
  afterAll(async () => {
    await Promise.all([s.close(), plain.close()]);
  });

  it("answers a commercial user's phone 'blacklisted' with the business sign-up page, and sends no code", async () => {
    const phone = uniquePhone();
    await blacklist(s.db, phone.e164, 'commercial user');
    const res = await post(s.app, '/api/user/mfa-sms-send', { country_code: '+1', phone: phone.national, source: 'calc' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, error: 'blacklisted', redirect: SIGNUP });
    expect(schemaErrors(mfaFailureSchema, res.json())).toEqual([]);
    expect(s.sms.sent).toEqual([]);
  });

  it('answers without a redirect when no sign-up page is configured', async () => {
    const phone = uniquePhone();
    await blacklist(plain.db, phone.e164);
    const res = await post(plain.app, '/api/user/mfa-sms-send', { country_code: '+1', phone: phone.national });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, error: 'blacklisted' });
  });
});
