// How search results read: the day and time where the accident happened, days of a search, vehicles and distances.
import { makeLabel, type MakeCategoryKey } from '../../../engine/vehicle-make.ts';
import { dateTimeFormat } from '../../../engine/languages.ts';

interface Formats {
  when: Intl.DateTimeFormat;
  day: Intl.DateTimeFormat;
  date: Intl.DateTimeFormat;
  dateYear: Intl.DateTimeFormat;
  list: Intl.ListFormat;
  miles: Intl.NumberFormat;
}

const byLanguage = new Map<string, Formats>();

function formats(language: string): Formats {
  let found = byLanguage.get(language);
  if (!found) {
    // Wall-clock values read as UTC and printed as UTC: the visitor's own time zone never shifts them.
    found = {
      when: dateTimeFormat(language, {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'UTC',
      }),
      day: dateTimeFormat(language, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
      date: dateTimeFormat(language, { month: 'long', day: 'numeric', timeZone: 'UTC' }),
      dateYear: dateTimeFormat(language, { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
      list: new Intl.ListFormat(language, { type: 'conjunction' }),
      miles: new Intl.NumberFormat(language, { maximumFractionDigits: 1 }),
    };
    byLanguage.set(language, found);
  }
  return found;
}

/** "Sat, Mar 14, 2026, 5:42 PM" of "2026-03-14T17:42:00-05:00": the local time where it happened, as the feed wrote it. */
export function formatWhen(occurredAt: string, language: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(occurredAt);
  if (!parts) return occurredAt;
  const [, y, mo, d, h, mi] = parts.map(Number) as [number, number, number, number, number, number];
  return formats(language).when.format(new Date(Date.UTC(y, mo - 1, d, h, mi)));
}

const dayOf = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/**
 * "Mar 11 – 17, 2026" (English), "11–17 mar 2026" (Spanish): a range of days as short as the language writes it, with
 * plain spaces about its dash as browsers write them (Node's ICU writes thin ones: a page the server drew would read
 * otherwise than the app taking it over).
 */
export const formatDays = (from: string, to: string, language: string) => formats(language).day.formatRange(dayOf(from), dayOf(to)).replaceAll('\u2009', ' ');

/**
 * "November 7" (English), "7 de noviembre" (Spanish): the local day of "2026-11-07T17:42:00-06:00" as a sentence names
 * it, with its year when that is not `year` ("October 1, 2025").
 */
export function formatDate(occurredAt: string, language: string, year: number): string {
  const day = occurredAt.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return occurredAt;
  const f = formats(language);
  return (Number(day.slice(0, 4)) === year ? f.date : f.dateYear).format(dayOf(day));
}

/** "A, B and C" as the language joins them. */
export const formatList = (items: string[], language: string) => formats(language).list.format(items);

export const formatMiles = (miles: number, language: string) => formats(language).miles.format(miles);

/** "2019 Ford F-150", as far as the report says (a search's result, or a report's vehicle). */
export const vehicleText = (vehicle: { make: string; model?: string | null; year?: number | null }, t: (key: MakeCategoryKey) => string) =>
  [vehicle.year, makeLabel(vehicle.make, t), vehicle.model].filter((part) => part !== null && part !== undefined && part !== '').join(' ');
