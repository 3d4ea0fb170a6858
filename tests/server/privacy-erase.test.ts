// /api/privacy (issue 23 parts 5-6): a person who proves their phone by SMS sees the data kept about them and erases
// it; afterwards no text or JSON column of any table holds their phone (in any format), email or name, the consent
// evidence is still there (its phone as a keyed hash: privacy-hashes.test.ts), sponsors that got the lead are told (lead.deleted), and nobody
// else's data is touched.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dataSchema from '../../schemas/api/privacy-data.response.schema.json' with { type: 'json' };
import { loadCertificateKeys } from '../../server/certificates/certificate-keys.ts';
import { issueCertificate } from '../../server/certificates/issue-certificate.ts';
import { verifyCertificate, type Certificate, type PublicKeys } from '../../server/certificates/verify-certificate.ts';
import type { Db } from '../../server/db/db.ts';
import { hashKeys, keyedPhoneHash } from '../../server/privacy/keyed-hash.ts';
import { recordVerification } from '../../server/store/verifications.ts';
import { newVerificationId } from '../../server/verification-cookie.ts';
import { alertLeadBody } from '../testing/alerts.ts';
import { calcLeadBody, smsConsent, uniquePhone } from '../testing/lead-bodies.ts';
import { askCode, send, smsSend, verifyPhone } from '../testing/requests.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { fakeClock, MINUTE_MS } from '../testing/fake-clock.ts';
import { openTestDb, STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeCodesApp, makeTestServer, type TestServer } from '../testing/test-servers.ts';

/** Letters only (names are checked as names), different in every run. */
const word = (length: number) => Array.from({ length }, () => String.fromCharCode(97 + randomInt(26))).join('');
const capital = (w: string) => w[0]?.toUpperCase() + w.slice(1);

interface Person {
  phone: ReturnType<typeof uniquePhone>;
  firstName: string;
  lastName: string;
  email: string;
  cookie: string;
  leadIds: number[];
}

/** A person who verified their phone, gave consent (/user/tcpa), sent a calculator lead and subscribed to a report alert. */
async function personWithData(s: TestServer): Promise<Person> {
  const phone = uniquePhone();
  const firstName = capital(word(9));
  const lastName = capital(word(10));
  const email = `${word(8)}.${word(6)}@example.com`;
  const names = { firstName, lastName, email };
  const pending = await askCode(s.app, phone.national);
  const tcpa = await send(s.app, 'POST', '/api/user/tcpa?funnel=calc', {
    payload: { ...names, phone: phone.typed, trustedformPingUrl: null, consent: smsConsent() },
    cookie: pending,
  });
  expect(tcpa.statusCode, tcpa.body).toBe(200);
  const cookie = await verifyPhone(s, phone.national);
  const calc = await send(s.app, 'POST', '/api/leads/create/calc', {
    payload: calcLeadBody(phone.typed, {
      ...names,
      extraDetails: { accidentDetails: { fault: false, commercial: true, injuries: 2, earnings: 1, medical: 1, pain: 0 } },
    }),
    cookie,
    key: `calc-${word(12)}`,
  });
  expect(calc.statusCode, calc.body).toBe(200);
  const alert = await send(s.app, 'POST', '/api/leads/create', {
    payload: alertLeadBody(phone.typed, { source: 'notify-me', vin: '1HGCM82633A004352' }, names),
    cookie,
    key: `alert-${word(12)}`,
  });
  expect(alert.statusCode, alert.body).toBe(200);
  const leadIds = [calc, alert].map((res) => res.json<{ lead: { id: number } }>().lead.id);
  return { phone, firstName, lastName, email, cookie, leadIds };
}

/** "table.column" of every text, varchar, json, jsonb or text[] value of db's schema that holds the person. */
async function placesHolding(db: Db, person: Person): Promise<string[]> {
  const { rows: columns } = await db.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
     WHERE c.table_schema = $1 AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb') OR c.udt_name = '_text')`,
    [db.schema],
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    // Any format of the phone: its 10 national digits among the value's digits; names and email in any case.
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}" WHERE
         regexp_replace("${column}"::text, '[^0-9]', '', 'g') LIKE '%' || $1 || '%'
         OR lower("${column}"::text) LIKE '%' || $2 || '%' OR lower("${column}"::text) LIKE '%' || $3 || '%'
         OR lower("${column}"::text) LIKE '%' || $4 || '%'`,
      [person.phone.national, person.email.toLowerCase(), person.firstName.toLowerCase(), person.lastName.toLowerCase()],
    );
    if ((rows[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found.sort();
}

const getData = (s: TestServer, cookie?: string) => send(s.app, 'GET', '/api/privacy/data', { cookie });
const erase = (s: TestServer, cookie?: string) => s.app.inject({ method: 'DELETE', url: '/api/privacy/data', headers: cookie ? { cookie } : {} });

describe.each(testDbKinds)('/api/privacy on %s', { timeout: 30_000 }, (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
  }, STARTUP_MS);
  afterAll(() => s.close());

  it('answers 403 phone_not_verified without a verification, and shows nothing', async () => {
    for (const res of [await getData(s), await erase(s), await getData(s, 'cf_verification=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'phone_not_verified' });
    }
  });

  it("shows a verified person their leads, report alerts and consents, and no one else's", async () => {
    const person = await personWithData(s);
    const other = await personWithData(s);
    const res = await getData(s, person.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json<{
      phone: string;
      leads: { id: number; firstName: string; email: string }[];
      alerts: { vin: string | null }[];
      consents: { kind: string; wording: string }[];
    }>();
    expect(schemaErrors(dataSchema, data)).toEqual([]);
    expect(data.phone).toBe(person.phone.e164);
    expect(data.leads.map((l) => l.id).sort()).toEqual([...person.leadIds].sort());
    expect(data.leads.every((l) => l.firstName === person.firstName && l.email === person.email)).toBe(true);
    expect(data.alerts.map((a) => a.vin)).toEqual(['1HGCM82633A004352']);
    expect(data.consents.map((c) => c.kind).sort()).toEqual(['lead', 'lead', 'tcpa']);
    expect(data.consents.every((c) => c.wording.length > 20)).toBe(true);
    expect(res.body).not.toContain(other.phone.e164);
  });

  it('erases the person everywhere but the consent evidence, which keeps their phone only as its keyed hash', async () => {
    const person = await personWithData(s);
    const other = await personWithData(s);
    const keys = await loadCertificateKeys(s.config);
    const [calcLead = 0, alertLead = 0] = person.leadIds;
    const certificateId = await s.db.transaction((tx) => issueCertificate(tx, calcLead, keys.signer));
    // Lead delivery's rows as the router and deliverer leave them: one sponsor got the lead (its copy kept for retries),
    // another's first attempt is still to come.
    await s.db.query(
      `INSERT INTO deliveries (lead_id, sponsor_id, type, certificate_url, payload, status, attempts)
       SELECT $1::bigint, 'got-it', 'lead.created', 'https://x.example/c', body::text, 'delivered', 1 FROM leads WHERE id = $1::bigint
       UNION ALL SELECT $2::bigint, 'not-yet', 'lead.created', 'https://x.example/c', NULL, 'pending', 0`,
      [calcLead, alertLead],
    );
    // A code asked again later: its row and the phone's limit counts. A STOP and an alert text's unsubscribe link.
    expect((await smsSend(s.app, person.phone.national)).statusCode).toBe(200);
    await s.db.query("INSERT INTO sms_stops (phone, via) VALUES ($1, 'sms')", [person.phone.e164]);
    await s.db.query('INSERT INTO sms_unsubscribe_tokens (phone, token) VALUES ($1, $2)', [person.phone.e164, word(20)]);
    const consentsBefore = await s.count('consent_records');
    expect(await placesHolding(s.db, person)).toEqual(
      expect.arrayContaining([
        'alerts.phone',
        'limit_events.subject',
        'consent_records.phone',
        'deliveries.payload',
        'idempotency_keys.response',
        'leads.body',
        'leads.email',
        'leads.first_name',
        'leads.last_name',
        'leads.phone',
        'phone_verifications.phone',
        'sms_codes.phone',
        'sms_stops.phone',
        'sms_unsubscribe_tokens.phone',
        'tcpa_consents.fields',
        'tcpa_consents.phone',
      ]),
    );

    const res = await erase(s, person.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ erased: { leads: 2, alerts: 1 }, sponsorsTold: 1, consentsKept: 3 });
    // The verification is gone with the rest: the cookie opens nothing now.
    expect((await getData(s, person.cookie)).statusCode).toBe(403);

    expect(await placesHolding(s.db, person)).toEqual([]);
    // The other person is untouched.
    expect(await placesHolding(s.db, other)).toEqual(expect.arrayContaining(['consent_records.phone', 'leads.email', 'leads.phone', 'tcpa_consents.fields']));
    expect((await getData(s, other.cookie)).json<{ leads: unknown[] }>().leads).toHaveLength(2);

    // The evidence: every record, its wording and the certificate, which still verifies.
    expect(await s.count('consent_records')).toBe(consentsBefore);
    const [key] = await hashKeys(s.db, s.config.hashKeys);
    const hashed = keyedPhoneHash(key, person.phone.e164);
    const { rows } = await s.db.query<{ kind: string }>('SELECT kind FROM consent_records WHERE phone = $1 ORDER BY kind', [hashed]);
    expect(rows.map((r) => r.kind)).toEqual(['lead', 'lead', 'tcpa']);
    const certificate = await s.app.inject({ method: 'GET', url: `/certificates/${certificateId}`, headers: { accept: 'application/json' } });
    expect(certificate.statusCode).toBe(200);
    const published = (await s.app.inject({ method: 'GET', url: '/.well-known/claimflow-keys' })).json<PublicKeys>();
    expect(verifyCertificate(certificate.json<Certificate>(), published, { leadId: calcLead, phone: person.phone.e164 })).toMatchObject({ valid: true });

    // The lead rows stay, for counts; the sponsor that got one is told; the unsent delivery is never sent.
    const { rows: deliveries } = await s.db.query<{ sponsor_id: string; type: string; status: string; payload: string | null }>(
      'SELECT sponsor_id, type, status, payload FROM deliveries WHERE lead_id = ANY($1::bigint[]) ORDER BY id',
      [person.leadIds],
    );
    expect(deliveries.map(({ sponsor_id, type, status }) => [sponsor_id, type, status])).toEqual([
      ['got-it', 'lead.created', 'delivered'],
      ['not-yet', 'lead.created', 'erased'],
      ['got-it', 'lead.deleted', 'pending'],
    ]);
    expect(deliveries[0]?.payload).toBeNull();
    expect(JSON.parse(deliveries[2]?.payload ?? '{}')).toMatchObject({ type: 'lead.deleted', data: { id: calcLead } });
    const { rows: leads } = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads WHERE id = ANY($1::bigint[]) AND erased_at IS NOT NULL', [
      person.leadIds,
    ]);
    expect(leads[0]?.n).toBe(2);

    // Verified again, the person sees only the consent records kept.
    const { id, idHash } = newVerificationId();
    await recordVerification(s.db, person.phone.e164, idHash);
    const after = (await getData(s, `cf_verification=${id}`)).json<{ leads: unknown[]; alerts: unknown[]; consents: unknown[] }>();
    expect([after.leads.length, after.alerts.length, after.consents.length]).toEqual([0, 0, 3]);
  });

  it('lets the consent evidence change in no other way', async () => {
    const person = await personWithData(s);
    const keyed = `hmac-sha256:k1:${'0'.repeat(64)}`;
    for (const sql of [
      "UPDATE consent_records SET phone = 'hmac-sha256:k1:00' WHERE phone = $1",
      'UPDATE consent_records SET phone = $2, ip = NULL WHERE phone = $1',
      // A plain SHA-256, as the phone was kept before migration 0028: anyone can recompute it from guessed numbers.
      "UPDATE tcpa_consents SET phone = 'sha256:' || encode(sha256(convert_to(phone, 'UTF8')), 'hex'), fields = '{}' WHERE phone = $1",
      'DELETE FROM consent_records WHERE phone = $1',
    ]) {
      await expect(s.db.query(sql, sql.includes('$2') ? [person.phone.e164, keyed] : [person.phone.e164]), sql).rejects.toThrow(/append-only/);
    }
    // Once keyed, the phone stays as it is.
    await s.db.query('UPDATE consent_records SET phone = $2 WHERE phone = $1', [person.phone.e164, keyed]);
    await expect(s.db.query('UPDATE consent_records SET phone = $2 WHERE phone = $1', [keyed, keyed.replace('k1', 'k2')])).rejects.toThrow(/append-only/);
  });
});

describe('/api/privacy opens for 15 minutes after a verification', () => {
  it(
    "answers 403 phone_not_verified to a verification 16 minutes old (a funnel's, on a shared computer)",
    async () => {
      const testDb = await openTestDb('pglite');
      const clock = fakeClock();
      const { app } = await makeCodesApp(testDb.db, clock);
      const { id, idHash } = newVerificationId();
      await recordVerification(testDb.db, uniquePhone().e164, idHash, clock());
      const get = () => app.inject({ method: 'GET', url: '/api/privacy/data', headers: { cookie: `cf_verification=${id}` } });
      clock.advance(14 * MINUTE_MS);
      expect((await get()).statusCode).toBe(200);
      clock.advance(2 * MINUTE_MS);
      expect((await get()).json()).toEqual({ error: 'phone_not_verified' });
      await app.close();
      await testDb.close();
    },
    STARTUP_MS,
  );
});
