import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { compileFlow, dataOf } from '../../engine/machine.ts';
import { replay, replayClock } from '../../engine/replay.ts';
import {
  BACK,
  NEXT,
  acmeLaw,
  answer,
  backCare,
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
import { copyText } from '../../engine/check-copy.ts';
import { readCatalogues } from '../../server/flow-files.ts';

const flow = loadFlow('calculator');
const SEND_CODE = 'common:consent.notice.sms.code';
const NONE = 'common:consent.notice.lead.none';
const UNAVAILABLE = 'common:consent.notice.lead.unavailable';
const CALLS = 'common:consent.notice.lead.calls';

/** Answers to the way to step 3 with these answers on step 1 and 1.75 (Send code pressed beside its notice, in locale). */
const toCaseValue = (step1: Record<string, unknown>, step175: Record<string, unknown> = {}, locale = 'en') => [
  NEXT,
  answer(step1),
  NEXT,
  answer(step175),
  NEXT,
  answer(validContact),
  shown(SEND_CODE, [], locale),
  NEXT,
  answer({ code: '1234' }),
  NEXT,
];

describe('calculator flow', () => {
  it('walks intro → questions → sliders → contact → code → case value → consult yes → call time', async () => {
    const run = await replay(
      flow,
      [
        ...toCaseValue({ fault: false, commercial: false }, {}, 'es'),
        answer({ legalConsult: true }),
        shown(CALLS, [acmeLaw], 'es'),
        NEXT,
        answer({ preferredCallTime: '1pm - 2pm' }),
        NEXT,
      ],
      { effects: okEffects, input: { query: { calc_id: 'abc' }, locale: 'es', meta: { gclid: 'G1', pageUrl: 'https://claimflow.test/calc?calc_id=abc' } } },
    );
    expect(run.steps).toEqual(['0', '1', '1.75', '2', '2.5', '3', '5']);
    expect(run.calls.map((c) => c.name)).toEqual(['sendCode', 'saveConsent', 'verifyCode', 'createLead', 'updateCallTime']);
    const lead = requestOf(run, 'createLead');
    expect(lead).toMatchObject({ method: 'POST', path: '/leads/create/calc', query: { calc_id: 'abc' }, outbox: true });
    expect(lead.body).toEqual({
      firstName: 'Maria',
      lastName: 'Lopez',
      phone: '(202) 555-0123',
      email: 'maria@example.com',
      legal_consult: true,
      injured: true,
      // Nothing is ticked for the person: the consultation they asked for is the lead, the notice its consent.
      leadTypes: {},
      extraDetails: { accidentDetails: { fault: false, commercial: false, injuries: 1, earnings: 1, medical: 1, pain: 1 } },
      language: 'es',
      gclidcrm: 'G1',
      consent: {
        key: CALLS,
        text: shownText(CALLS, 'es', [acmeLaw.name]),
        sponsors: [acmeLaw.id],
        locale: 'es',
        flowId: 'calculator',
        flowVersion: 1,
        pageUrl: 'https://claimflow.test/calc?calc_id=abc',
      },
    });
    // No reason to give after a Yes: the body leaves it out (as it leaves out every null).
    expect(lead.body).not.toHaveProperty('declineReason');
    expect((lead.body as { consent: { text: string } }).consent.text).toContain(`Al tocar Enviar, usted autoriza a ${acmeLaw.name} a llamarlo`);
    expect(consentRefusal(flow, lead)).toBeUndefined();
    expect(requestOf(run, 'sendCode').body).toEqual({ country_code: '+1', phone: '2025550123', source: 'calc', language: 'es' });
    // The code step records the notice its Send code button was pressed beside, in its words.
    const tcpa = requestOf(run, 'saveConsent');
    expect(tcpa).toMatchObject({ path: '/user/tcpa', query: { funnel: 'calc' } });
    expect((tcpa.body as { consent: unknown }).consent).toEqual({
      key: SEND_CODE,
      text: shownText(SEND_CODE, 'es'),
      locale: 'es',
      flowId: 'calculator',
      flowVersion: 1,
      pageUrl: 'https://claimflow.test/calc?calc_id=abc',
    });
    expect(consentRefusal(flow, tcpa)).toBeUndefined();
    expect(requestOf(run, 'updateCallTime').body).toEqual({ ids: [41], preferredCallTime: '1pm - 2pm' });
    expect(run.context.results.updateCallTime).toEqual({ success: true });
  });

  it('a Yes waits for the notice of who may call: none while the sponsors are asked, nor the Send code notice left from step 2', async () => {
    const yes = [...toCaseValue({ fault: false, commercial: false }), answer({ legalConsult: true })];
    // The contact step's notice is still the answer: it is not the one beside Submit.
    const stale = await replay(flow, [...yes, NEXT], { effects: okEffects });
    expect(stale.step).toBe('3');
    expect(stale.context.answers.notice).toMatchObject({ key: SEND_CODE });
    // While the sponsors are asked the widget writes no notice (null): still no Submit.
    const loading = await replay(flow, [...yes, answer({ notice: null }), NEXT], { effects: okEffects });
    expect(loading.step).toBe('3');
    expect(requestsOf(loading, 'createLead')).toEqual([]);
    const given = await replay(flow, [...yes, answer({ notice: null }), shown(CALLS, [acmeLaw]), NEXT], { effects: okEffects });
    expect(given.step).toBe('5');
  });

  it.each([
    ['no sponsor serves it', UNAVAILABLE],
    ['none ticked of several', NONE],
  ])('a Yes whose notice names no one (%s) sends that notice and ends with no call time: no one will call', async (_what, key) => {
    const run = await replay(flow, [...toCaseValue({ fault: false, commercial: false }), answer({ legalConsult: true }), shown(key), NEXT], {
      effects: okEffects,
    });
    expect(run.steps.slice(-2)).toEqual(['3', '5']);
    const lead = requestOf(run, 'createLead');
    expect(lead.body).toMatchObject({ legal_consult: true, leadTypes: {}, consent: { key, text: shownText(key, 'en'), sponsors: [] } });
    expect(consentRefusal(flow, lead)).toBeUndefined();
    expect(dataOf(flow, run.context, replayClock).computed.called).toBe(false);
    expect(screenOf(flow, run)).toEqual({ widgets: ['intro'], next: null });
    const intro = flow.steps['5']!.blocks.find((b) => b.widget === 'intro')!;
    expect(intro.props).toEqual({ text: 'common:done.noCalls' });
    // No call time to choose, so nothing to send.
    const after = await replay(
      flow,
      [...toCaseValue({ fault: false, commercial: false }), answer({ legalConsult: true }), shown(key), NEXT, answer({ preferredCallTime: '1pm - 2pm' }), NEXT],
      { effects: okEffects },
    );
    expect(requestsOf(after, 'updateCallTime')).toEqual([]);
  });

  it('declining the consult goes to the lead types (none ticked for the person), then submits and shows the explanation', async () => {
    const declined = [...toCaseValue({ fault: true, commercial: false }), answer({ legalConsult: false }), NEXT];
    const atTypes = await replay(flow, declined, { effects: okEffects });
    expect(atTypes.step).toBe('3.5');
    expect(atTypes.context.answers.leadTypes).toEqual({});
    expect(screenOf(flow, atTypes)).toEqual({ widgets: ['lead-types', 'sponsor-consent'], next: 'common:nav.submit' });
    // Nothing chosen yet: the lead types wait for a choice, even with a notice on screen.
    const nothing = await replay(flow, [...declined, shown(NONE), NEXT], { effects: okEffects });
    expect(nothing.step).toBe('3.5');

    const run = await replay(flow, [...declined, answer({ leadTypes: { notInterested: true } }), shown(NONE), NEXT], { effects: okEffects });
    expect(run.steps.slice(-3)).toEqual(['3', '3.5', '5']);
    const lead = requestOf(run, 'createLead');
    expect(lead.body).toMatchObject({
      legal_consult: false,
      leadTypes: { notInterested: true },
      consent: { key: NONE, text: shownText(NONE, 'en'), sponsors: [] },
    });
    expect(lead.body).not.toHaveProperty('declineReason');
    expect(consentRefusal(flow, lead)).toBeUndefined();
  });

  it('a declined consultation with no service wanted ends with the no-calls screen, no call time, and a lead no one is to call about', async () => {
    const events = [
      ...toCaseValue({ fault: true, commercial: false }),
      answer({ legalConsult: false }),
      NEXT,
      answer({ leadTypes: { notInterested: true } }),
      shown(NONE),
      NEXT,
    ];
    const run = await replay(flow, events, { effects: okEffects });
    expect(run.step).toBe('5');
    // The step has a call time (for a Yes with a sponsor named); here it says no one will call instead.
    expect(flow.steps['5']!.blocks.map((b) => b.widget)).toContain('call-time');
    expect(screenOf(flow, run)).toEqual({ widgets: ['intro', 'explanation'], next: null });
    expect(flow.steps['5']!.blocks.find((b) => b.widget === 'intro')!.props).toEqual({ text: 'common:done.noCalls' });
    expect(requestOf(run, 'createLead').body).toMatchObject({
      legal_consult: false,
      leadTypes: { notInterested: true },
      consent: { key: NONE, text: shownText(NONE, 'en'), sponsors: [] },
    });
  });

  it('a declined consultation with a service ticked and its sponsor named says when it will call, with no call time to choose', async () => {
    const events = [
      ...toCaseValue({ fault: true, commercial: false }),
      answer({ legalConsult: false }),
      NEXT,
      answer({ leadTypes: { Chiropractor: 'PM' } }),
      shown(CALLS, [backCare]),
      NEXT,
    ];
    const run = await replay(flow, events, { effects: okEffects });
    expect(requestOf(run, 'createLead').body).toMatchObject({
      legal_consult: false,
      leadTypes: { Chiropractor: 'PM' },
      consent: { key: CALLS, text: shownText(CALLS, 'en', [backCare.name]), sponsors: [backCare.id] },
    });
    expect(screenOf(flow, run)).toEqual({ widgets: ['call-windows', 'explanation'], next: null });
  });

  it('sends the reason a No gave, and none after a Yes', async () => {
    const declined = [
      ...toCaseValue({ fault: true, commercial: false }),
      answer({ legalConsult: false, declineReason: 'hasLawyer' }),
      NEXT,
      answer({ leadTypes: { notInterested: true } }),
      shown(NONE),
      NEXT,
    ];
    const run = await replay(flow, declined, { effects: okEffects });
    expect(requestOf(run, 'createLead').body).toMatchObject({ legal_consult: false, declineReason: 'hasLawyer' });
    // The widget clears the reason with a Yes (one event): the lead then says no reason.
    const changed = await replay(
      flow,
      [
        ...toCaseValue({ fault: true, commercial: false }),
        answer({ legalConsult: false, declineReason: 'info' }),
        answer({ legalConsult: true, declineReason: null }),
        shown(CALLS, [acmeLaw]),
        NEXT,
      ],
      {
        effects: okEffects,
      },
    );
    expect(requestOf(changed, 'createLead').body).toMatchObject({ legal_consult: true });
    expect(requestOf(changed, 'createLead').body).not.toHaveProperty('declineReason');
  });

  it('keeps Next disabled on step 1 until fault and commercial are answered', async () => {
    expect((await replay(flow, [NEXT, NEXT])).step).toBe('1');
    expect((await replay(flow, [NEXT, answer({ fault: true }), NEXT])).step).toBe('1');
    expect((await replay(flow, [NEXT, answer({ commercial: false }), NEXT])).step).toBe('1');
    expect((await replay(flow, [NEXT, answer({ fault: false, commercial: false }), NEXT])).step).toBe('1.75');
    const actor = createActor(compileFlow(flow, { now: replayClock }), { input: {} }).start();
    actor.send(NEXT);
    expect(actor.getSnapshot().can(NEXT)).toBe(false);
    actor.send(answer({ fault: false, commercial: true }));
    expect(actor.getSnapshot().can(NEXT)).toBe(true);
  });

  it('Back goes one step back on every step that has it', async () => {
    const run = await replay(flow, [NEXT, answer({ fault: false, commercial: false }), NEXT, NEXT, BACK, BACK, BACK, BACK], { effects: okEffects });
    expect(run.steps).toEqual(['0', '1', '1.75', '2', '1.75', '1', '0']);
    const code = await replay(flow, [...toCaseValue({ fault: false, commercial: false }).slice(0, 8), BACK], { effects: okEffects });
    expect(code.steps.slice(-2)).toEqual(['2.5', '2']);
    expect(code.context.answers.code).toBe('');
  });

  it.each([
    ['at fault, whatever else', { fault: true, commercial: true }, { pain: 2 }, 0],
    ['commercial vehicle', { fault: false, commercial: true, injuries: 0 }, { earnings: 0, medical: 0, pain: 0 }, 3],
    ['any answer high', { fault: false, commercial: false, injuries: 0 }, { earnings: 0, medical: 2, pain: 0 }, 3],
    ['any answer medium', { fault: false, commercial: false, injuries: 0 }, { earnings: 1, medical: 0, pain: 0 }, 2],
    ['all low', { fault: false, commercial: false, injuries: 0 }, { earnings: 0, medical: 0, pain: 0 }, 1],
  ])('case value level: %s → level %i', async (_name, step1, step175, level) => {
    const run = await replay(flow, toCaseValue(step1, step175), { effects: okEffects });
    expect(run.step).toBe('3');
    expect(dataOf(flow, run.context, replayClock).computed.level).toBe(level);
  });

  it('shows each level with its exact headline and gauge percent', () => {
    const caseValue = flow.steps['3']!.blocks.find((b) => b.widget === 'case-value')!.props!;
    expect(caseValue.percents).toEqual([12, 36, 75, 95]);
    // Looked up in the flow's own copy, then common's (the calculator has none of its own: common's are shown).
    expect(caseValue.headlines).toEqual(['caseValue.low', 'caseValue.medium', 'caseValue.high', 'caseValue.highest']);
    expect(copyText('caseValue.high', flow.namespace, readCatalogues(), 'en')).toBe('High case value determined');
  });

  it('does not send the code until name, email and phone are valid', async () => {
    const bad = await replay(
      flow,
      [NEXT, answer({ fault: false, commercial: false }), NEXT, NEXT, answer({ ...validContact, email: 'maria@' }), shown(SEND_CODE), NEXT],
      {
        effects: okEffects,
      },
    );
    expect(bad.step).toBe('2');
    expect(bad.calls).toEqual([]);
  });

  it('stays on the contact step with the spec message when the SMS cannot be sent', async () => {
    const toContact = [NEXT, answer({ fault: false, commercial: false }), NEXT, NEXT, answer(validContact), shown(SEND_CODE), NEXT];
    const invalid = await replay(flow, toContact, { effects: { ...okEffects, sendCode: failing('invalid_phone') } });
    expect(invalid.step).toBe('2');
    expect(invalid.context.error).toMatchObject({ effect: 'sendCode', messageKey: 'errors:CELL_PHONE_NUMBER_IS_INVALID_' });
    const blacklisted = await replay(flow, toContact, { effects: { ...okEffects, sendCode: failing('blacklisted') } });
    expect(blacklisted.context.error).toMatchObject({ messageKey: 'errors:COMMERCIAL_USER' });
  });

  it('tells how long to wait when the API refuses more requests (429 with Retry-After)', async () => {
    const toContact = [NEXT, answer({ fault: false, commercial: false }), NEXT, NEXT, answer(validContact), shown(SEND_CODE), NEXT];
    const tooMany = () => Promise.reject(Object.assign(new Error('429'), { code: 'rate_limited', retryAfter: 1790 }));
    const run = await replay(flow, toContact, { effects: { ...okEffects, sendCode: tooMany } });
    expect(run.context.error).toMatchObject({ messageKey: 'errors:RATE_LIMITED', waitSeconds: 1790 });
  });

  it('stays on the code step with CODE_YOU_ENTERED_IS_INVALID_ for a wrong code, and a new answer clears it', async () => {
    const events = toCaseValue({ fault: false, commercial: false });
    const run = await replay(flow, events, { effects: { ...okEffects, verifyCode: failing('invalid_code') } });
    expect(run.step).toBe('2.5');
    expect(run.context.error?.messageKey).toBe('errors:CODE_YOU_ENTERED_IS_INVALID_');
    const retyped = await replay(flow, [...events, answer({ code: '4321' })], { effects: { ...okEffects, verifyCode: failing('invalid_code') } });
    expect(retyped.context.error).toBeNull();
  });

  it('skips the code step for the configured test phone (the API says it is verified)', async () => {
    const run = await replay(flow, [NEXT, answer({ fault: false, commercial: false }), NEXT, NEXT, answer(validContact), shown(SEND_CODE), NEXT], {
      effects: { ...okEffects, sendCode: () => ({ success: true, verified: true }) },
    });
    expect(run.steps.slice(-2)).toEqual(['2', '3']);
  });

  it('a failed lead submission keeps the person on the step with the error', async () => {
    const run = await replay(flow, [...toCaseValue({ fault: false, commercial: false }), answer({ legalConsult: true }), shown(CALLS, [acmeLaw]), NEXT], {
      effects: { ...okEffects, createLead: failing('network') },
    });
    expect(run.step).toBe('3');
    expect(run.context.error).toMatchObject({ effect: 'createLead', messageKey: 'errors:NETWORK_ERROR_TEXT' });
  });

  it('needs a consult answer to submit, and a call slot to update the time', async () => {
    expect((await replay(flow, [...toCaseValue({ fault: false, commercial: false }), NEXT], { effects: okEffects })).step).toBe('3');
    const run = await replay(
      flow,
      [
        ...toCaseValue({ fault: false, commercial: false }),
        answer({ legalConsult: true }),
        shown(CALLS, [acmeLaw]),
        NEXT,
        answer({ preferredCallTime: '' }),
        NEXT,
      ],
      {
        effects: okEffects,
      },
    );
    expect(run.calls.map((c) => c.name)).not.toContain('updateCallTime');
  });

  it('ignores answers to fields the flow does not declare', async () => {
    const run = await replay(flow, [answer({ isAdmin: true, fault: true })]);
    expect(run.context.answers).not.toHaveProperty('isAdmin');
    expect(run.context.answers.fault).toBe(true);
  });

  it('an effect the app did not provide fails with an error instead of hanging', async () => {
    const actor = createActor(compileFlow(flow, { now: replayClock }), { input: {} }).start();
    for (const event of [NEXT, answer({ fault: false, commercial: false }), NEXT, NEXT, answer(validContact), shown(SEND_CODE), NEXT]) actor.send(event);
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error?.detail).toBe('effect "sendCode" was not provided');
  });
});
