// The notify-me funnel (/notify-me, /alert-me) replayed: the report described as the locating wizard asks (or filled in
// from the results page's link), the phone verified, the consultation question with its two confirmations, the lead
// types, and the lead created with its alert; the last screen says at once when the report is already on file.
import { describe, expect, it } from 'vitest';
import leadsCreateSchema from '../../schemas/api/leads-create.request.schema.json' with { type: 'json' };
import leadsCreateAnswer from '../../schemas/api/leads-create.response.schema.json' with { type: 'json' };
import updateTimeSchema from '../../schemas/api/leads-update-time.request.schema.json' with { type: 'json' };
import tcpaSchema from '../../schemas/api/user-tcpa.request.schema.json' with { type: 'json' };
import sendSchema from '../../schemas/api/mfa-sms-send.request.schema.json' with { type: 'json' };
import { dataOf } from '../../engine/machine.ts';
import { replay, replayClock } from '../../engine/replay.ts';
import type { FlowEvent, FlowInput } from '../../engine/types.ts';
import { BACK, NEXT, answer, austin, failing, goodVin, loadFlow, okEffects, requestOf, requestsOf, screenOf, validContact } from '../testing/flows.ts';
import { schemaErrors } from '../testing/schema-errors.ts';

const flow = loadFlow('notify-me');
const byVin = { locateBy: 'vin', vin: goodVin, date: '2026-03-14', place: austin };
const byCase = { locateBy: 'case', caseID: 'TX-2026-0042', date: '2026-03-14', place: austin, vin: '1HG' };
const byMap = { locateBy: 'map', location: { lat: 30.27, lng: -97.74 }, place: null, vehicleMake: 'FORD', vehicleYear: 2019, date: '2026-03-14', caseID: ' ' };
const yes = { legalConsult: true, noLawyer: true, injured: true };
const input = (route: string): FlowInput => ({ locale: 'es', meta: { pageUrl: `https://claimflow.test${route}`, route, visit: 'v1' } });

/** From the intro to the consultation question, the report located with these answers. */
const toConsent = (locating: Record<string, unknown>): FlowEvent[] => [NEXT, answer(locating), NEXT, answer(validContact), NEXT, answer({ code: '1234' }), NEXT];
/** On to the last screen: a consultation answer, the lead types as they start (car accident lawyers, AM), Submit. */
const toDone = (locating: Record<string, unknown>, consent: Record<string, unknown> = yes): FlowEvent[] => [...toConsent(locating), answer(consent), NEXT, NEXT];

const onFile = [{ id: 'Rk9vQmFyQmF6UXV4UXV1eA', path: `/accident/Rk9vQmFyQmF6UXV4UXV1eA/${goodVin}` }];
const created = (files: unknown[]) => () => ({ resultIds: [41], lead: { id: 41 }, alert: { id: 'a1', expiresAt: '2026-12-25T10:00:00.000Z', onFile: files } });

describe('notify-me flow', () => {
  it('walks 0 → 1.75 → 2 → 2.5 → 3 → 3.5 → 4 and creates the lead with its alert, by VIN', async () => {
    const run = await replay(flow, toDone(byVin), { effects: okEffects, input: input('/notify-me') });
    expect(run.steps).toEqual(['0', '1.75', '2', '2.5', '3', '3.5', '4']);
    const lead = requestOf(run, 'createLead');
    expect(lead).toMatchObject({ method: 'POST', path: '/leads/create', outbox: true });
    expect(lead.body).toMatchObject({
      firstName: 'Maria',
      lastName: 'Lopez',
      legal_consult: true,
      injured: true,
      leadTypes: { __CALawyer: 'AM' },
      source: 'notify-me',
      language: 'es',
      state: 'TX',
      date: '2026-03-14',
      extraDetails: { accidentDetails: { vin: goodVin, date: '2026-03-14', state: 'TX', zip: '78701' } },
      consent: { key: 'common:consent.notice.primary.yes', flowId: 'notify-me', locale: 'es' },
    });
    // Only the way the report was described: the VIN says it all.
    expect((lead.body as { alert: unknown }).alert).toEqual({ source: 'notify-me', vin: goodVin });
    expect(requestOf(run, 'sendCode').body).toMatchObject({ source: 'notify-me', language: 'es' });
    expect(requestOf(run, 'saveConsent')).toMatchObject({ query: { funnel: 'notify-me' }, body: { state: 'TX', accidentDate: '2026-03-14' } });
  });

  it('passes source alert from /alert-me (the same screens)', async () => {
    const run = await replay(flow, toDone(byVin), { effects: okEffects, input: input('/alert-me') });
    expect(run.step).toBe('4');
    expect(requestOf(run, 'createLead').body).toMatchObject({ source: 'alert', alert: { source: 'alert' } });
    expect(requestOf(run, 'sendCode').body).toMatchObject({ source: 'alert' });
  });

  it.each([
    ['a case ID: its ID and the state of the city chosen', byCase, { source: 'notify-me', caseId: 'TX-2026-0042', state: 'TX' }],
    ['a map pin: the pin, the date, the make and the year', byMap, { source: 'notify-me', location: { lat: 30.27, lng: -97.74 }, date: '2026-03-14', make: 'FORD', year: 2019 }],
  ])('describes the report by %s', async (_what, locating, alert) => {
    const run = await replay(flow, toDone(locating), { effects: okEffects, input: input('/notify-me') });
    expect((requestOf(run, 'createLead').body as { alert: unknown }).alert).toEqual(alert);
  });

  it.each([
    ['undecided', {}],
    ['yes without the two confirmations', { legalConsult: true }],
    ['yes, not represented, injuries not confirmed', { legalConsult: true, noLawyer: true }],
    ['yes, injuries, not confirmed unrepresented', { legalConsult: true, injured: true }],
  ])('stays on the consultation question when %s', async (_what, consent) => {
    const run = await replay(flow, [...toConsent(byVin), answer(consent), NEXT], { effects: okEffects });
    expect(run.step).toBe('3');
  });

  it('offers the lead types with the notice of the choice under Submit, and needs one choice', async () => {
    const atTypes = await replay(flow, [...toConsent(byVin), answer(yes), NEXT], { effects: okEffects });
    expect(screenOf(flow, atTypes)).toEqual({ widgets: ['lead-types', 'legal-notice'], next: 'common:nav.submit' });
    const none = await replay(flow, [...toConsent(byVin), answer(yes), NEXT, answer({ leadTypes: {} }), NEXT], { effects: okEffects });
    expect(none.step).toBe('3.5');
    expect(requestsOf(none, 'createLead')).toEqual([]);
  });

  it('creates the lead and alert when the consultation is declined, with no call time to choose', async () => {
    const run = await replay(flow, [...toConsent(byVin), answer({ legalConsult: false }), NEXT, answer({ leadTypes: { notInterested: true } }), NEXT], {
      effects: okEffects,
      input: input('/notify-me'),
    });
    expect(run.step).toBe('4');
    expect(requestOf(run, 'createLead').body).toMatchObject({
      legal_consult: false,
      injured: false,
      leadTypes: { notInterested: true },
      consent: { key: 'common:consent.notice.primary.no' },
      alert: { source: 'notify-me', vin: goodVin },
    });
    // The services chosen say when they will call (the lead's answer has their windows).
    expect(screenOf(flow, run)).toEqual({ widgets: ['intro', 'alert-end', 'call-windows'], next: null });
  });

  it('says at once when the report is already on file, with its link, beside the call time', async () => {
    const run = await replay(flow, toDone(byVin), { effects: { ...okEffects, createLead: created(onFile) } });
    expect(screenOf(flow, run)).toEqual({ widgets: ['report-links', 'alert-end', 'call-windows', 'call-time'], next: 'common:nav.done' });
    const block = flow.steps['4']!.blocks.find((b) => b.widget === 'report-links')!;
    expect(block.props).toMatchObject({ reports: 'onFile' });
    const nothingYet = await replay(flow, toDone(byVin), { effects: { ...okEffects, createLead: created([]) } });
    expect(screenOf(flow, nothingYet).widgets).toEqual(['intro', 'alert-end', 'call-windows', 'call-time']);
  });

  it('says when each service chosen will call beside the consultation call time, as when it is declined (§2.9)', async () => {
    const leadTypeWindows = { Chiropractor: { from: '2026-11-30T18:00:00.000Z', to: '2026-11-30T23:00:00.000Z', timeZone: 'America/Chicago' } };
    const createLead = () => ({ resultIds: [41], lead: { id: 41, leadTypeWindows } });
    const events = [...toConsent(byVin), answer(yes), NEXT, answer({ leadTypes: { __CALawyer: 'AM', Chiropractor: 'PM' } }), NEXT];
    const run = await replay(flow, events, { effects: { ...okEffects, createLead }, input: input('/notify-me') });
    expect(requestOf(run, 'createLead').body).toMatchObject({ legal_consult: true, leadTypes: { __CALawyer: 'AM', Chiropractor: 'PM' } });
    expect(screenOf(flow, run).widgets).toEqual(['intro', 'alert-end', 'call-windows', 'call-time']);
    const block = flow.steps['4']!.blocks.find((b) => b.widget === 'call-windows')!;
    expect(dataOf(flow, run.context, replayClock).computed[(block.props as { windows: string }).windows]).toEqual(leadTypeWindows);
  });

  it("says until when the alert texts and what then, from the alert's end the API answered", async () => {
    const ends = (run: Awaited<ReturnType<typeof replay>>, text: string) => {
      const block = flow.steps['4']!.blocks.find((b) => b.widget === 'alert-end' && (b.props as { text: string }).text === text)!;
      return dataOf(flow, run.context, replayClock).computed[(block.props as { ends: string }).ends];
    };
    const nothingYet = await replay(flow, toDone(byVin), { effects: { ...okEffects, createLead: created([]) } });
    expect(ends(nothingYet, 'common:alert.done.until')).toBe('2026-12-25T10:00:00.000Z');
    // With a report on file the alert goes on too: its sentence says the other matches are texted until then.
    const onFileRun = await replay(flow, toDone(byVin), { effects: { ...okEffects, createLead: created(onFile) } });
    expect(screenOf(flow, onFileRun).widgets.filter((w) => w === 'alert-end')).toHaveLength(1);
    expect(ends(onFileRun, 'common:alert.onFile.until')).toBe('2026-12-25T10:00:00.000Z');
  });

  it('sends the call time for the lead, then thanks', async () => {
    const run = await replay(flow, [...toDone(byVin), answer({ preferredCallTime: '3pm - 4pm' }), NEXT], { effects: okEffects });
    expect(requestOf(run, 'updateCallTime').body).toEqual({ ids: [41], preferredCallTime: '3pm - 4pm' });
    expect(screenOf(flow, run)).toEqual({ widgets: ['intro', 'alert-end', 'call-windows', 'call-time', 'dialog'], next: 'common:nav.submit' });
  });

  it('stays on the lead types with the network error when the lead cannot be created', async () => {
    const run = await replay(flow, toDone(byVin), { effects: { ...okEffects, createLead: failing('network') } });
    expect(run.step).toBe('3.5');
    expect(run.context.error).toMatchObject({ effect: 'createLead', messageKey: 'errors:NETWORK_ERROR_TEXT' });
  });

  it('goes Back from the locating step to the intro, clearing the city, VIN, case ID and date', async () => {
    const run = await replay(flow, [NEXT, answer(byVin), BACK]);
    expect(run.step).toBe('0');
    expect(run.context.answers).toMatchObject({ vin: '', caseID: '', date: '', place: null });
  });

  it('sends requests the API accepts, whichever way the report was described', async () => {
    for (const [locating, consent] of [[byVin, yes], [byCase, { legalConsult: false }], [byMap, yes]] as const) {
      const events = [...toConsent(locating), answer(consent), NEXT, NEXT, answer({ preferredCallTime: '9am - 10am' }), NEXT];
      const run = await replay(flow, events, { effects: { ...okEffects, createLead: created(onFile) }, input: input('/alert-me') });
      expect(schemaErrors(sendSchema, requestOf(run, 'sendCode').body)).toEqual([]);
      expect(schemaErrors(tcpaSchema, requestOf(run, 'saveConsent').body)).toEqual([]);
      expect(schemaErrors(leadsCreateSchema, requestOf(run, 'createLead').body)).toEqual([]);
      for (const update of requestsOf(run, 'updateCallTime')) expect(schemaErrors(updateTimeSchema, update.body)).toEqual([]);
    }
    // The answer's alert the last screen reads is the API's.
    expect(schemaErrors(leadsCreateAnswer.properties.alert, created(onFile)().alert)).toEqual([]);
  });
});

describe("notify-me's answers from the results page's link", () => {
  const start = async (query: Record<string, string>) => (await replay(flow, [], { input: { query } })).context.answers;

  it('fills in the VIN, the case ID, or the pin with its make and year', async () => {
    expect(await start({ vin: goodVin })).toMatchObject({ locateBy: 'vin', vin: goodVin });
    expect(await start({ caseId: 'TX-2026-0042', state: 'TX' })).toMatchObject({ locateBy: 'case', caseID: 'TX-2026-0042', place: null });
    const pin = { lat: '30.2672', lng: '-97.7431', radius: '10', from: '2026-03-11', to: '2026-03-17', make: 'FORD', year: '2019', yearMatch: 'approx' };
    expect(await start(pin)).toMatchObject({ locateBy: 'map', location: { lat: 30.2672, lng: -97.7431 }, vehicleMake: 'FORD', vehicleYear: 2019, date: '' });
  });

  it('starts empty without a search, or with a point out of range, and still asks for what the link lacks', async () => {
    expect(await start({})).toEqual(flow.answers);
    expect(await start({ lat: '95', lng: '-97.7', year: 'soon' })).toMatchObject({ locateBy: null, location: null, vehicleYear: null });
    // The date and city are the person's to give: Next stays on the wizard until they are.
    const run = await replay(flow, [NEXT, NEXT], { input: { query: { vin: goodVin } } });
    expect(run.step).toBe('1.75');
    expect((await replay(flow, [NEXT, answer({ date: '2026-03-14', place: austin }), NEXT], { input: { query: { vin: goodVin } } })).step).toBe('2');
  });
});

describe("find-my-report's nothing-found-yet branch", () => {
  const find = loadFlow('find-my-report');

  it('goes on into the same alert steps as notify-me (its contact step steps Back to the offer)', () => {
    const alertSteps = ['2', '2.5', '3', '3.5', '4'];
    const withoutBack = (id: string, f: typeof flow) => {
      const { BACK: _back, ...on } = f.steps[id]!.on ?? {};
      return { ...f.steps[id], on };
    };
    for (const id of alertSteps) expect(withoutBack(id, find), id).toEqual(withoutBack(id, flow));
    expect(find.steps['2']!.on!.BACK).toEqual({ target: '1.9' });
    for (const name of Object.keys(flow.effects)) expect(find.effects[name], name).toEqual(flow.effects[name]);
    expect(find.computed).toEqual(flow.computed);
  });
});
