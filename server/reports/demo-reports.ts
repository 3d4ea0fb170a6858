// The demo set a new install starts with (DEMO_REPORTS=on): synthetic reports of the last 30 days, labelled demo,
// so a newcomer's first search finds something; written only into an empty reports table.
import type { Db } from '../db/db.ts';
import { importReports } from './bulk-import.ts';
import { syntheticReports } from './synthetic/synthetic-reports.ts';

export const DEMO_COUNT = 3000;
export const DEMO_DAYS = 30;

/** Seeds the demo set when there is no report at all; returns how many were stored (0 when there were reports). */
export async function seedDemoReports(db: Db, { now = Date.now(), count = DEMO_COUNT } = {}): Promise<number> {
  const { rows } = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM reports) AS any');
  if (rows[0]?.any) return 0;
  // The same seed on every install: a second server starting beside the first replaces the same reports. Crowded into
  // big cities, so that so few reports still give a search there something to find.
  const reports = await syntheticReports({ count, days: DEMO_DAYS, seed: 'demo', source: 'demo', now, concentration: 1.5 });
  const { accepted } = await importReports(db, reports, { demo: true, clock: () => now });
  return accepted;
}
