// Test helpers for the lead API: a server on PGlite or a throwaway PostgreSQL schema, a recording SMS provider,
// lead bodies, phone-verification shortcuts that return the visitor's verification cookie, all through app.inject.
import { randomBytes } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { parsePhone } from '../../engine/validators.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Db } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPgDb } from '../../server/db/pg-db.ts';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { e164FromParts } from '../../server/phone.ts';
import type { SmsProvider } from '../../server/sms/sms-provider.ts';

export type TestDbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each. */
export const testDbKinds: TestDbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface SentSms {
  to: string;
  text: string;
}

/** Fake SMS service: remembers every message; set `failing` to make sends reject. */
export interface RecordingSms extends SmsProvider {
  readonly sent: SentSms[];
  failing: boolean;
  /** The code in the last message to `to` (E.164), if any. */
  lastCode(to: string): string | undefined;
}

export function recordingSms(): RecordingSms {
  const sent: SentSms[] = [];
  return {
    sent,
    failing: false,
    send(to, text) {
      if (this.failing) return Promise.reject(new Error('SMS service unavailable'));
      sent.push({ to, text });
      return Promise.resolve();
    },
    lastCode(to) {
      const last = sent.filter((m) => m.to === to).at(-1);
      return last?.text.match(/\d{4,}/)?.[0];
    },
  };
}

/** The server's configuration for tests: defaults, in-memory data, no static app, plus overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), dataDir: 'memory://', staticDir: '/nonexistent-claimflow-dist', nodeEnv: 'test', ...overrides };
}

export interface TestDb {
  db: Db;
  /** Closes the db; for PostgreSQL also drops the test's schema. */
  close(): Promise<void>;
}

/** A migrated, empty database: in-memory PGlite, or a fresh schema on TEST_DATABASE_URL. */
export async function openTestDb(kind: TestDbKind): Promise<TestDb> {
  if (kind === 'pglite') {
    const db = await openPgliteDb('memory://');
    await migrate(db);
    return { db, close: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `cf_test_${randomBytes(6).toString('hex')}`;
  const db = openPgDb(url, { schema, max: 4 });
  await migrate(db);
  return {
    db,
    async close() {
      await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await db.close();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  sms: RecordingSms;
  config: Config;
  /** Number of rows in a table, e.g. to show a refused request wrote nothing. */
  count(table: 'leads' | 'tcpa_consents' | 'sms_codes' | 'phone_verifications'): Promise<number>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  db?: TestDbKind;
  config?: Partial<Config>;
}

/** buildApp on a fresh database with a recording SMS provider. Close it in afterAll. */
export async function makeTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const testDb = await openTestDb(options.db ?? 'pglite');
  const config = testConfig(options.config);
  const sms = recordingSms();
  const app = await buildApp({ config, db: testDb.db, sms });
  await app.ready();
  return {
    app,
    db: testDb.db,
    sms,
    config,
    async count(table) {
      const { rows } = await testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      return rows[0]?.n ?? 0;
    },
    async close() {
      await app.close();
      await testDb.close();
    },
  };
}

let phoneCounter = 0;

/** A different valid US number on every call: { typed: "(202) 3xx-xxxx", national, e164 }. */
export function uniquePhone(): { typed: string; national: string; e164: string } {
  for (;;) {
    phoneCounter += 1;
    const exchange = 300 + ((process.pid * 7 + phoneCounter * 13) % 700);
    const line = String((phoneCounter * 7919 + randomBytes(2).readUInt16BE()) % 10000).padStart(4, '0');
    const national = `202${exchange}${line}`;
    const e164 = e164FromParts('+1', national);
    if (e164) return { typed: `(202) ${exchange}-${line}`, national, e164 };
  }
}

/** A valid claim-calculator lead body for phone (as typed), with overrides. */
export function calcLeadBody(phone: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Jane',
    lastName: 'Doe',
    phone,
    email: 'jane.doe@example.com',
    legal_consult: true,
    injured: true,
    leadTypes: { __CALawyer: 'AM' },
    extraDetails: { accidentDetails: { fault: false, commercial: true, injuries: 2, earnings: 1, medical: 1, pain: 0 } },
    language: 'en',
    gclidcrm: null,
    trusted_form_cert: 'https://cert.trustedform.com/abc',
    ...overrides,
  };
}

/** POSTs JSON; cookie is a Cookie header such as the one verifyPhone returns. */
export function post(app: FastifyInstance, url: string, payload: unknown, cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: cookie ? { cookie } : {} });
}

/** The cookie that binds a phone verification to the visitor who passed it (server/verification-cookie.ts). */
export const VERIFICATION_COOKIE = 'cf_verification';

/** The `name=value` of the verification cookie a response sets, ready for a Cookie header; undefined when none. */
export function verificationCookie(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === VERIFICATION_COOKIE);
  return cookie && `${cookie.name}=${cookie.value}`;
}

/** Sends a code to a national number, reads it from the fake SMS and verifies it; returns the verification cookie. */
export async function verifyPhone(server: TestServer, national: string, countryCode = '+1'): Promise<string> {
  const send = await post(server.app, '/api/user/mfa-sms-send', { country_code: countryCode, phone: national, source: 'calc' });
  if (send.statusCode !== 200) throw new Error(`mfa-sms-send: ${send.statusCode} ${send.body}`);
  const e164 = e164FromParts(countryCode, national) ?? '';
  const code = server.sms.lastCode(e164);
  const verify = await post(server.app, '/api/user/mfa-sms-verify', { code, country_code: countryCode, phone: national });
  if (verify.statusCode !== 200) throw new Error(`mfa-sms-verify: ${verify.statusCode} ${verify.body}`);
  const cookie = verificationCookie(verify);
  if (!cookie) throw new Error('mfa-sms-verify set no verification cookie');
  return cookie;
}

/** "Sends" a code to the configured test phone, which the server counts as verified; returns the verification cookie. */
export async function verifyTestPhone(app: FastifyInstance, testPhone: string): Promise<string> {
  const parsed = parsePhone(testPhone);
  if (!parsed) throw new Error(`bad test phone ${testPhone}`);
  const send = await post(app, '/api/user/mfa-sms-send', { country_code: `+${parsed.countryCallingCode}`, phone: parsed.nationalNumber });
  if (send.statusCode !== 200) throw new Error(`mfa-sms-send: ${send.statusCode} ${send.body}`);
  const cookie = verificationCookie(send);
  if (!cookie) throw new Error('mfa-sms-send set no verification cookie for the test phone');
  return cookie;
}

const contractAjv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
addFormats(contractAjv);

/** The ways value breaks a response schema of schemas/api (empty when it matches). */
export function schemaErrors(schema: object, value: unknown): string[] {
  const validate = contractAjv.compile(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

/** Timeout for hooks and tests that start a database: PGlite takes seconds to start, more under parallel load. */
export const STARTUP_MS = 60_000;
