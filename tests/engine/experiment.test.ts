// A/B tests of a funnel: each visit draws an arm from its id, the same every time, the arms' shares close to their
// weights over 10,000 visits; flows:check names a test's bad weights and arms, and a lead that would not record its arm.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkFlow, type Catalogues } from '../../engine/check.ts';
import { drawArm } from '../../engine/experiment.ts';
import type { Experiment, Flow } from '../../engine/types.ts';

const visits = Array.from({ length: 10_000 }, () => randomUUID());

/** Each arm's share of the visits. */
function shares(experiment: Experiment): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const visit of visits) {
    const arm = drawArm(experiment, visit);
    counts[arm] = (counts[arm] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).map(([arm, n]) => [arm, n / visits.length]));
}

describe("an experiment's arms", () => {
  it('are drawn the same for the same visit', () => {
    const experiment = {
      id: 'headline',
      arms: [
        { name: 'a', weight: 1 },
        { name: 'b', weight: 1 },
      ],
    };
    expect(visits.map((v) => drawArm(experiment, v))).toEqual(visits.map((v) => drawArm(structuredClone(experiment), v)));
  });

  it('share the visits by their weights, each within 2 points over 10,000 visits', () => {
    for (const arms of [
      [
        { name: 'a', weight: 50 },
        { name: 'b', weight: 50 },
      ],
      [
        { name: 'a', weight: 1 },
        { name: 'b', weight: 3 },
        { name: 'c', weight: 6 },
      ],
      [
        { name: 'a', weight: 9 },
        { name: 'b', weight: 0 },
        { name: 'c', weight: 1 },
      ],
    ]) {
      const total = arms.reduce((sum, arm) => sum + arm.weight, 0);
      const got = shares({ id: 'calc', arms });
      for (const arm of arms) expect(Math.abs((got[arm.name] ?? 0) - arm.weight / total), `${arm.name} of ${JSON.stringify(arms)}`).toBeLessThan(0.02);
      expect(got.b === undefined || arms[1]?.weight !== 0).toBe(true);
    }
  });

  it('are drawn anew, independently, for a new test', () => {
    const arms = [
      { name: 'a', weight: 1 },
      { name: 'b', weight: 1 },
    ];
    const same = visits.filter((v) => drawArm({ id: 'one', arms }, v) === drawArm({ id: 'two', arms }, v)).length / visits.length;
    expect(Math.abs(same - 0.5)).toBeLessThan(0.02);
  });
});

const copy = { t: { title: 'Title', next: 'Next' }, meta: { title: 'Demo' } };
const catalogues: Catalogues = { en: { demo: copy, common: {} }, es: { demo: copy, common: {} } };
const consent = { key: 'demo:t.title', flowId: { var: 'flow.id' }, flowVersion: { var: 'flow.version' }, flowVariant: { var: 'flow.variant' } };

/** A small flow whose lead carries its arm, and whose first step shows a block for arm b only. */
function tested(experiment: unknown, leadConsent: Record<string, unknown> = consent): Flow {
  return {
    id: 'demo',
    version: 1,
    routes: ['/demo'],
    namespace: 'demo',
    initial: '0',
    answers: {},
    steps: {
      '0': {
        title: 't.title',
        blocks: [{ widget: 'intro', when: { '==': [{ var: 'flow.variant' }, 'b'] }, props: { text: 't.title' } }],
        nav: { next: 't.next' },
        on: { NEXT: { effect: 'createLead', target: '1' } },
      },
      '1': { final: true, blocks: [{ widget: 'intro', props: { text: 't.title' } }] },
    },
    effects: { createLead: { method: 'POST', path: '/leads/create', body: { consent: leadConsent } } },
    experiment,
  } as Flow;
}
const problems = (flow: Flow) => checkFlow(flow, catalogues).map((p) => `${p.pointer}: ${p.message}`);

describe('flows:check of an experiment', () => {
  it('accepts weighted arms read as flow.variant', () => {
    expect(
      problems(
        tested({
          id: 'intro-test',
          arms: [
            { name: 'a', weight: 70 },
            { name: 'b', weight: 30 },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('names bad weights', () => {
    expect(
      problems(
        tested({
          id: 'x',
          arms: [
            { name: 'a', weight: -1 },
            { name: 'b', weight: 0.5 },
          ],
        }),
      ),
    ).toEqual(['/experiment/arms/0/weight: must be >= 0', '/experiment/arms/1/weight: must be integer']);
    expect(
      problems(
        tested({
          id: 'x',
          arms: [
            { name: 'a', weight: 0 },
            { name: 'b', weight: 0 },
          ],
        }),
      ),
    ).toEqual(['/experiment/arms: every arm has weight 0: no visit could be given an arm (give one a weight above 0)']);
  });

  it('names a test of one arm, an arm named twice or badly, and an unknown key', () => {
    expect(problems(tested({ id: 'x', arms: [{ name: 'a', weight: 1 }] }))).toEqual(['/experiment/arms: must NOT have fewer than 2 items']);
    expect(
      problems(
        tested({
          id: 'x',
          arms: [
            { name: 'a', weight: 1 },
            { name: 'a', weight: 1 },
          ],
        }),
      ),
    ).toEqual(['/experiment/arms/1/name: arm "a" is named twice']);
    expect(
      problems(
        tested({
          id: 'x',
          arms: [
            { name: 'A', weight: 1 },
            { name: 'b', weight: 1, share: 2 },
          ],
        }),
      ),
    ).toEqual(['/experiment/arms/0/name: must match pattern "^[a-z][a-z0-9-]{0,31}$"', '/experiment/arms/1: unknown property "share"']);
  });

  it('names a lead that would not record the arm', () => {
    const { flowVariant: _left, ...without } = consent;
    expect(
      problems(
        tested(
          {
            id: 'x',
            arms: [
              { name: 'a', weight: 1 },
              { name: 'b', weight: 1 },
            ],
          },
          without,
        ),
      ),
    ).toEqual([
      '/effects/createLead/body/consent: sends no flowVariant, so its lead would not record the arm of the experiment: add "flowVariant": {"var": "flow.variant"}',
    ]);
  });
});
