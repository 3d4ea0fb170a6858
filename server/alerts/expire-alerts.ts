// Ends the alerts whose time is up (ALERT_DAYS after they were made): one that no report matched gets its last text
// (an alert_endings row, sent by server/alerts/deliver-texts.ts), one that was matched just ends.
import type { Db } from '../db/db.ts';
import { lockForAlerting } from './match-lock.ts';

export interface Expired {
  /** Alerts ended now. */
  ended: number;
  /** Of those, the ones no report matched: each gets its last text. */
  unmatched: number;
}

const EXPIRE_SQL = `WITH ended AS (
    UPDATE alerts SET ended_at = now() WHERE ended_at IS NULL AND expires_at <= now() RETURNING id
  ), endings AS (
    INSERT INTO alert_endings (alert_id)
    SELECT id FROM ended WHERE NOT EXISTS (SELECT 1 FROM alert_texts t WHERE t.alert_id = ended.id)
    ON CONFLICT DO NOTHING RETURNING 1
  )
  SELECT (SELECT count(*) FROM ended)::int AS ended, (SELECT count(*) FROM endings)::int AS unmatched`;

export async function expireAlerts(db: Db): Promise<Expired> {
  return db.transaction(async (tx) => {
    // The lock alert creation takes against matching: reports being stored now commit their matches first (an alert
    // they matched is not "unmatched"), and reports stored after this find the alert ended.
    await lockForAlerting(tx);
    const { rows } = await tx.query<Expired>(EXPIRE_SQL);
    return rows[0] ?? { ended: 0, unmatched: 0 };
  });
}
