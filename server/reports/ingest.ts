// Ingests a batch of reports as feeds send them: each checked alone (a bad one is rejected with its field errors, the
// others kept, with a warning for anything stored otherwise than sent), then all stored in one transaction with their matches of the open alerts (texted once it commits); a
// (source, crashId) sent again replaces the stored report. The answer lists the first errors and warnings, and counts
// the rest (ingest-limits.ts).
import { matchReports } from '../alerts/match-reports.ts';
import type { Db } from '../db/db.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { CappedList, listRejections, WARNINGS_PER_BATCH, type Rejection } from './ingest-limits.ts';
import type { FieldWarning } from './normalise-report.ts';
import { prepareReport } from './prepare-report.ts';
import type { FieldError } from './report-input.ts';
import { reportPlaces } from './report-places.ts';
import type { ReportRow } from './report-rows.ts';
import { makePartitions } from './report-partitions.ts';
import { storeReports } from './store-reports.ts';

export interface IngestOptions {
  /** Store them as demo data (synthetic reports, shown labelled). */
  demo?: boolean;
  /** The server's clock, ms since the epoch (default Date.now): occurredAt may not be later. */
  clock?: () => number;
  /** The job queue, woken when alerts matched the reports stored (without one, the sender's schedule takes them). */
  jobs?: Pick<Jobs, 'wake'>;
}

export type { Rejection };

/** Something of the report at index stored otherwise than sent (a spelling no code stands for, a field left out). */
export interface IngestWarning extends FieldWarning {
  index: number;
}

/**
 * accepted: new reports; updated: reports that replaced one stored before, or one earlier in the same batch (the last
 * of a repeated (source, crashId) wins). accepted + updated + rejected.length is the batch's length.
 */
export interface IngestResult {
  accepted: number;
  updated: number;
  /** Every report rejected, with its first errors (ERRORS_PER_REPORT, ERRORS_PER_BATCH in all) and how many more. */
  rejected: Rejection[];
  /** For the reports stored, in batch order: the first WARNINGS_PER_REPORT of each, WARNINGS_PER_BATCH in all. */
  warnings: IngestWarning[];
  /** How many more warnings there were than are listed; absent when none. */
  warningsLeftOut?: number;
}

export async function ingestReports(db: Db, reports: readonly unknown[], options: IngestOptions = {}): Promise<IngestResult> {
  const context = { places: await reportPlaces(), now: (options.clock ?? Date.now)(), demo: options.demo };
  const rejected: { index: number; errors: FieldError[] }[] = [];
  const warnings = new CappedList<IngestWarning>(WARNINGS_PER_BATCH);
  const kept = new Map<string, ReportRow>();
  let repeats = 0;
  reports.forEach((input, index) => {
    const prepared = prepareReport(input, context);
    if (!prepared.ok) return void rejected.push({ index, errors: prepared.errors });
    for (const warning of prepared.warnings) warnings.push({ index, ...warning });
    warnings.leftOut += prepared.warningsLeftOut;
    const key = JSON.stringify([prepared.report.source, prepared.report.crash_id]);
    if (kept.delete(key)) repeats += 1;
    kept.set(key, prepared.report);
  });
  // In key order, so two batches amending the same reports lock them in the same order.
  const batch = [...kept].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
  // The months' partitions first, committed on their own: made inside the store's transaction, a new partition stayed
  // locked while the transaction went on to wait for the parent table, which a search in another transaction held while
  // it waited for that partition (a deadlock: a lead's alert failed with 500 in the multi-process test).
  if (batch.length > 0)
    await db.transaction((tx) =>
      makePartitions(
        tx,
        batch.map((r) => r.occurred_on),
      ),
    );
  const { inserted, texts } =
    batch.length === 0
      ? { inserted: 0, texts: 0 }
      : await db.transaction(async (tx) => {
          const stored = await storeReports(tx, batch);
          return { inserted: stored.inserted, texts: await matchReports(tx, stored.ids) };
        });
  if (texts > 0) options.jobs?.wake('alert-texts');
  return {
    accepted: inserted,
    updated: batch.length - inserted + repeats,
    rejected: listRejections(rejected),
    warnings: warnings.items,
    ...(warnings.leftOut > 0 && { warningsLeftOut: warnings.leftOut }),
  };
}
