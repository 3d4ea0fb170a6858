// The requests every funnel builds are ones the API accepts: each body checked against its schema in schemas/api,
// also after a person changed their mind (answers left over from an abandoned locating form).
import { describe, expect, it } from 'vitest';
import campLejeuneSchema from '../../schemas/api/leads-create-camp-lejeune.request.schema.json' with { type: 'json' };
import leadsCreateSchema from '../../schemas/api/leads-create.request.schema.json' with { type: 'json' };
import updateTimeSchema from '../../schemas/api/leads-update-time.request.schema.json' with { type: 'json' };
import updateSchema from '../../schemas/api/leads-update.request.schema.json' with { type: 'json' };
import tcpaSchema from '../../schemas/api/user-tcpa.request.schema.json' with { type: 'json' };
import { replay } from '../../engine/replay.ts';
import type { FlowEvent } from '../../engine/types.ts';
import { NEXT, allFlows, answer, austin, goodVin, loadFlow, okEffects, requestOf, requestsOf, validContact } from '../testing/flows.ts';
import { schemaErrors } from '../testing/schema-errors.ts';

const input = { locale: 'es', meta: { pageUrl: 'https://claimflow.test/x', gclid: 'G1', visit: 'v1', businessUserToken: 'biz-7' } };
const contact: FlowEvent[] = [answer(validContact), NEXT, answer({ code: '1234' }), NEXT];

/** Locating answers after a change of mind: another form was half filled before the one finished. */
const changedMind = {
  'VIN, after a half-typed case ID and map': { locateBy: 'vin', vin: goodVin, caseID: '  ', vehicleYear: 20, vehicleMake: 'FO', location: { lat: 1, lng: 2 }, date: '2026-03-14', place: austin },
  'case ID, after a half-typed VIN': { locateBy: 'case', vin: '1HG', caseID: 'TX-2026-0042', date: '2026-03-14', place: austin },
  'map, after a half-typed VIN, no address found': { locateBy: 'map', vin: '1HG', caseID: '  ', location: { lat: 30.27, lng: -97.74 }, place: null, vehicleMake: 'FORD', vehicleYear: 2019, date: '2026-03-14' },
};

describe.each(['attorney', 'truck', 'medical'])('%s requests', (id) => {
  const flow = loadFlow(id);
  it.each(Object.entries(changedMind))('are accepted when located by %s', async (_what, locating) => {
    const events = [NEXT, answer({ fault: false, commercial: false }), NEXT, NEXT, answer(locating), NEXT, ...contact, NEXT];
    const run = await replay(flow, events, { effects: okEffects, input });
    expect(run.step).toBe('4');
    expect(schemaErrors(tcpaSchema, requestOf(run, 'saveConsent').body)).toEqual([]);
    const body = requestOf(run, 'createLead').body as { extraDetails: { accidentDetails: Record<string, unknown> } };
    expect(schemaErrors(leadsCreateSchema, body)).toEqual([]);
    // Only the chosen way's own fields are sent.
    const sent = Object.keys(body.extraDetails.accidentDetails);
    const by = locating.locateBy;
    expect(sent.includes('vin')).toBe(by === 'vin');
    expect(sent.includes('caseID')).toBe(by === 'case');
    expect(['location', 'vehicleMake', 'vehicleYear'].map((f) => sent.includes(f))).toEqual([by === 'map', by === 'map', by === 'map']);
  });

  it('sends a confirmation the API accepts', async () => {
    const effects = { ...okEffects, createLead: () => ({ resultIds: [41, 42] }) };
    const confirm = id === 'attorney' ? answer({ accidentReason: 'Hit from behind.' }) : answer({ preferredCallTime: '1pm - 2pm' });
    const events = [NEXT, answer({ fault: true, commercial: true }), NEXT, NEXT, answer(changedMind['case ID, after a half-typed VIN']), NEXT, ...contact, NEXT, confirm, NEXT];
    const run = await replay(flow, events, { effects, input });
    const updates = id === 'attorney' ? requestsOf(run, 'updateLead') : requestsOf(run, 'updateCallTime');
    expect(updates.length).toBeGreaterThan(0);
    for (const update of updates) expect(schemaErrors(id === 'attorney' ? updateSchema : updateTimeSchema, update.body)).toEqual([]);
  });
});

describe('Camp Lejeune and workers\' compensation requests', () => {
  it.each([true, false])('are accepted with a consult answer of %s', async (consult) => {
    const camp = loadFlow('camp-lejeune');
    const campRun = await replay(camp, [NEXT, answer({ q1: true, q2: false, q3: false }), NEXT, ...contact, answer({ legalConsult: consult }), NEXT], { effects: okEffects, input });
    expect(schemaErrors(campLejeuneSchema, requestOf(campRun, 'createLead').body)).toEqual([]);
    // The business partner whose link brought the visitor is credited, as in every funnel.
    expect(requestOf(campRun, 'createLead').body).toMatchObject({ businessUserToken: 'biz-7' });

    const wc = loadFlow('workers-comp');
    const consent = consult ? { legalConsult: true, noLawyer: true, injured: true } : { legalConsult: false };
    const wcRun = await replay(wc, [NEXT, answer({ damage: 'Other', date: '2026-02-03', place: austin }), NEXT, ...contact, answer(consent), NEXT], { effects: okEffects, input });
    expect(schemaErrors(tcpaSchema, requestOf(wcRun, 'saveConsent').body)).toEqual([]);
    expect(schemaErrors(leadsCreateSchema, requestOf(wcRun, 'createLead').body)).toEqual([]);
  });
});

describe('the consent at the code step (POST /user/tcpa)', () => {
  it.each(allFlows().map((flow) => [flow.id, flow] as const))('names the language, funnel and page it was given on in %s', (_id, flow) => {
    // Each funnel's code step is its own number of steps in: its effect's body is what every one of them sends.
    const body = flow.effects.saveConsent?.body as Record<string, unknown> | undefined;
    expect(body?.consent).toEqual({ locale: { var: 'locale' }, flowId: { var: 'flow.id' }, flowVersion: { var: 'flow.version' }, pageUrl: { var: 'meta.pageUrl' } });
  });

  it('is sent in the language the funnel is shown in, and the API accepts it', async () => {
    const run = await replay(loadFlow('calculator'), [NEXT, answer({ fault: false, commercial: false }), NEXT, answer({ injuries: 1, earnings: 1, medical: 1, pain: 1 }), NEXT, answer(validContact), NEXT], { effects: okEffects, input });
    const consent = requestOf(run, 'saveConsent');
    expect(consent.body).toMatchObject({ consent: { locale: 'es', flowId: 'calculator', flowVersion: 1, pageUrl: 'https://claimflow.test/x' } });
    expect(schemaErrors(tcpaSchema, consent.body)).toEqual([]);
  });
});
