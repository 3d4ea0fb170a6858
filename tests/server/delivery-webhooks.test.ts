// Leads reach their sponsors as signed Standard Webhooks: routed by the sponsor files after the lead is stored, each
// message verified by the receiver with the standardwebhooks package, updates sent to the sponsors that got the lead,
// and the endpoint's answers honoured (Retry-After, 410, 3xx, the dead letter after the schedule's last try).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sponsor } from '../../engine/route-lead.ts';
import { startDeliveryServer, PUBLIC_URL, type DeliveryServer } from '../testing/delivery-server.ts';
import { startFakeSponsors, type FakeSponsors } from '../testing/fake-sponsors.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';

const lawyers: Omit<Sponsor, 'urlEnv' | 'secretEnv'> = {
  id: 'texas-lawyers',
  name: 'Texas Lawyers',
  category: 'law-firm',
  services: ['__CALawyer'],
  filter: { in: [{ var: 'state' }, ['TX', 'OK']] },
  dailyCap: 1000,
  active: true,
};
const chiropractors = { ...lawyers, id: 'chiropractors', name: 'Chiropractors', services: ['Chiropractor'], filter: undefined };
const unset = { ...lawyers, id: 'unset-sponsor', name: 'Unset' };

describe.each(testDbKinds)('signed webhook delivery, %s', { timeout: 30_000 }, (kind) => {
  let fake: FakeSponsors;
  let d: DeliveryServer;
  beforeAll(async () => {
    fake = await startFakeSponsors([lawyers, chiropractors, unset]);
    for (const name of Object.keys(fake.env).filter((n) => n.startsWith('SPONSOR_UNSET'))) delete fake.env[name];
    d = await startDeliveryServer(fake, { webhookRetrySchedule: [0, 1, 1] }, kind);
  }, STARTUP_MS);
  afterAll(async () => {
    await d?.close();
    await fake?.close();
  });
  afterEach(() => fake.behaviour.clear());

  const received = (leadId: number) => [...fake.acknowledged.values()].filter((r) => r.envelope.data.id === leadId);
  const attemptsOf = async (leadId: number) =>
    (
      await d.server.db.query<{ sponsor_id: string; status: string; http_status: number | null; error: string | null; after: number | null }>(
        `SELECT d.sponsor_id, d.status, a.http_status, a.error, extract(epoch FROM a.at - lag(a.at) OVER (ORDER BY a.id))::float8 AS after
       FROM deliveries d JOIN delivery_attempts a ON a.delivery_id = d.id WHERE d.lead_id = $1 ORDER BY a.id`,
        [leadId],
      )
    ).rows;

  it('reports a sponsor whose variables are unset at start, and routes it nothing', () => {
    expect(d.logs).toContain('sponsor unset-sponsor skipped: SPONSOR_UNSET_SPONSOR_URL and SPONSOR_UNSET_SPONSOR_SECRET are not set');
  });

  it('sends a new lead to each sponsor whose services and filter match, signed, with its certificate URL and no business token', async () => {
    const id = await d.createLead({ state: 'TX', leadTypes: { __CALawyer: 'AM', Chiropractor: 'PM' }, businessUserToken: 'partner-secret-token' });
    const other = await d.createLead({ state: 'CA', leadTypes: { __CALawyer: 'AM' } });
    await d.settled(20_000);
    expect(fake.badSignatures).toEqual([]);
    const got = received(id);
    expect(got.map((r) => r.sponsor).sort()).toEqual(['chiropractors', 'texas-lawyers']);
    const { envelope } = got[0]!;
    expect(envelope.type).toBe('lead.created');
    expect(envelope.data).toMatchObject({ id, firstName: 'John', state: 'TX', phone: '+12025550161' });
    expect(envelope.data).not.toHaveProperty('businessUserToken');
    expect(envelope.data.certificateUrl).toMatch(new RegExp(`^${PUBLIC_URL}/certificates/[A-Za-z0-9_-]{22}$`));
    // A California lead matches no filter: no one gets it.
    expect(received(other)).toEqual([]);
    const { rows } = await d.server.db.query('SELECT count(*)::int AS n FROM deliveries WHERE lead_id = $1', [other]);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('counts each attempt by sponsor and result', async () => {
    const delivered = async () =>
      (await d.server.metrics.deliveries.get()).values.find((v) => v.labels.sponsor === 'texas-lawyers' && v.labels.result === 'delivered')?.value ?? 0;
    const before = await delivered();
    await d.createLead({ state: 'TX', leadTypes: { __CALawyer: 'AM' } });
    await d.settled(20_000);
    expect(await delivered()).toBe(before + 1);
  });

  it("sends the lead with its certificate's URL in place of trusted_form_cert, without the report alert's search, and keeps no copy once acknowledged", async () => {
    const vin = '1FTFW1ET5DFC10312';
    const caseId = 'TX-2024-0555';
    const id = await d.createLead({
      state: 'TX',
      leadTypes: { __CALawyer: 'AM' },
      trusted_form_cert: 'https://cert.trustedform.com/abc',
      alert: { source: 'notify-me', vin, caseId, state: 'TX' },
    });
    await d.settled(20_000);
    const [got] = received(id);
    expect(got?.envelope.data.certificateUrl).toMatch(new RegExp(`^${PUBLIC_URL}/certificates/`));
    expect(got?.envelope.data).not.toHaveProperty('trusted_form_cert');
    expect(got?.envelope.data).not.toHaveProperty('alert');
    expect(JSON.stringify(got?.envelope)).not.toMatch(new RegExp(`${vin}|${caseId}`));
    // Acknowledged: the message is not kept (a retry builds it again from the lead).
    const { rows } = await d.server.db.query('SELECT status, payload FROM deliveries WHERE lead_id = $1', [id]);
    expect(rows).toEqual([{ status: 'delivered', payload: null }]);
  });

  it('sends lead.updated with the call window to the sponsors that got the lead, under a webhook-id of its own', async () => {
    const id = await d.createLead({ state: 'OK', leadTypes: { __CALawyer: 'AM' } });
    await d.settled(20_000);
    expect(await d.put('/api/leads/update/time', { ids: [id], preferredCallTime: 'Call ASAP' }, id)).toBe(200);
    await d.settled(20_000);
    const got = received(id);
    expect(got.map((r) => [r.sponsor, r.type])).toEqual([
      ['texas-lawyers', 'lead.created'],
      ['texas-lawyers', 'lead.updated'],
    ]);
    expect(got[1]!.envelope.data.callWindow).toMatchObject({ from: expect.stringMatching(/Z$/) as unknown, to: expect.stringMatching(/Z$/) as unknown });
    expect(new Set(got.map((r) => r.webhookId)).size).toBe(2);
  });

  it('sends a lead.updated only once its lead.created was acknowledged, so no sponsor hears of a lead it does not have', async () => {
    let requests = 0;
    // The lead.created's first try fails; it is tried again a second later.
    fake.behaviour.set('texas-lawyers', { answer: () => (requests++ === 0 ? { status: 500 } : undefined) });
    const id = await d.createLead({ state: 'TX', leadTypes: { __CALawyer: 'AM' } });
    while ((await attemptsOf(id)).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await d.put('/api/leads/update/time', { ids: [id], preferredCallTime: 'Call ASAP' }, id)).toBe(200);
    await d.settled(20_000);
    expect(received(id).map((r) => r.type)).toEqual(['lead.created', 'lead.updated']);
  });

  it('certifies and routes a lead stored just before the server died (no router ran): at the next start, with its certificate URL', async () => {
    await d.queue.stop();
    const id = await d.createLead({ state: 'TX', leadTypes: { __CALawyer: 'AM' } });
    await d.restartQueue();
    await d.settled(20_000);
    const { rows } = await d.server.db.query<{ id: string }>('SELECT id FROM consent_certificates WHERE lead_id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect(received(id).map((r) => r.envelope.data.certificateUrl)).toEqual([`${PUBLIC_URL}/certificates/${rows[0]!.id}`]);
  });

  it('tries again on the schedule with the same webhook-id, honours Retry-After on 429, and takes 3xx as a failure', async () => {
    const answers: { status: number; headers?: Record<string, string> }[] = [
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 302, headers: { location: 'http://127.0.0.1:1/' } },
    ];
    fake.behaviour.set('texas-lawyers', { answer: () => answers.shift() });
    const id = await d.createLead({ state: 'TX', leadTypes: { __CALawyer: 'AM' } });
    await d.settled(20_000);
    const attempts = await attemptsOf(id);
    expect(attempts.map((a) => a.http_status)).toEqual([429, 302, 204]);
    // Retry-After: 2 s, then the schedule's 1 s with jitter (each woken on the second it is due, within a second).
    expect(attempts[1]!.after).toBeGreaterThanOrEqual(2);
    expect(attempts[1]!.after).toBeLessThan(3.5);
    expect(attempts[2]!.after).toBeGreaterThanOrEqual(1);
    expect(received(id)).toHaveLength(1);
  });

  it('gives a delivery up (dead) after the last try of the schedule, and says so', async () => {
    fake.behaviour.set('chiropractors', { fail: 1 });
    const id = await d.createLead({ state: 'CA', leadTypes: { Chiropractor: 'AM' } });
    await d.settled(20_000);
    expect((await attemptsOf(id)).map((a) => [a.status, a.http_status, a.error])).toEqual([
      ['dead', 500, 'HTTP 500'],
      ['dead', 500, 'HTTP 500'],
      ['dead', 500, 'HTTP 500'],
    ]);
    expect(d.logs.some((l) => l.includes(`of lead ${id} to chiropractors is dead after 3 attempts`))).toBe(true);
  });

  it('sends no lead.updated to a sponsor whose lead.created is dead, whether it died before the update or after', async () => {
    fake.behaviour.set('chiropractors', { fail: 1 });
    const before = await d.createLead({ state: 'CA', leadTypes: { Chiropractor: 'AM' } });
    await d.settled(20_000);
    expect(await d.put('/api/leads/update/time', { ids: [before], preferredCallTime: 'Call ASAP' }, before)).toBe(200);
    const after = await d.createLead({ state: 'CA', leadTypes: { Chiropractor: 'AM' } });
    while ((await attemptsOf(after)).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await d.put('/api/leads/update/time', { ids: [after], preferredCallTime: 'Call ASAP' }, after)).toBe(200);
    await d.settled(20_000);
    for (const id of [before, after]) {
      const { rows } = await d.server.db.query('SELECT type, status, attempts FROM deliveries WHERE lead_id = $1 ORDER BY id', [id]);
      // Never tried: held back, dead with its lead.created (a redrive sends both, in order).
      expect(rows).toEqual([
        { type: 'lead.created', status: 'dead', attempts: 3 },
        { type: 'lead.updated', status: 'dead', attempts: 0 },
      ]);
    }
  });

  it('turns a sponsor off on 410 Gone: recorded, logged, and no lead routed to it after', async () => {
    const delivered = await d.createLead({ state: 'CA', leadTypes: { Chiropractor: 'AM' } });
    await d.settled(20_000);
    fake.behaviour.set('chiropractors', { answer: () => ({ status: 410 }) });
    const first = await d.createLead({ state: 'CA', leadTypes: { Chiropractor: 'AM' } });
    await d.settled(20_000);
    const second = await d.createLead({ state: 'CA', leadTypes: { Chiropractor: 'AM' } });
    await d.settled(20_000);
    expect((await attemptsOf(first)).map((a) => [a.status, a.http_status])).toEqual([['off', 410]]);
    const { rows } = await d.server.db.query('SELECT sponsor_id FROM sponsor_endpoints_off');
    expect(rows).toEqual([{ sponsor_id: 'chiropractors' }]);
    expect(await attemptsOf(second)).toEqual([]);
    expect(d.logs.some((l) => l.startsWith("sponsor chiropractors's endpoint answered 410 Gone"))).toBe(true);
    // A lead it got before the 410: its update waits, off, for a redrive.
    expect(await d.put('/api/leads/update/time', { ids: [delivered], preferredCallTime: 'Call ASAP' }, delivered)).toBe(200);
    await d.settled(20_000);
    const { rows: updates } = await d.server.db.query(`SELECT status, attempts FROM deliveries WHERE lead_id = $1 AND type = 'lead.updated'`, [delivered]);
    expect(updates).toEqual([{ status: 'off', attempts: 0 }]);
  });
});
