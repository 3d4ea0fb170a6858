// What the studio's page asks its dev server for the funnel report, and what it is answered: the report of the
// claimflow API the dev server asked (its key stays in the dev server), or why there is none.
import type { FunnelReport } from '../../server/analytics/funnel-report.ts';

export type { FunnelReport };

/** Where the page fetches a flow's report: ?flow=ID[&since=YYYY-MM-DD][&until=YYYY-MM-DD][&lang=en|es]. */
export const REPORT_PATH = '/__studio/funnel-report';

/** The query parameters passed on to GET /api/analytics/funnel, and no others. */
export const REPORT_PARAMS = ['flow', 'since', 'until', 'lang'] as const;

export type ReportAnswer =
  | { kind: 'report'; api: string; report: FunnelReport }
  /** STUDIO_ANALYTICS_KEY is not set. */
  | { kind: 'not-configured'; api: string }
  /** Nothing answered at STUDIO_API_URL (detail: the network's error). */
  | { kind: 'unreachable'; api: string; detail: string }
  /** The API refused the key (401): it is not one of its ANALYTICS_KEYS. */
  | { kind: 'refused'; api: string }
  /** Any other answer: the API's message (a bad day, a flow it does not have). */
  | { kind: 'failed'; api: string; status: number; detail: string };
