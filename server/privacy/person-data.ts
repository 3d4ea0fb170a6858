// What is kept about a phone, as /privacy shows it (GET /api/privacy/data): the person's leads, report alerts and
// consent records, newest first, in one statement; after an erasure, the consent records kept under the phone's hash.
import type { FromSchema } from 'json-schema-to-ts';
import type { Queryable } from '../db/db.ts';
import type { apiSchemas } from '../routes/api-schemas.ts';

export type PersonData = FromSchema<typeof apiSchemas.privacyDataResponse>;

export async function personData(db: Queryable, phone: string): Promise<PersonData> {
  const { rows } = await db.query<{ data: Omit<PersonData, 'phone'> }>(
    `SELECT json_build_object(
       'leads', coalesce((
         SELECT json_agg(json_build_object('id', l.id, 'funnel', l.funnel, 'createdAt', l.created_at, 'firstName', l.first_name,
           'lastName', l.last_name, 'email', l.email,
           'sponsors', (SELECT count(*) FROM deliveries d WHERE d.lead_id = l.id AND d.type = 'lead.created' AND d.attempts > 0))
           ORDER BY l.created_at DESC, l.id DESC)
         FROM leads l WHERE l.phone = $1), '[]'),
       'alerts', coalesce((
         SELECT json_agg(json_build_object('id', a.id, 'createdAt', a.created_at, 'expiresAt', a.expires_at,
           'active', a.ended_at IS NULL AND a.expires_at > now(), 'vin', a.vin, 'caseNumber', a.case_key, 'state', a.state,
           'onDate', a.on_date, 'make', a.make, 'year', a.year) ORDER BY a.created_at DESC, a.id)
         FROM alerts a WHERE a.phone = $1), '[]'),
       'consents', coalesce((
         SELECT json_agg(json_build_object('kind', c.kind, 'givenAt', to_timestamp(c.consented_at_ms / 1000.0), 'wording', t.wording,
           'locale', c.locale, 'pageUrl', c.page_url) ORDER BY c.consented_at_ms DESC, c.id DESC)
         FROM consent_records c JOIN consent_texts t ON t.id = c.consent_text_id WHERE c.phone IN ($1, 'sha256:' || encode(sha256(convert_to($1, 'UTF8')), 'hex'))), '[]')
     ) AS data`,
    [phone],
  );
  return { phone, ...(rows[0]?.data ?? { leads: [], alerts: [], consents: [] }) };
}
