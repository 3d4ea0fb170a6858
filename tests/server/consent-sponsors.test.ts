// The sponsors who may call are named before the Submit that gives consent (POST /api/leads/sponsors), and a lead goes
// only to the sponsors its consent names: with two sponsors that both match, the one the person did not tick never gets
// it, and a person who asked for no call is delivered to no one.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sponsor } from '../../engine/route-lead.ts';
import { reportOfFlow } from '../../server/analytics/report-of-flow.ts';
import { ed25519Signer } from '../../server/certificates/certificate-signer.ts';
import { routeWaitingLeads } from '../../server/delivery/route-leads.ts';
import { calcLeadBody, testConsent, uniquePhone } from '../testing/lead-bodies.ts';
import { post, send, verifyPhone } from '../testing/requests.ts';
import { STARTUP_MS } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const sponsor = (id: string, name: string, filter: unknown): Sponsor => ({
  id,
  name,
  category: 'law-firm',
  services: ['calculator'],
  filter,
  dailyCap: 100,
  urlEnv: 'SPONSOR_URL',
  secretEnv: 'SPONSOR_SECRET',
  active: true,
});
const lawyers = sponsor('smith-lee', 'Smith & Lee LLP', { '==': [{ var: 'legal_consult' }, true] });
const chiro = sponsor('lone-star-chiro', 'Lone Star Chiropractic', { '==': [{ var: 'injured' }, true] });
const signer = ed25519Signer(generateKeyPairSync('ed25519').privateKey);

describe('consent that names the sponsors who may call', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ sponsors: [lawyers, chiro] });
  }, STARTUP_MS);
  afterAll(() => s.close());

  const route = () =>
    routeWaitingLeads({
      db: s.db,
      ready: { sponsors: [lawyers, chiro], endpoints: new Map(), skipped: [] },
      signer,
      publicUrl: () => 'https://claims.example.com',
    });
  const deliveriesOf = async (leadId: number) =>
    (await s.db.query<{ sponsor_id: string }>('SELECT sponsor_id FROM deliveries WHERE lead_id = $1 ORDER BY sponsor_id', [leadId])).rows.map(
      (r) => r.sponsor_id,
    );
  const submit = async (body: Record<string, unknown>) => {
    const phone = uniquePhone();
    const res = await send(s.app, 'POST', '/api/leads/create/calc', { payload: calcLeadBody(phone.typed, body), cookie: await verifyPhone(s, phone.national) });
    return res;
  };

  it('tells the page who the lead would go to before the Submit, in routing order, from its answers', async () => {
    const ask = async (lead: Record<string, unknown>) =>
      (await post(s.app, '/api/leads/sponsors', { path: '/leads/create/calc', lead: { ...lead, consent: { flowId: 'calculator' } } })).json<unknown>();
    expect(await ask({ legal_consult: true, injured: true })).toEqual({
      sponsors: [
        { id: 'smith-lee', name: 'Smith & Lee LLP' },
        { id: 'lone-star-chiro', name: 'Lone Star Chiropractic' },
      ],
    });
    expect(await ask({ legal_consult: false, injured: true })).toEqual({ sponsors: [{ id: 'lone-star-chiro', name: 'Lone Star Chiropractic' }] });
    expect(await ask({ legal_consult: false, injured: false })).toEqual({ sponsors: [] });
    const bad = await post(s.app, '/api/leads/sponsors', { path: '/leads/create/calc', lead: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'lead.consent' });
  });

  it('delivers the lead to the sponsor the person ticked, never to the other that matched', async () => {
    const res = await submit({ legal_consult: true, injured: true, consent: testConsent({}, [lawyers]) });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ lead: { id: number } }>().lead.id;
    const { rows } = await s.db.query<{ wording: string }>(
      'SELECT t.wording FROM leads l JOIN consent_records c ON c.id = l.consent_record_id JOIN consent_texts t ON t.id = c.consent_text_id WHERE l.id = $1',
      [id],
    );
    expect(rows[0]?.wording).toMatch(/^By tapping Submit, you agree that Smith & Lee LLP may call or text you/);
    expect(rows[0]?.wording).not.toContain('Lone Star');
    await route();
    expect(await deliveriesOf(id)).toEqual(['smith-lee']);
  });

  it('delivers to both when both are named, and to no one when the person asked for no call', async () => {
    const both = await submit({ legal_consult: true, injured: true, consent: testConsent({}, [lawyers, chiro]) });
    const declined = await submit({ legal_consult: false, injured: true, leadTypes: {}, consent: testConsent() });
    expect([both.statusCode, declined.statusCode]).toEqual([200, 200]);
    await route();
    expect(await deliveriesOf(both.json<{ lead: { id: number } }>().lead.id)).toEqual(['lone-star-chiro', 'smith-lee']);
    expect(await deliveriesOf(declined.json<{ lead: { id: number } }>().lead.id)).toEqual([]);
  });

  it('keeps the reason a person gave for declining, and the funnel report counts them', async () => {
    const declining = [{ declineReason: 'hasLawyer' }, { declineReason: 'hasLawyer' }, { declineReason: 'report' }, {}];
    for (const extra of declining) expect((await submit({ legal_consult: false, leadTypes: {}, consent: testConsent(), ...extra })).statusCode).toBe(200);
    expect((await submit({ legal_consult: false, declineReason: 'bored', consent: testConsent() })).json()).toMatchObject({ field: 'declineReason' });
    const report = await reportOfFlow(s.db, s.config.flowsDir, { flow: 'calculator' });
    // With the earlier test's declined lead, which gave no reason.
    expect('declined' in report && report.declined).toEqual({ report: 1, noCall: 0, info: 0, hasLawyer: 2, other: 0, none: 2 });
  });

  it.each([
    ['consent.sponsors', () => testConsent({}, [{ id: 'nobody-llc', name: 'Nobody LLC' }])],
    ['consent.sponsors', () => testConsent({ key: 'common:consent.notice.lead.calls' })],
    ['consent.sponsors', () => ({ ...testConsent(), sponsors: ['smith-lee'] })],
    ['consent.text', () => ({ ...testConsent({}, [lawyers, chiro]), sponsors: ['smith-lee'] })],
    ['consent.key', () => testConsent({ key: 'common:consent.notice.alert.none' })],
  ])('refuses a consent that does not name exactly who may call: 400 naming %s', async (field, consent) => {
    const before = await s.count('leads');
    const res = await submit({ consent: consent() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field });
    expect(await s.count('leads')).toBe(before);
  });
});
