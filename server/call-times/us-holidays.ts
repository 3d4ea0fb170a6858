// US public holidays (federal, with their observed weekdays) from the date-holidays package, as calendar days.
import Holidays from 'date-holidays';
import type { Day } from './zoned-day.ts';

const holidays = new Holidays('US', { types: ['public'] });
const byYear = new Map<number, Set<Day>>();

/** The public holidays of a year, and the observed days of the next year's that fall in it (New Year's Day on a Saturday). */
function daysOf(year: number): Set<Day> {
  let days = byYear.get(year);
  if (!days) {
    days = new Set<Day>();
    for (const y of [year, year + 1]) {
      for (const h of holidays.getHolidays(y)) if (h.date.startsWith(String(year))) days.add(h.date.slice(0, 10));
    }
    byYear.set(year, days);
  }
  return days;
}

/** Whether day is a US public holiday or the weekday one is observed on (Independence Day 2026: Friday July 3). */
export const isUsPublicHoliday = (day: Day): boolean => daysOf(Number(day.slice(0, 4))).has(day);
