// An erasure at /privacy reaches the sponsors (issue 23 part 5): each sponsor that got the person's lead receives a
// signed lead.deleted message naming only the lead's id, under a webhook-id of its own; a sponsor that never got it
// receives nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sponsor } from '../../engine/route-lead.ts';
import { DELIVERY_PHONE, startDeliveryServer, type DeliveryServer } from '../testing/delivery-server.ts';
import { startFakeSponsors, type FakeSponsors } from '../testing/fake-sponsors.ts';
import { verifyTestPhone } from '../testing/requests.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';

const lawyers: Omit<Sponsor, 'urlEnv' | 'secretEnv'> = {
  id: 'texas-lawyers',
  name: 'Texas Lawyers',
  category: 'law-firm',
  services: ['__CALawyer'],
  filter: { in: [{ var: 'state' }, ['TX']] },
  dailyCap: 1000,
  active: true,
};
const chiropractors = { ...lawyers, id: 'chiropractors', name: 'Chiropractors', services: ['Chiropractor'], filter: undefined };

describe.each(testDbKinds)('lead.deleted on %s', { timeout: 60_000 }, (kind) => {
  let fake: FakeSponsors;
  let d: DeliveryServer;
  beforeAll(async () => {
    fake = await startFakeSponsors([lawyers, chiropractors]);
    d = await startDeliveryServer(fake, { webhookRetrySchedule: [0, 1, 1] }, kind);
  }, STARTUP_MS);
  afterAll(async () => {
    await d?.close();
    await fake?.close();
  });

  it('tells each sponsor that got the lead, signed, with the lead id and nothing of the person', async () => {
    const id = await d.createLead({ state: 'TX', leadTypes: { __CALawyer: 'AM' } });
    await d.settled(20_000);
    const cookie = await verifyTestPhone(d.server.app, DELIVERY_PHONE);
    const erased = await d.server.app.inject({ method: 'DELETE', url: '/api/privacy/data', headers: { cookie } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ erased: { leads: 1 }, sponsorsTold: 1 });
    await d.settled(20_000);

    expect(fake.badSignatures).toEqual([]);
    const got = [...fake.acknowledged.values()].filter((r) => r.envelope.data.id === id);
    expect(got.map((r) => [r.sponsor, r.type])).toEqual([
      ['texas-lawyers', 'lead.created'],
      ['texas-lawyers', 'lead.deleted'],
    ]);
    const deleted = got[1]!;
    expect(deleted.envelope).toEqual({ type: 'lead.deleted', timestamp: expect.stringMatching(/Z$/) as unknown, data: { id } });
    expect(deleted.webhookId).not.toBe(got[0]!.webhookId);
  });
});
