// The estimate's rules (facts/estimate.json) on examples computed by hand: each fault rule, a no-fault state below and
// above its threshold, at fault where contributory negligence bars an award, and the deadline left, near and past.
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import schema from '../../schemas/estimate.schema.json' with { type: 'json' };
import rules from '../../facts/estimate.json' with { type: 'json' };
import { plainFigure, runEstimate, type EstimateRules } from '../../engine/estimate.ts';
import { factsOf } from '../../engine/state-facts.ts';
import { MEDIUM_ANSWERS } from '../testing/estimate-answers.ts';

const TODAY = '2026-11-30';

function estimate(state: string, answers: Record<string, unknown> = {}, crashDate?: string) {
  return runEstimate(rules as EstimateRules, { state, facts: factsOf(state)!, answers: { ...MEDIUM_ANSWERS, ...answers }, crashDate, today: TODAY });
}
const keys = (result: ReturnType<typeof estimate>, group = 'range') => result.reasons.filter((r) => r.group === group).map((r) => r.key);
const value = (result: ReturnType<typeof estimate>, key: string, name: string) => result.reasons.find((r) => r.key === key)?.values[name]?.value;

describe('the claim estimate', () => {
  it('is data its schema accepts, and the schema refuses a reason without its copy key', () => {
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
    expect(validate(rules), JSON.stringify(validate.errors)).toBe(true);
    const broken = structuredClone(rules) as { steps: { reasons?: { key?: string }[] }[] };
    delete broken.steps[0]?.reasons?.[0]?.key;
    expect(validate(broken)).toBe(false);
  });

  it('adds economic damages and pain and suffering at the multiplier of the injury degree', () => {
    // $7,000 × (1 + 2) = $21,000 to $30,000 × (1 + 3.5) = $135,000, nothing off when not at fault.
    const result = estimate('TX');
    expect(result.steps.economic).toEqual([7_000, 30_000]);
    expect(result.steps.multiplier).toEqual([2, 3.5]);
    expect([result.low, result.high]).toEqual([21_000, 135_000]);
    expect(keys(result)).toEqual([
      'estimate:reasons.medicalPaid.chosen',
      'estimate:reasons.medicalFuture.chosen',
      'estimate:reasons.lostIncome.chosen',
      'estimate:reasons.multiplier',
      'estimate:reasons.gross',
      'estimate:reasons.fault.modified51',
      'estimate:reasons.share.none',
    ]);
    expect(value(result, 'estimate:reasons.fault.modified51', 'state')).toBe('TX');
  });

  it('uses the typical amounts for the Low, Medium or High answers when no amount was picked', () => {
    // $2,500 + $1,000 + $1,000 = $4,500 × 3 = $13,500 → $13,000; $10,000 + $10,000 + $5,000 = $25,000 × 4.5 = $112,500 → $115,000.
    const result = estimate('CA', { medicalPaid: null, medicalFuture: null, lostIncome: null });
    expect([result.low, result.high]).toEqual([13_000, 115_000]);
    expect(keys(result).slice(0, 3)).toEqual([
      'estimate:reasons.medicalPaid.typical',
      'estimate:reasons.medicalFuture.typical',
      'estimate:reasons.lostIncome.typical',
    ]);
    // High injuries: $10,000 + $1,000 + $1,000 = $12,000 × 4.5 = $54,000; $50,000 + $10,000 + $5,000 = $65,000 × 6 = $390,000.
    const high = estimate('CA', { injuries: 2, medicalPaid: null, medicalFuture: null, lostIncome: null });
    expect([high.low, high.high]).toEqual([54_000, 390_000]);
  });

  it('reduces by the share of fault under pure comparative negligence, however large (California)', () => {
    // 25% kept of $21,000 = $5,250 → $5,000; of $135,000 = $33,750 → $34,000.
    const result = estimate('CA', { fault: true, faultShare: 75 });
    expect([result.low, result.high]).toEqual([5_000, 34_000]);
    expect(keys(result)).toContain('estimate:reasons.fault.pure');
    expect(value(result, 'estimate:reasons.share.reduced', 'share')).toBe(75);
  });

  it('bars an award above 50% under the 51% rule, and reduces it at 50% (Texas)', () => {
    // Half of $21,000 = $10,500 → $10,000; half of $135,000 = $67,500 → $68,000.
    expect([estimate('TX', { fault: true, faultShare: 50 }).low, estimate('TX', { fault: true, faultShare: 50 }).high]).toEqual([10_000, 68_000]);
    const barred = estimate('TX', { fault: true, faultShare: 75 });
    expect([barred.low, barred.high]).toEqual([0, 0]);
    expect(keys(barred)).toContain('estimate:reasons.share.barred');
  });

  it('bars an award at 50% or more under the 50% rule (Colorado)', () => {
    expect([estimate('CO', { fault: true, faultShare: 50 }).low, estimate('CO', { fault: true, faultShare: 50 }).high]).toEqual([0, 0]);
    // 75% kept: $15,750 → $15,000; $101,250 → $105,000.
    const reduced = estimate('CO', { fault: true, faultShare: 25 });
    expect([reduced.low, reduced.high]).toEqual([15_000, 105_000]);
    expect(keys(reduced)).toContain('estimate:reasons.fault.modified50');
  });

  it('bars any award when the person was at fault at all under contributory negligence (Maryland)', () => {
    const result = estimate('MD', { fault: true, faultShare: 10 });
    expect([result.low, result.high]).toEqual([0, 0]);
    expect(keys(result)).toEqual(expect.arrayContaining(['estimate:reasons.fault.contributory', 'estimate:reasons.share.barred']));
    // Not at fault, nothing is taken off.
    expect([estimate('MD').low, estimate('MD').high]).toEqual([21_000, 135_000]);
  });

  it('assumes half the fault when the person said they were at fault without a share', () => {
    const result = estimate('CA', { fault: true });
    expect(result.steps.share).toBe(50);
    expect(keys(result)).toContain('estimate:reasons.share.assumed');
  });

  it('gives a range from $0 in South Dakota, where some fault may bar an award', () => {
    // 75% kept of $135,000 = $101,250 → $105,000.
    const result = estimate('SD', { fault: true, faultShare: 25 });
    expect([result.low, result.high]).toEqual([0, 105_000]);
    expect(keys(result)).toContain('estimate:reasons.share.maybe');
  });

  it('counts only the costs below a no-fault threshold, and adds pain and suffering above it (New York, verbal)', () => {
    const below = estimate('NY');
    expect(below.steps.belowThreshold).toBe(true);
    expect([below.low, below.high]).toEqual([7_000, 30_000]);
    expect(keys(below)).toEqual(expect.arrayContaining(['estimate:reasons.noFault.verbal', 'estimate:reasons.noFault.below']));
    expect(keys(below)).not.toContain('estimate:reasons.gross');
    // A serious injury is above it: $7,000 × 4.5 = $31,500 → $31,000; $30,000 × 6 = $180,000.
    const above = estimate('NY', { injuries: 2 });
    expect(above.steps.belowThreshold).toBe(false);
    expect([above.low, above.high]).toEqual([31_000, 180_000]);
    expect(keys(above)).toContain('estimate:reasons.noFault.above');
  });

  it('compares the medical costs with a monetary no-fault threshold (Minnesota, $4,000)', () => {
    // $1,000 + $1,000 of medical costs at the low end is below $4,000: the costs only, $3,000 to $15,000, fault or not.
    const below = estimate('MN', { medicalPaid: '1k-5k', fault: true, faultShare: 75 });
    expect([below.low, below.high]).toEqual([3_000, 15_000]);
    expect(value(below, 'estimate:reasons.noFault.monetary', 'amount')).toBe(4_000);
    expect(keys(below)).toContain('estimate:reasons.share.noFault');
    // $5,000 + $1,000 reaches it: the 51% rule then applies as in Texas.
    const above = estimate('MN');
    expect([above.low, above.high]).toEqual([21_000, 135_000]);
  });

  it('counts the days left to file, and warns when they are few or gone', () => {
    // Texas, 2 years: 1 March 2026 + 730 days is 1 March 2028, 456 days after 30 November 2026.
    const left = estimate('TX', {}, '2026-03-01');
    expect(left.daysLeft).toBe(456);
    expect(left.reasons.find((r) => r.group === 'deadline')).toMatchObject({ key: 'estimate:deadline.left', values: { days: { value: 456 } } });
    // Tennessee, 1 year: from 15 January 2026, 46 days left; from 1 November 2025, passed 29 days ago.
    expect(estimate('TN', {}, '2026-01-15').reasons.find((r) => r.group === 'deadline')).toMatchObject({
      key: 'estimate:deadline.near',
      tone: 'warning',
      values: { days: { value: 46 } },
    });
    const past = estimate('TN', {}, '2025-11-01');
    expect(past.daysLeft).toBe(-29);
    expect(past.reasons.find((r) => r.group === 'deadline')).toMatchObject({ key: 'estimate:deadline.past', tone: 'warning', values: { days: { value: 29 } } });
    // Without a date, the period alone; with a government's shorter deadline, that too.
    expect(keys(estimate('TX'), 'deadline')).toEqual(['estimate:deadline.noDate', 'estimate:deadline.government']);
    expect(value(estimate('TX'), 'estimate:deadline.government', 'period')).toMatchObject({ months: 6 });
    expect(keys(estimate('WA'), 'deadline')).toEqual(['estimate:deadline.noDate']);
  });

  it("names the other driver's minimum insurance, or that the state requires none for injuries (Florida)", () => {
    expect(estimate('TX').reasons.find((r) => r.group === 'insurance')).toMatchObject({
      key: 'estimate:insurance.minimum',
      values: { perPerson: { kind: 'money', value: 30_000 }, perCrash: { value: 60_000 }, property: { value: 25_000 } },
    });
    expect(keys(estimate('FL'), 'insurance')).toEqual(['estimate:insurance.none']);
  });

  it('rounds to plain figures: $500 under $10,000, $1,000 under $100,000, else $5,000', () => {
    expect([plainFigure(5_250, 'down'), plainFigure(5_250, 'up')]).toEqual([5_000, 5_500]);
    expect([plainFigure(33_750, 'down'), plainFigure(33_750, 'up')]).toEqual([33_000, 34_000]);
    expect([plainFigure(101_250, 'down'), plainFigure(101_250, 'up')]).toEqual([100_000, 105_000]);
  });
});
