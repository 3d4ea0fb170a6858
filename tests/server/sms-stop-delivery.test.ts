// STOP holds for the alert texts themselves: after a STOP reply (Twilio's webhook) or the unsubscribe link, a phone gets
// 0 further texts, both for reports filed afterwards and for a text already waiting to be sent; a phone that did not
// stop gets its one text, whose own unsubscribe link then stops it too; subscribing again is a new consent, and only
// that (a new alert, the phone verified, its consent given) takes the stop back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverAlertTexts } from '../../server/alerts/deliver-texts.ts';
import { isStopped } from '../../server/sms/stops.ts';
import { twilioSignature } from '../../server/sms/twilio-signature.ts';
import { openAlert, SUBSCRIBE_MS } from '../testing/open-alert.ts';
import { postReports, sampleReport, TEST_INGEST_KEY } from '../testing/reports.ts';
import { alertLeadBody } from '../testing/alerts.ts';
import { generalLeadBody, uniquePhone } from '../testing/lead-bodies.ts';
import { send, verifyPhone } from '../testing/requests.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const TOKEN = 'a1b2c3d4'.repeat(4);
const PUBLIC_URL = 'https://claims.example.com';
const VINS = ['1FTFW1ET5DFC10312', '2HGFC2F59KH542381', '3VWDX7AJ5BM339612'];

describe.each(testDbKinds)('no texts after STOP, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({
      db: kind,
      config: {
        smsProvider: 'twilio',
        twilio: { accountSid: `AC${'0'.repeat(32)}`, authToken: TOKEN, from: '+12025550100', apiBase: 'http://127.0.0.1:9' },
        publicUrl: PUBLIC_URL,
        reportIngestKeys: [TEST_INGEST_KEY],
      },
    });
  }, STARTUP_MS);
  afterAll(() => s.close());

  /** The alert texts a phone got (the one-time code's are not). */
  const alertTexts = (phone: string) => s.sms.sent.filter((m) => m.to === phone && m.text.includes('/accident/')).map((m) => m.text);
  const deliver = () => deliverAlertTexts({ db: s.db, sms: s.sms, config: s.config });
  const ingest = async (vin: string) => {
    const res = await postReports(s.app, [sampleReport({ units: [{ unit: 1, vin, make: 'FORD', model: 'F-150', year: 2013 }] })]);
    expect(res.json()).toMatchObject({ accepted: 1, rejected: [] });
  };
  /** The path of the newest report with this VIN, as its alert texts link it (with a proof, never the VIN). */
  const reportPathOf = async (vin: string) =>
    `/accident/${(await s.db.query<{ id: string }>('SELECT id FROM reports WHERE vins @> ARRAY[$1] ORDER BY occurred_at DESC LIMIT 1', [vin])).rows[0]?.id}?proof=`;
  const replySTOP = async (phone: string) => {
    const params = { From: phone, To: '+12025550100', Body: 'STOP', MessageSid: 'SM0123456789abcdef0123456789abcdef' };
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, `${PUBLIC_URL}/api/sms/inbound`, params) },
      payload: new URLSearchParams(params).toString(),
    });
    expect(res.statusCode).toBe(200);
  };
  const followLink = async (text: string) => {
    const path = /https:\/\/claims\.example\.com(\/unsubscribe\/[A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(path).toBeDefined();
    const res = await s.app.inject({ method: 'POST', url: `/api/sms${path ?? ''}` });
    expect(res.json()).toMatchObject({ stopped: true });
  };

  it(
    'a report filed after STOP or the link texts only the phone that did not stop, once; its link then stops it',
    async () => {
      const [byReply, byLink, kept] = [uniquePhone(), uniquePhone(), uniquePhone()];
      for (const phone of [byReply, byLink, kept]) await openAlert(s, phone, 'en', VINS[0]);
      await replySTOP(byReply.e164);
      // The link reached by a text of another alert of this phone (the first report's).
      await openAlert(s, byLink, 'en', VINS[1]);
      await ingest(VINS[1]!);
      await deliver();
      const [first] = alertTexts(byLink.e164);
      await followLink(first ?? '');

      await ingest(VINS[0]!);
      await deliver();
      expect(alertTexts(byReply.e164)).toEqual([]);
      expect(alertTexts(byLink.e164)).toHaveLength(1);
      const texts = alertTexts(kept.e164);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatch(/^claimflow: your accident report is on file: https:\/\/claims\.example\.com\/accident\/[A-Za-z0-9_-]{22}\?proof=[\w.-]+\n/);
      expect(texts[0]).toContain(await reportPathOf(VINS[0]!));

      // The kept phone stops through its own text's link: the next report for its VIN texts nobody.
      await followLink(texts[0] ?? '');
      await ingest(VINS[0]!);
      await deliver();
      expect([byReply, byLink, kept].map((p) => alertTexts(p.e164).length)).toEqual([0, 1, 1]);
    },
    SUBSCRIBE_MS,
  );

  it(
    'a text already waiting when the phone stops is not sent',
    async () => {
      const phone = uniquePhone();
      const alert = await openAlert(s, phone, 'es', VINS[2]);
      await ingest(VINS[2]!);
      const { rows } = await s.db.query('SELECT report_id FROM alert_texts WHERE alert_id = $1', [alert]);
      expect(rows).toHaveLength(1);
      await replySTOP(phone.e164);
      await deliver();
      expect(alertTexts(phone.e164)).toEqual([]);
    },
    SUBSCRIBE_MS,
  );

  it(
    'a phone that stopped and subscribes again (a new code, a new consent) gets its new alert, not the ended one',
    async () => {
      const phone = uniquePhone();
      await openAlert(s, phone, 'en', '1G1ZD5ST8JF100001');
      await replySTOP(phone.e164);
      await openAlert(s, phone, 'en', '1G1ZD5ST8JF100002');
      await ingest('1G1ZD5ST8JF100001');
      await ingest('1G1ZD5ST8JF100002');
      await deliver();
      const texts = alertTexts(phone.e164);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toContain(await reportPathOf('1G1ZD5ST8JF100002'));
    },
    SUBSCRIBE_MS,
  );

  it(
    'only a new alert, its phone verified and its consent given, takes a STOP back: not a refused request, a retry of the old one or a lead without an alert',
    async () => {
      const phone = uniquePhone();
      const [first, second] = ['1G1ZD5ST8JF100003', '1G1ZD5ST8JF100004'];
      const cookie = await verifyPhone(s, phone.national);
      const subscription = alertLeadBody(phone.typed, { source: 'notify-me', vin: first });
      const subscribe = (options: { cookie?: string; key?: string }) => send(s.app, 'POST', '/api/leads/create', { payload: subscription, ...options });
      expect((await subscribe({ cookie, key: 'first-subscription' })).statusCode).toBe(200);
      await replySTOP(phone.e164);

      // Not verified by this visitor: refused. The app's outbox sending the first subscription again: its stored answer,
      // nothing consented anew. A lead of another funnel, with no alert.
      expect((await subscribe({})).statusCode).toBe(403);
      expect((await subscribe({ cookie, key: 'first-subscription' })).statusCode).toBe(200);
      expect((await send(s.app, 'POST', '/api/leads/create', { payload: generalLeadBody(phone.typed), cookie })).statusCode).toBe(200);
      expect(await isStopped(s.db, phone.e164)).toBe(true);
      await ingest(first);
      await deliver();
      expect(alertTexts(phone.e164)).toEqual([]);

      // A new subscription (a new code, a new consent): the phone is texted again, about its new alert only.
      await openAlert(s, phone, 'en', second);
      expect(await isStopped(s.db, phone.e164)).toBe(false);
      await ingest(second);
      await deliver();
      const path = await reportPathOf(second);
      expect(alertTexts(phone.e164).map((text) => text.includes(path))).toEqual([true]);
    },
    SUBSCRIBE_MS,
  );
});
