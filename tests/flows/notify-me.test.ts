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
import {
  BACK,
  NEXT,
  acmeLaw,
  answer,
  austin,
  backCare,
  consentRefusal,
  failing,
  goodVin,
  loadFlow,
  okEffects,
  requestOf,
  requestsOf,
  screenOf,
  shown,
  validContact,
} from '../testing/flows.ts';
import { shownText } from '../testing/lead-bodies.ts';
import { schemaErrors } from '../testing/schema-errors.ts';

const flow = loadFlow('notify-me');
const byVin = { locateBy: 'vin', vin: goodVin, date: '2026-03-14', place: austin };
const byCase = { locateBy: 'case', caseID: 'TX-2026-0042', date: '2026-03-14', place: austin, vin: '1HG' };
const byMap = { locateBy: 'map', location: { lat: 30.27, lng: -97.74 }, place: null, vehicleMake: 'FORD', vehicleYear: 2019, date: '2026-03-14', caseID: ' ' };
const yes = { legalConsult: true, noLawyer: true, injured: true };
const input = (route: string): FlowInput => ({ locale: 'es', meta: { pageUrl: `https://claimflow.test${route}`, route, visit: 'v1' } });

const SEND_CODE = 'common:consent.notice.sms.alerts';
const NONE = 'common:consent.notice.alert.none';
const UNAVAILABLE = 'common:consent.notice.alert.unavailable';
const CALLS = 'common:consent.notice.alert.calls';

/** From the intro to the consultation question, the report located with these answers (Send code beside its notice). */
const toConsent = (locating: Record<string, unknown>): FlowEvent[] => [
  NEXT,
  answer(locating),
  NEXT,
  answer(validContact),
  shown(SEND_CODE, [], 'es'),
  NEXT,
  answer({ code: '1234' }),
  NEXT,
];
/** On to the last screen: a consultation answer, car accident lawyers (AM) chosen, Submit beside the notice naming who may call. */
const toDone = (locating: Record<string, unknown>, consent: Record<string, unknown> = yes): FlowEvent[] => [
  ...toConsent(locating),
  answer(consent),
  NEXT,
  answer({ leadTypes: { __CALawyer: 'AM' } }),
  shown(CALLS, [acmeLaw], 'es'),
  NEXT,
];

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
      consent: { key: CALLS, text: shownText(CALLS, 'es', [acmeLaw.name]), sponsors: [acmeLaw.id], flowId: 'notify-me', locale: 'es' },
    });
    expect(consentRefusal(flow, lead)).toBeUndefined();
    // Only the way the report was described: the VIN says it all.
    expect((lead.body as { alert: unknown }).alert).toEqual({ source: 'notify-me', vin: goodVin });
    expect(requestOf(run, 'sendCode').body).toMatchObject({ source: 'notify-me', language: 'es' });
    expect(requestOf(run, 'saveConsent')).toMatchObject({ query: { funnel: 'notify-me' }, body: { state: 'TX', accidentDate: '2026-03-14' } });
    // Its Send code agrees to the alert's texts too: that notice is the consent the code step records.
    expect(requestOf(run, 'saveConsent').body).toMatchObject({
      consent: { key: SEND_CODE, text: shownText(SEND_CODE, 'es'), locale: 'es', flowId: 'notify-me' },
    });
    expect(consentRefusal(flow, requestOf(run, 'saveConsent'))).toBeUndefined();
  });

  it('starts with no service chosen for the person', () => {
    expect(flow.answers.leadTypes).toEqual({});
  });

  it('passes source alert from /alert-me (the same screens)', async () => {
    const run = await replay(flow, toDone(byVin), { effects: okEffects, input: input('/alert-me') });
    expect(run.step).toBe('4');
    expect(requestOf(run, 'createLead').body).toMatchObject({ source: 'alert', alert: { source: 'alert' } });
    expect(requestOf(run, 'sendCode').body).toMatchObject({ source: 'alert' });
  });

  it.each([
    ['a case ID: its ID and the state of the city chosen', byCase, { source: 'notify-me', caseId: 'TX-2026-0042', state: 'TX' }],
    [
      'a map pin: the pin, the date, the make and the year',
      byMap,
      { source: 'notify-me', location: { lat: 30.27, lng: -97.74 }, date: '2026-03-14', make: 'FORD', year: 2019 },
    ],
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

  it('offers the lead types with the notice of who may call under Submit, and needs one choice', async () => {
    const atTypes = await replay(flow, [...toConsent(byVin), answer(yes), NEXT], { effects: okEffects });
    expect(screenOf(flow, atTypes)).toEqual({ widgets: ['lead-types', 'sponsor-consent'], next: 'common:nav.submit' });
    const none = await replay(flow, [...toConsent(byVin), answer(yes), NEXT, answer({ leadTypes: {} }), shown(UNAVAILABLE), NEXT], { effects: okEffects });
    expect(none.step).toBe('3.5');
    expect(requestsOf(none, 'createLead')).toEqual([]);
  });

  it('waits for the notice beside Submit: not the Send code one left from step 2, nor while the sponsors are asked', async () => {
    const chosen = [...toConsent(byVin), answer(yes), NEXT, answer({ leadTypes: { __CALawyer: 'AM' } })];
    const stale = await replay(flow, [...chosen, NEXT], { effects: okEffects });
    expect(stale.step).toBe('3.5');
    expect(stale.context.answers.notice).toMatchObject({ key: SEND_CODE });
    const loading = await replay(flow, [...chosen, answer({ notice: null }), NEXT], { effects: okEffects });
    expect(loading.step).toBe('3.5');
    expect(requestsOf(loading, 'createLead')).toEqual([]);
  });

  it('creates the lead and alert when the consultation is declined and no service wanted: no one will call, no call time', async () => {
    const run = await replay(
      flow,
      [...toConsent(byVin), answer({ legalConsult: false }), NEXT, answer({ leadTypes: { notInterested: true } }), shown(NONE, [], 'es'), NEXT],
      {
        effects: okEffects,
        input: input('/notify-me'),
      },
    );
    expect(run.step).toBe('4');
    const lead = requestOf(run, 'createLead');
    expect(lead.body).toMatchObject({
      legal_consult: false,
      injured: false,
      leadTypes: { notInterested: true },
      consent: { key: NONE, text: shownText(NONE, 'es'), sponsors: [] },
      alert: { source: 'notify-me', vin: goodVin },
    });
    expect(lead.body).not.toHaveProperty('declineReason');
    expect(consentRefusal(flow, lead)).toBeUndefined();
    // The alert is set; the last screen says no one will call, with no call windows nor call time.
    expect(screenOf(flow, run)).toEqual({ widgets: ['intro', 'alert-end', 'intro'], next: null });
    const noCalls = flow.steps['4']!.blocks.filter((b) => b.widget === 'intro').map((b) => b.props?.text);
    expect(noCalls).toContain('common:alert.done.noCalls');
    expect(dataOf(flow, run.context, replayClock).computed.called).toBe(false);
  });

  it('sends the reason a No gave with the lead', async () => {
    const run = await replay(
      flow,
      [...toConsent(byVin), answer({ legalConsult: false, declineReason: 'report' }), NEXT, answer({ leadTypes: { notInterested: true } }), shown(NONE), NEXT],
      {
        effects: okEffects,
      },
    );
    expect(requestOf(run, 'createLead').body).toMatchObject({ legal_consult: false, declineReason: 'report' });
  });

  it('asks no call time after a Yes no sponsor serves, and says no one will call', async () => {
    const run = await replay(flow, [...toConsent(byVin), answer(yes), NEXT, answer({ leadTypes: { __CALawyer: 'AM' } }), shown(UNAVAILABLE), NEXT], {
      effects: { ...okEffects, createLead: created([]) },
    });
    expect(run.step).toBe('4');
    expect(requestOf(run, 'createLead').body).toMatchObject({ legal_consult: true, consent: { key: UNAVAILABLE, sponsors: [] } });
    expect(screenOf(flow, run)).toEqual({ widgets: ['intro', 'alert-end', 'intro'], next: null });
  });

  it('says at once when the report is already on file, with its link, beside the call time', async () => {
    const run = await replay(flow, [...toDone(byVin), answer({ preferredCallTime: 'Call ASAP' })], { effects: { ...okEffects, createLead: created(onFile) } });
    expect(screenOf(flow, run)).toEqual({ widgets: ['report-links', 'alert-end', 'call-windows', 'call-time'], next: 'common:nav.done' });
    const block = flow.steps['4']!.blocks.find((b) => b.widget === 'report-links')!;
    expect(block.props).toMatchObject({ reports: 'onFile' });
    const nothingYet = await replay(flow, toDone(byVin), { effects: { ...okEffects, createLead: created([]) } });
    expect(screenOf(flow, nothingYet).widgets).toEqual(['intro', 'alert-end', 'call-windows', 'call-time']);
  });

  it('says when each service chosen will call beside the consultation call time, as when it is declined (§2.9)', async () => {
    const leadTypeWindows = { Chiropractor: { from: '2026-11-30T18:00:00.000Z', to: '2026-11-30T23:00:00.000Z', timeZone: 'America/Chicago' } };
    const createLead = () => ({ resultIds: [41], lead: { id: 41, leadTypeWindows } });
    const events = [
      ...toConsent(byVin),
      answer(yes),
      NEXT,
      answer({ leadTypes: { __CALawyer: 'AM', Chiropractor: 'PM' } }),
      shown(CALLS, [acmeLaw, backCare], 'es'),
      NEXT,
    ];
    const run = await replay(flow, events, { effects: { ...okEffects, createLead }, input: input('/notify-me') });
    expect(requestOf(run, 'createLead').body).toMatchObject({
      legal_consult: true,
      leadTypes: { __CALawyer: 'AM', Chiropractor: 'PM' },
      consent: { key: CALLS, text: shownText(CALLS, 'es', [acmeLaw.name, backCare.name]), sponsors: [acmeLaw.id, backCare.id] },
    });
    expect(consentRefusal(flow, requestOf(run, 'createLead'))).toBeUndefined();
    expect(screenOf(flow, run).widgets).toEqual(['intro', 'alert-end', 'call-windows', 'call-time']);
    const block = flow.steps['4']!.blocks.find((b) => b.widget === 'call-windows')!;
    expect(dataOf(flow, run.context, replayClock).computed[(block.props as { windows: string }).windows]).toEqual(leadTypeWindows);
    // Declined, with a service chosen and its sponsor named: when it will call, and no consultation call time.
    const declined = [
      ...toConsent(byVin),
      answer({ legalConsult: false }),
      NEXT,
      answer({ leadTypes: { Chiropractor: 'PM' } }),
      shown(CALLS, [backCare], 'es'),
      NEXT,
    ];
    const noConsultation = await replay(flow, declined, { effects: { ...okEffects, createLead }, input: input('/notify-me') });
    expect(requestOf(noConsultation, 'createLead').body).toMatchObject({ legal_consult: false, consent: { key: CALLS, sponsors: [backCare.id] } });
    expect(screenOf(flow, noConsultation)).toEqual({ widgets: ['intro', 'alert-end', 'call-windows'], next: null });
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
    const declined = [
      answer({ legalConsult: false, declineReason: 'other' }),
      NEXT,
      answer({ leadTypes: { notInterested: true } }),
      shown(NONE, [], 'es'),
      NEXT,
    ];
    const wanted = [answer(yes), NEXT, answer({ leadTypes: { __CALawyer: 'PM', dValue: 'AM' } }), shown(CALLS, [acmeLaw, backCare], 'es'), NEXT];
    for (const [locating, choices] of [
      [byVin, wanted],
      [byCase, declined],
      [byMap, wanted],
    ] as const) {
      const events = [...toConsent(locating), ...choices, answer({ preferredCallTime: '9am - 10am' }), NEXT];
      const run = await replay(flow, events, { effects: { ...okEffects, createLead: created(onFile) }, input: input('/alert-me') });
      expect(schemaErrors(sendSchema, requestOf(run, 'sendCode').body)).toEqual([]);
      expect(schemaErrors(tcpaSchema, requestOf(run, 'saveConsent').body)).toEqual([]);
      expect(schemaErrors(leadsCreateSchema, requestOf(run, 'createLead').body)).toEqual([]);
      expect(consentRefusal(flow, requestOf(run, 'saveConsent'))).toBeUndefined();
      expect(consentRefusal(flow, requestOf(run, 'createLead'))).toBeUndefined();
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
