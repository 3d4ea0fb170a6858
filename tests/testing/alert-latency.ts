// The alert latency scenario of the test and the benchmark: 1,000 open alerts (half by VIN, a quarter by case ID and
// state, a quarter by a pin with a day, make and year), and 10,000 reports in batches of 1,000 among which each alert's
// report appears once; no other report matches any alert.
import { randomBytes } from 'node:crypto';
import { newAlert, type AlertRequest, type NewAlert } from '../../server/alerts/new-alert.ts';
import type { Db } from '../../server/db/db.ts';
import { reportPlaces } from '../../server/reports/report-places.ts';
import { testVin } from './alert-delivery.ts';
import { sampleReport } from './reports.ts';
import { uniquePhone } from './lead-bodies.ts';

export interface ScenarioAlert {
  id: string;
  phone: string;
  /** The (source, crashId) of the report it is waiting for. */
  crash: string;
  /** Its text's link carries a proof: it matched by VIN or case ID. */
  byFact: boolean;
}

/** The start of the link the alert's text must carry to the report of id: with a proof when it matched by a fact. */
export const linkStart = (publicUrl: string, id: string | undefined, alert: ScenarioAlert): string =>
  `${publicUrl}/accident/${id}${alert.byFact ? '?proof=' : '\n'}`;

export interface Scenario {
  alerts: ScenarioAlert[];
  /** The reports in the format of POST /api/reports, in batches, in the order to send them. */
  batches: Record<string, unknown>[][];
}

const DAY_MS = 86_400_000;

/** Stores the alerts on leadId (rows as the lead API makes them) and returns them with the reports to send. */
export async function latencyScenario(db: Db, leadId: string, { alerts = 1_000, reports = 10_000, batch = 1_000 } = {}): Promise<Scenario> {
  const places = await reportPlaces();
  const now = Date.now();
  const day = new Date(now - 5 * DAY_MS).toISOString().slice(0, 10);
  const scenario: ScenarioAlert[] = [];
  const rows: (NewAlert & { phone: string })[] = [];
  const targets: Record<string, unknown>[] = [];
  for (let i = 0; i < alerts; i++) {
    const [unit] = sampleReport().units as Record<string, unknown>[];
    const vin = testVin();
    let request: AlertRequest;
    let report: Record<string, unknown>;
    if (i % 4 < 2) {
      request = { source: 'notify-me', vin };
      report = sampleReport({ units: [{ ...unit, vin }] });
    } else if (i % 4 === 2) {
      const caseId = `ALRT-${randomBytes(5).toString('hex').toUpperCase()}`;
      request = { source: 'alert', caseId, state: 'TX' };
      report = sampleReport({ caseId, units: [{ ...unit, vin }] });
    } else {
      // Pins half a degree apart (30+ miles): each alert's 10 miles hold its own report only.
      const j = Math.floor(i / 4);
      const location = { lat: 25 + (j % 20) * 0.5, lng: -120 + Math.floor(j / 20) * 0.5 };
      request = { source: 'find-my-report', location, date: day, make: 'TESLA', year: 2020 };
      report = sampleReport({
        location: { lat: location.lat + 0.01, lng: location.lng + 0.01 },
        occurredAt: `${day}T12:00:00-06:00`,
        units: [{ ...unit, vin, make: 'TESLA', model: 'Model 3', year: 2021 }],
      });
    }
    const row = newAlert(request, { now, days: 30, places });
    if ('error' in row) throw new Error(`bad alert ${JSON.stringify(request)}: ${row.message}`);
    const phone = uniquePhone().e164;
    rows.push({ ...row, phone });
    targets.push(report);
    scenario.push({
      id: row.id,
      phone,
      crash: `${String(report.source)} ${String(report.crashId)}`,
      byFact: request.vin !== undefined || request.caseId !== undefined,
    });
  }
  await db.query(
    `INSERT INTO alerts (lead_id, phone, locale, id, source, vin, case_key, state, lat, lng, geo_cell, radius_mi, on_date, make, year, expires_at)
     SELECT $1, x.phone, 'en', x.id, x.source, x.vin, x.case_key, x.state, x.lat, x.lng, x.geo_cell, x.radius_mi, x.on_date, x.make, x.year, x.expires_at
     FROM jsonb_to_recordset($2::jsonb) AS x (phone text, id text, source text, vin text, case_key text, state text, lat float8, lng float8,
       geo_cell integer, radius_mi smallint, on_date date, make text, year smallint, expires_at timestamptz)`,
    [leadId, JSON.stringify(rows)],
  );

  // The others: Austin, a Honda and a Ford of their own VINs, the same case ID, a day ago; none of them is awaited.
  const others = Array.from({ length: reports - alerts }, () => {
    const units = sampleReport().units as Record<string, unknown>[];
    return sampleReport({ units: units.map((u) => ({ ...u, vin: testVin() })) });
  });
  const all = [...targets, ...others];
  // Shuffled, so each batch holds some awaited reports among the others.
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < all.length; i += batch) batches.push(all.slice(i, i + batch));
  return { alerts: scenario, batches };
}

/** The stored id of each report the scenario's alerts wait for, by "source crashId". */
export async function awaitedReportIds(db: Db, scenario: Scenario): Promise<Map<string, string>> {
  const { rows } = await db.query<{ crash: string; id: string }>(
    "SELECT source || ' ' || crash_id AS crash, id FROM reports WHERE source || ' ' || crash_id = ANY($1::text[])",
    [scenario.alerts.map((a) => a.crash)],
  );
  return new Map(rows.map((r) => [r.crash, r.id]));
}

export interface Percentiles {
  p50: number;
  p99: number;
  max: number;
}

/**
 * For texts handed to the provider at `at`, whose report was ingested at `ingested` and POSTed at `posted` (ms since
 * the epoch): the latencies from each.
 */
export function latencyFigures(texts: readonly { at: number; ingested: number; posted: number }[]): { ingested: Percentiles; posted: Percentiles } {
  const of = (values: number[]) => ({ p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(...values) });
  return { ingested: of(texts.map((t) => t.at - t.ingested)), posted: of(texts.map((t) => t.at - t.posted)) };
}

/**
 * When each alert's report was ingested, by the alert's phone: its alert_texts row's created_at, the start of the
 * transaction that stored the report and matched it (ms since the epoch, the database's clock: this machine's).
 */
export async function ingestTimes(db: Db): Promise<Map<string, number>> {
  const { rows } = await db.query<{ phone: string; at: number }>(
    'SELECT a.phone, (extract(epoch FROM t.created_at) * 1000)::float8 AS at FROM alert_texts t JOIN alerts a ON a.id = t.alert_id',
  );
  return new Map(rows.map((r) => [r.phone, r.at]));
}

/** The p-th percentile (0 to 100) of values, nearest rank. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}
