// The claim estimate (issue 36): facts/estimate.json's steps, JSON Logic each, evaluated in order over the answers, the
// state's facts and the rules' tables, every step's value visible to the steps after it; the reasons whose `when` holds
// are the lines that explain the result. Pure: the widget formats and translates what this returns.
import amountRanges from '../facts/amount-ranges.json' with { type: 'json' };
import { evaluate } from './logic.ts';
import type { StateFacts } from './state-facts.ts';
import type { Logic } from './types.ts';

/** How a reason's value is shown: a dollar amount, a state's name, a percent, a period ("2 years"), or a number. */
export const VALUE_KINDS = ['money', 'state', 'percent', 'period', 'number'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

export interface EstimateReason {
  /** Where the line is shown: under the range, beside it on insurance, or on the deadline. */
  group: 'range' | 'insurance' | 'deadline';
  /** Copy key of the line (the estimate namespace). */
  key: string;
  /** When the line applies (JSON Logic); always when absent. */
  when?: Logic;
  /** A line that warns (a deadline near or past). */
  tone?: 'warning';
  /** The line's values, each JSON Logic under the kind it is shown as. */
  values?: Record<string, Partial<Record<ValueKind, Logic>>>;
}

export interface EstimateRules {
  description: string;
  tables: Record<string, unknown>;
  steps: { name: string; value: Logic; reasons?: EstimateReason[] }[];
}

export interface EstimateInput {
  answers: Record<string, unknown>;
  /** The crash's state, a postal code. */
  state: string;
  facts: StateFacts;
  /** The crash's date, YYYY-MM-DD, if known. */
  crashDate?: unknown;
  /** Today, YYYY-MM-DD (the person's calendar day). */
  today: string;
}

export interface ShownReason {
  group: EstimateReason['group'];
  key: string;
  tone?: 'warning';
  values: Record<string, { kind: ValueKind; value: unknown }>;
}

export interface Estimate {
  /** Each step's value by name. */
  steps: Record<string, unknown>;
  /** The range in dollars, rounded to plain figures (low down, high up). */
  low: number;
  high: number;
  /** Days left to file an injury claim (negative once passed), or null without the crash's date. */
  daysLeft: number | null;
  reasons: ShownReason[];
}

const DAY = 86_400_000;

/** The ranges a person can pick for an amount, by the value its answer stores: [low, high] dollars. */
export const AMOUNT_RANGES: Record<string, number[]> = amountRanges.ranges;

/** A YYYY-MM-DD date as a day number (days since 1970-01-01), or null for anything else. */
export function dayNumber(date: unknown): number | null {
  const match = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY : null;
}

/** A dollar amount as a plain figure: to $500 under $10,000, to $1,000 under $100,000, else to $5,000. */
export function plainFigure(amount: number, direction: 'down' | 'up'): number {
  const step = amount < 10_000 ? 500 : amount < 100_000 ? 1_000 : 5_000;
  const round = direction === 'down' ? Math.floor : Math.ceil;
  return round(amount / step) * step;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The rules' steps over the input: no clock is read (today is given). */
export function runEstimate(rules: EstimateRules, input: EstimateInput): Estimate {
  const steps: Record<string, unknown> = {};
  const data = {
    answers: input.answers,
    state: input.state,
    facts: input.facts,
    tables: { ...rules.tables, amounts: AMOUNT_RANGES },
    today: dayNumber(input.today),
    crashDay: dayNumber(input.crashDate),
    steps,
  };
  const clock = () => Date.parse(input.today);
  const reasons: ShownReason[] = [];
  for (const step of rules.steps) {
    steps[step.name] = evaluate(step.value, data, clock);
    for (const reason of step.reasons ?? []) {
      if (reason.when !== undefined && !evaluate({ '!!': [reason.when] }, data, clock)) continue;
      const values: ShownReason['values'] = {};
      for (const [name, spec] of Object.entries(reason.values ?? {})) {
        const kind = VALUE_KINDS.find((k) => k in spec) as ValueKind;
        values[name] = { kind, value: evaluate(spec[kind], data, clock) };
      }
      reasons.push({ group: reason.group, key: reason.key, ...(reason.tone ? { tone: reason.tone } : {}), values });
    }
  }
  const range = Array.isArray(steps.range) ? steps.range : [];
  const [low, high] = [range[0], range[1]].map((n) => (isNumber(n) ? Math.max(0, n) : 0)) as [number, number];
  return {
    steps,
    low: plainFigure(low, 'down'),
    high: plainFigure(high, 'up'),
    daysLeft: isNumber(steps.daysLeft) ? steps.daysLeft : null,
    reasons,
  };
}
