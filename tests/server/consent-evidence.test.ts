// Consent evidence (16 CFR 310.5(a)(8)): every lead and tcpa call leaves a record of the exact wording shown (stored once
// per version with its hash), where and when and by whom; records cannot change or go, and no lead exists without one.
// The wording is the one the page showed beside the button, word for word: the sponsors it names written in.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import campRequest from '../../schemas/api/leads-create-camp-lejeune.request.schema.json' with { type: 'json' };
import calcRequest from '../../schemas/api/leads-create-calc.request.schema.json' with { type: 'json' };
import createRequest from '../../schemas/api/leads-create.request.schema.json' with { type: 'json' };
import tcpaRequest from '../../schemas/api/user-tcpa.request.schema.json' with { type: 'json' };
import { listOf, noticeText, plainText } from '../../engine/consent-notice.ts';
import { loadConsentCatalogue } from '../../server/consent-text.ts';
import { flowFolders } from '../../server/flow-files.ts';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { ensureConsentText } from '../../server/store/consent-texts.ts';
import { calcLeadBody, generalLeadBody, shownText, testConsent, uniquePhone } from '../testing/lead-bodies.ts';
import { askCode, send, verifyPhone } from '../testing/requests.ts';
import { leadsWithoutTheirConsent, STARTUP_MS, testDbKinds, unmigratedDb } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const catalogue = loadConsentCatalogue(flowFolders().localesDir);

interface RecordRow {
  id: number;
  kind: string;
  consent_text_id: number;
  text_version: number;
  text_sha256: string;
  locale: string | null;
  flow_id: string | null;
  flow_version: number | null;
  consented_at_ms: string | number;
  ip: string | null;
  user_agent: string | null;
  page_url: string | null;
  phone: string;
  verification_id: string | number | null;
  trusted_form_cert: string | null;
  trusted_form_ping_url: string | null;
  text_key: string;
  wording: string;
}

describe('the consent catalogue', () => {
  it('strips the markup of a notice and keeps what it wraps', () => {
    expect(plainText('By tapping Submit, you agree to our <terms>Terms of Use</terms> and <1>more</1>.<br/>')).toBe(
      'By tapping Submit, you agree to our Terms of Use and more.',
    );
    const yes = catalogue.resolve('common:consent.notice.lead.calls', 'en');
    expect(yes?.text).toContain('{{sponsors}} may call or text you');
    expect(yes?.text).toContain('You also agree to our Terms of Use.');
    expect(yes?.text).not.toMatch(/[<>]/);
    expect(yes?.sha256).toBe(sha256(yes?.text ?? ''));
  });

  it('knows every notice in both languages, and nothing that is not a notice', () => {
    const keys = (locale: string) =>
      catalogue
        .all()
        .filter((w) => w.locale === locale)
        .map((w) => w.key)
        .sort();
    expect(keys('en')).toEqual(keys('es'));
    expect(keys('en')).toContain('common:consent.notice.sms.code');
    expect(keys('en').length).toBeGreaterThanOrEqual(11);
    for (const key of ['common:consent.intro', 'common:nav.next', 'common:consent.notice.lead', 'common:consent.notice.lead.calls.x']) {
      expect(catalogue.resolve(key, 'en')).toBeUndefined();
    }
    expect(catalogue.resolve('common:consent.notice.lead.calls', 'fr')).toBeUndefined();
    expect(catalogue.resolve('common:consent.notice.lead.calls', 'es')?.text).not.toBe(catalogue.resolve('common:consent.notice.lead.calls', 'en')?.text);
  });

  it('writes the sponsors it names as a list in the language, as the page renders it', () => {
    expect(['en', 'es'].map((lang) => [1, 2, 3].map((n) => listOf(['Smith & Lee LLP', 'Lone Star Chiropractic', 'Ace Body Shop'].slice(0, n), lang)))).toEqual([
      ['Smith & Lee LLP', 'Smith & Lee LLP and Lone Star Chiropractic', 'Smith & Lee LLP, Lone Star Chiropractic, and Ace Body Shop'],
      ['Smith & Lee LLP', 'Smith & Lee LLP y Lone Star Chiropractic', 'Smith & Lee LLP, Lone Star Chiropractic y Ace Body Shop'],
    ]);
    expect(noticeText('By tapping <b>Submit</b>, you agree that {{sponsors}} may call you.', 'A and B')).toBe(
      'By tapping Submit, you agree that A and B may call you.',
    );
  });

  it('is described the same way in every lead request schema', () => {
    expect(createRequest.$defs.consent).toEqual(calcRequest.$defs.consent);
    expect(campRequest.$defs.consent).toEqual(calcRequest.$defs.consent);
    const { sponsors: _sponsors, ...shown } = calcRequest.$defs.consent.properties;
    expect(tcpaRequest.properties.consent.properties).toEqual(shown);
    for (const schema of [createRequest, calcRequest, campRequest]) {
      expect(schema.required).toContain('consent');
      expect(schema.description).toContain('Idempotency-Key');
    }
  });
});

describe.each(testDbKinds)('consent evidence on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
  }, STARTUP_MS);
  afterAll(async () => {
    expect(await leadsWithoutTheirConsent(s.db)).toBe(0);
    await s.close();
  });

  const recordOf = async (where: string, param: unknown): Promise<RecordRow | undefined> => {
    const { rows } = await s.db.query<RecordRow>(
      `SELECT c.*, t.text_key, t.wording FROM consent_records c JOIN consent_texts t ON t.id = c.consent_text_id WHERE ${where}`,
      [param],
    );
    return rows[0];
  };

  it('records the wording, locale, flow, time, address, browser, page, phone, verification and certificate of a lead', async () => {
    const phone = uniquePhone();
    const cookie = await verifyPhone(s, phone.national);
    const before = Date.now();
    const res = await send(s.app, 'POST', '/api/leads/create/calc', {
      payload: calcLeadBody(phone.typed, { trusted_form_cert: 'https://cert.trustedform.com/xyz' }),
      cookie,
      headers: { 'user-agent': 'Mozilla/5.0 (vitest)' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ lead: { id: number } }>().lead.id;
    const record = await recordOf('c.id = (SELECT consent_record_id FROM leads WHERE id = $1)', id);
    const shown = catalogue.resolve('common:consent.notice.lead.none', 'en');
    expect(record).toMatchObject({
      kind: 'lead',
      text_key: 'common:consent.notice.lead.none',
      wording: shown?.text,
      text_sha256: shown?.sha256,
      locale: 'en',
      flow_id: 'calculator',
      flow_version: 1,
      page_url: testConsent().pageUrl,
      user_agent: 'Mozilla/5.0 (vitest)',
      phone: phone.e164,
      trusted_form_cert: 'https://cert.trustedform.com/xyz',
    });
    expect(Number(record?.consented_at_ms)).toBeGreaterThanOrEqual(before);
    expect(Number(record?.consented_at_ms)).toBeLessThanOrEqual(Date.now());
    expect(record?.ip).toBeTruthy();
    const { rows } = await s.db.query<{ verification_id: string | number }>('SELECT verification_id FROM leads WHERE id = $1', [id]);
    expect(Number(record?.verification_id)).toBe(Number(rows[0]?.verification_id));
  });

  it('stores each wording once per version, in each language', async () => {
    const key = 'common:consent.notice.alert.none';
    for (const locale of ['en', 'en', 'es']) {
      // A visitor each: a verification makes one lead per funnel.
      const phone = uniquePhone();
      const cookie = await verifyPhone(s, phone.national);
      const res = await send(s.app, 'POST', '/api/leads/create', {
        payload: generalLeadBody(phone.typed, { consent: testConsent({ key, locale, flowId: 'notify-me' }) }),
        cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const { rows } = await s.db.query<{ locale: string; version: number; sha256: string; wording: string }>(
      'SELECT locale, version, sha256, wording FROM consent_texts WHERE text_key = $1 ORDER BY locale',
      [key],
    );
    expect(rows.map((r) => [r.locale, r.version])).toEqual([
      ['en', 1],
      ['es', 1],
    ]);
    for (const row of rows) {
      expect(row.wording).toBe(catalogue.resolve(key, row.locale)?.text);
      expect(row.sha256).toBe(sha256(row.wording));
    }
  });

  it('makes a changed wording the next version of its key', async () => {
    const key = 'test:consent.notice.changing';
    const first = await s.db.transaction((tx) => ensureConsentText(tx, { key, locale: 'en', text: 'One.', sha256: sha256('One.') }));
    const second = await s.db.transaction((tx) => ensureConsentText(tx, { key, locale: 'en', text: 'Two.', sha256: sha256('Two.') }));
    const again = await s.db.transaction((tx) => ensureConsentText(tx, { key, locale: 'en', text: 'One.', sha256: sha256('One.') }));
    expect([first.version, second.version, again.version]).toEqual([1, 2, 1]);
    expect(again.id).toBe(first.id);
  });

  it('records the tcpa call with the notice above Send code, its ping URL and context, and the verification when there is one', async () => {
    const phone = uniquePhone();
    const key = 'common:consent.notice.sms.code';
    const body = {
      firstName: 'Jane',
      lastName: 'Doe',
      phone: phone.typed,
      email: 'jane@example.com',
      trustedformPingUrl: 'https://ping.trustedform.com/abc',
      consent: {
        key,
        text: shownText(key, 'es'),
        locale: 'es',
        flowId: 'calculator',
        flowVersion: 1,
        pageUrl: 'https://claims.example.com/calculate-your-accident-claim-value',
      },
    };
    // Sent at the code step: the visitor asked for a code and has not checked it yet.
    const unverified = await send(s.app, 'POST', '/api/user/tcpa?funnel=calc', { payload: body, cookie: await askCode(s.app, phone.national) });
    expect(unverified.statusCode, unverified.body).toBe(200);
    const token = unverified.json<{ token: string }>().token;
    const record = await recordOf('c.id = (SELECT consent_record_id FROM tcpa_consents WHERE token = $1)', token);
    expect(record).toMatchObject({
      kind: 'tcpa',
      text_key: key,
      // In the language the visitor was shown the step in.
      wording: shownText(key, 'es'),
      text_sha256: sha256(shownText(key, 'es')),
      locale: 'es',
      flow_id: 'calculator',
      flow_version: 1,
      page_url: body.consent.pageUrl,
      phone: phone.e164,
      verification_id: null,
      trusted_form_ping_url: 'https://ping.trustedform.com/abc',
    });

    const cookie = await verifyPhone(s, phone.national);
    const english = { ...body.consent, text: shownText(key, 'en'), locale: 'en' };
    const verified = await send(s.app, 'POST', '/api/user/tcpa', { payload: { ...body, consent: english }, cookie });
    const later = await recordOf('c.id = (SELECT consent_record_id FROM tcpa_consents WHERE token = $1)', verified.json<{ token: string }>().token);
    expect(later).toMatchObject({ text_key: key, locale: 'en', flow_id: 'calculator', wording: shownText(key, 'en') });
    expect(later?.verification_id).not.toBeNull();
  });

  describe('the database itself', () => {
    const refuses = (sql: string, params: unknown[] = []) => expect(s.db.query(sql, params)).rejects.toThrow();

    it.each(['consent_records', 'consent_texts', 'tcpa_consents'])('refuses to change or remove any row of %s', async (table) => {
      const { rows } = await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      expect(rows[0]?.n).toBeGreaterThan(0);
      const column = table === 'consent_texts' ? 'wording' : 'ip';
      await expect(s.db.query(`UPDATE ${table} SET ${column} = 'changed'`)).rejects.toThrow(/append-only/);
      await expect(s.db.query(`DELETE FROM ${table}`)).rejects.toThrow(/append-only/);
      await expect(s.db.query(`TRUNCATE ${table} CASCADE`)).rejects.toThrow(/append-only/);
      expect((await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n).toBe(rows[0]?.n);
    });

    it("refuses a lead without a consent record, with an unknown one, or with another lead's", async () => {
      const { rows } = await s.db.query<{ verification_id: number; consent_record_id: number }>('SELECT verification_id, consent_record_id FROM leads LIMIT 1');
      const lead = rows[0];
      expect(lead).toBeDefined();
      const insert = `INSERT INTO leads (funnel, first_name, last_name, phone, email, legal_consult, language, body, verification_id, consent_record_id)
        VALUES ('calc', 'A', 'B', '+12025550100', 'a@b.co', true, 'en', '{}', $1, $2)`;
      await refuses(insert, [lead?.verification_id, null]);
      await refuses(insert, [lead?.verification_id, 987654321]);
      await refuses(insert, [lead?.verification_id, lead?.consent_record_id]);
      // The same statement with a record of its own goes through: the refusals above are the consent's doing.
      const { rows: records } = await s.db.query<{ id: number }>(
        `INSERT INTO consent_records (kind, consent_text_id, text_version, text_sha256, consented_at_ms, phone, verification_id)
         SELECT 'legacy', id, version, sha256, 0, '+12025550100', $1 FROM consent_texts LIMIT 1 RETURNING id`,
        [lead?.verification_id],
      );
      await expect(s.db.query(insert, [lead?.verification_id, records[0]?.id])).resolves.toBeDefined();
    });

    it('refuses a wording whose hash is not its own, and a record naming another version or hash', async () => {
      await refuses("INSERT INTO consent_texts (text_key, locale, version, sha256, wording) VALUES ('x:consent.notice.y', 'en', 1, $1, 'Text.')", [
        sha256('Other.'),
      ]);
      const { rows } = await s.db.query<{ id: number; version: number; sha256: string }>('SELECT id, version, sha256 FROM consent_texts LIMIT 1');
      const text = rows[0];
      const insert = `INSERT INTO consent_records (kind, consent_text_id, text_version, text_sha256, consented_at_ms, phone)
        VALUES ('tcpa', $1, $2, $3, 0, '+12025550100')`;
      await refuses(insert, [text?.id, (text?.version ?? 0) + 1, text?.sha256]);
      await refuses(insert, [text?.id, text?.version, sha256('Other.')]);
      // A lead's record must say where and by whom.
      await refuses(insert.replace("'tcpa'", "'lead'"), [text?.id, text?.version, text?.sha256]);
    });
  });
});

describe.each(testDbKinds)('migration 0003 on %s with rows from before', (kind) => {
  it(
    'gives old tcpa rows their wording and old leads a record that says theirs was not kept',
    async () => {
      const testDb = await unmigratedDb(kind);
      const { db } = testDb;
      try {
        // Every migration before this one, then rows as they were stored before it.
        const before = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < '0003').length;
        await migrate(db, { count: before });
        await db.query("INSERT INTO phone_verifications (id_hash, phone) VALUES ('h1', '+12025550101')");
        await db.query(`INSERT INTO tcpa_consents (token, funnel, phone, fields, tcpa_message, ip)
        VALUES ('00000000-0000-4000-8000-000000000001', 'calc', '+12025550101', '{"trustedformPingUrl": "https://ping/1"}', 'Old wording.', '10.0.0.1')`);
        await db.query(`INSERT INTO leads (funnel, first_name, last_name, phone, email, legal_consult, language, body, verification_id, idempotency_key)
        VALUES ('calc', 'A', 'B', '+12025550101', 'a@b.co', true, 'es', '{"trusted_form_cert": "https://cert/1"}',
          (SELECT id FROM phone_verifications WHERE id_hash = 'h1'), 'k1')`);

        expect(await migrate(db)).toEqual(
          readdirSync(MIGRATIONS_DIR)
            .filter((f) => f >= '0003')
            .map((f) => f.slice(0, -4))
            .sort(),
        );
        expect(await leadsWithoutTheirConsent(db)).toBe(0);
        const { rows } = await db.query<{
          kind: string;
          text_key: string;
          wording: string;
          locale: string | null;
          trusted_form_cert: string | null;
          trusted_form_ping_url: string | null;
        }>(
          `SELECT c.kind, t.text_key, t.wording, c.locale, c.trusted_form_cert, c.trusted_form_ping_url
         FROM consent_records c JOIN consent_texts t ON t.id = c.consent_text_id ORDER BY c.id`,
        );
        expect(rows).toEqual([
          {
            kind: 'tcpa',
            text_key: 'server:tcpa.calc',
            wording: 'Old wording.',
            locale: null,
            trusted_form_cert: null,
            trusted_form_ping_url: 'https://ping/1',
          },
          expect.objectContaining({ kind: 'legacy', text_key: 'legacy:unrecorded', locale: 'es', trusted_form_cert: 'https://cert/1' }),
        ]);
        expect(rows[1]?.wording).toMatch(/not recorded/);
      } finally {
        await testDb.close();
      }
    },
    STARTUP_MS,
  );
});
