// The Twilio provider against a fake Messages API on 127.0.0.1: what it sends, how it fails, whether a text went out, and
// the mfa route on top of it.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type TwilioConfig } from '../../server/config.ts';
import { createSms } from '../../server/sms/create-sms.ts';
import { SmsSendError, twilioSms } from '../../server/sms/twilio-sms.ts';
import {
  FAKE_TWILIO_FROM as FROM,
  FAKE_TWILIO_SID as SID,
  FAKE_TWILIO_TOKEN as TOKEN,
  startFakeTwilio as fakeTwilio,
  type FakeTwilio,
} from '../testing/fake-twilio.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { pendingCookie, post, verificationCookie } from '../testing/requests.ts';
import { openTestDb, STARTUP_MS, appDbKinds, type TestDb } from '../testing/test-db.ts';
import { testConfig } from '../testing/test-servers.ts';

let fake: FakeTwilio;
let twilio: TwilioConfig;
beforeAll(async () => {
  fake = await fakeTwilio();
  twilio = { accountSid: SID, authToken: TOKEN, from: FROM, apiBase: fake.base };
});
afterAll(() => fake.close());
afterEach(() => {
  fake.received.length = 0;
  fake.messages.length = 0;
  fake.answer = { status: 201, body: { sid: 'SM1', status: 'queued' } };
});

describe('twilioSms', () => {
  it("POSTs To, From and Body as a form to the account's Messages.json with Basic auth", async () => {
    await twilioSms(twilio).send('+12025550123', 'Your claimflow code is 0421\n@localhost #0421');
    expect(fake.received).toEqual([
      {
        method: 'POST',
        url: `/2010-04-01/Accounts/${SID}/Messages.json`,
        authorization: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
        contentType: expect.stringContaining('application/x-www-form-urlencoded') as string,
        form: { To: '+12025550123', From: FROM, Body: 'Your claimflow code is 0421\n@localhost #0421' },
      },
    ]);
  });

  it.each([
    [
      400,
      { code: 21211, message: "The 'To' number +12025550123 is not a valid phone number.", status: 400 },
      /Twilio answered 400 \(error 21211\): The 'To' number \+1202\*\*\*0123 is not/,
    ],
    [401, { code: 20003, message: 'Authenticate', status: 401 }, /Twilio answered 401 \(error 20003\)/],
    [429, { code: 20429, message: 'Too Many Requests', status: 429 }, /Twilio answered 429/],
    [500, 'not json', /^Twilio answered 500$/],
    [503, {}, /^Twilio answered 503$/],
  ])('rejects when Twilio answers %i, with a message that names no phone in full', async (status, body, message) => {
    fake.answer = { status, body };
    const error = await twilioSms(twilio)
      .send('+12025550123', 'code 1234')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).message).toMatch(message);
    expect((error as SmsSendError).message).not.toContain('2025550123');
    expect((error as SmsSendError).status).toBe(status);
  });

  it('rejects when Twilio cannot be reached, or does not answer in time', async () => {
    const nowhere = await fakeTwilio();
    await nowhere.close();
    await expect(twilioSms({ ...twilio, apiBase: nowhere.base }).send('+12025550123', 'x')).rejects.toThrow(/Twilio could not be reached \(ECONNREFUSED\)/);
    fake.answer = 'hang';
    await expect(twilioSms({ ...twilio, timeoutMs: 200 }).send('+12025550123', 'x')).rejects.toThrow('Twilio gave no answer in 200 ms');
  });

  it("says a text went out when the list of the phone's messages since then holds it, reading back page by page", async () => {
    const sms = twilioSms(twilio);
    const since = new Date(Date.now() - 1000);
    await sms.send('+12025550123', 'the one');
    for (let i = 0; i < 60; i++) await sms.send('+12025550123', `later ${i}`);
    await sms.send('+12025550124', 'another phone');
    expect(await sms.wasSent('+12025550123', 'the one', since)).toBe(true);
    expect(await sms.wasSent('+12025550123', 'never sent', since)).toBe(false);
    expect(await sms.wasSent('+12025550124', 'the one', since)).toBe(false);
    // Older than since: not looked at.
    expect(await sms.wasSent('+12025550123', 'the one', new Date(Date.now() + 60_000))).toBe(false);
  });

  it('is what SMS_PROVIDER=twilio builds', async () => {
    const config = loadConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: FROM,
      TWILIO_API_BASE: `${fake.base}/`,
    });
    await createSms(config).send('+12025550123', 'hello');
    expect(fake.received.map((r) => [r.url, r.form.Body])).toEqual([[`/2010-04-01/Accounts/${SID}/Messages.json`, 'hello']]);
  });
});

describe.each(appDbKinds)('the mfa routes with Twilio on %s', (kind) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await openTestDb(kind);
    const config = testConfig({ smsProvider: 'twilio', twilio });
    app = await buildApp({ config, db: testDb.db, sms: createSms(config) });
    await app.ready();
  }, STARTUP_MS);
  afterAll(async () => {
    await app.close();
    await testDb.close();
  });

  it('sends the code through Twilio, and the code from the text verifies the phone', async () => {
    const phone = uniquePhone();
    const send = await post(app, '/api/user/mfa-sms-send', { country_code: '+1', phone: phone.national, source: 'calc' });
    expect(send.statusCode).toBe(200);
    expect(send.json()).toMatchObject({ success: true });
    expect(fake.received).toHaveLength(1);
    const { To, From, Body = '' } = fake.received[0]?.form ?? {};
    expect([To, From]).toEqual([phone.e164, FROM]);
    const code = /code is (\d+)/.exec(Body)?.[1];
    expect(Body).toContain(`@localhost #${code}`);
    const verify = await post(app, '/api/user/mfa-sms-verify', { code, country_code: '+1', phone: phone.national }, pendingCookie(send));
    expect(verify.statusCode).toBe(200);
    expect(verificationCookie(verify)).toBeDefined();
  });

  it.each([
    [400, { code: 21211, message: 'invalid To' }],
    [401, { code: 20003, message: 'Authenticate' }],
    [500, { message: 'boom' }],
    [503, {}],
  ])('answers 502 { success: false, error: "sms_failed" } when Twilio answers %i', async (status, body) => {
    fake.answer = { status, body };
    const phone = uniquePhone();
    const res = await post(app, '/api/user/mfa-sms-send', { country_code: '+1', phone: phone.national, source: 'calc' });
    expect(fake.received).toHaveLength(1);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ success: false, error: 'sms_failed' });
  });
});
