// The `alert` of a lead body as the row it is stored as: how its report will be recognised (a VIN; a case ID in a
// state; a pin with a radius, a day, a make and a year), or the 400 naming the field that is wrong or missing.
import { randomBytes } from 'node:crypto';
import type { FromSchema } from 'json-schema-to-ts';
import { geoCell } from '../reports/geo-cell.ts';
import { caseKeyOf } from '../reports/prepare-report.ts';
import type { ReportPlaces } from '../reports/report-places.ts';
import { apiSchemas } from '../routes/api-schemas.ts';
import { fieldError } from '../routes/field-error.ts';
import type { ValidationErrorBody } from '../validation.ts';

/** The `alert` object of POST /api/leads/create, as its JSON Schema types it. */
export type AlertRequest = NonNullable<FromSchema<typeof apiSchemas.leadsCreateRequest>['alert']>;

/** An alert to store with its lead: the columns of `alerts` but those the lead gives (lead_id, phone, locale). */
export interface NewAlert {
  id: string;
  source: string;
  vin: string | null;
  case_key: string | null;
  state: string | null;
  lat: number | null;
  lng: number | null;
  geo_cell: number | null;
  radius_mi: number;
  on_date: string | null;
  make: string | null;
  year: number | null;
  /** ISO 8601. */
  expires_at: string;
}

const DAY_MS = 86_400_000;
const DEFAULT_RADIUS_MILES = 10;
const PLACE_FIELDS = ['location', 'date', 'make', 'year'] as const;

/**
 * The alert to store, opened at `now` (ms) for `days` days. Only a complete way of recognising the report is kept (a
 * case ID with its state; a pin with its date, make and year); at least one must be complete.
 */
export function newAlert(
  a: AlertRequest,
  { now, days, places }: { now: number; days: number; places: Pick<ReportPlaces, 'normalizeState'> },
): NewAlert | ValidationErrorBody {
  const state = a.state === undefined ? undefined : places.normalizeState(a.state);
  if (a.state !== undefined && state === undefined) return fieldError('alert.state', 'alert.state is not a US state or territory code');
  const caseKey = a.caseId === undefined ? undefined : caseKeyOf(a.caseId);
  if (caseKey === '') return fieldError('alert.caseId', 'alert.caseId must hold letters or digits');
  const make = a.make?.trim().toUpperCase();
  if (make === '') return fieldError('alert.make', 'alert.make must hold a letter or digit');
  const byCase = caseKey !== undefined && state !== undefined;
  const place =
    a.location && a.date !== undefined && make !== undefined && a.year !== undefined ? { ...a.location, date: a.date, make, year: a.year } : undefined;
  if (a.vin === undefined && !byCase && !place) return incomplete(a);
  return {
    id: randomBytes(16).toString('base64url'),
    source: a.source,
    vin: a.vin?.toUpperCase() ?? null,
    case_key: byCase ? caseKey : null,
    state: byCase ? state : null,
    lat: place?.lat ?? null,
    lng: place?.lng ?? null,
    geo_cell: place ? geoCell(place) : null,
    radius_mi: a.radius ?? DEFAULT_RADIUS_MILES,
    on_date: place?.date ?? null,
    make: place?.make ?? null,
    year: place?.year ?? null,
    expires_at: new Date(now + days * DAY_MS).toISOString(),
  };
}

/** The 400 for an alert with no complete way of recognising its report: the first field missing from the way begun. */
function incomplete(a: AlertRequest): ValidationErrorBody {
  if (a.caseId !== undefined || a.state !== undefined) {
    const missing = a.caseId === undefined ? 'alert.caseId' : 'alert.state';
    return fieldError(missing, `${missing} is required with ${missing === 'alert.state' ? 'alert.caseId' : 'alert.state'}`);
  }
  const missing = PLACE_FIELDS.find((f) => a[f] === undefined);
  if (missing && PLACE_FIELDS.some((f) => a[f] !== undefined)) {
    return fieldError(`alert.${missing}`, `alert.${missing} is required with a pin: alert.location, alert.date, alert.make and alert.year`);
  }
  return fieldError('alert.vin', 'alert.vin, or alert.caseId and alert.state, or alert.location, alert.date, alert.make and alert.year is required');
}
