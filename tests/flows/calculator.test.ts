import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { compileFlow, dataOf } from '../../engine/machine.ts';
import { replay, replayClock } from '../../engine/replay.ts';
import { BACK, NEXT, answer, failing, loadFlow, okEffects, requestOf, validContact } from '../testing/flows.ts';
import { copyText } from '../../engine/check-copy.ts';
import { readCatalogues } from '../../scripts/flow-files.ts';

const flow = loadFlow('calculator');

/** Answers to the way to step 3 with these answers on step 1 and 1.75. */
const toCaseValue = (step1: Record<string, unknown>, step175: Record<string, unknown> = {}) => [
  NEXT,
  answer(step1),
  NEXT,
  answer(step175),
  NEXT,
  answer(validContact),
  NEXT,
  answer({ code: '1234' }),
  NEXT,
];

describe('calculator flow', () => {
  it('walks intro → questions → sliders → contact → code → case value → consult yes → call time', async () => {
    const run = await replay(
      flow,
      [...toCaseValue({ fault: false, commercial: false }), answer({ legalConsult: true }), NEXT, answer({ preferredCallTime: '1pm - 2pm' }), NEXT],
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
      leadTypes: { __CALawyer: 'AM' },
      extraDetails: { accidentDetails: { fault: false, commercial: false, injuries: 1, earnings: 1, medical: 1, pain: 1 } },
      language: 'es',
      gclidcrm: 'G1',
      consent: { key: 'common:consent.notice.primary.yes', locale: 'es', flowId: 'calculator', flowVersion: 1, pageUrl: 'https://claimflow.test/calc?calc_id=abc' },
    });
    expect(requestOf(run, 'sendCode').body).toEqual({ country_code: '+1', phone: '2025550123', source: 'calc', language: 'es' });
    expect(requestOf(run, 'saveConsent')).toMatchObject({ path: '/user/tcpa', query: { funnel: 'calc' } });
    expect(requestOf(run, 'updateCallTime').body).toEqual({ ids: [41], preferredCallTime: '1pm - 2pm' });
    expect(run.context.results.updateCallTime).toEqual({ success: true });
  });

  it('declining the consult goes to the lead types, then submits and shows the explanation', async () => {
    const run = await replay(
      flow,
      [...toCaseValue({ fault: true, commercial: false }), answer({ legalConsult: false }), NEXT, answer({ leadTypes: { notInterested: true } }), NEXT],
      { effects: okEffects },
    );
    expect(run.steps).toEqual(['0', '1', '1.75', '2', '2.5', '3', '3.5', '5']);
    expect(requestOf(run, 'createLead').body).toMatchObject({
      legal_consult: false,
      leadTypes: { notInterested: true },
      consent: { key: 'common:consent.notice.primary.no' },
    });
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
    const code = await replay(flow, [...toCaseValue({ fault: false, commercial: false }).slice(0, 7), BACK], { effects: okEffects });
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
    expect(copyText('caseValue.high', flow.namespace, readCatalogues(), 'en')).toBe('High Case Value Determined');
  });

  it('does not send the code until name, email and phone are valid', async () => {
    const bad = await replay(flow, [NEXT, answer({ fault: false, commercial: false }), NEXT, NEXT, answer({ ...validContact, email: 'maria@' }), NEXT], {
      effects: okEffects,
    });
    expect(bad.step).toBe('2');
    expect(bad.calls).toEqual([]);
  });

  it('stays on the contact step with the spec message when the SMS cannot be sent', async () => {
    const toContact = [NEXT, answer({ fault: false, commercial: false }), NEXT, NEXT, answer(validContact), NEXT];
    const invalid = await replay(flow, toContact, { effects: { ...okEffects, sendCode: failing('invalid_phone') } });
    expect(invalid.step).toBe('2');
    expect(invalid.context.error).toMatchObject({ effect: 'sendCode', messageKey: 'errors:CELL_PHONE_NUMBER_IS_INVALID_' });
    const blacklisted = await replay(flow, toContact, { effects: { ...okEffects, sendCode: failing('blacklisted') } });
    expect(blacklisted.context.error).toMatchObject({ messageKey: 'errors:COMMERCIAL_USER' });
  });

  it('tells how long to wait when the API refuses more codes (429 with Retry-After)', async () => {
    const toContact = [NEXT, answer({ fault: false, commercial: false }), NEXT, NEXT, answer(validContact), NEXT];
    const tooMany = () => Promise.reject(Object.assign(new Error('429'), { code: 'too_many_sends', retryAfter: 1790 }));
    const run = await replay(flow, toContact, { effects: { ...okEffects, sendCode: tooMany } });
    expect(run.context.error).toMatchObject({ messageKey: 'errors:TOO_MANY_CODES', waitSeconds: 1790 });
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
    const run = await replay(flow, [NEXT, answer({ fault: false, commercial: false }), NEXT, NEXT, answer(validContact), NEXT], {
      effects: { ...okEffects, sendCode: () => ({ success: true, verified: true }) },
    });
    expect(run.steps.slice(-2)).toEqual(['2', '3']);
  });

  it('a failed lead submission keeps the person on the step with the error', async () => {
    const run = await replay(flow, [...toCaseValue({ fault: false, commercial: false }), answer({ legalConsult: true }), NEXT], {
      effects: { ...okEffects, createLead: failing('network') },
    });
    expect(run.step).toBe('3');
    expect(run.context.error).toMatchObject({ effect: 'createLead', messageKey: 'errors:NETWORK_ERROR_TEXT' });
  });

  it('needs a consult answer to submit, and a call slot to update the time', async () => {
    expect((await replay(flow, [...toCaseValue({ fault: false, commercial: false }), NEXT], { effects: okEffects })).step).toBe('3');
    const run = await replay(flow, [...toCaseValue({ fault: false, commercial: false }), answer({ legalConsult: true }), NEXT, answer({ preferredCallTime: '' }), NEXT], {
      effects: okEffects,
    });
    expect(run.calls.map((c) => c.name)).not.toContain('updateCallTime');
  });

  it('ignores answers to fields the flow does not declare', async () => {
    const run = await replay(flow, [answer({ isAdmin: true, fault: true })]);
    expect(run.context.answers).not.toHaveProperty('isAdmin');
    expect(run.context.answers.fault).toBe(true);
  });

  it('an effect the app did not provide fails with an error instead of hanging', async () => {
    const actor = createActor(compileFlow(flow, { now: replayClock }), { input: {} }).start();
    for (const event of [NEXT, answer({ fault: false, commercial: false }), NEXT, NEXT, answer(validContact), NEXT]) actor.send(event);
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error?.detail).toBe('effect "sendCode" was not provided');
  });
});
