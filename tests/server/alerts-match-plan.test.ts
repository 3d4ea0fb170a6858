// Matching reads the alerts through their indexes (by VIN, by case key and state, by grid cells and day), a probe per
// report, never a scan of every alert: the plan of matchReports' statement for 1,000 reports among 30,000 open alerts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellRuns, MATCH_REPORTS_SQL, MAX_RADIUS_MILES } from '../../server/alerts/match-reports.ts';
import { cellsAround } from '../../server/reports/geo-cell.ts';
import { ingestReports } from '../../server/reports/ingest.ts';
import { ALERT_TEST_MS, alertSubscriber } from '../testing/alerts.ts';
import { sampleReport } from '../testing/reports.ts';
import { STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const PER_WAY = 10_000;
const REPORTS = 1000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first. */
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe.each(testDbKinds)('the plan of matching on %s', { timeout: ALERT_TEST_MS }, (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
    await (await alertSubscriber(s)).subscribe({ source: 'notify-me', vin: '1HGCM82633A004352' });
    // PER_WAY open alerts of each way, spread over the country's cells and a year of days, on that one lead.
    await s.db.query(
      `INSERT INTO alerts (id, lead_id, phone, locale, source, vin, case_key, state, lat, lng, geo_cell, on_date, make, year, expires_at)
       SELECT 'plan-' || n, a.lead_id, a.phone, 'en', 'notify-me',
         CASE WHEN n % 3 = 0 THEN lpad(n::text, 17, 'A') END,
         CASE WHEN n % 3 = 1 THEN 'CASE' || n END, CASE WHEN n % 3 = 1 THEN 'TX' END,
         CASE WHEN n % 3 = 2 THEN 25 + (n % 2400) / 100.0 END, CASE WHEN n % 3 = 2 THEN -120 + (n % 5000) / 100.0 END,
         CASE WHEN n % 3 = 2 THEN (floor((25 + (n % 2400) / 100.0 + 90) / 0.1) * 3600 + floor((-120 + (n % 5000) / 100.0 + 180) / 0.1))::int END,
         CASE WHEN n % 3 = 2 THEN current_date - (n % 365) END, CASE WHEN n % 3 = 2 THEN 'FORD' END, CASE WHEN n % 3 = 2 THEN 2019 END,
         now() + interval '30 days'
       FROM generate_series(1, $1::int * 3) AS n, (SELECT lead_id, phone FROM alerts LIMIT 1) a`,
      [PER_WAY],
    );
    await s.db.query('ANALYZE alerts');
  }, STARTUP_MS);
  afterAll(() => s.close());

  it('looks the alerts up by index, report by report', async () => {
    const reports = Array.from({ length: REPORTS }, (_, i) =>
      sampleReport({ location: { lat: 30 + (i % 20) / 10, lng: -97 - (i % 10) / 10 }, caseId: `CASE${i}` }),
    );
    expect((await ingestReports(s.db, reports)).rejected).toEqual([]);
    await s.db.query('ANALYZE reports');
    const { rows: points } = await s.db.query<{ id: string; lat: number; lng: number }>('SELECT id, lat, lng FROM reports');
    const near = points.flatMap((p) => cellRuns(cellsAround(p, MAX_RADIUS_MILES)).map(([first, last]) => [p.id, first, last] as const));
    const params = [points.map((p) => p.id), ...[0, 1, 2].map((i) => near.map((run) => run[i])), true, true];

    const { rows } = await s.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${MATCH_REPORTS_SQL}`, params);
    const plan = rows[0]?.['QUERY PLAN'][0].Plan;
    if (!plan) throw new Error('no plan');
    const onAlerts = nodesOf(plan).filter((n) => n['Relation Name'] === 'alerts' || n['Index Name']?.startsWith('alerts_'));
    const probes = onAlerts.filter((n) => n['Index Name'] !== undefined);
    expect(onAlerts.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(probes.filter((n) => n['Index Cond'] === undefined)).toEqual([]);
    expect(new Set(probes.map((n) => n['Index Name']))).toEqual(new Set(['alerts_vin_idx', 'alerts_case_idx', 'alerts_place_idx']));

    const { rows: text } = await s.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${MATCH_REPORTS_SQL}`, params);
    // The plan for the report, without the parameters' long arrays.
    const shown = text.map((r) => r['QUERY PLAN'].replace(/'\{[^}]*\}'/g, "'{…}'")).join('\n');
    console.log(`[alerts plan on ${kind}: ${REPORTS} reports among ${PER_WAY * 3} open alerts]\n${shown}`);
  });
});
