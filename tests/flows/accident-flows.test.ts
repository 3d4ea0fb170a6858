// The attorney, truck and medical funnels replayed: every §4 rule they follow (locating step, Back clearing, confirmations).
import { describe, expect, it } from 'vitest';
import { replay } from '../../engine/replay.ts';
import type { FlowEvent } from '../../engine/types.ts';
import { dataOf } from '../../engine/machine.ts';
import { replayClock } from '../../engine/replay.ts';
import {
  BACK,
  NEXT,
  acmeLaw,
  answer,
  austin,
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

const byVin = { locateBy: 'vin', vin: goodVin, date: '2026-03-14', place: austin };
const byMap = { locateBy: 'map', location: { lat: 30.27, lng: -97.74 }, place: austin, vehicleMake: 'FORD', vehicleYear: 2019, date: '2026-03-14' };

const CALLS = 'common:consent.notice.request.calls';

/** From the intro to the case value, locating the accident with these answers (Send code pressed beside its notice). */
const toCaseValue = (locating: Record<string, unknown>, locale = 'en'): FlowEvent[] => [
  NEXT,
  answer({ fault: false, commercial: true }),
  NEXT,
  answer({ pain: 2 }),
  NEXT,
  answer(locating),
  NEXT,
  answer(validContact),
  shown('common:consent.notice.sms.code', [], locale),
  NEXT,
  answer({ code: '1234' }),
  NEXT,
];
/** Request consultation, beside the notice naming the sponsor who may call. */
const request = (locale = 'en'): FlowEvent[] => [shown(CALLS, [acmeLaw], locale), NEXT];

describe.each([
  ['attorney', 'direct'],
  ['truck', 'truck'],
  ['medical', 'medical'],
])('%s flow', (id, source) => {
  const flow = loadFlow(id);

  it('walks 0 → 1 → 1.5 → 1.75 → 2 → 2.5 → 3 → 4 and creates a lead with the locating fields', async () => {
    const meta = { pageUrl: 'https://claimflow.test/x', referrer: 'https://www.google.com/' };
    const run = await replay(flow, [...toCaseValue(byVin, 'es'), ...request('es')], { effects: okEffects, input: { locale: 'es', meta } });
    expect(run.steps).toEqual(['0', '1', '1.5', '1.75', '2', '2.5', '3', '4']);
    const lead = requestOf(run, 'createLead');
    expect(lead).toMatchObject({ method: 'POST', path: '/leads/create', outbox: true, headers: { 'page-referrers': 'https://www.google.com/' } });
    expect(lead.body).toMatchObject({
      firstName: 'Maria',
      lastName: 'Lopez',
      legal_consult: true,
      source,
      language: 'es',
      state: 'TX',
      zip: '78701',
      city: 'Austin, TX 78701, USA',
      date: '2026-03-14',
      extraDetails: {
        accidentDetails: {
          fault: false,
          commercial: true,
          pain: 2,
          vin: goodVin,
          date: '2026-03-14',
          city: 'Austin, TX 78701, USA',
          justCity: 'Austin',
          state: 'TX',
          zip: '78701',
        },
      },
      // The person asked for a lawyer by tapping Request consultation: that is the lead type.
      leadTypes: { __CALawyer: 'AM' },
      consent: { key: CALLS, text: shownText(CALLS, 'es', [acmeLaw.name]), sponsors: [acmeLaw.id], flowId: id, locale: 'es' },
    });
    expect(consentRefusal(flow, lead)).toBeUndefined();
    expect(Object.keys((lead.body as { extraDetails: { accidentDetails: object } }).extraDetails.accidentDetails)).not.toContain('caseID');
    expect(requestOf(run, 'saveConsent').body).toMatchObject({ state: 'TX', zip: '78701', accidentDate: '2026-03-14' });
  });

  it('sends the map point, vehicle make and year when the accident was located on the map', async () => {
    const run = await replay(flow, [...toCaseValue(byMap), ...request()], { effects: okEffects });
    const details = (requestOf(run, 'createLead').body as { extraDetails: { accidentDetails: Record<string, unknown> } }).extraDetails.accidentDetails;
    expect(details).toMatchObject({ location: { lat: 30.27, lng: -97.74 }, vehicleMake: 'FORD', vehicleYear: 2019, date: '2026-03-14' });
    expect(details).not.toHaveProperty('vin');
  });

  it.each([
    ['nothing chosen', {}],
    ['a VIN of 16 characters', { ...byVin, vin: goodVin.slice(0, 16) }],
    ['a VIN with an O', { ...byVin, vin: '1M8GDM9AXKP04278O' }],
    ['a date after today', { ...byVin, date: '2999-01-01' }],
    ['a city typed but not chosen', { ...byVin, place: null }],
    ['a case without its ID', { locateBy: 'case', caseID: '  ', date: '2026-03-14', place: austin }],
    ['the map without a pin', { ...byMap, location: null }],
    ['the map without a make', { ...byMap, vehicleMake: '' }],
    ['a vehicle year before 1900', { ...byMap, vehicleYear: 1899 }],
  ])('stays on the locating step with %s', async (_what, locating) => {
    const run = await replay(flow, toCaseValue(locating).slice(0, 7), { effects: okEffects });
    expect(run.steps).toContain('1.75');
    expect(run.step).toBe('1.75');
  });

  it('accepts a case ID with date and city', async () => {
    const run = await replay(flow, toCaseValue({ locateBy: 'case', caseID: 'TX-2026-0042', date: '2026-03-14', place: austin }).slice(0, 7));
    expect(run.step).toBe('2');
  });

  it('going Back from the locating step clears city, VIN, case ID and date', async () => {
    const run = await replay(flow, [NEXT, answer({ fault: true, commercial: false }), NEXT, NEXT, answer({ ...byVin, caseID: 'X1' }), BACK]);
    expect(run.step).toBe('1.5');
    expect(run.context.answers).toMatchObject({ vin: '', caseID: '', date: '', place: null, fault: true });
  });

  it('stays on the case value with the network error when the lead cannot be created', async () => {
    const run = await replay(flow, [...toCaseValue(byVin), ...request()], { effects: { ...okEffects, createLead: failing('network') } });
    expect(run.step).toBe('3');
    expect(run.context.error).toMatchObject({ effect: 'createLead', messageKey: 'errors:NETWORK_ERROR_TEXT' });
  });

  it('offers a Request consultation button on the case value, with the notice of who may call beside it', async () => {
    const run = await replay(flow, toCaseValue(byVin));
    expect(screenOf(flow, run)).toEqual({ widgets: ['case-value', 'sponsor-consent'], next: 'step3.request' });
    const block = flow.steps['3']!.blocks.find((b) => b.widget === 'sponsor-consent')!;
    expect(block.props).toEqual({
      notices: { none: 'common:consent.notice.request.none', unavailable: 'common:consent.notice.request.unavailable', calls: CALLS },
    });
  });

  it('waits for that notice: not with the Send code notice left from the contact step, nor while the sponsors are asked', async () => {
    const stale = await replay(flow, [...toCaseValue(byVin), NEXT], { effects: okEffects });
    expect(stale.step).toBe('3');
    expect(stale.context.answers.notice).toMatchObject({ key: 'common:consent.notice.sms.code' });
    const loading = await replay(flow, [...toCaseValue(byVin), answer({ notice: null }), NEXT], { effects: okEffects });
    expect(loading.step).toBe('3');
    expect(requestsOf(loading, 'createLead')).toEqual([]);
  });

  it.each(['common:consent.notice.request.none', 'common:consent.notice.request.unavailable'])(
    'sends a request no one is to call about with %s',
    async (key) => {
      const run = await replay(flow, [...toCaseValue(byVin), shown(key), NEXT], { effects: okEffects });
      expect(run.step).toBe('4');
      const lead = requestOf(run, 'createLead');
      expect(lead.body).toMatchObject({ legal_consult: true, consent: { key, text: shownText(key, 'en'), sponsors: [] } });
      expect(consentRefusal(flow, lead)).toBeUndefined();
      expect(dataOf(flow, run.context, replayClock).computed.called).toBe(false);
    },
  );
});

describe('attorney confirmation', () => {
  const flow = loadFlow('attorney');

  it('sends what happened with PUT /leads/update once for every created lead, then thanks', async () => {
    const effects = { ...okEffects, createLead: () => ({ resultIds: [41, 42] }) };
    const story = 'A car ran the red light and hit my door.';
    const run = await replay(flow, [...toCaseValue(byVin), ...request(), NEXT, answer({ accidentReason: story }), NEXT], { effects });
    expect(run.step).toBe('4');
    expect(requestsOf(run, 'updateLead')).toEqual(
      [41, 42].map((id) => ({
        method: 'PUT',
        path: '/leads/update',
        query: {},
        headers: {},
        outbox: true,
        body: { lead_id: id, extra_details: { accidentDetails: { accidentReason: story } } },
      })),
    );
    expect(screenOf(flow, run).widgets).toEqual(['free-text', 'dialog']);
  });

  it('needs some text before Submit', async () => {
    const run = await replay(flow, [...toCaseValue(byVin), ...request(), answer({ accidentReason: '   ' }), NEXT], { effects: okEffects });
    expect(run.step).toBe('4');
    expect(requestsOf(run, 'updateLead')).toEqual([]);
  });
});

describe.each(['truck', 'medical'])('%s confirmation', (id) => {
  const flow = loadFlow(id);

  it('offers the call time; the button says Done for Call ASAP and Submit for a slot', async () => {
    const atConfirmation = await replay(flow, [...toCaseValue(byVin), ...request(), answer({ preferredCallTime: 'Call ASAP' })], { effects: okEffects });
    expect(screenOf(flow, atConfirmation)).toEqual({ widgets: ['call-time'], next: 'common:nav.done' });
    const slot = await replay(flow, [...toCaseValue(byVin), ...request(), answer({ preferredCallTime: '3pm - 4pm' })], { effects: okEffects });
    expect(screenOf(flow, slot).next).toBe('common:nav.submit');
  });

  it.each(['common:consent.notice.request.none', 'common:consent.notice.request.unavailable'])(
    'says no one will call, with no call time to choose, after %s',
    async (key) => {
      const run = await replay(flow, [...toCaseValue(byVin), shown(key), NEXT, answer({ preferredCallTime: '3pm - 4pm' }), NEXT], { effects: okEffects });
      expect(run.step).toBe('4');
      expect(screenOf(flow, run)).toEqual({ widgets: ['intro'], next: null });
      expect(flow.steps['4']!.blocks.find((b) => b.widget === 'intro')!.props).toEqual({ text: 'common:done.noCalls' });
      expect(requestsOf(run, 'updateCallTime')).toEqual([]);
    },
  );

  it('sends the call time for the created leads and shows the thank-you dialog', async () => {
    const run = await replay(flow, [...toCaseValue(byVin), ...request(), answer({ preferredCallTime: '3pm - 4pm' }), NEXT], { effects: okEffects });
    expect(requestOf(run, 'updateCallTime').body).toEqual({ ids: [41], preferredCallTime: '3pm - 4pm' });
    expect(screenOf(flow, run).widgets).toEqual(['call-time', 'dialog']);
  });
});
