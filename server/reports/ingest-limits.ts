// How much of a batch's problems an ingest answers, and the body refused before any report is read. A feed's bad batch
// gets a short list and the count of the rest, never one error object per key it sent: at most 100 errors and 100
// warnings of a report, 1,000 of each in a batch (every rejected report still listed, with its first error at least).
// A report of more than 10,000 fields (no export has a tenth as many) refuses the whole body with a 400.
import type { ValidationErrorBody } from '../validation.ts';
import type { FieldError } from './report-input.ts';

/** The errors and the warnings of one report that are listed; the rest are counted. */
export const ERRORS_PER_REPORT = 100;
export const WARNINGS_PER_REPORT = 100;
/** The errors and the warnings of a batch (POST /api/reports) that are listed; the rest are counted. */
export const ERRORS_PER_BATCH = 1000;
export const WARNINGS_PER_BATCH = 1000;
/** The fields a report may have in all: its own, its location's, its units (one each) and theirs, their drivers' and residences'. */
export const MAX_REPORT_FIELDS = 10_000;

export interface Rejection {
  /** The report's position in the batch. */
  index: number;
  /** Its errors: the first ERRORS_PER_REPORT, or fewer in a batch of many (ERRORS_PER_BATCH). */
  errors: FieldError[];
  /** How many more errors it has than are listed; absent when none. */
  errorsLeftOut?: number;
}

/** A list that keeps its first `cap` items and counts the others. */
export class CappedList<T> {
  readonly items: T[] = [];
  leftOut = 0;
  constructor(readonly cap: number) {}
  push(item: T): void {
    if (this.items.length < this.cap) this.items.push(item);
    else this.leftOut += 1;
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const keyCount = (value: unknown) => (isObject(value) ? Object.keys(value).length : 0);

/** How many fields a report has in all (see MAX_REPORT_FIELDS; past it, counting stops), without reading them; a value that is no object has none. */
export function fieldCount(report: unknown): number {
  if (!isObject(report)) return 0;
  let count = keyCount(report) + keyCount(report.location);
  if (!Array.isArray(report.units)) return count;
  count += report.units.length;
  for (const unit of report.units as unknown[]) {
    if (count > MAX_REPORT_FIELDS) break;
    if (!isObject(unit)) continue;
    count += keyCount(unit) + keyCount(unit.driver) + (isObject(unit.driver) ? keyCount(unit.driver.residence) : 0);
  }
  return count;
}

/** What is wrong with a report of more than MAX_REPORT_FIELDS fields, if it is one. */
export function tooManyFields(report: unknown): string | undefined {
  return fieldCount(report) > MAX_REPORT_FIELDS
    ? `has more than ${MAX_REPORT_FIELDS.toLocaleString('en-US')} fields, counting its units' and their drivers': no report has so many`
    : undefined;
}

/** The 400 for a batch with a report no feed sends (too many fields), naming its index, before any report is read. */
export function oversizedReport(reports: readonly unknown[]): ValidationErrorBody | undefined {
  for (const [index, report] of reports.entries()) {
    const problem = tooManyFields(report);
    if (problem) return { error: 'validation', field: String(index), message: `${index} ${problem}` };
  }
  return undefined;
}

/** A rejection listing a report's first ERRORS_PER_REPORT errors (at most `room`, at least one). */
export function rejectionOf(index: number, errors: readonly FieldError[], room = ERRORS_PER_REPORT): Rejection {
  const listed = Math.max(1, Math.min(errors.length, ERRORS_PER_REPORT, room));
  const leftOut = errors.length - listed;
  return { index, errors: errors.slice(0, listed), ...(leftOut > 0 && { errorsLeftOut: leftOut }) };
}

/**
 * The rejections of a batch as the answer lists them: each report with its first error at least, then more of its
 * errors in batch order while ERRORS_PER_BATCH allows (a batch rejecting more reports than that lists one error each).
 */
export function listRejections(rejected: readonly { index: number; errors: readonly FieldError[] }[]): Rejection[] {
  let spare = Math.max(0, ERRORS_PER_BATCH - rejected.length);
  return rejected.map(({ index, errors }) => {
    const rejection = rejectionOf(index, errors, 1 + spare);
    spare -= rejection.errors.length - 1;
    return rejection;
  });
}
