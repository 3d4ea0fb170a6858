// The funnel report compares an A/B test's arms: each arm's completion rate with its 95% Wilson interval, worked out by
// hand here, and a sample-size warning while an arm has fewer visits than Lehr's rule asks for; in the JSON and the CLI.
import { describe, expect, it } from 'vitest';
import { reportText } from '../../server/analytics/cli/funnel-report.ts';
import { funnelReport, type EventRow } from '../../server/analytics/funnel-report.ts';
import { neededVisits, wilsonInterval } from '../../server/analytics/variant-stats.ts';
import { loadFlow } from '../testing/flows.ts';

const calculator = loadFlow('calculator');
const AT = Date.UTC(2026, 5, 1, 12);

/** `visits` visits of an arm that were shown the first step, the first `completed` of them completing. */
function armRows(variant: string, visits: number, completed: number, version = 1): EventRow[] {
  return Array.from({ length: visits }, (_, i): EventRow[] => {
    const visit = `${variant}-${version}-${i}`;
    const shown: EventRow = { visit, seq: 0, version, variant, kind: 'shown', step: '0', by: null, lang: 'en', at: AT };
    return i < completed ? [shown, { ...shown, seq: 1, kind: 'completed', step: null }] : [shown];
  }).flat();
}

/** z of a two-sided 95% interval. Wilson's: (p + z²/2n ± z √(p(1-p)/n + z²/4n²)) / (1 + z²/n). */
const Z = 1.959964;

describe("the comparison of an A/B test's arms", () => {
  it("gives Wilson's 95% interval as computed by hand", () => {
    // 3 in 10: p = 0.3, z² = 3.84146; centre (0.3 + 0.19207) / 1.38415 = 0.35551, half 1.41601 × √(0.021 + 0.0096037) = 0.24772.
    const threeInTen = wilsonInterval(3, 10);
    expect(threeInTen?.low).toBeCloseTo(0.10779, 4);
    expect(threeInTen?.high).toBeCloseTo(0.60323, 4);
    // 50 in 100: centre 0.5, half 1.88746 × √(0.0025 + 0.00009604) = 0.09617.
    expect(wilsonInterval(50, 100)?.low).toBeCloseTo(0.40383, 4);
    expect(wilsonInterval(50, 100)?.high).toBeCloseTo(0.59617, 4);
    // None in 20: from 0 to z² / (n + z²) = 3.84146 / 23.84146.
    expect(wilsonInterval(0, 20)?.low).toBe(0);
    expect(wilsonInterval(0, 20)?.high).toBeCloseTo(Z ** 2 / (20 + Z ** 2), 6);
    expect(wilsonInterval(0, 0)).toBeNull();
  });

  it('asks each arm for the visits that tell a 5-point difference (Lehr: 16 p(1-p) / 0.05²)', () => {
    expect(neededVisits(18, 60)).toBe(1344); // p = 0.3: 16 × 0.21 / 0.0025
    expect(neededVisits(100, 1000)).toBe(576); // p = 0.1: 16 × 0.09 / 0.0025
    expect(neededVisits(0, 40)).toBe(304); // p(1-p) taken as 0.05 × 0.95: 16 × 0.0475 / 0.0025
  });

  it('reports both arms of a version, each with its rate, interval and warning; a version without a test has none', () => {
    const rows = [...armRows('a', 30, 6), ...armRows('b', 30, 12), ...armRows('', 10, 3, 0)];
    const report = funnelReport(calculator, rows);
    const summary = report.groups.map(({ steps: _s, moves: _m, ...group }) => group);
    // a: 6 in 30, p = 0.2, z²/n = 0.12805: centre 0.26402 / 1.12805 = 0.23405, half 1.73748 × √(0.0053333 + 0.0010671)
    // = 0.13900. b: 12 in 30 the same way. Together 18 in 60 (0.3), so each arm needs 1,344 visits.
    expect(summary).toEqual([
      {
        version: 1,
        variant: 'a',
        visits: 30,
        completions: 6,
        completionRate: 0.2,
        completionInterval: { low: 0.0951, high: 0.3731 },
        neededVisits: 1344,
        tooFewVisits: true,
      },
      {
        version: 1,
        variant: 'b',
        visits: 30,
        completions: 12,
        completionRate: 0.4,
        completionInterval: { low: 0.2459, high: 0.5768 },
        neededVisits: 1344,
        tooFewVisits: true,
      },
      {
        version: 0,
        variant: '',
        visits: 10,
        completions: 3,
        completionRate: 0.3,
        completionInterval: { low: 0.1078, high: 0.6032 },
        neededVisits: null,
        tooFewVisits: false,
      },
    ]);
    const text = reportText(report).split('\n');
    expect(text).toContain(
      'calculator version 1, variant a: 30 visits, 6 completed (20.0%, 95% CI 9.5% to 37.3%), from the first day to today (UTC), all languages',
    );
    expect(text).toContain(
      'calculator version 1, variant b: 30 visits, 12 completed (40.0%, 95% CI 24.6% to 57.7%), from the first day to today (UTC), all languages',
    );
    expect(text.filter((line) => line.startsWith('warning:'))).toEqual([
      'warning: too few visits to compare variants: 30 of the 1344 each needs to tell a 5-point difference in completion rate (80% power, 5% level)',
      'warning: too few visits to compare variants: 30 of the 1344 each needs to tell a 5-point difference in completion rate (80% power, 5% level)',
    ]);
    expect(text).toContain('calculator version 0: 10 visits, 3 completed (30.0%), from the first day to today (UTC), all languages');
  });

  it('warns no more once every arm has the visits it needs', () => {
    // 150 in 1,500 each (p = 0.1 together): 576 needed.
    const report = funnelReport(calculator, [...armRows('a', 1500, 150), ...armRows('b', 1500, 150)]);
    expect(report.groups.map((g) => [g.variant, g.neededVisits, g.tooFewVisits])).toEqual([
      ['a', 576, false],
      ['b', 576, false],
    ]);
  });
});
