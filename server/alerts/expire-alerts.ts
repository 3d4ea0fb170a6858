// Ends the alerts whose time is up (ALERT_DAYS after they were made): one that no report matched gets its last text
// (an alert_endings row, sent by server/alerts/deliver-texts.ts), one that was matched just ends.
import type { Db, Queryable } from '../db/db.ts';
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

/** Ends the phone's open alerts at once (a STOP): they text nothing more, not even their ending. */
export async function endAlertsOfPhone(q: Queryable, phone: string): Promise<void> {
  await q.query('UPDATE alerts SET ended_at = now() WHERE phone = $1 AND ended_at IS NULL', [phone]);
}

/** The language phone was last texted in: that of its latest alert (undefined: it has none). */
export async function latestAlertLocale(q: Queryable, phone: string): Promise<string | undefined> {
  const { rows } = await q.query<{ locale: string }>('SELECT locale FROM alerts WHERE phone = $1 ORDER BY created_at DESC, id DESC LIMIT 1', [phone]);
  return rows[0]?.locale;
}

/** Deletes the alerts these leads made, and their texts. */
export async function deleteLeadsAlerts(tx: Queryable, leadIds: readonly number[]): Promise<void> {
  await tx.query(
    `WITH alert_ids AS (SELECT id FROM alerts WHERE lead_id = ANY($1::bigint[])),
     texts AS (DELETE FROM alert_texts WHERE alert_id IN (SELECT id FROM alert_ids)),
     endings AS (DELETE FROM alert_endings WHERE alert_id IN (SELECT id FROM alert_ids))
     DELETE FROM alerts WHERE id IN (SELECT id FROM alert_ids)`,
    [leadIds],
  );
}
