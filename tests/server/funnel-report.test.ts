// The funnel report (issue 21 part 2) of scripted walks through a branching funnel, recorded by the browser's step
// watcher: forward on each branch, back, abandoned at each step, reloaded, in two languages and on two days. Every
// number is counted by hand below; a step only one branch reaches is measured against the visits that reached it.
import { describe, expect, it } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { funnelOrder, funnelReport } from '../../server/analytics/funnel-report.ts';
import { rowsOf, StepWalk, WALK_START } from '../testing/step-walks.ts';

/** 0 → 1 → (2 when kind is a, else 3) → 4 → the lead (through the outbox) → 5, the final step; Back on 1-4. */
const BRANCHING: Flow = {
  id: 'branching',
  version: 3,
  routes: ['/branching'],
  namespace: 'fixture',
  initial: '0',
  answers: { kind: null },
  steps: {
    '0': { blocks: [], on: { NEXT: { target: '1' } } },
    '1': { blocks: [], on: { NEXT: [{ guard: { '==': [{ var: 'answers.kind' }, 'a'] }, target: '2' }, { target: '3' }], BACK: { target: '0' } } },
    '2': { blocks: [], on: { NEXT: { target: '4' }, BACK: { target: '1' } } },
    '3': { blocks: [], on: { NEXT: { target: '4' }, BACK: { target: '1' } } },
    '4': { blocks: [], on: { NEXT: { effect: 'createLead', target: '5' }, BACK: { target: '1' } } },
    '5': { blocks: [], final: true },
  },
  effects: { createLead: { method: 'POST', path: '/leads/create', outbox: true } },
};

const DAY_MS = 86_400_000;
const a = { kind: 'a' };
const b = { kind: 'b' };

/**
 * Ten visits. Seconds on a step: 0 takes 2, 1 takes 5, 3 takes 4; 2 and 4 take the walk's number (so their medians are
 * of different times). W2 and W6 start in Spanish (W2 switches to English on 3); W3 starts the day before.
 */
async function tenWalks(): Promise<StepWalk[]> {
  const walk = (n: number, options: { locale?: string; start?: number } = {}) => new StepWalk(BRANCHING, { visit: `w${n}`, ...options }).open();
  const w1 = await walk(1);
  await w1
    .next(2)
    .then((w) => w.answer(a))
    .then((w) => w.next(5))
    .then((w) => w.next(1))
    .then((w) => w.next(1));
  const w2 = await walk(2, { locale: 'es' });
  await w2
    .next(2)
    .then((w) => w.answer(b))
    .then((w) => w.next(5))
    .then((w) => w.send({ type: 'SET_LOCALE', locale: 'en' }))
    .then((w) => w.next(4))
    .then((w) => w.next(2));
  const w3 = (await walk(3, { start: WALK_START - DAY_MS })).close(2);
  const w4 = (await (await walk(4)).next(2)).close(5);
  const w5 = await walk(5);
  await w5
    .next(2)
    .then((w) => w.answer(a))
    .then((w) => w.next(5));
  w5.close(5);
  // Abandoned on 3 with no pagehide (a phone's tab killed): no closed event.
  const w6 = await walk(6, { locale: 'es' });
  await w6
    .next(2)
    .then((w) => w.answer(b))
    .then((w) => w.next(5));
  const w7 = await walk(7);
  await w7
    .next(2)
    .then((w) => w.answer(a))
    .then((w) => w.next(5))
    .then((w) => w.next(7));
  w7.close(7);
  // Back from branch a, then through branch b to the lead.
  const w8 = await walk(8);
  await w8
    .next(2)
    .then((w) => w.answer(a))
    .then((w) => w.next(5))
    .then((w) => w.back(8))
    .then((w) => w.answer(b))
    .then((w) => w.next(5))
    .then((w) => w.next(4))
    .then((w) => w.next(8));
  const w9 = await walk(9);
  await w9.next(2).then((w) => w.back(5));
  w9.close(2);
  // A reload on 3, then Back from 4 and the page closed on 1.
  const w10 = await walk(10);
  await w10
    .next(2)
    .then((w) => w.answer(b))
    .then((w) => w.next(5))
    .then((w) => w.reload(4))
    .then((w) => w.next(4))
    .then((w) => w.back(10));
  w10.close(5);
  return [w1, w2, w3, w4, w5, w6, w7, w8, w9, w10];
}

const step = (
  id: string,
  counts: { reached: number; forward?: number; back?: number; dropped?: number; ended?: number; medianSeconds: number | null; completions: number },
) => {
  const { reached, forward = 0, back = 0, dropped = 0, ended = 0, medianSeconds, completions } = counts;
  return {
    step: id,
    reached,
    forward,
    back,
    dropped,
    ended,
    dropOffRate: reached === 0 ? null : Math.round((dropped / reached) * 10_000) / 10_000,
    medianSeconds,
    completions,
  };
};

describe('the funnel report', () => {
  it("puts a branching funnel's steps in its order: each before the steps it leads to, branches as written", () => {
    expect(funnelOrder(BRANCHING)).toEqual(['0', '1', '2', '3', '4', '5']);
  });

  it('counts scripted walks as counted by hand', async () => {
    const walks = await tenWalks();
    const rows = walks.flatMap((w, i) => rowsOf(`w${i + 1}`, w.events));
    const report = funnelReport(BRANCHING, rows);
    expect(report.groups).toHaveLength(1);
    const [group] = report.groups;
    expect({ ...group, steps: undefined, moves: undefined }).toEqual({
      version: 3,
      variant: '',
      visits: 10,
      completions: 3,
      completionRate: 0.3,
      // Wilson's interval of 3 in 10 (variant-stats.test.ts works it out); one variant: no A/B comparison.
      completionInterval: { low: 0.1078, high: 0.6032 },
      neededVisits: null,
      tooFewVisits: false,
      steps: undefined,
      moves: undefined,
    });
    expect(group?.steps).toEqual([
      // W3 and W9 ended on 0; W9 spent 2 + 2 s there.
      step('0', { reached: 10, forward: 8, dropped: 2, medianSeconds: 2, completions: 3 }),
      // W9 left it Back; W4 and W10 (back from 4) ended on it; W8 and W10 spent 5 + 5 s there.
      step('1', { reached: 9, forward: 6, back: 1, dropped: 2, medianSeconds: 5, completions: 3 }),
      // Branch a only: 4 visits (W1, W5, W7, W8), so 1 of 4 dropped, not 1 of 10. Seconds 1, 5, 7, 8.
      step('2', { reached: 4, forward: 2, back: 1, dropped: 1, medianSeconds: 6, completions: 2 }),
      // Branch b: W2, W6 (no closed event, so no time), W8, W10 (4 s before the reload and 4 after).
      step('3', { reached: 4, forward: 3, dropped: 1, medianSeconds: 4, completions: 2 }),
      // W1, W2, W7, W8, W10: seconds 1, 2, 7, 8, 10.
      step('4', { reached: 5, forward: 3, back: 1, dropped: 1, medianSeconds: 7, completions: 3 }),
      // The final step: the walks that made a lead end there; nobody left it.
      step('5', { reached: 3, ended: 3, medianSeconds: null, completions: 3 }),
    ]);
    expect(group?.moves.sort((x, y) => `${x.from}${x.to}`.localeCompare(`${y.from}${y.to}`))).toEqual([
      { from: '0', to: '1', visits: 9 },
      { from: '1', to: '0', visits: 1 },
      { from: '1', to: '2', visits: 4 },
      { from: '1', to: '3', visits: 4 },
      { from: '2', to: '1', visits: 1 },
      { from: '2', to: '4', visits: 2 },
      { from: '3', to: '4', visits: 3 },
      { from: '4', to: '1', visits: 1 },
      { from: '4', to: '5', visits: 3 },
    ]);
  });

  it('takes the visits of one language (the one they started in) or of a date range', async () => {
    const walks = await tenWalks();
    const rows = walks.flatMap((w, i) => rowsOf(`w${i + 1}`, w.events));
    const es = funnelReport(BRANCHING, rows, { lang: 'es' });
    expect(es.lang).toBe('es');
    expect(es.groups[0]?.steps).toEqual([
      step('0', { reached: 2, forward: 2, medianSeconds: 2, completions: 1 }),
      step('1', { reached: 2, forward: 2, medianSeconds: 5, completions: 1 }),
      step('2', { reached: 0, medianSeconds: null, completions: 0 }),
      step('3', { reached: 2, forward: 1, dropped: 1, medianSeconds: 4, completions: 1 }),
      step('4', { reached: 1, forward: 1, medianSeconds: 2, completions: 1 }),
      step('5', { reached: 1, ended: 1, medianSeconds: null, completions: 1 }),
    ]);
    const day = Date.UTC(2026, 5, 1);
    const june = funnelReport(BRANCHING, rows, { since: day, until: day + DAY_MS });
    expect([june.since, june.until, june.groups[0]?.visits, june.groups[0]?.steps[0]]).toEqual([
      '2026-06-01',
      '2026-06-01',
      9,
      step('0', { reached: 9, forward: 8, dropped: 1, medianSeconds: 2, completions: 3 }),
    ]);
    expect(funnelReport(BRANCHING, rows, { until: day }).groups[0]?.visits).toBe(1);
  });

  it('reports each version and variant apart, newest version first, and steps a version no longer has after its own', async () => {
    const old = await new StepWalk({ ...BRANCHING, steps: { ...BRANCHING.steps, '1.5': { blocks: [] } } }, { visit: 'old', version: 2 }).open();
    // Version 2 had a step 1.5 after 1: a stored walk of it.
    const oldRows = rowsOf('old', old.events).concat([
      { visit: 'old', seq: 10, version: 2, variant: '', kind: 'left', step: '0', by: 'NEXT', lang: 'en', at: WALK_START + 1000 },
      { visit: 'old', seq: 11, version: 2, variant: '', kind: 'shown', step: '1.5', by: null, lang: 'en', at: WALK_START + 1000 },
    ]);
    const b1 = await (await new StepWalk(BRANCHING, { visit: 'b1', variant: 'b' }).open()).next(3);
    const a1 = await new StepWalk(BRANCHING, { visit: 'a1' }).open();
    const report = funnelReport(BRANCHING, [...oldRows, ...rowsOf('b1', b1.events), ...rowsOf('a1', a1.events)]);
    expect(report.groups.map((g) => [g.version, g.variant, g.visits])).toEqual([
      [3, '', 1],
      [3, 'b', 1],
      [2, '', 1],
    ]);
    expect(report.groups[2]?.steps.map((s) => [s.step, s.reached, s.dropped])).toEqual([
      ['0', 1, 0],
      ['1', 0, 0],
      ['2', 0, 0],
      ['3', 0, 0],
      ['4', 0, 0],
      ['5', 0, 0],
      ['1.5', 1, 1],
    ]);
  });
});
