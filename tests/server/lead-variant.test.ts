// A lead records the arm of its flow's A/B test it was sent from (issue 21 part 3): consent.flowVariant is kept in its
// consent record beside the flow's id and version; a lead without one (a flow with no test) keeps none; a malformed one
// is refused before anything is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calcLeadBody, testConsent, uniquePhone } from '../testing/lead-bodies.ts';
import { send, verifyPhone } from '../testing/requests.ts';
import { STARTUP_MS, appDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

describe.each(appDbKinds)('the variant of a lead on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
  }, STARTUP_MS);
  afterAll(() => s.close());

  /** POST /leads/create/calc from a verified phone with these consent fields. */
  const sendLead = async (consent: Record<string, unknown>) => {
    const phone = uniquePhone();
    const cookie = await verifyPhone(s, phone.national);
    return send(s.app, 'POST', '/api/leads/create/calc', { payload: calcLeadBody(phone.typed, { consent: testConsent(consent) }), cookie });
  };
  const recorded = async (leadId: number) => {
    const { rows } = await s.db.query<{ flow_id: string; flow_version: number; flow_variant: string | null }>(
      'SELECT c.flow_id, c.flow_version, c.flow_variant FROM leads l JOIN consent_records c ON c.id = l.consent_record_id WHERE l.id = $1',
      [leadId],
    );
    return rows[0];
  };

  it('keeps the arm the visit ran with the lead', async () => {
    const res = await sendLead({ flowVariant: 'short-form' });
    expect(res.statusCode, res.body).toBe(200);
    const lead = res.json<{ lead: { id: number } }>().lead;
    expect(await recorded(lead.id)).toEqual({ flow_id: 'calculator', flow_version: 1, flow_variant: 'short-form' });
  });

  it("keeps none for a flow without a test, sent as '' or left out", async () => {
    for (const consent of [{ flowVariant: '' }, {}]) {
      const res = await sendLead(consent);
      expect(res.statusCode, res.body).toBe(200);
      expect((await recorded(res.json<{ lead: { id: number } }>().lead.id))?.flow_variant).toBeNull();
    }
  });

  it('refuses a malformed variant by name, storing nothing', async () => {
    const before = await s.count('leads');
    const res = await sendLead({ flowVariant: 'Not An Arm!' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'consent.flowVariant' });
    expect(await s.count('leads')).toBe(before);
  });
});
