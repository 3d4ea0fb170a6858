// The retention job's work (issue 23, part 5), run hourly by the job queue (server/jobs/queues.ts): every kind of row kept for a while
// is deleted or anonymised once its time is up.
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { hashKeys, type HashKey } from '../privacy/keyed-hash.ts';
import { purgeKeys } from '../store/idempotency-keys.ts';
import { purgeCodeRows, type PurgedCodeRows } from '../store/code-rows.ts';
import { purgeConsentEvidence } from './consent-evidence.ts';
import { eraseExpiredLeads } from './expired-leads.ts';
import { purgeFunnelEvents } from '../analytics/purge-events.ts';

export type Retention = Config['retention'];

const DAY_MS = 24 * 60 * 60_000;

export interface Purged extends PurgedCodeRows {
  leads: number;
  consentRecords: number;
  funnelEvents: number;
}

/**
 * Idempotency-Key answers after 48 hours; request counts once their window has passed; SMS code rows, limit counts and
 * verifications' phones (kept hashed under the current key of hashKeys(db, configuredKeys): HASH_KEYS), leads' personal
 * data, consent evidence and funnel step events after their configured retention. now: the servers' clock (ms).
 */
export async function purgeExpired(db: Db, retention: Retention, now: number, configuredKeys: readonly HashKey[]): Promise<Purged> {
  await purgeKeys(db);
  const [key] = await hashKeys(db, configuredKeys);
  const codeRows = await purgeCodeRows(db, now, now - retention.codeDays * DAY_MS, key);
  const leads = await eraseExpiredLeads(db, now - retention.leadDays * DAY_MS);
  const consentRecords = await purgeConsentEvidence(db, retention.consentYears);
  const funnelEvents = await purgeFunnelEvents(db, now - retention.eventDays * DAY_MS);
  return { ...codeRows, leads, consentRecords, funnelEvents };
}
