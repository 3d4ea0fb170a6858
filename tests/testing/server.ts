// Test helpers for the lead API: a server on PGlite or a throwaway PostgreSQL schema, a recording SMS provider,
// lead bodies, phone-verification shortcuts that return the visitor's verification cookie, all through app.inject.
import { randomBytes, randomInt } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import type { CodeLimits } from '../../server/store/code-limits.ts';

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
  /** When each of sent was handed over. */
  const times: number[] = [];
  return {
    sent,
    failing: false,
    send(to, text) {
      if (this.failing) return Promise.reject(new Error('SMS service unavailable'));
      sent.push({ to, text });
      times.push(Date.now());
      return Promise.resolve();
    },
    wasSent(to, text, since) {
      return Promise.resolve(sent.some((m, i) => m.to === to && m.text === text && times[i]! >= since.getTime()));
    },
    lastCode(to) {
      const last = sent.filter((m) => m.to === to).at(-1);
      return last?.text.match(/\d{4,}/)?.[0];
    },
  };
}

/** Rate limits high enough that no test meets them unless it lowers them (hardening-limits.test.ts does). */
export const TEST_RATE_LIMIT = { apiPerMinute: 100_000, staticPerMinute: 100_000 };

/** The server's configuration for tests: defaults, in-memory data, no static app, no practical rate limit, plus overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), dataDir: 'memory://', staticDir: '/nonexistent-claimflow-dist', nodeEnv: 'test', rateLimit: TEST_RATE_LIMIT, ...overrides };
}

export interface TestDb {
  db: Db;
  /** Closes the db; for PostgreSQL also drops the test's schema. */
  close(): Promise<void>;
}

/** A migrated, empty database: in-memory PGlite, or a fresh schema on TEST_DATABASE_URL. */
export async function openTestDb(kind: TestDbKind): Promise<TestDb> {
  const testDb = await unmigratedDb(kind);
  await migrate(testDb.db);
  return testDb;
}

/** An empty database with no migration run: in-memory PGlite, or a schema on TEST_DATABASE_URL that is not there yet. */
export async function unmigratedDb(kind: TestDbKind): Promise<TestDb> {
  if (kind === 'pglite') {
    const db = await openPgliteDb('memory://');
    return { db, close: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `cf_test_${randomBytes(6).toString('hex')}`;
  const db = openPgDb(url, { schema, max: 4 });
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
  const app = await buildApp({ config, db: testDb.db, sms, codeLimits: TEST_CODE_LIMITS });
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

// The 7,000,000 numbers (202) 300-0000 to (202) 999-9999, taken in turn from a random start: no two calls of one
// process share a number, and two processes rarely do.
let phoneCounter = randomInt(7_000_000);

/** A different valid US number on every call of a process: { typed: "(202) 3xx-xxxx", national, e164 }. */
export function uniquePhone(): { typed: string; national: string; e164: string } {
  for (;;) {
    phoneCounter = (phoneCounter + 1) % 7_000_000;
    const exchange = 300 + Math.floor(phoneCounter / 10_000);
    const line = String(phoneCounter % 10_000).padStart(4, '0');
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
    consent: testConsent(),
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

/** Every route of app as { method, url } (read from printRoutes), e.g. to exercise each API route. */
export function routesOf(app: FastifyInstance): { method: string; url: string }[] {
  const parents: string[] = [''];
  const routes: { method: string; url: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│├└─ ]*?)([^│├└─ ].*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = Math.max(1, (m[1] ?? '').length / 4);
    const url = `${parents[depth - 1] ?? ''}${m[2] ?? ''}`;
    parents.length = depth;
    parents.push(url);
    for (const method of m[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

/** A database whose every statement fails with error (by default one quoting SQL and a phone, as drivers' errors do). */
export function brokenDb(error: () => Error = sqlError): Db {
  return {
    kind: 'pglite',
    schema: 'public',
    query: () => Promise.reject(error()),
    transaction: () => Promise.reject(error()),
    connect: () => Promise.reject(error()),
    close: () => Promise.resolve(),
  };
}

function sqlError(): Error {
  return Object.assign(new Error('relation "leads" does not exist: SELECT id FROM leads WHERE phone = $1'), {
    severity: 'ERROR',
    code: '42P01',
    detail: 'Key (phone)=(+12025550123) already exists.',
    params: ['+12025550123', 'jane.roe@example.com'],
    query: 'SELECT id FROM leads WHERE phone = $1',
  });
}

/** A throwaway "built web app": index.html (with a module script and a stylesheet, as vite writes it) and hashed assets. */
export async function makeTestDist(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'claimflow-dist-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>claimflow</title><script type="module" crossorigin src="/assets/index-1a2b3c.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-4d5e6f.css"></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(dir, 'assets', 'index-1a2b3c.js'), 'console.log("app")');
  await writeFile(join(dir, 'assets', 'index-4d5e6f.css'), 'body { margin: 0 }');
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The consent object a lead body carries: the calculator's yes-notice in English, with overrides. */
export function testConsent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    key: 'common:consent.notice.primary.yes',
    locale: 'en',
    flowId: 'calculator',
    flowVersion: 1,
    pageUrl: 'https://claims.example.com/calculate-your-accident-claim-value?lang=en',
    ...overrides,
  };
}

/** A valid POST /leads/create body (a workers' compensation lead with locating fields) for phone, with overrides. */
export function generalLeadBody(phone: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'John',
    lastName: 'Roe',
    phone,
    email: 'john.roe@example.com',
    legal_consult: true,
    injured: true,
    leadTypes: { __CALawyer: 'AM' },
    extraDetails: {
      accidentDetails: { fault: false, commercial: false, injuries: 1, city: 'Austin, TX, USA', justCity: 'Austin', vin: '1HGCM82633A004352', date: '2024-05-01' },
    },
    state: 'TX',
    zip: '78701',
    city: 'Austin',
    damage: 'Broken Bones',
    date: '2024-05-01',
    lead_type: 'WorkComp',
    source: 'WorkComp',
    language: 'en',
    trusted_form_cert: 'https://cert.trustedform.com/def',
    gclidcrm: 'gclid-1',
    consent: testConsent({ flowId: 'workers-compensation', pageUrl: 'https://claims.example.com/workers-compensation' }),
    ...overrides,
  };
}

/** A valid POST /leads/create-camp-lejeune body for phone, with overrides. */
export function campLejeuneBody(phone: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    q1: true,
    q2: false,
    q3: true,
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann.lee@example.com',
    phone,
    legal_consult: true,
    trusted_form_cert: null,
    gclidcrm: null,
    consent: testConsent({ flowId: 'camp-lejeune', pageUrl: 'https://claims.example.com/camp-lejeune-compensation-calculator' }),
    ...overrides,
  };
}

/** Row counts of every table of db's schema (but the migrations' own), in one query. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  return (await rowCounter(db))();
}

/** tableCounts with the tables looked up once: for loops that count after every request. */
export async function rowCounter(db: Db): Promise<() => Promise<Record<string, number>>> {
  const { rows: tables } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = $1 AND table_type = 'BASE TABLE' AND table_name <> 'pgmigrations' ORDER BY table_name`,
    [db.schema],
  );
  const sql = `SELECT ${tables.map((t) => `(SELECT count(*)::int FROM "${t.table_name}") AS "${t.table_name}"`).join(', ')}`;
  return async () => (await db.query<Record<string, number>>(sql)).rows[0] ?? {};
}

/** A request with JSON payload, the visitor's cookie, an Idempotency-Key and other headers, through app.inject. */
export function send(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'GET',
  url: string,
  { payload, cookie, key, headers = {} }: { payload?: unknown; cookie?: string; key?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { ...headers, ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) },
  });
}

/**
 * Leads whose consent record is missing or is not theirs (another phone or verification, not a lead's kind): should be
 * 0 over the whole table, whatever a suite did.
 */
export async function leadsWithoutTheirConsent(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM leads l LEFT JOIN consent_records c ON c.id = l.consent_record_id
     WHERE c.id IS NULL OR c.kind NOT IN ('lead', 'legacy') OR c.phone <> l.phone
       OR c.verification_id IS DISTINCT FROM l.verification_id`,
  );
  return rows[0]?.n ?? -1;
}

/**
 * The one-time code limits of makeTestServer: the real ones, but none per address, since every app.inject comes from
 * 127.0.0.1 where real visitors each have their own (tests/server/codes-*.test.ts keep them all).
 */
export const TEST_CODE_LIMITS: Partial<CodeLimits> = { ipSends: [], ipChecks: [] };

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A clock for buildApp that stands still until moved: call it for the time (ms), advance(ms) or set(ms) to move it. */
export type FakeClock = (() => number) & { advance(ms: number): void; set(ms: number): void };

export function fakeClock(start = Date.UTC(2030, 0, 7, 9)): FakeClock {
  let now = start;
  return Object.assign(() => now, {
    advance: (ms: number) => void (now += ms),
    set: (ms: number) => void (now = ms),
  });
}

/**
 * buildApp on an open database with a clock and the real code limits (all of them, per address too), as one server
 * process does: build another on the same db for a second process, or close it and build again for a restart.
 */
export async function makeCodesApp(
  db: Db,
  clock: () => number,
  options: { sms?: RecordingSms; config?: Partial<Config>; codeLimits?: Partial<CodeLimits> } = {},
): Promise<{ app: FastifyInstance; sms: RecordingSms }> {
  const sms = options.sms ?? recordingSms();
  const app = await buildApp({ config: testConfig(options.config), db, sms, clock, codeLimits: options.codeLimits });
  await app.ready();
  return { app, sms };
}

/** POST /api/user/mfa-sms-send for a national number (+1 unless countryCode), from the address ip. */
export function smsSend(app: FastifyInstance, national: string, ip = '127.0.0.1', countryCode = '+1'): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/user/mfa-sms-send', remoteAddress: ip, payload: { country_code: countryCode, phone: national, source: 'calc' } });
}

/** POST /api/user/mfa-sms-verify of code for a national number (+1), from the address ip. */
export function smsVerify(app: FastifyInstance, national: string, code: string | undefined, ip = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/user/mfa-sms-verify', remoteAddress: ip, payload: { code, country_code: '+1', phone: national } });
}

/** A 429 of the code limits as { status, error, retryAfter, header }, the Retry-After header as a number; for toEqual. */
export function refusalOf(res: LightMyRequestResponse): { status: number; error: unknown; retryAfter: unknown; header: number } {
  const body = res.json<{ error?: unknown; retryAfter?: unknown }>();
  return { status: res.statusCode, error: body.error, retryAfter: body.retryAfter, header: Number(res.headers['retry-after']) };
}
