// What /privacy shows a person (issue 23 part 5, the right to know): per request the funnel it came from, its answers as
// stored, the call time, the IP address and user agent, the free text and which sponsors got it and when; per report
// alert its search and end; per consent its wording.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dataSchema from '../../schemas/api/privacy-data.response.schema.json' with { type: 'json' };
import { alertLeadBody } from '../testing/alerts.ts';
import { calcLeadBody, uniquePhone } from '../testing/lead-bodies.ts';
import { send, verifyPhone } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { STARTUP_MS, appDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const VIN = '1HGCM82633A004352';
const REASON = 'A pickup ran the red light on Congress Ave and hit my driver side.';

interface ShownLead {
  id: number;
  flowId: string | null;
  answers: Record<string, unknown>;
  callTime: { slot: string; from: string; to: string; timeZone: string } | null;
  ip: string | null;
  userAgent: string | null;
  freeText: string | null;
  sponsors: { name: string; sentAt: string }[];
}

describe.each(appDbKinds)('GET /api/privacy/data on %s', { timeout: 30_000 }, (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
  }, STARTUP_MS);
  afterAll(() => s.close());

  it('shows each request as stored: funnel, answers, call time, IP, user agent, free text, sponsors and when', async () => {
    const phone = uniquePhone();
    const cookie = await verifyPhone(s, phone.national);
    const headers = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)', 'time-zone': 'America/Chicago' };
    const calc = await send(s.app, 'POST', '/api/leads/create/calc', {
      payload: calcLeadBody(phone.typed, {
        extraDetails: { accidentDetails: { fault: false, commercial: true, injuries: 2, earnings: 1, medical: 1, pain: 0 } },
      }),
      cookie,
      headers,
    });
    expect(calc.statusCode, calc.body).toBe(200);
    const alert = await send(s.app, 'POST', '/api/leads/create', {
      payload: alertLeadBody(phone.typed, { source: 'notify-me', vin: VIN }, { state: 'TX', zip: '78701', city: 'Austin', date: '2024-05-02' }),
      cookie,
      headers,
    });
    expect(alert.statusCode, alert.body).toBe(200);
    const [calcId = 0, alertId = 0] = [calc, alert].map((res) => res.json<{ lead: { id: number } }>().lead.id);
    expect(
      (await send(s.app, 'PUT', '/api/leads/update/time', { payload: { ids: [calcId], preferredCallTime: '3pm - 4pm' }, cookie, headers })).statusCode,
    ).toBe(200);
    const update = await send(s.app, 'PUT', '/api/leads/update', {
      payload: { lead_id: calcId, extra_details: { accidentDetails: { accidentReason: REASON } } },
      cookie,
    });
    expect(update.statusCode, update.body).toBe(200);
    // The router gave the calculator lead to a sponsor of sponsors/, whose receiver took it.
    await s.db.query(
      `INSERT INTO deliveries (lead_id, sponsor_id, type, certificate_url, status, attempts, delivered_at)
       VALUES ($1, 'lone-star-injury-law', 'lead.created', 'https://claims.example.com/certificates/x', 'delivered', 1, '2030-01-07T15:00:00Z')`,
      [calcId],
    );

    const res = await send(s.app, 'GET', '/api/privacy/data', { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(schemaErrors(dataSchema, res.json())).toEqual([]);
    const { leads, alerts } = res.json<{ leads: ShownLead[]; alerts: { vin: string | null; expiresAt: string }[] }>();
    const byId = new Map(leads.map((lead) => [lead.id, lead]));

    const shownCalc = byId.get(calcId);
    expect(shownCalc).toMatchObject({
      flowId: 'calculator',
      answers: { legal_consult: true, leadTypes: { __CALawyer: 'AM' }, extraDetails: { accidentDetails: { fault: false, commercial: true, injuries: 2 } } },
      callTime: { slot: '3pm - 4pm', timeZone: 'America/Chicago' },
      ip: '127.0.0.1',
      userAgent: headers['user-agent'],
      freeText: REASON,
      sponsors: [{ name: 'Lone Star Injury Law', sentAt: '2030-01-07T15:00:00.000Z' }],
    });
    // 3pm to 4pm Central, from the moment it was asked for when that is within the hour: it ends on the hour, and lasts
    // an hour at most (the wall clock decides which; between 21:00 and 22:00 UTC it is less).
    const [from, to] = [Date.parse(shownCalc?.callTime?.from ?? ''), Date.parse(shownCalc?.callTime?.to ?? '')];
    expect(to % (60 * 60_000)).toBe(0);
    expect(to - from).toBeGreaterThan(0);
    expect(to - from).toBeLessThanOrEqual(60 * 60_000);
    // The answers are the person's: not their contact fields (shown apart), the consent (its record), a partner's token.
    for (const hidden of ['firstName', 'phone', 'email', 'consent', 'businessUserToken']) expect(shownCalc?.answers).not.toHaveProperty(hidden);

    expect(byId.get(alertId)).toMatchObject({
      flowId: 'notify-me',
      answers: { state: 'TX', zip: '78701', city: 'Austin', date: '2024-05-02', alert: { source: 'notify-me', vin: VIN } },
      callTime: null,
      freeText: null,
      sponsors: [],
    });
    expect(alerts.map((a) => a.vin)).toEqual([VIN]);
    expect(Math.round((Date.parse(alerts[0]?.expiresAt ?? '') - Date.now()) / 86_400_000)).toBe(30);
  });
});
