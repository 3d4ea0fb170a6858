// What stays of a phone after /privacy's erasure (the consent evidence and the verifications it names) is a keyed hash,
// HMAC-SHA256 under a key of HASH_KEYS (its id beside it), not a SHA-256 anyone can recompute from a guessed number: a
// US number came back from its plain SHA-256 in 30 s on one core. With the key the phone is still recognised (a person
// verified again sees the consents kept); without it, not. Rotation: hashes under an older key still match, new ones
// are made under the first key. Phones kept as a plain SHA-256 before (migration 0028) are rekeyed at start and still
// match.
import { createHash, createHmac } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/db.ts';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { hashKeys } from '../../server/privacy/keyed-hash.ts';
import { rekeyAtStart, rekeyPlainHashes } from '../../server/store/rekey-phones.ts';
import { personData } from '../../server/privacy/person-data.ts';
import { recordVerification } from '../../server/store/verifications.ts';
import { newVerificationId } from '../../server/verification-cookie.ts';
import type { RecordingSms } from '../testing/fake-sms.ts';
import { smsConsent, uniquePhone } from '../testing/lead-bodies.ts';
import { askCode, send, verifyPhone } from '../testing/requests.ts';
import { openTestDb, STARTUP_MS, testDbKinds, unmigratedDb, type TestDb } from '../testing/test-db.ts';
import { makeCodesApp, TEST_CODE_LIMITS } from '../testing/test-servers.ts';

const OLD_SECRET = 'old-key-0123456789abcdefghijklmnopqrstuvwxyz';
const NEW_SECRET = 'bmV3LWtleS1vZi0zMi1yYW5kb20tYnl0ZXMtaW4tYmFzZTY0';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();
/** What the phone is kept as under key id and secret: HMAC-SHA256 of the hex of its SHA-256. */
const keyed = (id: string, secret: string, e164: string) =>
  `hmac-sha256:${id}:${createHmac('sha256', secret).update(sha256(e164).toString('hex')).digest('hex')}`;

interface App {
  app: FastifyInstance;
  sms: RecordingSms;
}

/** A server process on db with HASH_KEYS as given. */
const appWith = (db: Db, hashKeys: string): Promise<App> =>
  makeCodesApp(db, Date.now, { config: { hashKeys: loadConfig({ HASH_KEYS: hashKeys }).hashKeys }, limits: TEST_CODE_LIMITS });

describe.each(testDbKinds)('phones kept after an erasure on %s', { timeout: 30_000 }, (kind) => {
  let testDb: TestDb;
  let oldOnly: App;
  let rotated: App;
  let otherKey: App;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await openTestDb(kind);
    oldOnly = await appWith(db(), `old:${OLD_SECRET}`);
    rotated = await appWith(db(), `new:${NEW_SECRET}, old:${OLD_SECRET}`);
    otherKey = await appWith(db(), `other:${'x'.repeat(32)}`);
  }, STARTUP_MS);
  afterAll(async () => {
    for (const { app } of [oldOnly, rotated, otherKey]) await app.close();
    await testDb.close();
  });

  /** A person who consented to texts (/user/tcpa) and verified their phone through server, then erased it all there. */
  async function erasedPerson({ app, sms }: App) {
    const phone = uniquePhone();
    const pending = await askCode(app, phone.national);
    const payload = { firstName: 'Ana', lastName: 'Ruiz', email: 'ana.ruiz@example.com', phone: phone.typed, trustedformPingUrl: null, consent: smsConsent() };
    const tcpa = await send(app, 'POST', '/api/user/tcpa?funnel=calc', { payload, cookie: pending });
    expect(tcpa.statusCode, tcpa.body).toBe(200);
    const cookie = await verifyPhone({ app, sms }, phone.national);
    const ids = async (sql: string) => (await db().query<{ id: string }>(sql, [phone.e164])).rows.map((r) => r.id);
    const records = await ids('SELECT id::text FROM consent_records WHERE phone = $1');
    const tcpaRows = await ids('SELECT token::text AS id FROM tcpa_consents WHERE phone = $1');
    const verifications = await ids('SELECT id::text FROM phone_verifications WHERE phone = $1');
    const erased = await app.inject({ method: 'DELETE', url: '/api/privacy/data', headers: { cookie } });
    expect(erased.statusCode, erased.body).toBe(200);
    // What is kept of the phone, where it was.
    const { rows } = await db().query<{ phone: string }>(
      `SELECT phone FROM consent_records WHERE id::text = ANY($1::text[])
       UNION ALL SELECT phone FROM tcpa_consents WHERE token::text = ANY($2::text[])
       UNION ALL SELECT phone FROM phone_verifications WHERE id::text = ANY($3::text[])`,
      [records, tcpaRows, verifications],
    );
    expect(rows).toHaveLength(records.length + tcpaRows.length + verifications.length);
    expect(records.length * tcpaRows.length * verifications.length).toBeGreaterThan(0);
    return { phone, kept: rows.map((r) => r.phone) };
  }

  /** The consents /privacy shows the phone's owner, verified again, on server. */
  async function consentsShown({ app }: App, e164: string): Promise<number> {
    const { id, idHash } = newVerificationId();
    await recordVerification(db(), e164, idHash);
    const res = await app.inject({ method: 'GET', url: '/api/privacy/data', headers: { cookie: `cf_verification=${id}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ consents: unknown[] }>().consents.length;
  }

  it('keeps the phone as an HMAC under the configured key, named by its id, and no unkeyed hash of any form of it', async () => {
    const { phone, kept } = await erasedPerson(oldOnly);
    expect(new Set(kept)).toEqual(new Set([keyed('old', OLD_SECRET, phone.e164)]));
    const forms = [phone.e164, phone.e164.slice(1), phone.national, phone.typed, `+1 ${phone.typed}`, `1${phone.national}`];
    const digests = forms.flatMap((form) => [sha256(form), createHash('sha1').update(form).digest(), createHash('md5').update(form).digest()]);
    for (const digest of digests) {
      for (const text of [digest.toString('hex'), digest.toString('base64'), digest.toString('base64url')]) expect(kept.join('\n')).not.toContain(text);
    }
    // With the key the phone is recognised: its owner, verified again, sees the consent evidence kept; a server with
    // another key cannot match it.
    expect(await consentsShown(oldOnly, phone.e164)).toBe(1);
    expect(await consentsShown(otherKey, phone.e164)).toBe(0);
  });

  it('matches hashes under an older key after a rotation, and makes new ones under the first key', async () => {
    const before = await erasedPerson(oldOnly);
    expect(await consentsShown(rotated, before.phone.e164)).toBe(1);

    const after = await erasedPerson(rotated);
    expect(new Set(after.kept)).toEqual(new Set([keyed('new', NEW_SECRET, after.phone.e164)]));
    expect(await consentsShown(rotated, after.phone.e164)).toBe(1);
    expect(await consentsShown(oldOnly, after.phone.e164)).toBe(0);
  });
});

describe.each(testDbKinds)('migration 0028 on %s, with phones kept as a plain SHA-256 before it', (kind) => {
  it('rekeys them at start under the current key, once, and they still match', { timeout: STARTUP_MS }, async () => {
    const testDb = await unmigratedDb(kind);
    const { db } = testDb;
    try {
      await migrate(db, { count: readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < '0028').length });
      // A consent given at /user/tcpa by a verified phone, then erased as before: the phone replaced by 'sha256:' and its SHA-256.
      const phone = uniquePhone().e164;
      const wording = 'I agree to get texts.';
      await db.query(
        `WITH t AS (INSERT INTO consent_texts (text_key, locale, version, sha256, wording) VALUES ('server:tcpa.calc', 'en', 1, $2, $3)
           RETURNING id, version, sha256),
         v AS (INSERT INTO phone_verifications (id_hash, phone) VALUES ('verification', $1) RETURNING id),
         r AS (INSERT INTO consent_records (kind, consent_text_id, text_version, text_sha256, consented_at_ms, phone, verification_id)
           SELECT 'tcpa', t.id, t.version, t.sha256, 0, $1, v.id FROM t, v RETURNING id)
         INSERT INTO tcpa_consents (token, funnel, phone, fields, tcpa_message, consent_record_id)
         SELECT gen_random_uuid(), 'calc', $1, '{}', $3, r.id FROM r`,
        [phone, sha256(wording).toString('hex'), wording],
      );
      for (const table of ['phone_verifications', 'tcpa_consents', 'consent_records']) {
        await db.query(`UPDATE ${table} SET phone = 'sha256:' || encode(sha256(convert_to(phone, 'UTF8')), 'hex') WHERE phone = $1`, [phone]);
      }

      // The start of the server (serve.ts) and of the worker.
      await migrate(db);
      const configured = loadConfig({ HASH_KEYS: `new:${NEW_SECRET}` }).hashKeys;
      const lines: string[] = [];
      await rekeyAtStart(db, configured, (line) => lines.push(line));
      expect(lines).toEqual([expect.stringMatching(/^3 phones kept as a plain SHA-256 are now kept as a keyed hash/)]);
      const keys = await hashKeys(db, configured);
      expect(await rekeyPlainHashes(db, keys)).toBe(0);
      const { rows } = await db.query<{ phone: string }>(
        'SELECT phone FROM phone_verifications UNION ALL SELECT phone FROM tcpa_consents UNION ALL SELECT phone FROM consent_records',
      );
      expect(rows.map((r) => r.phone)).toEqual(Array(3).fill(keyed('new', NEW_SECRET, phone)));
      expect((await personData(db, phone, keys, new Map())).consents.map((c) => c.wording)).toEqual([wording]);
    } finally {
      await testDb.close();
    }
  });
});
