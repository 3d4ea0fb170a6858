// Known accident reports for browser suites: ingested through POST /api/reports with a test key, dated relative to
// today so the default search window (the last 14 days) holds them.
import { addDays } from '../../engine/report-search.ts';
import { today } from '../../engine/validators.ts';

/** A feed key for REPORT_INGEST_KEYS (32 characters or more). */
export const INGEST_KEY = 'e2e-report-ingest-key-0123456789abcdef';

/** Downtown Austin, where the main report happened. */
export const AUSTIN = { lat: 30.2672, lng: -97.7431 };
/** A VIN of the main report (its check digit matches). */
export const REPORT_VIN = '1M8GDM9AXKP042788';
export const REPORT_CASE = 'TX-2026-0042';

const day = (daysAgo: number) => addDays(today(new Date()), -daysAgo);
/** The main report's day, where it happened (two days ago). */
export const mainReportDay = () => day(2);

/** The reports: the main one (two vehicles), one about 7 miles north (only a 10-mile search finds it), an older one. */
export function fixtureReports() {
  return [
    {
      source: 'e2e',
      crashId: 'E2E-MAIN',
      caseId: REPORT_CASE,
      occurredAt: `${mainReportDay()}T17:42:00-06:00`,
      state: 'TX',
      county: 'Travis',
      city: 'Austin',
      zip: '78701',
      location: AUSTIN,
      street: 'Congress Ave & 6th St',
      policeDepartment: 'Austin Police Department',
      injuredCount: 1,
      fatalCount: 0,
      narrative: 'Unit 2 ran the red light and struck unit 1.',
      units: [
        { unit: 1, vin: REPORT_VIN, make: 'FORD', model: 'F-150', year: 2019, driver: { firstName: 'Maria', lastName: 'Lopez' } },
        { unit: 2, vin: '4T1BF1FK5FU000001', make: 'TOYOTA', model: 'Camry', year: 2015, driver: { firstName: 'John', lastName: 'Smith' } },
      ],
    },
    {
      source: 'e2e',
      crashId: 'E2E-NORTH',
      occurredAt: `${day(4)}T08:15:00-06:00`,
      state: 'TX',
      city: 'Austin',
      location: { lat: AUSTIN.lat + 0.1, lng: AUSTIN.lng },
      policeDepartment: 'Austin Police Department',
      units: [{ unit: 1, make: 'HONDA', model: 'Civic', year: 2018 }],
    },
    {
      source: 'e2e',
      crashId: 'E2E-OLD',
      occurredAt: `${day(40)}T12:00:00-06:00`,
      state: 'TX',
      city: 'Austin',
      location: { lat: AUSTIN.lat + 0.01, lng: AUSTIN.lng - 0.01 },
      policeDepartment: 'Austin Police Department',
      units: [{ unit: 1, make: 'CHEVROLET', model: 'Malibu', year: 2012 }],
    },
  ];
}

/** Sends the reports to a server started with REPORT_INGEST_KEYS=INGEST_KEY; fails unless all are accepted. */
export async function ingestFixtureReports(url: string): Promise<void> {
  const reports = fixtureReports();
  const response = await fetch(`${url}/api/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${INGEST_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(reports),
  });
  const answer = (await response.json()) as { accepted?: number; updated?: number; rejected?: unknown[] };
  if (!response.ok || (answer.accepted ?? 0) + (answer.updated ?? 0) !== reports.length) {
    throw new Error(`ingest: HTTP ${response.status} ${JSON.stringify(answer)}`);
  }
}
