import { describe, expect, it } from 'vitest';
import { checkFlow, type Catalogues } from '../../engine/check.ts';
import type { Flow } from '../../engine/types.ts';

const copy = { t: { title: 'Title', next: 'Next' }, meta: { title: 'Demo' } };
const catalogues: Catalogues = { en: { demo: copy, common: {} }, es: { demo: copy, common: {} } };

/** A small valid flow: 0 → 1 (guarded, with an effect) → 2 (final). */
function demo(): Flow {
  return {
    id: 'demo',
    version: 1,
    routes: ['/demo'],
    namespace: 'demo',
    initial: '0',
    answers: { ok: null },
    computed: { twice: { '*': [2, 1] } },
    steps: {
      '0': { title: 't.title', blocks: [{ widget: 'intro', props: { text: 't.title' } }], nav: { next: 't.next' }, on: { NEXT: { target: '1' } } },
      '1': {
        blocks: [{ widget: 'questions', props: { fields: [{ name: 'ok', kind: 'yesno', label: 't.title' }] } }],
        on: { NEXT: { guard: { var: 'answers.ok' }, effect: 'createLead', target: '2' }, BACK: { target: '0' } },
      },
      '2': { final: true, blocks: [{ widget: 'dialog', when: { var: 'results.createLead' }, props: { title: 't.title', text: 't.title', href: '/' } }] },
    },
    effects: { createLead: { method: 'POST', path: '/leads/create', body: { ok: { var: 'answers.ok' } } } },
  };
}

const problems = (change: (f: Flow) => void) => {
  const flow = demo();
  change(flow);
  return checkFlow(flow, catalogues).map((p) => `${p.pointer}: ${p.message}`);
};

describe('flow checks', () => {
  it('accepts a valid flow', () => {
    expect(checkFlow(demo(), catalogues)).toEqual([]);
  });

  it('reports schema problems with their JSON pointer', () => {
    expect(problems((f) => Object.assign(f, { colour: 'red' }))).toEqual(['/: unknown property "colour"']);
    expect(problems((f) => Object.assign(f.steps['0']!, { blocks: [] }))).toEqual(['/steps/0/blocks: must NOT have fewer than 1 items']);
  });

  it('reports an unknown widget', () => {
    expect(problems((f) => (f.steps['0']!.blocks[0]!.widget = 'carousel'))).toEqual([
      '/steps/0/blocks/0/widget: unknown widget "carousel" (known widgets: alert-end, call-time, call-windows, case-value, consent, contact, dialog, explanation, free-text, intro, lead-types, locate, questions, redirect, report-links, report-search, sponsor-consent)',
    ]);
  });

  it('reports an unknown target step', () => {
    expect(problems((f) => (f.steps['0']!.on = { NEXT: { target: '1.6' } }))).toContain('/steps/0/on/NEXT: targets unknown step "1.6"');
  });

  it('reports an unreachable step and a dead end', () => {
    expect(problems((f) => (f.steps['9'] = { blocks: [{ widget: 'intro' }], on: { NEXT: { target: '0' } } }))).toEqual([
      '/steps/9: is unreachable from the initial step',
    ]);
    expect(problems((f) => delete f.steps['2']!.final)).toEqual(['/steps/2: is a dead end: no transition leads out of it']);
  });

  it('reports a guard, rule or template reading an unknown field', () => {
    expect(problems((f) => (f.steps['1']!.on!.NEXT = { guard: { var: 'answers.nope' }, target: '2' }))).toEqual([
      '/steps/1/on/NEXT/guard: reads unknown field "answers.nope"',
    ]);
    expect(problems((f) => (f.computed = { x: { '+': [{ var: 'computed.y' }, 1] } }))).toEqual(['/computed/x/+/0: reads unknown field "computed.y"']);
    expect(problems((f) => (f.effects.createLead!.body = { n: { var: 'name' } }))).toEqual(['/effects/createLead/body/n: reads unknown field "name"']);
  });

  it('lets only an effect with `each` read the item', () => {
    expect(problems((f) => (f.effects.createLead!.body = { id: { var: 'item' } }))).toEqual(['/effects/createLead/body/id: reads unknown field "item"']);
    expect(problems((f) => Object.assign(f.effects.createLead!, { each: [1, 2], body: { id: { var: 'item' } } }))).toEqual([]);
  });

  it('reports an unknown effect and clearing an unknown field', () => {
    expect(problems((f) => (f.steps['1']!.on!.NEXT = { effect: 'sendFax', target: '2' }))).toEqual(['/steps/1/on/NEXT/effect: runs unknown effect "sendFax"']);
    expect(problems((f) => (f.steps['1']!.on!.BACK = { target: '0', clear: ['vin'] }))).toEqual(['/steps/1/on/BACK/clear/0: clears unknown field "vin"']);
  });

  it('lets a prefill fill a declared answer from the visit only (query, meta, locale)', () => {
    expect(problems((f) => (f.prefill = { ok: { '==': [{ var: 'query.ok' }, 'yes'] } }))).toEqual([]);
    expect(problems((f) => (f.prefill = { vin: { var: 'query.vin' } }))).toEqual(['/prefill/vin: prefills unknown answer "vin"']);
    expect(problems((f) => (f.prefill = { ok: { var: 'answers.ok' } }))).toEqual([
      '/prefill/ok: reads "answers.ok" before the funnel has it (only query, meta and locale)',
    ]);
  });

  it('reports a copy key missing in English or Spanish', () => {
    const onlyEn: Catalogues = { en: { demo: { ...copy, t: { ...copy.t, extra: 'Extra' } } }, es: { demo: copy } };
    const flow = demo();
    flow.steps['0']!.title = 't.extra';
    expect(checkFlow(flow, onlyEn).map((p) => `${p.pointer}: ${p.message}`)).toEqual(['/steps/0/title: copy key "t.extra" is missing in es']);
  });
});

describe('widget fields', () => {
  it('reports a widget prop naming an answer or computed value the flow does not declare', () => {
    expect(problems((f) => (f.steps['1']!.blocks[0]!.props = { fields: [{ name: 'okk', kind: 'yesno', label: 't.title' }] }))).toEqual([
      '/steps/1/blocks/0/props/fields/0/name: names unknown answer "okk"',
    ]);
    expect(problems((f) => f.steps['2']!.blocks.push({ widget: 'case-value', props: { level: 'thrice', factors: [] } }))).toEqual([
      '/steps/2/blocks/1/props/level: names unknown computed value "thrice"',
    ]);
  });

  it('reports a widget whose own fields the flow does not declare', () => {
    expect(problems((f) => f.steps['2']!.blocks.push({ widget: 'contact', props: { stage: 'details' } }))).toContain(
      '/steps/2/blocks/1/widget: contact uses the answer "name", which /answers does not declare',
    );
  });
});
