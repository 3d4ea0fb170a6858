// Reports written as the CSV npm run reports:import reads: the top-level fields as columns (lat and lng apart, units
// as JSON), quoted where they must be.
import type { ReportInput } from './report-input.ts';

/** The columns, in order. */
export const CSV_COLUMNS = [
  'source',
  'crashId',
  'caseId',
  'occurredAt',
  'state',
  'county',
  'city',
  'zip',
  'lat',
  'lng',
  'street',
  'policeDepartment',
  'weather',
  'roadCondition',
  'light',
  'weatherText',
  'roadConditionText',
  'lightText',
  'speedLimit',
  'injuredCount',
  'fatalCount',
  'narrative',
  'units',
] as const;

const cell = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvHeader = () => `${CSV_COLUMNS.join(',')}\n`;

/** The report's row, with its line break. */
export function csvLine(report: ReportInput): string {
  const values: Partial<Record<(typeof CSV_COLUMNS)[number], unknown>> = { ...report, lat: report.location?.lat, lng: report.location?.lng };
  return `${CSV_COLUMNS.map((c) => cell(values[c])).join(',')}\n`;
}
