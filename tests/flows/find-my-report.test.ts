// The find-my-report funnel replayed: intro, the locating step (its guard lets only a complete way through), the search
// (found: the results page takes over; nothing found yet: an offer to be texted when it is filed, then the alert steps);
// Back from the locating step clears what the spec says.
import { describe, expect, it } from 'vitest';
import { replay } from '../../engine/replay.ts';
import type { FlowEvent } from '../../engine/types.ts';
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
  screenOf,
  shown,
  validContact,
} from '../testing/flows.ts';
import { shownText } from '../testing/lead-bodies.ts';

const flow = loadFlow('find-my-report');
const byVin = { locateBy: 'vin', vin: goodVin, date: '2026-03-14', place: austin };
/** What the search screen's widget does once painted: writes the search's API query, then asks the flow to run it. */
const searching = (query: Record<string, string>): FlowEvent[] => [answer({ search: query }), NEXT];
const found = (count: number) => ({ ...okEffects, searchReports: () => ({ count, results: [] }) });
/** The contact and code steps: Send code pressed beside the notice that also agrees to the alert's texts. */
const verified: FlowEvent[] = [answer(validContact), shown('common:consent.notice.sms.alerts'), NEXT, answer({ code: '1234' }), NEXT];
const NONE = 'common:consent.notice.alert.none';
const CALLS = 'common:consent.notice.alert.calls';

describe('find-my-report flow', () => {
  it.each([
    ['a VIN', byVin],
    ['a case ID', { locateBy: 'case', caseID: 'TX-2026-0042', date: '2026-03-14', place: austin }],
    ['a map pin', { locateBy: 'map', location: { lat: 30.27, lng: -97.74 }, vehicleMake: 'FORD', vehicleYear: 2019, date: '2026-03-14' }],
  ])('goes 0 → 1.75 → 1.8 (the search) with %s, and makes no request before the search screen asks', async (_what, locating) => {
    const run = await replay(flow, [NEXT, answer(locating), NEXT]);
    expect(run.steps).toEqual(['0', '1.75', '1.8']);
    expect(screenOf(flow, run).widgets).toEqual(['report-search']);
    expect(run.calls).toEqual([]);
  });

  it('stays on the locating step until one way is complete', async () => {
    for (const partial of [
      { locateBy: 'vin', vin: goodVin, place: austin },
      { locateBy: 'case', caseID: ' ', date: '2026-03-14', place: austin },
      { locateBy: 'map', location: { lat: 1, lng: 2 }, vehicleMake: 'FORD', date: '2026-03-14' },
    ]) {
      expect((await replay(flow, [NEXT, answer(partial), NEXT])).step).toBe('1.75');
    }
  });

  it('searches with the query the search screen wrote, and hands the search to the results page when reports are found', async () => {
    const query = { lat: '30.27', lng: '-97.74', radius: '10', from: '2026-03-11', to: '2026-03-17', make: 'FORD', year: '2019', yearMatch: 'approx' };
    const run = await replay(flow, [NEXT, answer(byVin), NEXT, ...searching(query)], { effects: found(2) });
    expect(run.steps).toEqual(['0', '1.75', '1.8', '1.85']);
    expect(requestOf(run, 'searchReports')).toMatchObject({ method: 'GET', path: '/reports/search', query, outbox: false });
    // The same screen: the hand-off's widget steps back to the filled-in wizard as it goes. Neither is an entry of the
    // browser history: Back from the results page (or from the offer) returns to the wizard.
    expect(flow.steps['1.85']).toMatchObject({
      title: flow.steps['1.8']!.title,
      blocks: [{ widget: 'report-search', props: { href: '/results' } }],
      on: { BACK: { target: '1.75' } },
    });
    expect([flow.steps['1.8']!.history, flow.steps['1.85']!.history]).toEqual([false, false]);
  });

  it('hands the search to the results page when nothing is on its dates but the VIN has a report on another date', async () => {
    const otherDate = {
      id: 'AbCdEfGhIjKlMnOpQrStU1',
      occurredAt: '2026-03-02T17:42:00-06:00',
      city: 'Austin',
      state: 'TX',
      location: { lat: 30.267, lng: -97.743 },
      vehicles: [],
      demo: false,
    };
    const query = { vin: goodVin, from: '2026-03-11', to: '2026-03-17', city: 'Austin', state: 'TX' };
    const effects = { ...okEffects, searchReports: () => ({ count: 0, more: false, results: [], otherDates: [otherDate] }) };
    expect((await replay(flow, [NEXT, answer(byVin), NEXT, ...searching(query)], { effects })).steps).toEqual(['0', '1.75', '1.8', '1.85']);
    const none = { ...okEffects, searchReports: () => ({ count: 0, more: false, results: [], otherDates: [] }) };
    expect((await replay(flow, [NEXT, answer(byVin), NEXT, ...searching(query)], { effects: none })).step).toBe('1.9');
  });

  it('stays on the search screen with its message when the search fails (the screen links to the results page)', async () => {
    const run = await replay(flow, [NEXT, answer(byVin), NEXT, ...searching({ vin: goodVin })], { effects: { searchReports: failing('network') } });
    expect(run.step).toBe('1.8');
    expect(run.context.error).toMatchObject({ effect: 'searchReports', messageKey: 'find.searching.failed' });
  });

  it('offers a text when nothing is found yet, and goes on into the alert steps with source find-my-report', async () => {
    const input = { locale: 'en', meta: { pageUrl: 'https://claimflow.test/find-my-report', route: '/find-my-report' } };
    const offer = await replay(flow, [NEXT, answer(byVin), NEXT, ...searching({ vin: goodVin })], { effects: found(0) });
    expect(offer.step).toBe('1.9');
    expect(screenOf(flow, offer)).toEqual({ widgets: ['intro'], next: 'find.none.notify' });
    const events = [
      NEXT,
      answer(byVin),
      NEXT,
      ...searching({ vin: goodVin }),
      NEXT,
      ...verified,
      answer({ legalConsult: false }),
      NEXT,
      answer({ leadTypes: { notInterested: true } }),
      shown(NONE),
      NEXT,
    ];
    const run = await replay(flow, events, { effects: found(0), input });
    expect(run.steps).toEqual(['0', '1.75', '1.8', '1.9', '2', '2.5', '3', '3.5', '4']);
    const lead = requestOf(run, 'createLead');
    expect(lead.body).toMatchObject({
      source: 'find-my-report',
      alert: { source: 'find-my-report', vin: goodVin },
      consent: { key: NONE, text: shownText(NONE, 'en'), sponsors: [], flowId: 'find-my-report' },
    });
    expect(consentRefusal(flow, lead)).toBeUndefined();
    expect(requestOf(run, 'saveConsent').body).toMatchObject({ consent: { key: 'common:consent.notice.sms.alerts', flowId: 'find-my-report' } });
    expect(consentRefusal(flow, requestOf(run, 'saveConsent'))).toBeUndefined();
    // No one will call: the last screen says so instead of listing calls.
    expect(screenOf(flow, run).widgets).toEqual(['intro', 'alert-end', 'intro']);
  });

  it('says when each service chosen will call on the last screen, whether the consultation is wanted or not (§2.9), once a sponsor was named', async () => {
    const leadTypeWindows = { __CALawyer: { from: '2026-11-30T15:00:00.000Z', to: '2026-11-30T18:00:00.000Z', timeZone: 'America/Chicago' } };
    const effects = { ...found(0), createLead: () => ({ resultIds: [41], lead: { id: 41, leadTypeWindows } }) };
    const toTypes = [NEXT, answer(byVin), NEXT, ...searching({ vin: goodVin }), NEXT, ...verified];
    for (const consent of [{ legalConsult: true, noLawyer: true, injured: true }, { legalConsult: false }]) {
      const chosen = [...toTypes, answer(consent), NEXT, answer({ leadTypes: { __CALawyer: 'AM' } })];
      const run = await replay(flow, [...chosen, shown(CALLS, [acmeLaw]), NEXT], { effects });
      expect(run.step).toBe('4');
      expect(screenOf(flow, run).widgets, JSON.stringify(consent)).toContain('call-windows');
      // The same choice with no sponsor to name: no one will call, and the screen lists no calls.
      const unserved = await replay(flow, [...chosen, shown('common:consent.notice.alert.unavailable'), NEXT], { effects });
      expect(unserved.step).toBe('4');
      expect(screenOf(flow, unserved).widgets, JSON.stringify(consent)).not.toContain('call-windows');
      expect(screenOf(flow, unserved).widgets, JSON.stringify(consent)).not.toContain('call-time');
    }
  });

  it('steps Back from the offer to the filled-in wizard, and from the contact step to the offer', async () => {
    const back = await replay(flow, [NEXT, answer(byVin), NEXT, ...searching({ vin: goodVin }), BACK], { effects: found(0) });
    expect(back.step).toBe('1.75');
    expect(back.context.answers).toMatchObject(byVin);
    const fromContact = await replay(flow, [NEXT, answer(byVin), NEXT, ...searching({ vin: goodVin }), NEXT, BACK], { effects: found(0) });
    expect(fromContact.steps.at(-2)).toBe('2');
    expect(fromContact.step).toBe('1.9');
  });

  it('comes back to a filled-in wizard from the search, and Back from the wizard clears the city, VIN, case ID and date', async () => {
    const back = await replay(flow, [NEXT, answer(byVin), NEXT, BACK]);
    expect(back.step).toBe('1.75');
    expect(back.context.answers).toMatchObject(byVin);
    const out = await replay(flow, [NEXT, answer(byVin), BACK]);
    expect(out.step).toBe('0');
    expect(out.context.answers).toMatchObject({ vin: '', caseID: '', date: '', place: null });
  });
});
