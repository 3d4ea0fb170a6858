// What is kept about a phone, as /privacy shows it (GET /api/privacy/data): the person's leads as stored (answers, call
// time, IP address, user agent, free text, the sponsors that got each and when), report alerts and consent records,
// newest first, in one statement; after an erasure, the consent records kept under the phone's keyed hash (any key's).
import type { FromSchema } from 'json-schema-to-ts';
import type { Queryable } from '../db/db.ts';
import type { apiSchemas } from '../routes/api-schemas.ts';
import { keyedPhoneHashes, type HashKeys } from './keyed-hash.ts';

export type PersonData = FromSchema<typeof apiSchemas.privacyDataResponse>;
type StoredLead = Omit<PersonData['leads'][number], 'sponsors'> & { sponsors: { id: string; sentAt: string }[] };

/** A lead's body less what is shown apart (names, phone, email: columns; consent: its record) or is not the person's (a partner's token). */
const NOT_ANSWERS = ['firstName', 'lastName', 'phone', 'email', 'consent', 'businessUserToken'];

/** sponsorNames: each sponsor's name by id (sponsors/*.json); a sponsor no longer on file is shown by its id. keys: those of hashKeys(). */
export async function personData(db: Queryable, phone: string, keys: HashKeys, sponsorNames: ReadonlyMap<string, string>): Promise<PersonData> {
  const { rows } = await db.query<{ data: Omit<PersonData, 'phone' | 'leads'> & { leads: StoredLead[] } }>(
    `SELECT json_build_object(
       'leads', coalesce((
         SELECT json_agg(json_build_object('id', l.id, 'funnel', l.funnel, 'flowId', c.flow_id, 'createdAt', l.created_at,
           'firstName', l.first_name, 'lastName', l.last_name, 'email', l.email, 'answers', l.body - $2::text[],
           'callTime', CASE WHEN l.preferred_call_time IS NOT NULL THEN json_build_object('slot', l.preferred_call_time,
             'from', l.call_from, 'to', l.call_to, 'timeZone', l.time_zone) END,
           'ip', l.ip, 'userAgent', l.user_agent, 'freeText', l.accident_reason, 'referrers', l.page_referrers,
           'sponsors', coalesce((
             SELECT json_agg(json_build_object('id', d.sponsor_id,
               'sentAt', coalesce(d.delivered_at, (SELECT min(a.at) FROM delivery_attempts a WHERE a.delivery_id = d.id), d.created_at)) ORDER BY d.id)
             FROM deliveries d WHERE d.lead_id = l.id AND d.type = 'lead.created' AND d.attempts > 0), '[]'))
           ORDER BY l.created_at DESC, l.id DESC)
         FROM leads l LEFT JOIN consent_records c ON c.id = l.consent_record_id WHERE l.phone = $1), '[]'),
       'alerts', coalesce((
         SELECT json_agg(json_build_object('id', a.id, 'createdAt', a.created_at, 'expiresAt', a.expires_at,
           'active', a.ended_at IS NULL AND a.expires_at > now(), 'vin', a.vin, 'caseNumber', a.case_key, 'state', a.state,
           'location', CASE WHEN a.lat IS NOT NULL THEN json_build_object('lat', a.lat, 'lng', a.lng) END, 'radius', a.radius_mi,
           'onDate', a.on_date, 'make', a.make, 'year', a.year) ORDER BY a.created_at DESC, a.id)
         FROM alerts a WHERE a.phone = $1), '[]'),
       'consents', coalesce((
         SELECT json_agg(json_build_object('kind', c.kind, 'givenAt', to_timestamp(c.consented_at_ms / 1000.0), 'wording', t.wording,
           'locale', c.locale, 'pageUrl', c.page_url) ORDER BY c.consented_at_ms DESC, c.id DESC)
         FROM consent_records c JOIN consent_texts t ON t.id = c.consent_text_id WHERE c.phone = ANY($3::text[])), '[]')
     ) AS data`,
    [phone, NOT_ANSWERS, [phone, ...keyedPhoneHashes(keys, phone)]],
  );
  const data = rows[0]?.data ?? { leads: [], alerts: [], consents: [] };
  const leads = data.leads.map((lead) => ({
    ...lead,
    sponsors: lead.sponsors.map(({ id, sentAt }) => ({ name: sponsorNames.get(id) ?? id, sentAt: new Date(sentAt).toISOString() })),
  }));
  return { phone, ...data, leads };
}
