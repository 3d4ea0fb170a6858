// Retention (issue 23, parts 5-6) on a fake clock: SMS code rows and code-limit counts go after 30 days (verifications
// keep their phone's keyed hash only), a lead's personal data after the configured period (the row stays for counts), consent
// evidence after 5 years and not a day sooner, which the database itself enforces; the hourly purge job runs it all.
import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { Jobs } from '../../server/jobs/jobs.ts';
import { purgeExpired } from '../../server/retention/purge-expired.ts';
import { DAY_MS, fakeClock } from '../testing/fake-clock.ts';
import type { RecordingSms } from '../testing/fake-sms.ts';
import { calcLeadBody, uniquePhone } from '../testing/lead-bodies.ts';
import { send, smsSend, verifyPhone } from '../testing/requests.ts';
import { STARTUP_MS, testDbKinds, type TestDb, openTestDb } from '../testing/test-db.ts';
import { makeCodesApp } from '../testing/test-servers.ts';

const RETENTION = loadConfig({}).retention;
const HASH_SECRET = 'retention-test-key-0123456789abcdef';
const HASH_KEYS = loadConfig({ HASH_KEYS: `r1:${HASH_SECRET}` }).hashKeys;
const YEAR_MS = 365 * DAY_MS;

describe.each(testDbKinds)('retention on %s', (kind) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let sms: RecordingSms;
  const clock = fakeClock(Date.now());
  const db = () => testDb.db;
  const column = async <T>(sql: string, params: unknown[] = []) => (await db().query<{ v: T }>(sql, params)).rows.map((r) => r.v);
  const codeRows = () => column<string>('SELECT phone AS v FROM sms_codes ORDER BY phone');
  // The phones with a limit count: each of their subjects is '<policy> phone:<E.164>'.
  const phoneSubjects = () => column<string>("SELECT DISTINCT split_part(subject, ' ', 2) AS v FROM limit_events WHERE subject LIKE '% phone:%' ORDER BY v");

  const verified = uniquePhone();
  const asked = uniquePhone();
  const later = uniquePhone();
  let leadId: number;

  beforeAll(async () => {
    testDb = await openTestDb(kind);
    ({ app, sms } = await makeCodesApp(testDb.db, clock));
    // Day 0: one person verifies and leaves a lead, another only asks for a code.
    const cookie = await verifyPhone({ app, sms }, verified.national);
    const lead = await send(app, 'POST', '/api/leads/create/calc', { payload: calcLeadBody(verified.typed, { lastName: 'Retentive' }), cookie });
    expect(lead.statusCode, lead.body).toBe(200);
    leadId = lead.json<{ lead: { id: number } }>().lead.id;
    expect((await smsSend(app, asked.national)).statusCode).toBe(200);
  }, STARTUP_MS);
  afterAll(async () => {
    await app.close();
    await testDb.close();
  });

  it(`keeps SMS code rows and limit counts ${RETENTION.codeDays} days, then deletes them with the phones they name`, async () => {
    clock.advance((RETENTION.codeDays - 1) * DAY_MS);
    expect((await smsSend(app, later.national)).statusCode).toBe(200);
    // Only subjects with no count go (the verifier's own, which a right code adds none to); the phones' stay.
    expect(await purgeExpired(db(), RETENTION, clock(), HASH_KEYS)).toMatchObject({ codes: 0, verifications: 0 });
    expect(await codeRows()).toEqual([verified.e164, asked.e164, later.e164].sort());
    expect(await phoneSubjects()).toEqual([verified.e164, asked.e164, later.e164].map((p) => `phone:${p}`).sort());

    clock.advance(2 * DAY_MS);
    expect(await purgeExpired(db(), RETENTION, clock(), HASH_KEYS)).toMatchObject({ codes: 2, verifications: 1, leads: 0 });
    expect(await codeRows()).toEqual([later.e164]);
    expect(await phoneSubjects()).toEqual([`phone:${later.e164}`]);
    // The verification stays (the lead's consent record names it), with its phone's keyed hash only (under HASH_KEYS).
    const sha256 = createHash('sha256').update(verified.e164).digest('hex');
    expect(await column<string>('SELECT phone AS v FROM phone_verifications')).toEqual([
      `hmac-sha256:r1:${createHmac('sha256', HASH_SECRET).update(sha256).digest('hex')}`,
    ]);
    // The address's own subject stays: it still has a count of the last 30 days.
    expect(await column<string>("SELECT DISTINCT split_part(subject, ' ', 2) AS v FROM limit_events WHERE subject LIKE '% ip:%'")).toHaveLength(1);
    // A purged phone asks again as a new one.
    expect((await smsSend(app, asked.national)).statusCode).toBe(200);
  });

  it(`anonymises a lead ${RETENTION.leadDays} days old: its row stays for counts, its personal data goes`, async () => {
    const lead = () => db().query('SELECT first_name, last_name, phone, email, body, ip, user_agent, erased_at, funnel FROM leads WHERE id = $1', [leadId]);
    clock.set(clock() - (RETENTION.codeDays + 1) * DAY_MS + (RETENTION.leadDays - 1) * DAY_MS);
    expect(await purgeExpired(db(), RETENTION, clock(), HASH_KEYS)).toMatchObject({ leads: 0 });
    expect((await lead()).rows[0]).toMatchObject({ last_name: 'Retentive', phone: verified.e164, erased_at: null });

    clock.advance(2 * DAY_MS);
    expect(await purgeExpired(db(), RETENTION, clock(), HASH_KEYS)).toMatchObject({ leads: 1 });
    const [row] = (await lead()).rows;
    expect(row).toMatchObject({ first_name: '', last_name: '', phone: '', email: '', body: {}, ip: null, user_agent: null, funnel: 'calculator' });
    expect(row?.erased_at).not.toBeNull();
    // Its consent evidence is younger than 5 years: kept.
    expect(await column<number>('SELECT count(*)::int AS v FROM consent_records')).toEqual([1]);
    expect(await purgeExpired(db(), RETENTION, clock(), HASH_KEYS)).toMatchObject({ leads: 0 });
  });

  describe('consent evidence', () => {
    // Rows of 5 years and a day ago (by the database's clock, which its triggers check), and of a day less than 5 years.
    const OLD = "now() - interval '5 years 1 day'";
    const YOUNG = "now() - interval '5 years' + interval '1 day'";
    const ids = {} as Record<'erasedRecord' | 'erasedLead' | 'keptRecord' | 'keptLead' | 'tcpaRecord' | 'youngRecord', number>;

    beforeAll(async () => {
      const one = async (sql: string, params: unknown[] = []) => Number((await db().query<{ id: number }>(sql, params)).rows[0]?.id);
      const textId = await one(
        `INSERT INTO consent_texts (text_key, locale, version, sha256, wording)
         SELECT 'test:retention', 'en', 1, encode(sha256(convert_to(w, 'UTF8')), 'hex'), w FROM (SELECT 'I agree.'::text AS w) x RETURNING id`,
      );
      const verificationId = await one("INSERT INTO phone_verifications (id_hash, phone) VALUES (md5(random()::text), '+12025550111') RETURNING id");
      const record = (age: string) =>
        one(
          `INSERT INTO consent_records (kind, consent_text_id, text_version, text_sha256, consented_at_ms, phone, verification_id, created_at)
           SELECT 'tcpa', id, version, sha256, 0, '+12025550111', $1, ${age} FROM consent_texts WHERE id = $2 RETURNING id`,
          [verificationId, textId],
        );
      const lead = (recordId: number, erased: boolean) =>
        one(
          `INSERT INTO leads (funnel, first_name, last_name, phone, email, legal_consult, language, body, verification_id, consent_record_id, created_at, erased_at)
           VALUES ('calc', 'A', 'B', '+12025550111', 'a@example.com', true, 'en', '{}', $1, $2, ${OLD}, ${erased ? 'now()' : 'NULL'}) RETURNING id`,
          [verificationId, recordId],
        );
      ids.erasedRecord = await record(OLD);
      ids.erasedLead = await lead(ids.erasedRecord, true);
      ids.keptRecord = await record(OLD);
      ids.keptLead = await lead(ids.keptRecord, false);
      ids.tcpaRecord = await record(OLD);
      await db().query(
        `INSERT INTO tcpa_consents (token, phone, fields, tcpa_message, consent_record_id, created_at)
         VALUES (gen_random_uuid(), '+12025550111', '{}', 'I agree.', $1, ${OLD})`,
        [ids.tcpaRecord],
      );
      ids.youngRecord = await record(YOUNG);
      for (const [leadId, id] of [
        [ids.erasedLead, 'A'],
        [ids.keptLead, 'B'],
      ] as const) {
        await db().query(`INSERT INTO consent_certificates (id, lead_id, payload, signature, key_id, issued_at) VALUES ($1, $2, '{}', 'x', 'k', ${OLD})`, [
          id.repeat(22),
          leadId,
        ]);
      }
    });

    const records = () => column<number>('SELECT id::int AS v FROM consent_records ORDER BY id');

    it('cannot be changed, nor deleted before it is 5 years old, by anyone', async () => {
      await expect(db().query('DELETE FROM consent_records WHERE id = $1', [ids.youngRecord])).rejects.toThrow(/kept 5 years/);
      await expect(db().query('DELETE FROM consent_records')).rejects.toThrow(/append-only/);
      await expect(db().query("UPDATE consent_records SET ip = 'x' WHERE id = $1", [ids.erasedRecord])).rejects.toThrow(/append-only/);
      await expect(db().query("UPDATE tcpa_consents SET tcpa_message = 'x'")).rejects.toThrow(/append-only/);
      await expect(db().query("UPDATE consent_certificates SET payload = 'x'")).rejects.toThrow(/append-only/);
      await expect(db().query('DELETE FROM consent_texts')).rejects.toThrow(/append-only/);
      for (const table of ['consent_records', 'tcpa_consents', 'consent_certificates']) {
        await expect(db().query(`TRUNCATE ${table} CASCADE`)).rejects.toThrow(/append-only/);
      }
      // A lead is still never stored without its consent record.
      await expect(
        db().query(
          "INSERT INTO leads (funnel, first_name, last_name, phone, email, legal_consult, language, body, verification_id) SELECT 'calc', 'A', 'B', '+1', 'e', true, 'en', '{}', id FROM phone_verifications LIMIT 1",
        ),
      ).rejects.toThrow(/leads_consent_record_check/);
      expect(await records()).toHaveLength(5);
    });

    it('goes after 5 years, but for the evidence of a lead still holding personal data; the erased lead stays, without it', async () => {
      // Whatever the servers' clock says, the database's decides what is 5 years old.
      expect(await purgeExpired(db(), { ...RETENTION, leadDays: 100 * 365 }, clock() + 50 * YEAR_MS, HASH_KEYS)).toMatchObject({ consentRecords: 2 });
      expect(await records()).toEqual(
        [...(await column<number>('SELECT consent_record_id::int AS v FROM leads WHERE id = $1', [leadId])), ids.keptRecord, ids.youngRecord].sort(
          (a, b) => a - b,
        ),
      );
      expect(await column<number>('SELECT count(*)::int AS v FROM tcpa_consents')).toEqual([0]);
      expect(await column<string>('SELECT id AS v FROM consent_certificates')).toEqual(['B'.repeat(22)]);
      expect((await db().query('SELECT consent_record_id, erased_at IS NOT NULL AS erased FROM leads WHERE id = $1', [ids.erasedLead])).rows).toEqual([
        { consent_record_id: null, erased: true },
      ]);
    });

    it(`is kept longer when CONSENT_RETENTION_YEARS says so, and never less than 5 years`, async () => {
      // The kept lead is erased now: its 5-year-old evidence goes, unless 6 years are asked for.
      await db().query('UPDATE leads SET erased_at = now() WHERE id = $1', [ids.keptLead]);
      expect(await purgeExpired(db(), { ...RETENTION, consentYears: 6 }, clock(), HASH_KEYS)).toMatchObject({ consentRecords: 0 });
      expect(await purgeExpired(db(), RETENTION, clock(), HASH_KEYS)).toMatchObject({ consentRecords: 1 });
      expect(await records()).not.toContain(ids.keptRecord);
      expect(() => loadConfig({ CONSENT_RETENTION_YEARS: '4' })).toThrow(/CONSENT_RETENTION_YEARS must be an integer from 5 to 100/);
      expect(() => loadConfig({ CODE_RETENTION_DAYS: '29' })).toThrow(/CODE_RETENTION_DAYS must be an integer from 30/);
    });
  });

  it('runs as the hourly purge job, on the clock and periods it is given', { timeout: STARTUP_MS }, async () => {
    const phone = uniquePhone();
    clock.set(Date.now());
    const cookie = await verifyPhone({ app, sms }, phone.national);
    expect((await send(app, 'POST', '/api/leads/create/calc', { payload: calcLeadBody(phone.typed), cookie })).statusCode).toBe(200);
    const unerased = () => column<number>('SELECT count(*)::int AS v FROM leads WHERE erased_at IS NULL');
    expect(await unerased()).toEqual([1]);

    const bossSchema = db().schema === 'public' ? 'pgboss' : `${db().schema}_pgboss`;
    const queue = await new Jobs().start({
      db: db(),
      databaseUrl: process.env.TEST_DATABASE_URL,
      sms,
      config: { publicUrl: 'https://claims.example.com', alertCountries: ['US'] },
      retention: { ...RETENTION, leadDays: 10 },
      clock: () => Date.now() + 11 * DAY_MS,
      log: (message, error) => console.error(message, error),
    });
    try {
      const end = Date.now() + 20_000;
      while ((await unerased())[0] !== 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(await unerased()).toEqual([0]);
      // 11 days: the code rows are younger than 30.
      expect(await codeRows()).toContain(phone.e164);
      expect(await column<string>(`SELECT cron AS v FROM ${bossSchema}.schedule WHERE name = $1`, ['purge-expired-rows'])).toEqual(['0 * * * *']);
    } finally {
      await queue.stop();
      if (kind === 'postgres') await db().query(`DROP SCHEMA IF EXISTS ${bossSchema} CASCADE`);
    }
  });
});
