// Imports any number of reports (a file, the seed's generator) through COPY: each chunk of prepared reports goes into
// a temporary staging table and into the store by the upsert of POST /api/reports. The next chunk is checked while
// the database stores the last two.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { matchReports } from '../alerts/match-reports.ts';
import type { Connection, Db } from '../db/db.ts';
import { copyLine } from './copy-text.ts';
import type { IngestOptions, IngestWarning } from './ingest.ts';
import { rejectionOf, type Rejection } from './ingest-limits.ts';
import { prepareReport, type PrepareContext } from './prepare-report.ts';
import { makePartitions } from './report-partitions.ts';
import { reportPlaces } from './report-places.ts';
import { REPORT_COLUMNS, type ReportRow } from './report-rows.ts';
import { storedOf, upsertReportsSql } from './store-reports.ts';

/** A record of the input that is no report at all (a line that is not JSON, a CSV row of the wrong width). */
export class UnreadableRecord {
  constructor(readonly message: string) {}
}

export interface ImportProgress {
  /** Records read so far. */
  read: number;
  accepted: number;
  updated: number;
  rejected: number;
}

export interface ImportSummary extends ImportProgress {
  /** The first rejections (at most maxErrors), by the record's index in the input (0 for the first), each with its first 100 errors (and how many more). */
  firstErrors: Rejection[];
  /** Warnings about the reports stored (a spelling no code stands for, a field left out), all counted, and the first of them (at most maxErrors). */
  warnings: number;
  firstWarnings: IngestWarning[];
}

export interface ImportOptions extends IngestOptions {
  /** Reports per transaction. */
  chunkSize?: number;
  /** How many rejections (and warnings) to keep for the summary. */
  maxErrors?: number;
  /** Called after each chunk is stored. */
  onProgress?: (progress: ImportProgress) => void;
}

interface Chunk {
  /** How many reports. */
  size: number;
  /** Their COPY lines. */
  reports: string;
  /** Reports that replaced one earlier in the chunk. */
  repeats: number;
  /** Their days (YYYY-MM-DD). */
  days: Set<string>;
}

/**
 * Reports checked between two turns of the event loop. A store takes some ten round trips (the partitions' transaction,
 * COPY, the upsert, the alerts' match), each answered only in a turn: checking records back to back (a generator, or a
 * file's megabyte of lines at a time) held them all until the next chunk was ready, so that the database and the check
 * took turns instead of running side by side (500,000 reports into an empty store on PostgreSQL: 4,600/s, and 8,000/s
 * once they overlap; measured 2026-12-02).
 */
const PER_TURN = 100;
/**
 * Chunks stored at once, each on a connection of its own (a pool's; PGlite has one), so that the database works on two
 * beside the check of the next: 500,000 reports into an empty store on PostgreSQL, 13,700/s with one, 17,200/s with two
 * (2 cores, measured 2026-12-02).
 */
const LANES = 2;
const REPORTS_STAGE = 'reports_stage';
const REPORT_NAMES = REPORT_COLUMNS.map(([c]) => c);
const STAGE = `CREATE TEMP TABLE IF NOT EXISTS ${REPORTS_STAGE} (${REPORT_COLUMNS.map(([c, type]) => `${c} ${type}`).join(', ')}) ON COMMIT DELETE ROWS`;
const UPSERT = upsertReportsSql(`${REPORTS_STAGE} x`);

export async function importReports(db: Db, records: AsyncIterable<unknown> | Iterable<unknown>, options: ImportOptions = {}): Promise<ImportSummary> {
  const { chunkSize = 10_000, maxErrors = 20, onProgress } = options;
  const context: PrepareContext = { places: await reportPlaces(), now: (options.clock ?? Date.now)(), demo: options.demo };
  const summary: ImportSummary = { read: 0, accepted: 0, updated: 0, rejected: 0, firstErrors: [], warnings: 0, firstWarnings: [] };
  const reject = (index: number, errors: Rejection['errors']) => {
    summary.rejected += 1;
    if (summary.firstErrors.length < maxErrors) summary.firstErrors.push(rejectionOf(index, errors));
  };

  return withConnections(db, Math.min(LANES, db.pool?.().max ?? 1), async (connections) => {
    for (const connection of connections) await connection.query(STAGE);
    /** The chunk each connection is storing: its reports (by key) and when it is done, failed or not. */
    const storing: ({ batch: Map<string, ReportRow>; settled: Promise<unknown> } | undefined)[] = connections.map(() => undefined);
    /** Every chunk's outcome, counted in the order of the input. */
    let counted: Promise<void> = Promise.resolve();
    let failure: { error: unknown } | undefined;
    let batch = new Map<string, ReportRow>();
    let repeats = 0;
    let chunks = 0;
    const flush = async () => {
      const chunk = chunkOf(batch, repeats);
      const read = summary.read;
      const lane = chunks++ % connections.length;
      // A report that another connection is storing waits for it: the input's later version is stored last.
      for (const other of storing) if (other && [...batch.keys()].some((key) => other.batch.has(key))) await other.settled;
      await storing[lane]?.settled;
      if (failure) throw failure.error;
      const stored = storeChunk(connections[lane]!, chunk, options.jobs);
      const settled = stored.catch((error: unknown) => (failure ??= { error }));
      storing[lane] = { batch, settled };
      batch = new Map();
      repeats = 0;
      counted = Promise.all([counted, stored]).then(([, inserted]) => {
        summary.accepted += inserted;
        summary.updated += chunk.size - inserted + chunk.repeats;
        onProgress?.({ ...summary, read });
      });
      // Awaited at the end; a failure must not count as unhandled meanwhile.
      counted.catch(() => {});
    };
    try {
      for await (const record of records) {
        const index = summary.read++;
        if (index % PER_TURN === PER_TURN - 1) await nextTurn();
        if (record instanceof UnreadableRecord) {
          reject(index, [{ field: '/', message: record.message }]);
          continue;
        }
        const prepared = prepareReport(record, context);
        if (!prepared.ok) {
          reject(index, prepared.errors);
          continue;
        }
        for (const warning of prepared.warnings) {
          summary.warnings += 1;
          if (summary.firstWarnings.length < maxErrors) summary.firstWarnings.push({ index, ...warning });
        }
        summary.warnings += prepared.warningsLeftOut;
        const key = `${prepared.report.source}\u0000${prepared.report.crash_id}`;
        if (batch.delete(key)) repeats += 1;
        batch.set(key, prepared.report);
        if (batch.size >= chunkSize) await flush();
      }
      if (batch.size > 0) await flush();
    } finally {
      // No connection goes back to the pool with a chunk still storing on it.
      await Promise.all(storing.flatMap((s) => (s ? [s.settled] : [])));
    }
    await counted;
    onProgress?.(summary);
    return summary;
  });
}

/** Runs fn with `count` connections of db's, each its own. */
function withConnections<T>(db: Db, count: number, fn: (connections: Connection[]) => Promise<T>): Promise<T> {
  return count === 0 ? fn([]) : db.connect((first) => withConnections(db, count - 1, (rest) => fn([first, ...rest])));
}

function chunkOf(batch: Map<string, ReportRow>, repeats: number): Chunk {
  let reports = '';
  const days = new Set<string>();
  for (const report of batch.values()) {
    reports += copyLine(report, REPORT_COLUMNS);
    days.add(report.occurred_on);
  }
  return { size: batch.size, reports, repeats, days };
}

/**
 * Stores a chunk in one transaction with its matches of the open alerts (texted once it commits); returns how many of
 * its reports were new.
 */
async function storeChunk(connection: Connection, chunk: Chunk, jobs: ImportOptions['jobs']): Promise<number> {
  let texts = 0;
  // Committed on their own, as ingestReports does (a partition made in the store's transaction could deadlock it with
  // a search).
  await connection.transaction((tx) => makePartitions(tx, chunk.days));
  const inserted = await connection.transaction(async (tx) => {
    await tx.copyRows(REPORTS_STAGE, REPORT_NAMES, chunk.reports);
    const { rows } = await tx.query<{ id: string; inserted: boolean }>(UPSERT);
    const stored = storedOf(rows);
    texts = await matchReports(tx, stored.ids);
    return stored.inserted;
  });
  if (texts > 0) jobs?.wake('alert-texts');
  return inserted;
}
