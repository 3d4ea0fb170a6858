// The find-my-report funnel replayed: intro, the locating step (its guard lets only a complete way through), then the
// search hand-off; Back from the locating step clears what the spec says; no effect, no lead.
import { describe, expect, it } from 'vitest';
import { replay } from '../../engine/replay.ts';
import { BACK, NEXT, answer, austin, goodVin, loadFlow, screenOf } from '../testing/flows.ts';

const flow = loadFlow('find-my-report');

describe('find-my-report flow', () => {
  it.each([
    ['a VIN', { locateBy: 'vin', vin: goodVin, date: '2026-03-14', place: austin }],
    ['a case ID', { locateBy: 'case', caseID: 'TX-2026-0042', date: '2026-03-14', place: austin }],
    ['a map pin', { locateBy: 'map', location: { lat: 30.27, lng: -97.74 }, vehicleMake: 'FORD', vehicleYear: 2019, date: '2026-03-14' }],
  ])('goes 0 → 1.75 → 2 (the search) with %s, and makes no request', async (_what, locating) => {
    const run = await replay(flow, [NEXT, answer(locating), NEXT]);
    expect(run.steps).toEqual(['0', '1.75', '2']);
    expect(screenOf(flow, run).widgets).toEqual(['report-search']);
    expect(run.calls).toEqual([]);
  });

  it('stays on the locating step until one way is complete', async () => {
    for (const partial of [{ locateBy: 'vin', vin: goodVin, place: austin }, { locateBy: 'case', caseID: ' ', date: '2026-03-14', place: austin }, { locateBy: 'map', location: { lat: 1, lng: 2 }, vehicleMake: 'FORD', date: '2026-03-14' }]) {
      expect((await replay(flow, [NEXT, answer(partial), NEXT])).step).toBe('1.75');
    }
  });

  it('comes back to a filled-in wizard from the search, and Back from the wizard clears the city, VIN, case ID and date', async () => {
    const locating = { locateBy: 'vin', vin: goodVin, date: '2026-03-14', place: austin };
    const back = await replay(flow, [NEXT, answer(locating), NEXT, BACK]);
    expect(back.step).toBe('1.75');
    expect(back.context.answers).toMatchObject(locating);
    const out = await replay(flow, [NEXT, answer(locating), BACK]);
    expect(out.step).toBe('0');
    expect(out.context.answers).toMatchObject({ vin: '', caseID: '', date: '', place: null });
  });
});
