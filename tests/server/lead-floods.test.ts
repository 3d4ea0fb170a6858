// Leads that match real people (issue 23): one verification makes at most one lead per funnel, whatever is sent again
// and with whichever Idempotency-Key, and one phone at most LEADS_PER_PHONE_PER_DAY leads a day across funnels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADS_PER_PHONE_PER_DAY } from '../../server/limits/policies.ts';
import { calcLeadBody, campLejeuneBody, generalLeadBody, testConsent, uniquePhone } from '../testing/lead-bodies.ts';
import { send, verifyPhone, verifyTestPhone } from '../testing/requests.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const TEST_PHONE = '+12025550188';

describe.each(testDbKinds)('lead floods on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind, config: { testPhone: TEST_PHONE } });
  }, STARTUP_MS);
  afterAll(() => s.close());

  const calc = (body: unknown, cookie: string, key?: string, query = '') =>
    send(s.app, 'POST', `/api/leads/create/calc${query}`, { payload: body, cookie, ...(key && { key }) });

  it('answers a second submission of a funnel with the first lead, with or without a key, and stores one lead', async () => {
    const phone = uniquePhone();
    const cookie = await verifyPhone(s, phone.national);
    const before = await s.count('leads');
    const first = await calc(calcLeadBody(phone.typed), cookie);
    expect(first.statusCode).toBe(200);
    // Another body, another key, another query: the same person in the same funnel.
    const again = await calc(calcLeadBody(phone.typed, { firstName: 'Janet' }), cookie, 'flood-1', '?calc_id=c2');
    const third = await calc(calcLeadBody(phone.typed, { email: 'other@example.com' }), cookie);
    for (const res of [again, third]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(first.body);
    }
    expect(await s.count('leads')).toBe(before + 1);
  });

  it('makes one lead per funnel: the same verification may still ask in another funnel', async () => {
    const phone = uniquePhone();
    const cookie = await verifyPhone(s, phone.national);
    const ids = new Set<number>();
    for (const [url, body] of [
      ['/api/leads/create/calc', calcLeadBody(phone.typed)],
      ['/api/leads/create', generalLeadBody(phone.typed)],
      [
        '/api/leads/create',
        generalLeadBody(phone.typed, { consent: testConsent({ flowId: 'attorney', pageUrl: 'https://claims.example.com/request-attorney' }) }),
      ],
      ['/api/leads/create-camp-lejeune', campLejeuneBody(phone.typed)],
    ] as const) {
      const res = await send(s.app, 'POST', url, { payload: body, cookie });
      expect(res.statusCode, res.body).toBe(200);
      ids.add(res.json<{ lead: { id: number } }>().lead.id);
    }
    expect(ids.size).toBe(4);
  });

  it(`refuses a phone's lead after ${LEADS_PER_PHONE_PER_DAY} in a day (429 lead_limit), writing nothing; a retry of a lead made is still answered`, async () => {
    const phone = uniquePhone();
    const cookie = await verifyPhone(s, phone.national);
    const inFunnel = (flowId: string) => generalLeadBody(phone.typed, { consent: testConsent({ flowId, pageUrl: `https://claims.example.com/${flowId}` }) });
    const made: string[] = [];
    for (const flowId of ['attorney', 'truck', 'medical', 'workers-comp', 'notify-me'].slice(0, LEADS_PER_PHONE_PER_DAY)) {
      const res = await send(s.app, 'POST', '/api/leads/create', { payload: inFunnel(flowId), cookie });
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.body);
    }
    const before = { leads: await s.count('leads'), consents: await s.count('consent_records') };
    const refused = await calc(calcLeadBody(phone.typed), cookie, 'over-the-cap');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'lead_limit' });
    expect({ leads: await s.count('leads'), consents: await s.count('consent_records') }).toEqual(before);
    const retry = await send(s.app, 'POST', '/api/leads/create', { payload: inFunnel('attorney'), cookie });
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(made[0]);
  });

  it('holds the configured test phone to one lead per funnel and verification, not to the daily cap', async () => {
    for (let i = 0; i <= LEADS_PER_PHONE_PER_DAY; i++) {
      const res = await calc(calcLeadBody(TEST_PHONE.slice(2)), await verifyTestPhone(s.app, TEST_PHONE));
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
