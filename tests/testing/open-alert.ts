// An open alert on a phone for the SMS stop tests, subscribed through POST /api/leads/create as the notify-me screen
// does (a verified phone, its consent record, the alert by VIN), and how many of a phone's alerts are open.
import { expect } from 'vitest';
import { alertLeadBody, type AlertAnswer } from './alerts.ts';
import { testConsent } from './lead-bodies.ts';
import { send, verifyPhone } from './requests.ts';
import type { TestServer } from './test-servers.ts';

export interface Phone {
  typed: string;
  national: string;
  e164: string;
}

/** Subscribes phone to an alert for a VIN in locale (the consent's); returns the alert's id. */
export async function openAlert(s: TestServer, phone: Phone, locale: 'en' | 'es' = 'en', vin = '1HGCM82633A004352'): Promise<string> {
  const cookie = await verifyPhone(s, phone.national);
  const consent = testConsent({ locale, flowId: 'notify-me', pageUrl: 'https://claims.example.com/notify-me' });
  const payload = alertLeadBody(phone.typed, { source: 'notify-me', vin }, { consent, language: locale });
  const res = await send(s.app, 'POST', '/api/leads/create', { payload, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ alert: AlertAnswer }>().alert.id;
}

/** How many of phone's alerts are still open. */
export async function openAlerts(s: TestServer, phone: string): Promise<number> {
  const { rows } = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alerts WHERE phone = $1 AND ended_at IS NULL', [phone]);
  return rows[0]?.n ?? -1;
}

/** Timeout of a test that subscribes alerts (each a code sent and checked, a lead with its consent): seconds under load. */
export const SUBSCRIBE_MS = 30_000;
