// Creates a report alert in the transaction that stores its lead: it first takes the alerts' lock (match-lock.ts),
// looks for the reports already on file, and then stores the alert and the texts of those reports; the lead's answer
// lists them, and the sender is to be woken for them once the transaction commits. A phone that had stopped the texts
// is taken back: subscribing again (its code verified, the consent given anew) asks for them.
import type { Queryable } from '../db/db.ts';
import { resumePhone } from '../sms/stops.ts';
import { lockForAlerting } from './match-lock.ts';
import type { NewAlert } from './new-alert.ts';
import { reportsOnFile, type OnFile } from './on-file.ts';

/** The `alert` of the lead's answer. */
export interface AlertAnswer {
  id: string;
  expiresAt: string;
  onFile: OnFile[];
}

/** The lead an alert is created with: its id, its phone (E.164) and the language of its consent. */
export interface AlertLead {
  id: number;
  phone: string;
  locale: string;
}

/** Stores the alert of lead and a text of each report on file for it; answers them (texts to send when onFile is not empty). */
export async function createAlert(tx: Queryable, a: NewAlert, lead: AlertLead): Promise<AlertAnswer> {
  await lockForAlerting(tx);
  const onFile = await reportsOnFile(tx, a);
  await resumePhone(tx, lead.phone);
  await tx.query(
    `WITH alert AS (
       INSERT INTO alerts (lead_id, phone, locale, id, source, vin, case_key, state, lat, lng, geo_cell, radius_mi, on_date, make, year, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       RETURNING id
     )
     INSERT INTO alert_texts (alert_id, report_id) SELECT alert.id, f.report_id FROM alert CROSS JOIN unnest($17::text[]) AS f (report_id)`,
    [
      lead.id,
      lead.phone,
      lead.locale,
      a.id,
      a.source,
      a.vin,
      a.case_key,
      a.state,
      a.lat,
      a.lng,
      a.geo_cell,
      a.radius_mi,
      a.on_date,
      a.make,
      a.year,
      a.expires_at,
      onFile.map((f) => f.id),
    ],
  );
  return { id: a.id, expiresAt: a.expires_at, onFile };
}
