// The workers' compensation funnel replayed: step 1 checks, the disabled final submit of §5, the lead body with the
// notice given beside Submit, the call time only when a sponsor was named, and the redirect after a No.
import { describe, expect, it } from 'vitest';
import { dataOf } from '../../engine/machine.ts';
import { replay, replayClock } from '../../engine/replay.ts';
import type { FlowEvent } from '../../engine/types.ts';
import { NEXT, acmeLaw, answer, austin, consentRefusal, loadFlow, okEffects, requestOf, requestsOf, screenOf, shown, validContact } from '../testing/flows.ts';
import { shownText } from '../testing/lead-bodies.ts';

const flow = loadFlow('workers-comp');
const injury = { damage: 'Broken Bones', date: '2026-02-03', place: austin };
const toConsult = (locale = 'en'): FlowEvent[] => [
  NEXT,
  answer(injury),
  NEXT,
  answer(validContact),
  shown('common:consent.notice.sms.code', [], locale),
  NEXT,
  answer({ code: '1234' }),
  NEXT,
];
const NONE = 'common:consent.notice.lead.none';
const UNAVAILABLE = 'common:consent.notice.lead.unavailable';
const CALLS = 'common:consent.notice.lead.calls';
const yes = { legalConsult: true, noLawyer: true, injured: true };

describe("workers' compensation flow", () => {
  it.each([
    ['no injury type', { ...injury, damage: null }],
    ['no date', { ...injury, date: '' }],
    ['a date in the future', { ...injury, date: '2999-12-31' }],
    ['a city typed but not chosen', { ...injury, place: null }],
  ])('stays on step 1 with %s', async (_what, answers) => {
    expect((await replay(flow, [NEXT, answer(answers), NEXT])).step).toBe('1');
  });

  it.each([
    ['undecided', {}],
    ['yes without the two confirmations', { legalConsult: true }],
    ['yes, not represented, but no injuries confirmed', { legalConsult: true, noLawyer: true }],
    ['yes, injuries, but not confirmed unrepresented', { legalConsult: true, injured: true }],
  ])('keeps the final submit disabled when %s, even with a notice of who may call on screen', async (_what, consent) => {
    const run = await replay(flow, [...toConsult(), answer(consent), shown(CALLS, [acmeLaw]), NEXT], { effects: okEffects });
    expect(run.step).toBe('3');
    expect(run.calls.map((c) => c.name)).not.toContain('createLead');
  });

  it('keeps it disabled after a full Yes until the notice beside it is on screen (not while the sponsors are asked)', async () => {
    const stale = await replay(flow, [...toConsult(), answer(yes), NEXT], { effects: okEffects });
    expect(stale.step).toBe('3');
    const loading = await replay(flow, [...toConsult(), answer(yes), answer({ notice: null }), NEXT], { effects: okEffects });
    expect(loading.step).toBe('3');
    expect(requestsOf(loading, 'createLead')).toEqual([]);
  });

  it('submits with yes, no lawyer and injuries: POST /leads/create with lead_type and source WorkComp', async () => {
    const run = await replay(flow, [...toConsult('es'), answer(yes), shown(CALLS, [acmeLaw], 'es'), NEXT], {
      effects: okEffects,
      input: { locale: 'es', meta: { pageUrl: 'https://claimflow.test/wc' } },
    });
    expect(run.steps).toEqual(['0', '1', '2', '2.5', '3', '5']);
    expect(requestOf(run, 'createLead')).toMatchObject({ method: 'POST', path: '/leads/create' });
    expect(requestOf(run, 'createLead').body).toMatchObject({
      lead_type: 'WorkComp',
      source: 'WorkComp',
      damage: 'Broken Bones',
      date: '2026-02-03',
      city: 'Austin, TX 78701, USA',
      state: 'TX',
      zip: '78701',
      legal_consult: true,
      injured: true,
      language: 'es',
      consent: {
        key: CALLS,
        text: shownText(CALLS, 'es', [acmeLaw.name]),
        sponsors: [acmeLaw.id],
        locale: 'es',
        flowId: 'workers-comp',
        pageUrl: 'https://claimflow.test/wc',
      },
    });
    expect(requestOf(run, 'createLead').body).not.toHaveProperty('declineReason');
    expect(consentRefusal(flow, requestOf(run, 'createLead'))).toBeUndefined();
    expect(requestOf(run, 'saveConsent').body).toMatchObject({
      consent: { key: 'common:consent.notice.sms.code', text: shownText('common:consent.notice.sms.code', 'es') },
    });
    expect(consentRefusal(flow, requestOf(run, 'saveConsent'))).toBeUndefined();
    const atCallTime = await replay(flow, [...toConsult(), answer(yes), shown(CALLS, [acmeLaw]), NEXT, answer({ preferredCallTime: 'Call ASAP' })], {
      effects: okEffects,
    });
    expect(screenOf(flow, atCallTime)).toEqual({ widgets: ['call-time'], next: 'common:nav.done' });
  });

  it('asks no call time after a Yes no sponsor serves: the notice said no one will call', async () => {
    const run = await replay(flow, [...toConsult(), answer(yes), shown(UNAVAILABLE), NEXT, answer({ preferredCallTime: 'Call ASAP' }), NEXT], {
      effects: okEffects,
    });
    expect(run.step).toBe('5');
    expect(requestOf(run, 'createLead').body).toMatchObject({
      legal_consult: true,
      consent: { key: UNAVAILABLE, text: shownText(UNAVAILABLE, 'en'), sponsors: [] },
    });
    expect(dataOf(flow, run.context, replayClock).computed.called).toBe(false);
    expect(screenOf(flow, run).widgets).not.toContain('call-time');
    expect(screenOf(flow, run).next).toBeNull();
    expect(requestsOf(run, 'updateCallTime')).toEqual([]);
  });

  it('a declined consult submits with the notice that no one will call, and then redirects to the external page', async () => {
    const run = await replay(flow, [...toConsult(), answer({ legalConsult: false }), shown(NONE), NEXT], { effects: okEffects });
    expect(run.step).toBe('5');
    const lead = requestOf(run, 'createLead');
    expect(lead.body).toMatchObject({ legal_consult: false, consent: { key: NONE, text: shownText(NONE, 'en'), sponsors: [] } });
    expect(consentRefusal(flow, lead)).toBeUndefined();
    expect(screenOf(flow, run).widgets).toEqual(['redirect']);
  });

  it('sends the reason a No gave', async () => {
    const run = await replay(flow, [...toConsult(), answer({ legalConsult: false, declineReason: 'noCall' }), shown(NONE), NEXT], { effects: okEffects });
    expect(requestOf(run, 'createLead').body).toMatchObject({ legal_consult: false, declineReason: 'noCall' });
  });
});
