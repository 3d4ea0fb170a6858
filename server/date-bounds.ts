// The days a date of the API may name: from 1900-01-01 (no accident, report or visit is older, and PostgreSQL has no
// year 0) to today a year on, "today" being the date in the latest time zone (UTC+14), so no visitor's today is refused.
// A day outside them is a 400 naming the parameter, never a 500 from the database or a search of no meaning.

/** The earliest day a date parameter may name. */
export const EARLIEST_DAY = '1900-01-01';

/** The latest time zone (UTC+14): its date is the latest date anywhere on earth. */
const LATEST_OFFSET_MS = 14 * 3_600_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today's date somewhere on earth at `now` (ms): the latest one, YYYY-MM-DD. */
export const todayAnywhere = (now: number): string => isoDay(now + LATEST_OFFSET_MS);

/** The latest day a date parameter may name at `now` (ms): today (anywhere on earth) a year on. */
export function latestDay(now: number): string {
  const today = new Date(now + LATEST_OFFSET_MS);
  return isoDay(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth(), today.getUTCDate()));
}

/** What is wrong with a day of the calendar the API was given, if anything: "must be a date from 1900-01-01 to …". */
export function dayOutOfRange(day: string, now: number): string | undefined {
  const latest = latestDay(now);
  return day < EARLIEST_DAY || day > latest ? `must be a date from ${EARLIEST_DAY} to ${latest} (a year from today)` : undefined;
}
