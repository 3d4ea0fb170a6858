// Pure date arithmetic for the date wheel: YYYY-MM-DD <-> year/month/day, month lengths, and keeping a date in range.

export type DateParts = { year: number; month: number; day: number };

/** The earliest date the fields offer when no min is given (the vehicle-year floor of §5). */
export const DEFAULT_MIN_DATE = '1900-01-01';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatDate({ year, month, day }: DateParts): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The parts of a real calendar date written YYYY-MM-DD, or null. */
export function parseDate(value: string): DateParts | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (parts.month < 1 || parts.month > 12 || parts.day < 1 || parts.day > daysInMonth(parts.year, parts.month)) return null;
  return parts;
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** The years, months and days a wheel may offer for `parts`, so that nothing before min or after max can be chosen. */
export function columnsFor(parts: DateParts, min: DateParts, max: DateParts) {
  const months = range(parts.year === min.year ? min.month : 1, parts.year === max.year ? max.month : 12);
  const firstDay = parts.year === min.year && parts.month === min.month ? min.day : 1;
  const lastDay = parts.year === max.year && parts.month === max.month ? max.day : daysInMonth(parts.year, parts.month);
  return { years: range(min.year, max.year), months, days: range(firstDay, lastDay) };
}

/** The nearest date to `parts` between min and max: the year, then the month, then the day are pulled into range. */
export function clampParts(parts: DateParts, min: DateParts, max: DateParts): DateParts {
  const year = clamp(parts.year, min.year, max.year);
  const { months } = columnsFor({ year, month: 1, day: 1 }, min, max);
  const month = clamp(parts.month, months[0] ?? 1, months[months.length - 1] ?? 12);
  const { days } = columnsFor({ year, month, day: 1 }, min, max);
  const day = clamp(parts.day, days[0] ?? 1, days[days.length - 1] ?? 1);
  return { year, month, day };
}

/** Abbreviated month names in a language ("Jan", "ene"), index 0 = January. */
export function monthNames(lng: string): string[] {
  const format = new Intl.DateTimeFormat(lng, { month: 'short', timeZone: 'UTC' });
  return range(0, 11).map((m) => format.format(new Date(Date.UTC(2000, m, 1))));
}

/** One formatter per language: making one costs far more than formatting with it, and a date field draws on every tap. */
const mediumDates = new Map<string, Intl.DateTimeFormat>();

/** A YYYY-MM-DD date for people, in a language ("Mar 5, 2024", "5 mar 2024"). */
export function displayDate(value: string, lng: string): string | null {
  const parts = parseDate(value);
  if (!parts) return null;
  let format = mediumDates.get(lng);
  if (!format) mediumDates.set(lng, (format = new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeZone: 'UTC' })));
  return format.format(new Date(Date.UTC(parts.year, parts.month - 1, parts.day)));
}
