// The funnel report placed on the studio's graph: each move's visits on the edge between the same two steps (Back
// edges too; none on an edge from a step to itself), the flow's own version shown first, and the words of a card.
import { describe, expect, it } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { flowGraph } from '../../studio/graph/flow-graph.ts';
import { defaultGroup, dropBand, duration, graphFigures, stepFiguresText, type ReportGroup } from '../../studio/report/graph-figures.ts';

const flow: Flow = {
  id: 'test',
  version: 2,
  routes: ['/test'],
  namespace: 'test',
  initial: 'a',
  answers: {},
  steps: {
    a: { blocks: [], on: { NEXT: { target: 'b' } } },
    b: {
      blocks: [],
      on: {
        NEXT: { target: 'c' },
        BACK: { target: 'a' },
        ANSWER: { target: 'b' },
      },
    },
    c: { blocks: [], final: true },
  },
  effects: {},
};
const row = (step: string, reached: number, dropped: number, medianSeconds: number | null) => ({
  step,
  reached,
  forward: reached - dropped,
  back: 0,
  dropped,
  ended: 0,
  dropOffRate: reached ? dropped / reached : null,
  medianSeconds,
  completions: 0,
});
const group: Pick<ReportGroup, 'steps' | 'moves'> = {
  steps: [row('a', 5, 1, 2), row('b', 4, 1, 7.25), row('c', 3, 0, null)],
  moves: [
    { from: 'a', to: 'b', visits: 4 },
    { from: 'b', to: 'a', visits: 2 },
    { from: 'b', to: 'c', visits: 3 },
    { from: 'a', to: 'c', visits: 1 },
  ],
};

describe('the funnel report on the graph', () => {
  it("puts each move's visits on its edge, back moves on the Back edge, none on a step's edge to itself", () => {
    const graph = flowGraph(flow);
    const figures = graphFigures(graph, group);
    const byEnds = Object.fromEntries(graph.edges.map((e) => [`${e.event} ${e.from}>${e.to}`, figures.edges.get(e.id)]));
    expect(byEnds).toEqual({
      'NEXT a>b': 4,
      'NEXT b>c': 3,
      'BACK b>a': 2,
      'ANSWER b>b': undefined,
    });
    expect(figures.steps.get('b')?.reached).toBe(4);
  });

  it("shows the flow's own version without a variant first, else the newest", () => {
    const groups = [
      { version: 3, variant: '' },
      { version: 2, variant: 'b' },
      { version: 2, variant: '' },
    ];
    expect(defaultGroup(groups, 2)).toBe(2);
    expect(defaultGroup(groups, 4)).toBe(0);
  });

  it("writes a card's figures and bands its drop-off rate", () => {
    expect(stepFiguresText(row('b', 4, 1, 7.25))).toBe('4 reached, 1 dropped off (25%), median 7.3 s on the step, 0 completed');
    expect(stepFiguresText(row('c', 0, 0, null))).toBe('0 reached, 0 dropped off, 0 completed');
    expect([0, 0.199, 0.2, 0.499, 0.5, 1].map(dropBand)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high']);
    expect([4.25, 99, 185].map(duration)).toEqual(['4.3 s', '99 s', '3 min 5 s']);
  });
});
