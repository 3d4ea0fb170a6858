// The monthly partitions of reports (migration 0033): reports_YYYY_MM holds the reports whose accident's local day is
// in that month. The store makes a month it is given a report of when it has none yet; the report-partitions job makes
// this month's and the next MONTHS_AHEAD ahead (so a month's first reports do not make it), and drops the months older
// than the retention with their reports' ids.
import type { Db, Queryable } from '../db/db.ts';

/** Months made ahead of this one. */
export const MONTHS_AHEAD = 2;

/** Taken by a transaction before it makes partitions: another may be making the same. */
const LOCK = "hashtext('claimflow report partitions')";

/** YYYY-MM-01 of the month `add` months after the one of day (YYYY-MM-DD). */
export function monthOf(day: string, add = 0): string {
  const at = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + add, 1));
  return `${String(at.getUTCFullYear()).padStart(4, '0')}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** The partition of the month (YYYY-MM-01). */
export const partitionOf = (month: string) => `reports_${month.slice(0, 4)}_${month.slice(5, 7)}`;

const MISSING_SQL = `SELECT m::text AS month FROM unnest($1::date[]) m WHERE to_regclass(format('reports_%s', to_char(m, 'YYYY_MM'))) IS NULL`;

/** Makes the partitions missing for the months of these days (YYYY-MM-DD), in the caller's transaction. */
export async function makePartitions(tx: Queryable, days: Iterable<string>): Promise<string[]> {
  const months = [...new Set([...days].map((day) => monthOf(day)))];
  const missing = async () => (await tx.query<{ month: string }>(MISSING_SQL, [months])).rows.map((r) => r.month);
  if ((await missing()).length === 0) return [];
  await tx.query(`SELECT pg_advisory_xact_lock(${LOCK})`);
  const made = await missing();
  for (const month of made) {
    await tx.query(`CREATE TABLE ${partitionOf(month)} PARTITION OF reports FOR VALUES FROM ('${month}') TO ('${monthOf(month, 1)}')`);
  }
  return made;
}

export interface PartitionsKept {
  /** Months made (YYYY-MM-01). */
  made: string[];
  /** Partitions dropped, and the ids of their reports deleted. */
  dropped: string[];
  ids: number;
}

/**
 * The report-partitions job: this month's partition (today's in UTC) and the next MONTHS_AHEAD; with retentionMonths
 * (0: reports are kept), the months before the one retentionMonths before this are detached and dropped, and their
 * reports' ids deleted (with the alert texts about them).
 */
export async function keepPartitions(db: Db, retentionMonths: number, now: number): Promise<PartitionsKept> {
  const today = new Date(now).toISOString().slice(0, 10);
  const made = await db.transaction((tx) =>
    makePartitions(
      tx,
      Array.from({ length: MONTHS_AHEAD + 1 }, (_, i) => monthOf(today, i)),
    ),
  );
  if (retentionMonths === 0) return { made, dropped: [], ids: 0 };
  const kept = monthOf(today, -retentionMonths);
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'reports'::regclass AND c.relname < $1 ORDER BY c.relname`,
    [partitionOf(kept)],
  );
  if (rows.length === 0) return { made, dropped: [], ids: 0 };
  // The ids first (a scan of report_ids, once a month: an index on the day would slow every insert), so a run stopped
  // before the partitions are dropped finds them again and deletes the ids left.
  const deleted = await db.query<{ n: number }>(
    'WITH d AS (DELETE FROM report_ids WHERE occurred_on < $1::date RETURNING 1) SELECT count(*)::int AS n FROM d',
    [kept],
  );
  for (const { name } of rows) {
    await db.transaction(async (tx) => {
      await tx.query(`ALTER TABLE reports DETACH PARTITION ${name}`);
      await tx.query(`DROP TABLE ${name}`);
    });
  }
  return { made, dropped: rows.map((r) => r.name), ids: deleted.rows[0]?.n ?? 0 };
}
