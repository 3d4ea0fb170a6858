// Issue 18: a phone of a US territory is texted a code (SMS_COUNTRIES), so report alerts go there too by default
// (ALERT_COUNTRIES defaults to SMS_COUNTRIES); a country alerts are not texted to is refused at the contact step, when
// the code is asked for with an alert funnel's source, never at the submission that follows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertLeadBody } from '../testing/alerts.ts';
import { pendingCookie, post, send, verificationCookie } from '../testing/requests.ts';
import { STARTUP_MS, appDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const VIN = '1HGCM82633A004352';
/** A San Juan mobile, +1 like the US but Puerto Rico's. */
const PUERTO_RICO = { national: '7872345678', e164: '+17872345678' };

describe.each(appDbKinds)('report alerts to phones of US territories on %s', { timeout: 30_000 }, (kind) => {
  let s: TestServer;
  let usOnly: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
    usOnly = await makeTestServer({ db: kind, config: { alertCountries: ['US'] } });
  }, STARTUP_MS);
  afterAll(async () => {
    await s.close();
    await usOnly.close();
  });

  /** Asks for a code from an alert funnel (or another) and checks it: the send's answer, and the verification cookie. */
  const verifyFor = async (server: TestServer, source: string) => {
    const sent = await post(server.app, '/api/user/mfa-sms-send', { country_code: '+1', phone: PUERTO_RICO.national, source, language: 'es' });
    if (sent.statusCode !== 200) return { sent, cookie: undefined };
    const code = server.sms.lastCode(PUERTO_RICO.e164);
    const verified = await post(server.app, '/api/user/mfa-sms-verify', { code, country_code: '+1', phone: PUERTO_RICO.national }, pendingCookie(sent));
    return { sent, cookie: verificationCookie(verified) };
  };

  it('texts a Puerto Rico phone its code in an alert funnel and stores its alert, by default', async () => {
    const { sent, cookie } = await verifyFor(s, 'notify-me');
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await send(s.app, 'POST', '/api/leads/create', { payload: alertLeadBody(PUERTO_RICO.e164, { source: 'notify-me', vin: VIN }), cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ alert: { onFile: [] } });
  });

  it.each(['notify-me', 'alert', 'find-my-report'])(
    'refuses the code at the contact step of %s when ALERT_COUNTRIES leaves the country out, texting nothing',
    async (source) => {
      const before = usOnly.sms.sent.length;
      const { sent } = await verifyFor(usOnly, source);
      expect({ status: sent.statusCode, body: sent.json<unknown>() }).toEqual({ status: 400, body: { success: false, error: 'alert_phone_country' } });
      expect(usOnly.sms.sent.length).toBe(before);
    },
  );

  it('still texts that phone a code for a funnel of no alert', async () => {
    const { sent, cookie } = await verifyFor(usOnly, 'calc');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(cookie).toBeDefined();
  });
});
