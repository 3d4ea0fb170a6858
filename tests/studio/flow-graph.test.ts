// The studio's graph of a flow: an edge per step a transition can reach, the effects each step runs, and the steps and
// edges on a path to the transition that creates the lead (Back and the branches that never get there left out).
import { describe, expect, it } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { flowGraph } from '../../studio/graph/flow-graph.ts';

const post = (path: string) => ({ method: 'POST' as const, path });
const flow: Flow = {
  id: 'test',
  version: 1,
  routes: ['/test'],
  namespace: 'test',
  initial: 'start',
  answers: { ok: null },
  steps: {
    start: { blocks: [{ widget: 'intro' }], on: { NEXT: [{ target: 'aside', guard: { '==': [{ var: 'answers.ok' }, false] } }, { target: 'contact' }] } },
    aside: { blocks: [{ widget: 'explanation' }], final: true, on: { BACK: { target: 'start' } } },
    contact: {
      blocks: [{ widget: 'contact' }],
      on: { NEXT: { effect: 'sendCode', target: 'code', then: [{ guard: { var: 'results.sendCode.verified' }, target: 'offer' }] }, BACK: { target: 'start' } },
    },
    code: { blocks: [{ widget: 'contact' }], entry: ['saveConsent'], on: { NEXT: { effect: 'verifyCode', target: 'offer' } } },
    offer: { blocks: [{ widget: 'case-value' }], on: { NEXT: { effect: 'createLead', target: 'done' } } },
    done: { blocks: [{ widget: 'call-time' }], final: true, on: { NEXT: { effect: 'updateCallTime' } } },
  },
  effects: {
    sendCode: post('/user/mfa-sms-send'),
    saveConsent: post('/user/tcpa'),
    verifyCode: post('/user/mfa-sms-verify'),
    createLead: post('/leads/create'),
    updateCallTime: { method: 'PUT', path: '/leads/update/time' },
  },
};

describe('flowGraph', () => {
  const graph = flowGraph(flow);
  const edge = (from: string, to: string) => graph.edges.find((e) => e.from === from && e.to === to);
  const step = (id: string) => graph.steps.find((s) => s.id === id);

  it('has an edge for each target of each transition, a then target included, and none for an effect that stays', () => {
    expect(graph.edges.map((e) => `${e.from}>${e.to}`)).toEqual([
      'start>aside',
      'start>contact',
      'aside>start',
      'contact>code',
      'contact>offer',
      'contact>start',
      'code>offer',
      'offer>done',
    ]);
    expect(edge('contact', 'offer')).toMatchObject({ event: 'NEXT', effect: 'sendCode', outcome: { var: 'results.sendCode.verified' } });
    expect(edge('contact', 'code')?.outcome).toBeUndefined();
  });

  it('shows the effects a step runs, on entry and on its transitions, even one that does not move', () => {
    expect(step('code')?.effects).toEqual([
      { name: 'saveConsent', when: 'entry' },
      { name: 'verifyCode', when: 'NEXT' },
    ]);
    expect(step('done')?.effects).toEqual([{ name: 'updateCallTime', when: 'NEXT' }]);
  });

  it('marks the paths from the first step to the lead creation, not the branches that never reach it nor Back', () => {
    expect(graph.steps.filter((s) => s.leadPath).map((s) => s.id)).toEqual(['start', 'contact', 'code', 'offer']);
    expect(graph.edges.filter((e) => e.leadPath).map((e) => `${e.from}>${e.to}`)).toEqual([
      'start>contact',
      'contact>code',
      'contact>offer',
      'code>offer',
      'offer>done',
    ]);
    expect(graph.edges.filter((e) => e.createsLead).map((e) => `${e.from}>${e.to}`)).toEqual(['offer>done']);
  });
});
