// The funnel report of a stored flow, as the CLI (npm run funnel:report) and GET /api/analytics/funnel ask for it: a
// flow id, UTC days (from 1900-01-01 to a year from today) and a language, checked; the events of the visits with an
// event in the range, then the report, with the reasons the range's leads gave for declining a call.
import type { Queryable } from '../db/db.ts';
import { isCalendarDate } from '../../engine/validators.ts';
import { dayOutOfRange } from '../date-bounds.ts';
import { expandedFlows } from '../flow-files.ts';
import { DECLINE_REASONS } from '../../engine/consent-notice.ts';
import { funnelReport, type EventRow, type FunnelReport } from './funnel-report.ts';

export interface ReportRequest {
  flow: string;
  /** UTC days, YYYY-MM-DD, both included. */
  since?: string;
  until?: string;
  lang?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A YYYY-MM-DD day's first instant in ms. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The report of a funnel of flowsDir (read at each request, as it is now), or the problem with the request (a message
 * naming the bad value). `now` (ms) bounds the days.
 */
export async function reportOfFlow(
  db: Queryable,
  flowsDir: string,
  request: ReportRequest,
  now = Date.now(),
): Promise<FunnelReport | { problem: string; field: string }> {
  const flow = expandedFlows(flowsDir).find(({ id }) => id === request.flow);
  if (flow === undefined) return { field: 'flow', problem: `no flow "${request.flow}" in flows/` };
  for (const field of ['since', 'until'] as const) {
    const day = request[field];
    if (day === undefined) continue;
    if (!isCalendarDate(day)) return { field, problem: `${field} must be a day, YYYY-MM-DD (got "${day}")` };
    // Year 0 is no PostgreSQL timestamp, year 10000 no ISO one.
    const outOfRange = dayOutOfRange(day, now);
    if (outOfRange) return { field, problem: `${field} ${outOfRange} (got "${day}")` };
  }
  const since = request.since === undefined ? undefined : dayStart(request.since);
  const untilDay = request.until === undefined ? undefined : dayStart(request.until);
  const until = untilDay === undefined ? undefined : untilDay + DAY_MS;
  if (since !== undefined && until !== undefined && until <= since) return { field: 'until', problem: 'until must not be before since' };
  if (request.lang !== undefined && !/^[a-z]{2}$/.test(request.lang))
    return { field: 'lang', problem: `lang must be a language code such as en or es (got "${request.lang}")` };

  const { rows } = await db.query<{
    visit_id: string;
    seq: number;
    flow_version: number;
    variant: string;
    kind: EventRow['kind'];
    step_id: string | null;
    left_by: string | null;
    lang: string;
    occurred_at: Date;
  }>(
    `SELECT visit_id, seq, flow_version, variant, kind, step_id, left_by, lang, occurred_at FROM funnel_events
     WHERE flow_id = $1 AND visit_id IN (
       SELECT visit_id FROM funnel_events WHERE flow_id = $1 AND ($2::timestamptz IS NULL OR occurred_at >= $2) AND ($3::timestamptz IS NULL OR occurred_at < $3))`,
    [flow.id, since === undefined ? null : new Date(since), until === undefined ? null : new Date(until)],
  );
  const events: EventRow[] = rows.map((r) => ({
    visit: r.visit_id,
    seq: r.seq,
    version: r.flow_version,
    variant: r.variant,
    kind: r.kind,
    step: r.step_id,
    by: r.left_by,
    lang: r.lang,
    at: r.occurred_at.getTime(),
  }));
  const declined = await db.query<{ reason: string | null; n: number }>(
    `SELECT body ->> 'declineReason' AS reason, count(*)::int AS n FROM leads
     WHERE funnel = $1 AND body ->> 'legal_consult' = 'false' AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at < $3)
       AND ($4::text IS NULL OR language = $4)
     GROUP BY 1`,
    [flow.id, since === undefined ? null : new Date(since), until === undefined ? null : new Date(until), request.lang ?? null],
  );
  const count = (reason: string | null) => declined.rows.find((r) => r.reason === reason)?.n ?? 0;
  const byReason = Object.fromEntries(DECLINE_REASONS.map((reason) => [reason, count(reason)])) as Record<(typeof DECLINE_REASONS)[number], number>;
  return { ...funnelReport(flow, events, { since, until, lang: request.lang }), declined: { ...byReason, none: count(null) } };
}
