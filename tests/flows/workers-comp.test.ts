// The workers' compensation funnel replayed: step 1 checks, the disabled final submit of §5, the lead body and redirect.
import { describe, expect, it } from 'vitest';
import { replay } from '../../engine/replay.ts';
import type { FlowEvent } from '../../engine/types.ts';
import { NEXT, answer, austin, loadFlow, okEffects, requestOf, screenOf, validContact } from '../testing/flows.ts';

const flow = loadFlow('workers-comp');
const injury = { damage: 'Broken Bones', date: '2026-02-03', place: austin };
const toConsult: FlowEvent[] = [NEXT, answer(injury), NEXT, answer(validContact), NEXT, answer({ code: '1234' }), NEXT];

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
  ])('keeps the final submit disabled when %s', async (_what, consent) => {
    const run = await replay(flow, [...toConsult, answer(consent), NEXT], { effects: okEffects });
    expect(run.step).toBe('3');
    expect(run.calls.map((c) => c.name)).not.toContain('createLead');
  });

  it('submits with yes, no lawyer and injuries: POST /leads/create with lead_type and source WorkComp', async () => {
    const run = await replay(flow, [...toConsult, answer({ legalConsult: true, noLawyer: true, injured: true }), NEXT], {
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
      consent: { key: 'common:consent.notice.primary.yes', flowId: 'workers-comp' },
    });
    expect(screenOf(flow, run)).toEqual({ widgets: ['call-time'], next: 'common:nav.done' });
  });

  it('a declined consult submits and then redirects to the external page', async () => {
    const run = await replay(flow, [...toConsult, answer({ legalConsult: false }), NEXT], { effects: okEffects });
    expect(run.step).toBe('5');
    expect(requestOf(run, 'createLead').body).toMatchObject({ legal_consult: false, consent: { key: 'common:consent.notice.primary.no' } });
    expect(screenOf(flow, run).widgets).toEqual(['redirect']);
  });
});
