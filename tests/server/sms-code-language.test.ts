// The one-time code's text in the visitor's language: every funnel that sends a code sends its language, and the
// server writes the text in it (a Spanish visitor no longer gets "Your claimflow code is…").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectInput } from '../../engine/machine.ts';
import { replayClock } from '../../engine/replay.ts';
import type { Flow } from '../../engine/types.ts';
import sendSchema from '../../schemas/api/mfa-sms-send.request.schema.json' with { type: 'json' };
import { allFlows } from '../testing/flows.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { pendingCookie, post, verificationCookie } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { STARTUP_MS, appDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

/** Each flow's effects that send a code. */
const codeSenders = allFlows().flatMap((flow) =>
  Object.entries(flow.effects)
    .filter(([, spec]) => spec.path === '/user/mfa-sms-send')
    .map(([name]) => [flow.id, flow, name] as [string, Flow, string]),
);

describe("the funnels' code requests", () => {
  it('are there to check', () => {
    expect(codeSenders.length).toBeGreaterThanOrEqual(6);
  });

  it.each(codeSenders)("%s sends the visitor's language with the phone", (_id, flow, name) => {
    for (const locale of ['en', 'es']) {
      const context = { answers: { phone: '(202) 555-0123' }, results: {}, query: {}, meta: {}, locale, error: null };
      const [request] = effectInput(flow, name, context, replayClock).requests;
      expect(request?.body).toMatchObject({ country_code: '+1', phone: '2025550123', language: locale });
      expect(schemaErrors(sendSchema, request?.body)).toEqual([]);
    }
  });
});

describe.each(appDbKinds)('POST /api/user/mfa-sms-send with a language, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
  }, STARTUP_MS);
  afterAll(() => s.close());

  const textTo = (phone: string) => s.sms.sent.filter((m) => m.to === phone).at(-1)?.text ?? '';

  it("texts a Spanish visitor in Spanish, with its link in Spanish and WebOTP's line, and that code verifies the phone", async () => {
    const phone = uniquePhone();
    const res = await post(s.app, '/api/user/mfa-sms-send', { country_code: '+1', phone: phone.national, source: 'calc', language: 'es' });
    expect(res.statusCode, res.body).toBe(200);
    const code = /^Su clave de claimflow es (\d+)\nO toque para confirmar: http:\/\/localhost:\d+\/verify\/[\w-]{22}\?lang=es\n@localhost #(\d+)$/.exec(
      textTo(phone.e164),
    );
    expect(code?.[1]).toBeDefined();
    expect(code?.[2]).toBe(code?.[1]);
    const verify = await post(s.app, '/api/user/mfa-sms-verify', { code: code?.[1], country_code: '+1', phone: phone.national }, pendingCookie(res));
    expect(verify.statusCode).toBe(200);
    expect(verificationCookie(verify)).toBeDefined();
  });

  it('texts in English when the language is English or not given', async () => {
    for (const language of ['en', undefined]) {
      const phone = uniquePhone();
      const res = await post(s.app, '/api/user/mfa-sms-send', { country_code: '+1', phone: phone.national, language });
      expect(res.statusCode, res.body).toBe(200);
      expect(textTo(phone.e164)).toMatch(/^Your claimflow code is (\d+)\nOr tap to confirm: http:\/\/localhost:\d+\/verify\/[\w-]{22}\n@localhost #\1$/);
    }
  });

  it('refuses a language it has no text in, naming the field, and sends nothing', async () => {
    const phone = uniquePhone();
    const res = await post(s.app, '/api/user/mfa-sms-send', { country_code: '+1', phone: phone.national, language: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field: 'language' });
    expect(textTo(phone.e164)).toBe('');
  });
});
