// The rules of a report search that the results page (widgets/report-search/search-query.ts) and the API
// (server/reports/search-query.ts) both apply (§3, §9): the radius and the days a search covers when it does not say,
// the years an approximate year match covers, and which years and points a search may name. Dates are YYYY-MM-DD, moved
// by calendar arithmetic with no time zone; "today" is the caller's (the visitor's on the page, the latest on earth in
// the API). A real calendar date is validators.ts's isCalendarDate.

/** §3, §9: a place search reaches 5 or 10 miles. */
export type Radius = 5 | 10;
export const DEFAULT_RADIUS: Radius = 10;
/** §3: the vehicle year exactly, or approximately. */
export type YearMatch = 'exact' | 'approx';
/** Years either side of the given one in an approximate year match (§3). */
const YEAR_SLACK = 2;
/** What a place search covers when no dates are given (§9): the last 14 days. */
export const DEFAULT_DAYS = 14;
/** The first vehicle year (§5). */
const FIRST_YEAR = 1900;

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD date to another. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The days a place search without dates covers: the last DEFAULT_DAYS up to today. */
export const recentDays = (today: string): { from: string; to: string } => ({ from: addDays(today, -DEFAULT_DAYS), to: today });

/** The years a vehicle year matches: itself, or YEAR_SLACK either side. */
export const yearRange = (year: number, match: YearMatch): [number, number] => (match === 'approx' ? [year - YEAR_SLACK, year + YEAR_SLACK] : [year, year]);

/** A vehicle year: a whole number from 1900 to this year. */
export const isVehicleYear = (year: unknown, thisYear: number): year is number =>
  Number.isInteger(year) && (year as number) >= FIRST_YEAR && (year as number) <= thisYear;

/** A latitude and a longitude a search may be near. */
export const isLatitude = (lat: number) => Number.isFinite(lat) && Math.abs(lat) <= 90;
export const isLongitude = (lng: number) => Number.isFinite(lng) && Math.abs(lng) <= 180;
