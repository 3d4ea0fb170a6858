// A lead records the funnel it came from (issue 20 part 4): its consent's flowId and flowVersion are checked against the
// flows the server knows, and a new mass tort made of JSON alone keeps its answers through the spec's endpoints.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandedFlows } from '../../server/flow-files.ts';
import { calcLeadBody, campLejeuneBody, generalLeadBody, testConsent, uniquePhone } from '../testing/lead-bodies.ts';
import { send, verifyPhone } from '../testing/requests.ts';
import { STARTUP_MS, tableCounts, appDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const FLOWS = join(import.meta.dirname, '..', '..', 'flows');

/** flows/ with one more file: a Paraquat funnel made from the mass-tort part, as docs/new-funnel.md makes one. */
function flowsWithParaquat(): string {
  const dir = mkdtempSync(join(tmpdir(), 'claimflow-lead-flows-'));
  cpSync(FLOWS, dir, { recursive: true });
  const paraquat = {
    id: 'paraquat',
    version: 3,
    routes: ['/paraquat-claim'],
    namespace: 'camp-lejeune',
    initial: '0',
    use: [{ part: 'mass-tort', points: ['intro.points.period'], learnMore: 'https://www.epa.gov/pesticides' }],
  };
  writeFileSync(join(dir, 'paraquat.json'), JSON.stringify(paraquat));
  return dir;
}

describe.each(appDbKinds)('the funnel of a lead on %s', (kind) => {
  let s: TestServer;
  let flowsDir: string;
  beforeAll(async () => {
    flowsDir = flowsWithParaquat();
    s = await makeTestServer({ db: kind, flows: expandedFlows(flowsDir) });
  }, STARTUP_MS);
  afterAll(async () => {
    await s.close();
    rmSync(flowsDir, { recursive: true, force: true });
  });

  const visitor = async () => {
    const phone = uniquePhone();
    return { phone, cookie: await verifyPhone(s, phone.national) };
  };

  /** The flow id and version of the lead's consent record. */
  const flowOf = async (leadId: number) => {
    const { rows } = await s.db.query<{ flow_id: string; flow_version: number }>(
      'SELECT c.flow_id, c.flow_version FROM leads l JOIN consent_records c ON c.id = l.consent_record_id WHERE l.id = $1',
      [leadId],
    );
    return rows[0];
  };

  it("keeps a new mass tort's answers under its own flow id and version through POST /leads/create-camp-lejeune", async () => {
    const { phone, cookie } = await visitor();
    const body = campLejeuneBody(phone.typed, { q1: false, q2: true, q3: false, consent: testConsent({ flowId: 'paraquat', flowVersion: 3 }) });
    const res = await send(s.app, 'POST', '/api/leads/create-camp-lejeune', { payload: body, cookie });
    expect(res.statusCode, res.body).toBe(200);
    const lead = res.json<{ lead: { id: number } }>().lead;
    expect(lead).toMatchObject({ funnel: 'paraquat', q1: false, q2: true, q3: false });
    expect(await flowOf(lead.id)).toEqual({ flow_id: 'paraquat', flow_version: 3 });
  });

  it("records camp-lejeune's own leads as camp-lejeune, and the general route's under the flow that sent them", async () => {
    const camp = await visitor();
    const res = await send(s.app, 'POST', '/api/leads/create-camp-lejeune', { payload: campLejeuneBody(camp.phone.typed), cookie: camp.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ lead: { funnel: string } }>().lead.funnel).toBe('camp-lejeune');
    const comp = await visitor();
    const general = await send(s.app, 'POST', '/api/leads/create', { payload: generalLeadBody(comp.phone.typed), cookie: comp.cookie });
    expect(general.statusCode, general.body).toBe(200);
    const lead = general.json<{ lead: { id: number; funnel: string } }>().lead;
    expect(lead.funnel).toBe('workers-comp');
    expect(await flowOf(lead.id)).toEqual({ flow_id: 'workers-comp', flow_version: 1 });
  });

  it.each([
    ['/api/leads/create', 'consent.flowId', { flowId: 'paraquat-v2' }, generalLeadBody],
    ['/api/leads/create', 'consent.flowId', { flowId: 'workers-compensation' }, generalLeadBody],
    // A flow that sends its leads elsewhere: the calculator's go to /leads/create/calc, the mass torts' to their own route.
    ['/api/leads/create', 'consent.flowId', { flowId: 'calculator' }, generalLeadBody],
    ['/api/leads/create-camp-lejeune', 'consent.flowId', { flowId: 'attorney' }, campLejeuneBody],
    ['/api/leads/create-camp-lejeune', 'consent.flowId', { flowId: 'lejeune' }, campLejeuneBody],
    ['/api/leads/create/calc', 'consent.flowId', { flowId: 'paraquat' }, calcLeadBody],
    // A version the flow has not reached yet.
    ['/api/leads/create', 'consent.flowVersion', { flowVersion: 2 }, generalLeadBody],
    ['/api/leads/create-camp-lejeune', 'consent.flowVersion', { flowId: 'paraquat', flowVersion: 4 }, campLejeuneBody],
  ])('%s refuses a lead whose %s is not a flow that sends it there (%o): 400 naming it, nothing stored', async (url, field, consent, body) => {
    const { phone, cookie } = await visitor();
    const own = (body(phone.typed) as { consent: Record<string, unknown> }).consent;
    const before = await tableCounts(s.db);
    const res = await send(s.app, 'POST', url, { payload: body(phone.typed, { consent: { ...own, ...consent } }), cookie });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field });
    expect(res.json<{ message: string }>().message).toContain(field);
    expect(await tableCounts(s.db)).toEqual(before);
  });

  it('takes a lead of an earlier version of its flow (sent from an outbox before the flow changed)', async () => {
    const { phone, cookie } = await visitor();
    const res = await send(s.app, 'POST', '/api/leads/create-camp-lejeune', {
      payload: campLejeuneBody(phone.typed, { consent: testConsent({ flowId: 'paraquat', flowVersion: 2 }) }),
      cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await flowOf(res.json<{ lead: { id: number } }>().lead.id)).toEqual({ flow_id: 'paraquat', flow_version: 2 });
  });
});
