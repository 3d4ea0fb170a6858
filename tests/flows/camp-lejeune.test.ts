// The Camp Lejeune water funnel replayed: answers reset the step to 1.5, Back clears them, level, submit and redirect.
import { describe, expect, it } from 'vitest';
import { dataOf } from '../../engine/machine.ts';
import { replay, replayClock } from '../../engine/replay.ts';
import {
  BACK,
  NEXT,
  acmeLaw,
  answer,
  consentRefusal,
  failing,
  loadFlow,
  okEffects,
  requestOf,
  requestsOf,
  screenOf,
  shown,
  validContact,
} from '../testing/flows.ts';
import { shownText } from '../testing/lead-bodies.ts';

const flow = loadFlow('camp-lejeune');
const contact = [answer(validContact), shown('common:consent.notice.sms.code'), NEXT, answer({ code: '1234' }), NEXT];
const NONE = 'common:consent.notice.lead.none';
const CALLS = 'common:consent.notice.lead.calls';

describe('mass-tort (water) flow', () => {
  it('answering any question moves the step to 1.5, and answering again keeps it there', async () => {
    expect((await replay(flow, [NEXT])).step).toBe('1');
    expect((await replay(flow, [NEXT, answer({ q2: false })])).steps).toEqual(['0', '1', '1.5']);
    const again = await replay(flow, [NEXT, answer({ q1: true }), answer({ q3: false })]);
    expect(again.step).toBe('1.5');
    expect(again.context.answers).toMatchObject({ q1: true, q2: null, q3: false });
  });

  it('answering a question after going back from the contact step resets the step to 1.5', async () => {
    const run = await replay(flow, [NEXT, answer({ q1: true, q2: true, q3: true }), NEXT, BACK, answer({ q2: false })]);
    expect(run.steps).toEqual(['0', '1', '1.5', '2', '1.5']);
    expect(run.context.answers).toMatchObject({ q1: true, q2: false, q3: true });
  });

  it('calculates only when all three questions are answered', async () => {
    expect((await replay(flow, [NEXT, answer({ q1: true, q2: false }), NEXT])).step).toBe('1.5');
    expect((await replay(flow, [NEXT, answer({ q1: true, q2: false, q3: false }), NEXT])).step).toBe('2');
  });

  it('going Back from the questions clears all three answers', async () => {
    const run = await replay(flow, [NEXT, answer({ q1: true, q2: false, q3: true }), BACK]);
    expect(run.step).toBe('0');
    expect(run.context.answers).toMatchObject({ q1: null, q2: null, q3: null });
    const fromStep1 = await replay(flow, [NEXT, BACK]);
    expect(fromStep1.context.answers).toMatchObject({ q1: null, q2: null, q3: null });
  });

  it.each([
    [{ q1: false, q2: false, q3: false }, 0],
    [{ q1: false, q2: true, q3: false }, 3],
    [{ q1: true, q2: true, q3: true }, 3],
  ])('gives level %o → %i', async (answers, level) => {
    const run = await replay(flow, [NEXT, answer(answers), NEXT, ...contact], { effects: okEffects });
    expect(run.step).toBe('3.5');
    expect(dataOf(flow, run.context, replayClock).computed.level).toBe(level);
  });

  it('submits to /leads/create-camp-lejeune and offers the call time when a call is wanted', async () => {
    const run = await replay(
      flow,
      [
        NEXT,
        answer({ q1: true, q2: false, q3: true }),
        NEXT,
        ...contact,
        answer({ legalConsult: true }),
        shown(CALLS, [acmeLaw]),
        NEXT,
        answer({ preferredCallTime: '9am - 10am' }),
        NEXT,
      ],
      { effects: okEffects, input: { locale: 'en', meta: { gclid: 'G7', pageUrl: 'https://claimflow.test/camp' } } },
    );
    expect(run.steps).toEqual(['0', '1', '1.5', '2', '2.5', '3.5', '5']);
    expect(requestOf(run, 'createLead')).toMatchObject({ method: 'POST', path: '/leads/create-camp-lejeune', outbox: true });
    expect(requestOf(run, 'createLead').body).toEqual({
      q1: true,
      q2: false,
      q3: true,
      firstName: 'Maria',
      lastName: 'Lopez',
      email: 'maria@example.com',
      phone: '(202) 555-0123',
      legal_consult: true,
      gclidcrm: 'G7',
      consent: {
        key: CALLS,
        text: shownText(CALLS, 'en', [acmeLaw.name]),
        sponsors: [acmeLaw.id],
        locale: 'en',
        flowId: 'camp-lejeune',
        flowVersion: 1,
        pageUrl: 'https://claimflow.test/camp',
      },
    });
    expect(consentRefusal(flow, requestOf(run, 'createLead'))).toBeUndefined();
    expect(requestOf(run, 'updateCallTime').body).toEqual({ ids: [41], preferredCallTime: '9am - 10am' });
    expect(screenOf(flow, run).widgets).toEqual(['call-time', 'dialog']);
  });

  it('needs a Yes or No before Submit', async () => {
    const run = await replay(flow, [NEXT, answer({ q1: true, q2: false, q3: true }), NEXT, ...contact, NEXT], { effects: okEffects });
    expect(run.step).toBe('3.5');
  });

  it('needs the notice beside Submit after a Yes: not while the sponsors are asked', async () => {
    const toSubmit = [NEXT, answer({ q1: true, q2: false, q3: true }), NEXT, ...contact, answer({ legalConsult: true })];
    expect((await replay(flow, [...toSubmit, NEXT], { effects: okEffects })).step).toBe('3.5');
    const loading = await replay(flow, [...toSubmit, answer({ notice: null }), NEXT], { effects: okEffects });
    expect(loading.step).toBe('3.5');
    expect(requestsOf(loading, 'createLead')).toEqual([]);
  });

  it('a Yes no sponsor serves sends that notice and asks no call time', async () => {
    const key = 'common:consent.notice.lead.unavailable';
    const run = await replay(flow, [NEXT, answer({ q1: true, q2: false, q3: true }), NEXT, ...contact, answer({ legalConsult: true }), shown(key), NEXT], {
      effects: okEffects,
    });
    expect(run.step).toBe('5');
    expect(requestOf(run, 'createLead').body).toMatchObject({ legal_consult: true, consent: { key, sponsors: [] } });
    expect(screenOf(flow, run).widgets).not.toContain('call-time');
    expect(dataOf(flow, run.context, replayClock).computed.called).toBe(false);
  });

  it('a declined call submits the lead with its reason, then redirects to the external claim page', async () => {
    const run = await replay(
      flow,
      [NEXT, answer({ q1: false, q2: false, q3: false }), NEXT, ...contact, answer({ legalConsult: false, declineReason: 'info' }), shown(NONE), NEXT],
      {
        effects: okEffects,
      },
    );
    expect(run.step).toBe('5');
    expect(requestOf(run, 'createLead').body).toMatchObject({
      legal_consult: false,
      declineReason: 'info',
      consent: { key: NONE, text: shownText(NONE, 'en'), sponsors: [] },
    });
    expect(consentRefusal(flow, requestOf(run, 'createLead'))).toBeUndefined();
    expect(screenOf(flow, run)).toEqual({ widgets: ['redirect'], next: null });
    const redirect = flow.steps['5']!.blocks.find((b) => b.widget === 'redirect')!;
    expect(redirect.props?.href).toMatch(/^https:\/\//);
  });

  it('keeps the submit step with the network error when the lead cannot be created', async () => {
    const run = await replay(
      flow,
      [NEXT, answer({ q1: true, q2: true, q3: true }), NEXT, ...contact, answer({ legalConsult: true }), shown(CALLS, [acmeLaw]), NEXT],
      {
        effects: { ...okEffects, createLead: failing('network') },
      },
    );
    expect(run.step).toBe('3.5');
    expect(run.context.error).toMatchObject({ effect: 'createLead', messageKey: 'errors:NETWORK_ERROR_TEXT' });
  });
});
