// Twilio's incoming-message webhook: its X-Twilio-Signature checked as Twilio documents it, STOP (and its siblings)
// stopping texts to the phone and ending its alerts, START resuming, HELP answered with the program and the operator's
// contact in the phone's language; only with the Twilio provider.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../server/config.ts';
import { isStopped } from '../../server/sms/stops.ts';
import { isTwilioSigned, twilioSignature } from '../../server/sms/twilio-signature.ts';
import { openAlert, openAlerts, SUBSCRIBE_MS } from '../testing/open-alert.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { STARTUP_MS, appDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'a1b2c3d4'.repeat(4);
const PUBLIC_URL = 'https://claims.example.com';
const WEBHOOK = `${PUBLIC_URL}/api/sms/inbound`;

describe('twilioSignature', () => {
  // The example of Twilio's request-validation documentation (and of its SDKs' tests).
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };

  it("is Twilio's documented signature for its documented request", () => {
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(isTwilioSigned('12345', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true);
  });

  it('does not hold for another token, URL, parameter value, or a missing or mangled signature', () => {
    expect(isTwilioSigned('54321', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(isTwilioSigned('12345', `${url}&x=1`, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(isTwilioSigned('12345', url, { ...params, Digits: '9999' }, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(isTwilioSigned('12345', url, params, undefined)).toBe(false);
    expect(isTwilioSigned('12345', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8')).toBe(false);
  });
});

/** A form body as Twilio posts it: every parameter of an incoming SMS (a few of them), From and Body given. */
const inboundParams = (from: string, body: string, extra: Record<string, string> = {}) => ({
  ToCountry: 'US',
  SmsMessageSid: 'SM0123456789abcdef0123456789abcdef',
  NumMedia: '0',
  Body: body,
  From: from,
  To: '+12025550100',
  AccountSid: SID,
  ApiVersion: '2010-04-01',
  ...extra,
});

/** POSTs params signed for the webhook's URL, or with the signature given (null: none). */
function postInbound(app: FastifyInstance, params: Record<string, string>, signature: string | null = twilioSignature(TOKEN, WEBHOOK, params)) {
  return app.inject({
    method: 'POST',
    url: '/api/sms/inbound',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === null ? {} : { 'x-twilio-signature': signature }) },
    payload: new URLSearchParams(params).toString(),
  });
}

describe.each(appDbKinds)('POST /api/sms/inbound with the Twilio provider, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({
      db: kind,
      config: {
        smsProvider: 'twilio',
        twilio: { accountSid: SID, authToken: TOKEN, from: '+12025550100', apiBase: 'http://127.0.0.1:9' },
        publicUrl: PUBLIC_URL,
      },
    });
  }, STARTUP_MS);
  afterAll(() => s.close());

  it(
    'STOP from a phone: empty TwiML, the phone stopped and its open alerts ended',
    async () => {
      const phone = uniquePhone();
      await openAlert(s, phone);
      await openAlert(s, phone, 'es');
      const res = await postInbound(s.app, inboundParams(phone.e164, 'STOP'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/xml/);
      expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      expect(await isStopped(s.db, phone.e164)).toBe(true);
      expect(await openAlerts(s, phone.e164)).toBe(0);
    },
    SUBSCRIBE_MS,
  );

  it.each(['stop', ' Stop\n', 'STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit'])('%j stops the phone (any case, trimmed)', async (word) => {
    const phone = uniquePhone();
    expect((await postInbound(s.app, inboundParams(phone.e164, word))).statusCode).toBe(200);
    expect(await isStopped(s.db, phone.e164)).toBe(true);
  });

  it.each(['Stop please', 'stopped', 'Hello', ''])(
    '%j stops nothing',
    async (text) => {
      const phone = uniquePhone();
      await openAlert(s, phone);
      const res = await postInbound(s.app, inboundParams(phone.e164, text));
      expect(res.statusCode).toBe(200);
      expect(await isStopped(s.db, phone.e164)).toBe(false);
      expect(await openAlerts(s, phone.e164)).toBe(1);
    },
    SUBSCRIBE_MS,
  );

  it('START or UNSTOP after STOP lets texts through again', async () => {
    for (const word of ['START', 'unstop']) {
      const phone = uniquePhone();
      await postInbound(s.app, inboundParams(phone.e164, 'STOP'));
      expect(await isStopped(s.db, phone.e164)).toBe(true);
      expect((await postInbound(s.app, inboundParams(phone.e164, word))).statusCode).toBe(200);
      expect(await isStopped(s.db, phone.e164)).toBe(false);
    }
  });

  it(
    "HELP, INFO or AYUDA: a TwiML reply with the program, the operator's phone and e-mail, rates and STOP, in the phone's language",
    async () => {
      const operator = { ...DEMO_OPERATOR, demo: false, name: 'Accident Help Texas', phone: '+15125550142', email: 'help@ahtx.example.com' };
      const help = await makeTestServer({
        db: kind,
        config: { ...s.config, operator },
      });
      try {
        const english = 'Accident Help Texas texts. Help: (512) 555-0142 or help@ahtx.example.com. Msg &#38; data rates may apply. Reply STOP to cancel.';
        const spanish =
          'Mensajes de Accident Help Texas. Ayuda: (512) 555-0142 o help@ahtx.example.com. Pueden aplicarse tarifas de mensajes y datos. Responda STOP para cancelar.';
        const twiml = (text: string) => `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${text}</Message></Response>`;
        const stranger = uniquePhone();
        for (const word of ['HELP', ' info ']) {
          const res = await postInbound(help.app, inboundParams(stranger.e164, word));
          expect(res.statusCode, res.body).toBe(200);
          expect(res.headers['content-type']).toMatch(/^text\/xml/);
          expect(res.body).toBe(twiml(english));
        }
        expect((await postInbound(help.app, inboundParams(stranger.e164, 'Ayuda'))).body).toBe(twiml(spanish));
        // A phone texted in Spanish (its alert's language) is answered in Spanish, and is not stopped.
        const texted = uniquePhone();
        await openAlert(help, texted, 'es');
        expect((await postInbound(help.app, inboundParams(texted.e164, 'HELP'))).body).toBe(twiml(spanish));
        expect(await isStopped(help.db, texted.e164)).toBe(false);
        // Advanced Opt-Out answered it already (OptOutType=HELP): no second reply.
        expect((await postInbound(help.app, inboundParams(stranger.e164, 'HELP', { OptOutType: 'HELP' }))).body).toBe(
          '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
        );
      } finally {
        await help.close();
      }
    },
    STARTUP_MS + SUBSCRIBE_MS,
  );

  it("a keyword of the Messaging Service's own opt-out list (OptOutType=STOP) stops the phone too", async () => {
    const phone = uniquePhone();
    await postInbound(s.app, inboundParams(phone.e164, 'PARAR', { OptOutType: 'STOP' }));
    expect(await isStopped(s.db, phone.e164)).toBe(true);
  });

  it(
    'refuses with 403 a STOP whose signature is missing, wrong, of another URL or of another body, and stops nothing',
    async () => {
      const phone = uniquePhone();
      await openAlert(s, phone);
      const params = inboundParams(phone.e164, 'STOP');
      const refused = [
        await postInbound(s.app, params, null),
        await postInbound(s.app, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8='),
        await postInbound(s.app, params, twilioSignature('f'.repeat(32), WEBHOOK, params)),
        await postInbound(s.app, params, twilioSignature(TOKEN, 'http://localhost:8080/api/sms/inbound', params)),
        await postInbound(s.app, params, twilioSignature(TOKEN, WEBHOOK, { ...params, Body: 'Hello' })),
        await postInbound(s.app, params, twilioSignature(TOKEN, WEBHOOK, { ...params, From: uniquePhone().e164 })),
      ];
      expect(refused.map((r) => [r.statusCode, r.body])).toEqual(Array(6).fill([403, '{"error":"bad_signature"}']));
      expect(await isStopped(s.db, phone.e164)).toBe(false);
      expect(await openAlerts(s, phone.e164)).toBe(1);
    },
    SUBSCRIBE_MS,
  );

  it('refuses a JSON body (Twilio signs form bodies), and a signed body without From by name', async () => {
    const json = await s.app.inject({ method: 'POST', url: '/api/sms/inbound', payload: { From: '+12025550123', Body: 'STOP' } });
    expect(json.statusCode).toBe(403);
    const params = { Body: 'STOP' };
    const res = await postInbound(s.app, params);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field: 'From' });
  });
});

describe('POST /api/sms/inbound with the console provider', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ config: { publicUrl: PUBLIC_URL } });
  }, STARTUP_MS);
  afterAll(() => s.close());

  it('is not there (404), and stops nothing', async () => {
    const phone = uniquePhone();
    const res = await postInbound(s.app, inboundParams(phone.e164, 'STOP'));
    expect(res.statusCode).toBe(404);
    expect(await isStopped(s.db, phone.e164)).toBe(false);
  });
});
