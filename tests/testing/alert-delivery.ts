// Alerts with reports to text, for the delivery tests: reports stored through the real ingest, a lead made through the
// API, open alerts on it by VIN (each on its own phone), and the alert_texts rows matching would write for them.
import { vinCheckDigit } from '../../engine/validators.ts';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/db.ts';
import { ingestReports } from '../../server/reports/ingest.ts';
import { sampleReport } from './reports.ts';
import { recordingSms } from './fake-sms.ts';
import { generalLeadBody, uniquePhone } from './lead-bodies.ts';
import { post, verifyTestPhone } from './requests.ts';
import { testConfig } from './test-servers.ts';

const LEAD_PHONE = '+12025550187';

/** The id of a lead the test alerts hang on (alerts.lead_id), made through POST /api/leads/create by the test phone. */
export async function testLead(db: Db): Promise<string> {
  const app = await buildApp({ config: testConfig({ testPhone: LEAD_PHONE }), db, sms: recordingSms() });
  try {
    const cookie = await verifyTestPhone(app, LEAD_PHONE);
    const res = await post(app, '/api/leads/create', generalLeadBody(LEAD_PHONE.slice(2)), cookie);
    if (res.statusCode !== 200) throw new Error(`leads/create: ${res.statusCode} ${res.body}`);
  } finally {
    await app.close();
  }
  const { rows } = await db.query<{ id: string }>('SELECT id::text FROM leads WHERE phone = $1 ORDER BY id DESC LIMIT 1', [LEAD_PHONE]);
  return rows[0]!.id;
}

let vins = 0;

/** A VIN no other call gives in this process, with its check digit right. */
export function testVin(): string {
  vins += 1;
  const head = '1HGCM826';
  const tail = `A${String(((process.pid % 100) * 100_000 + vins) % 10_000_000).padStart(7, '0')}`;
  return `${head}${vinCheckDigit(`${head}0${tail}`)}${tail}`;
}

/** Reports, one vehicle each with a VIN of its own, through the real ingest; their ids and VINs. */
export async function storeReports(db: Db, count: number): Promise<{ id: string; vin: string }[]> {
  const reports = Array.from({ length: count }, () => {
    const vin = testVin();
    const [unit] = sampleReport().units as Record<string, unknown>[];
    return { report: sampleReport({ units: [{ ...unit, vin }] }), vin };
  });
  for (let i = 0; i < reports.length; i += 1000) {
    const { rejected } = await ingestReports(
      db,
      reports.slice(i, i + 1000).map((r) => r.report),
    );
    if (rejected.length > 0) throw new Error(`reports rejected: ${JSON.stringify(rejected[0])}`);
  }
  const { rows } = await db.query<{ id: string; vin: string }>('SELECT r.id, v.vin FROM reports r, unnest(r.vins) AS v (vin) WHERE v.vin = ANY($1::text[])', [
    reports.map((r) => r.vin),
  ]);
  return rows;
}

export interface TestAlert {
  id: string;
  phone: string;
  locale: 'en' | 'es';
  vin: string;
}

let alertCount = 0;

/** Open alerts by VIN on the lead, each on a new phone and id unless given; expiresIn is an SQL interval (default 30 days). */
export async function insertAlerts(
  db: Db,
  leadId: string,
  specs: { vin: string; id?: string; phone?: string; locale?: 'en' | 'es'; expiresIn?: string }[],
): Promise<TestAlert[]> {
  const alerts = specs.map((s) => ({
    id: s.id ?? `dlv-${process.pid}-${++alertCount}`,
    phone: s.phone ?? uniquePhone().e164,
    locale: s.locale ?? 'en',
    vin: s.vin,
    expiresIn: s.expiresIn ?? '30 days',
  }));
  await db.query(
    `INSERT INTO alerts (id, lead_id, phone, locale, source, vin, expires_at)
     SELECT id, $2, phone, locale, 'notify-me', vin, now() + expires_in::interval
     FROM unnest($1::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS a (id, phone, locale, vin, expires_in)`,
    [alerts.map((a) => a.id), leadId, alerts.map((a) => a.phone), alerts.map((a) => a.locale), alerts.map((a) => a.vin), alerts.map((a) => a.expiresIn)],
  );
  return alerts.map(({ expiresIn: _, ...a }) => a);
}

/** The alert_texts rows matching writes for these (alert, report) pairs. */
export async function insertTexts(db: Db, pairs: { alertId: string; reportId: string }[]): Promise<void> {
  await db.query('INSERT INTO alert_texts (alert_id, report_id) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING', [
    pairs.map((p) => p.alertId),
    pairs.map((p) => p.reportId),
  ]);
}

export interface MatchedAlert extends TestAlert {
  reportId: string;
}

/** count reports and an alert on each (its VIN, a phone of its own) with its alert_texts row: texts waiting to go. */
export async function matchedAlerts(db: Db, leadId: string, count: number, locale: 'en' | 'es' = 'en'): Promise<MatchedAlert[]> {
  const reports = await storeReports(db, count);
  const alerts = await insertAlerts(
    db,
    leadId,
    reports.map((r) => ({ vin: r.vin, locale })),
  );
  const matched = alerts.map((a, i) => ({ ...a, reportId: reports[i]!.id }));
  await insertTexts(
    db,
    matched.map((m) => ({ alertId: m.id, reportId: m.reportId })),
  );
  return matched;
}

/**
 * Whether each of the alerts' texts went out exactly once: its rows, those lost (unsent, or never taken by the provider
 * with the text the row stored) and those the provider took more than once.
 */
export async function textsOnce(db: Db, messages: readonly { to: string; body: string }[], alertIds: readonly string[]) {
  const times = new Map<string, number>();
  for (const m of messages) times.set(`${m.to}\n${m.body}`, (times.get(`${m.to}\n${m.body}`) ?? 0) + 1);
  const { rows } = await db.query<{ phone: string; body: string; sent: boolean }>(
    'SELECT a.phone, t.body, t.sent_at IS NOT NULL AS sent FROM alert_texts t JOIN alerts a ON a.id = t.alert_id WHERE a.id = ANY($1::text[])',
    [alertIds],
  );
  const lost = rows.filter((r) => !r.sent || !times.has(`${r.phone}\n${r.body}`));
  const twice = rows.filter((r) => (times.get(`${r.phone}\n${r.body}`) ?? 0) > 1);
  return { rows: rows.length, lost: lost.length, twice: twice.length };
}
