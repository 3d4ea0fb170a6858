// How a report's values read: its local date and time as the agency wrote them, and a driver's place of residence.
import type { ReportDriver } from '../../api/reports.ts';

const formatters = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formattersOf(language: string) {
  let found = formatters.get(language);
  if (!found) {
    // The wall-clock time of the place, read as UTC and printed as UTC: no time zone of the visitor's shifts it.
    found = {
      date: new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }),
      time: new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone: 'UTC' }),
    };
    formatters.set(language, found);
  }
  return found;
}

/** "Friday, November 20, 2026" and "5:30 PM" of "2026-11-20T17:30:00-06:00", the local time where it happened. */
export function localDateTime(occurredAt: string, language: string): { date: string; time: string } | undefined {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(occurredAt);
  if (!parts) return undefined;
  const [, y, mo, d, h, mi] = parts.map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi));
  const { date, time } = formattersOf(language);
  return { date: date.format(at), time: time.format(at) };
}

/** "Austin, TX 78701". */
export function placeLine(place: { city: string; state: string; zip?: string | null }): string {
  return `${place.city}, ${place.state.toUpperCase()}${place.zip ? ` ${place.zip}` : ''}`;
}

export function driverName(driver: ReportDriver): string {
  return `${driver.firstName} ${driver.lastName}`;
}
