// Reports for tests: a complete report in the ingest format (schemas/report.schema.json), with overrides; the browser
// search suite's known reports; POST /api/reports with a feed's key, to an app or a running server; a stored report back
// in the ingest format.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { today } from '../../engine/validators.ts';
import type { FullReport } from '../../server/reports/report-view.ts';
import { addDays } from '../../engine/report-search.ts';

let crashCounter = 0;

/** A fresh crashId on every call, so reports of different tests never amend each other. */
export const newCrashId = () => `T-${process.pid}-${++crashCounter}`;

/** A valid report from Austin, TX with two units (a driver each), a day ago; fields replaced by overrides. */
export function sampleReport(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    source: 'tx-cris',
    crashId: newCrashId(),
    caseId: '24-0012345',
    occurredAt: localIso(Date.now() - 86_400_000, -300),
    state: 'TX',
    county: 'Travis',
    city: 'Austin',
    zip: '78701',
    location: { lat: 30.2672, lng: -97.7431 },
    street: 'E 6th St & Congress Ave',
    policeDepartment: 'Austin Police Department',
    weather: 'rain',
    roadCondition: 'wet',
    light: 'daylight',
    speedLimit: 35,
    injuredCount: 1,
    fatalCount: 0,
    narrative: 'Unit 1 was northbound and failed to stop for the red light; it struck Unit 2 in the intersection.',
    units: [
      {
        unit: 1,
        vin: '1HGCM82633A004352',
        make: 'HONDA',
        model: 'Accord',
        year: 2003,
        damageArea: 'front',
        towedBy: 'Capital Towing',
        insured: true,
        atFault: true,
        occupants: 2,
        seatbelt: true,
        airbags: true,
        driver: {
          firstName: 'Maria',
          lastName: 'Lopez',
          age: 34,
          gender: 'female',
          ethnicity: 'hispanic',
          residence: { city: 'Austin', state: 'TX', zip: '78702' },
          licenceType: 'Class C',
          licenceState: 'TX',
        },
      },
      {
        unit: 2,
        vin: '1FTFW1ET9DFC10312',
        make: 'FORD',
        model: 'F-150',
        year: 2013,
        damageArea: 'left',
        insured: true,
        atFault: false,
        occupants: 1,
        driver: { firstName: 'James', lastName: 'Carter', age: 51, gender: 'male' },
      },
    ],
    ...overrides,
  };
}

/** ms since the epoch as ISO 8601 local time at an offset (minutes east of UTC), to the second: 2026-01-10T17:30:00-06:00. */
export function localIso(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** A key REPORT_INGEST_KEYS can hold (32+ characters). */
export const TEST_INGEST_KEY = 'test-ingest-key-0123456789abcdefghijklmnop';

/** Downtown Austin, where the search suite's main report happened. */
export const AUSTIN = { lat: 30.2672, lng: -97.7431 };
/** A VIN of the search suite's main report (its check digit matches). */
export const REPORT_VIN = '1M8GDM9AXKP042788';
export const REPORT_CASE = 'TX-2026-0042';

const daysAgo = (days: number) => addDays(today(new Date()), -days);
/** The main report's day, where it happened (two days ago). */
export const mainReportDay = () => daysAgo(2);

/**
 * The search suite's reports, dated relative to today so that the default search window (the last 14 days) holds them:
 * the main one (two vehicles), one about 7 miles north (only a 10-mile search finds it), an older one.
 */
export function searchReports() {
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
      occurredAt: `${daysAgo(4)}T08:15:00-06:00`,
      state: 'TX',
      city: 'Austin',
      location: { lat: AUSTIN.lat + 0.1, lng: AUSTIN.lng },
      policeDepartment: 'Austin Police Department',
      units: [{ unit: 1, make: 'HONDA', model: 'Civic', year: 2018 }],
    },
    {
      source: 'e2e',
      crashId: 'E2E-OLD',
      occurredAt: `${daysAgo(40)}T12:00:00-06:00`,
      state: 'TX',
      city: 'Austin',
      location: { lat: AUSTIN.lat + 0.01, lng: AUSTIN.lng - 0.01 },
      policeDepartment: 'Austin Police Department',
      units: [{ unit: 1, make: 'CHEVROLET', model: 'Malibu', year: 2012 }],
    },
  ];
}

/** POST /api/reports with TEST_INGEST_KEY to a running server (REPORT_INGEST_KEYS holding it); its answer. */
export async function ingestReports(url: string, reports: unknown[]): Promise<{ accepted?: number; updated?: number; rejected?: unknown[] }> {
  const response = await fetch(`${url}/api/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_INGEST_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(reports),
  });
  return (await response.json()) as { accepted?: number; updated?: number; rejected?: unknown[] };
}

/** POST /api/reports with a bearer key (TEST_INGEST_KEY unless given; null sends no Authorization header). */
export function postReports(app: FastifyInstance, reports: unknown, key: string | null = TEST_INGEST_KEY): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: reports as Record<string, unknown>,
    headers: key === null ? {} : { authorization: `Bearer ${key}` },
  });
}

/** A report read back whole (GET /api/reports/:id with a proof) in the ingest format, as sent: no field without a value. */
export function asSent(full: FullReport & { involved?: boolean }, source: string): Record<string, unknown> {
  const { id: _id, demo: _demo, vehicleCount: _count, occupantCount: _occupants, involved: _involved, vehicles, ...rest } = full;
  return withoutNulls({ source, ...rest, units: vehicles }) as Record<string, unknown>;
}

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (v === null ? [] : [[k, withoutNulls(v)]])));
}
