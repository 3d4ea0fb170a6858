// Alerts for tests: a lead body that subscribes to a report alert, its creation through POST /api/leads/create by a
// verified visitor, and the alert_texts rows (alert, report) a database holds.
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/db/db.ts';
import { generalLeadBody, testConsent, uniquePhone } from './lead-bodies.ts';
import { send, verifyPhone } from './requests.ts';
import type { TestServer } from './test-servers.ts';

/** A test's time when it verifies phones and subscribes alerts: seconds each on a loaded machine, not the default 5. */
export const ALERT_TEST_MS = 30_000;

/** A lead body of the notify-me screen for phone (as typed) with the alert, and overrides. */
export function alertLeadBody(phone: string, alert: Record<string, unknown>, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return generalLeadBody(phone, {
    consent: testConsent({ flowId: 'notify-me', pageUrl: 'https://claims.example.com/notify-me' }),
    alert,
    ...overrides,
  });
}

export interface AlertAnswer {
  id: string;
  expiresAt: string;
  onFile: { id: string; path: string }[];
}

/**
 * A visitor who verified a new phone: creates leads with alerts (each a 200, else it throws). A verification makes one
 * lead per funnel, so each subscription after the first is made by another new visitor (its own phone).
 */
export async function alertSubscriber(s: TestServer) {
  const phone = uniquePhone();
  const cookie = await verifyPhone(s, phone.national);
  const post = (alert: Record<string, unknown>, options: { key?: string; overrides?: Record<string, unknown> } = {}): Promise<LightMyRequestResponse> =>
    send(s.app, 'POST', '/api/leads/create', { payload: alertLeadBody(phone.typed, alert, options.overrides), cookie, key: options.key });
  let subscribed = false;
  return {
    phone,
    cookie,
    post,
    async subscribe(alert: Record<string, unknown>): Promise<AlertAnswer> {
      if (subscribed) return (await alertSubscriber(s)).subscribe(alert);
      subscribed = true;
      const res = await post(alert);
      if (res.statusCode !== 200) throw new Error(`leads/create: ${res.statusCode} ${res.body}`);
      return res.json<{ alert: AlertAnswer }>().alert;
    },
  };
}

/** Every alert_texts row as "alertId reportId", sorted. */
export async function textPairs(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ pair: string }>("SELECT alert_id || ' ' || report_id AS pair FROM alert_texts");
  return rows.map((r) => r.pair).sort();
}
