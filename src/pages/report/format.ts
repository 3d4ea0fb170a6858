// How a report's values read: its local date and time as the agency wrote them, and a driver's place of residence.
import type { ReportDriver } from '../../api/reports.ts';

/** The calendar words and patterns of a language (report:screen.calendar). */
export interface Calendar {
  weekdays: string[];
  months: string[];
  /** "{{weekday}}, {{month}} {{day}}, {{year}}". */
  date: (values: Record<string, string | number>) => string;
  /** "{{hour12}}:{{minute}} {{ampm}}" or "{{hour}}:{{minute}}". */
  time: (values: Record<string, string | number>) => string;
  am: string;
  pm: string;
}

/**
 * "Friday, November 20, 2026" and "5:30 PM" of "2026-11-20T17:30:00-06:00": the local time where it happened, in
 * words from the catalogue. (Not Intl.DateTimeFormat: its first use in a page takes ~150 ms of a 4x-slowed phone.)
 */
export function localDateTime(occurredAt: string, calendar: Calendar): { date: string; time: string } | undefined {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(occurredAt);
  if (!parts) return undefined;
  const [, year, month, day, hour, minute] = parts.map(Number) as [number, number, number, number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return {
    date: calendar.date({ weekday: calendar.weekdays[weekday] ?? '', month: calendar.months[month - 1] ?? '', day, year }),
    time: calendar.time({ hour, hour12: hour % 12 || 12, minute: String(minute).padStart(2, '0'), ampm: hour < 12 ? calendar.am : calendar.pm }),
  };
}

/** "Austin, TX 78701". */
export function placeLine(place: { city: string; state: string; zip?: string | null }): string {
  return `${place.city}, ${place.state.toUpperCase()}${place.zip ? ` ${place.zip}` : ''}`;
}

export function driverName(driver: ReportDriver): string {
  return `${driver.firstName} ${driver.lastName}`;
}
