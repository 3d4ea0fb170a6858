// When the law lets a person be called, from calling-hours.json: the federal floor (8am to 9pm) and each state's stricter
// rule (hours, Sundays, its own legal holidays). The file is checked against schemas/calling-hours.schema.json (ajv
// strict, as sponsor files are) and the rules no schema can state, once, when this module loads.
import Ajv2020 from 'ajv/dist/2020.js';
import Holidays from 'date-holidays';
import type { Problem } from '../../engine/check.ts';
import schema from '../../schemas/calling-hours.schema.json' with { type: 'json' };
import type { Hours } from './call-slots.ts';
import data from './calling-hours.json' with { type: 'json' };
import { weekdayOf, type Day } from './zoned-day.ts';

export type QuietDay = 'saturday' | 'sunday' | 'legal holidays';

/** Local hours a law allows calls in: from `earliest` (inclusive) up to `latest` (exclusive). */
export interface LawHours {
  earliest: number;
  latest: number;
}

export interface CallingRule extends LawHours {
  name?: string;
  saturday?: LawHours;
  sunday?: LawHours;
  quietDays: QuietDay[];
  /** The state's legal holidays date-holidays does not list, as its rules (`easter -2`). */
  extraHolidays?: { name: string; rule: string }[];
  citation: string;
  note?: string;
}

export interface CallingHoursFile {
  federal: CallingRule;
  /** By two-letter state code. */
  states: Record<string, CallingRule>;
}

const ajv = new Ajv2020({ strict: true, allErrors: true });
const validateSchema = ajv.compile<CallingHoursFile>(schema);

/** Whether date-holidays understands rule (`easter -2`, `tuesday after 1st monday in November`, `12-01`). */
const isHolidayRule = (rule: string) => new Holidays('US').setHoliday(rule, { name: 'check', type: 'public' });

/** The problems of a calling-hours file, each with its JSON pointer: the schema's, then empty days and unknown holiday rules. */
export function checkCallingHours(file: unknown): Problem[] {
  if (!validateSchema(file)) {
    return (validateSchema.errors ?? []).map((e) => ({
      pointer: e.instancePath || '/',
      message: e.keyword === 'additionalProperties' ? `unknown property "${String(e.params.additionalProperty)}"` : (e.message ?? 'is invalid'),
    }));
  }
  const problems: Problem[] = [];
  const rules: [string, CallingRule][] = [
    ['/federal', file.federal],
    ...Object.entries(file.states).map(([state, rule]): [string, CallingRule] => [`/states/${state}`, rule]),
  ];
  for (const [pointer, rule] of rules) {
    if (rule.earliest >= rule.latest) problems.push({ pointer, message: `earliest (${rule.earliest}) must come before latest (${rule.latest})` });
    for (const day of ['saturday', 'sunday'] as const) {
      const hours = rule[day];
      if (hours && hours.earliest >= hours.latest)
        problems.push({ pointer: `${pointer}/${day}`, message: `earliest (${hours.earliest}) must come before latest (${hours.latest})` });
      if (hours && rule.quietDays.includes(day)) problems.push({ pointer: `${pointer}/${day}`, message: `has hours on a quiet day` });
    }
    if (rule.extraHolidays && !rule.quietDays.includes('legal holidays')) {
      problems.push({ pointer: `${pointer}/extraHolidays`, message: 'counts only with the quiet day "legal holidays"' });
    }
    for (const [i, { rule: holiday }] of (rule.extraHolidays ?? []).entries()) {
      if (!isHolidayRule(holiday)) problems.push({ pointer: `${pointer}/extraHolidays/${i}/rule`, message: `"${holiday}" is not a date-holidays rule` });
    }
  }
  return problems;
}

function loadCallingHours(file: unknown): CallingHoursFile {
  const problems = checkCallingHours(file);
  if (problems.length > 0) throw new Error(`calling-hours.json: ${problems.map((p) => `${p.pointer}: ${p.message}`).join('; ')}`);
  return file as CallingHoursFile;
}

/** The calling-hours rules in force (server/call-times/calling-hours.json). */
export const CALLING_HOURS: CallingHoursFile = loadCallingHours(data);

/** The rule of a state of its own (two-letter code, any case), if it has one. */
export const stateRule = (state: string): CallingRule | undefined => CALLING_HOURS.states[state.trim().toUpperCase()];

const stateCalendars = new Map<string, Holidays>();
const holidaysByYear = new Map<string, Set<Day>>();

/** A state's legal holidays in a year: date-holidays' public holidays of US-<state> and the file's extra ones, observed days included. */
function legalHolidays(state: string, rule: CallingRule, year: number): Set<Day> {
  const key = `${state} ${year}`;
  let days = holidaysByYear.get(key);
  if (!days) {
    let calendar = stateCalendars.get(state);
    if (!calendar) {
      calendar = new Holidays('US', state, { types: ['public'] });
      for (const { name, rule: holiday } of rule.extraHolidays ?? []) calendar.setHoliday(holiday, { name, type: 'public' });
      stateCalendars.set(state, calendar);
    }
    days = new Set<Day>();
    // Next year's holidays too: New Year's Day on a Saturday is observed on this year's December 31.
    for (const y of [year, year + 1]) for (const h of calendar.getHolidays(y)) if (h.date.startsWith(String(year))) days.add(h.date.slice(0, 10));
    holidaysByYear.set(key, days);
  }
  return days;
}

/** The hours of rule on day, or undefined when rule allows no call that day. */
function ruleHoursOn(state: string | undefined, rule: CallingRule, day: Day): LawHours | undefined {
  const weekday = weekdayOf(day);
  if (weekday === 0 && rule.quietDays.includes('sunday')) return undefined;
  if (weekday === 6 && rule.quietDays.includes('saturday')) return undefined;
  if (state && rule.quietDays.includes('legal holidays') && legalHolidays(state, rule, Number(day.slice(0, 4))).has(day)) return undefined;
  return (weekday === 6 && rule.saturday) || (weekday === 0 && rule.sunday) || rule;
}

/**
 * The local hours calls are allowed in on day (the called person's calendar day) under every rule that may hold for
 * them: the federal floor and the rule of each of states (their ZIP's and the one they named; codes without a rule of
 * their own add nothing). Undefined when one of them allows no call that day.
 */
export function callingHoursOn(day: Day, states: readonly (string | null | undefined)[] = []): Hours | undefined {
  const rules: [string | undefined, CallingRule][] = [[undefined, CALLING_HOURS.federal]];
  for (const state of states) {
    const code = state?.trim().toUpperCase();
    const rule = code ? CALLING_HOURS.states[code] : undefined;
    if (code && rule) rules.push([code, rule]);
  }
  let from = 0;
  let to = 24;
  for (const [state, rule] of rules) {
    const hours = ruleHoursOn(state, rule, day);
    if (!hours) return undefined;
    from = Math.max(from, hours.earliest);
    to = Math.min(to, hours.latest);
  }
  return from < to ? { from, to } : undefined;
}
