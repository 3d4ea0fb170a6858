// GET /api/reports/:id: the public facts for anyone; the personal data only for a visitor who proved involvement with
// two facts (a VIN or the case ID, and a last name of the report, however typed), kept in a cookie scoped to the report;
// another party's data cut to what a claim needs; ids are random, kept on amendments, and malformed ones are 404.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import responseSchema from '../../schemas/api/reports-id.response.schema.json' with { type: 'json' };
import { buildApp } from '../../server/app.ts';
import { ingestReports } from '../../server/reports/ingest.ts';
import { REPORT_ID } from '../../engine/site-pages.ts';
import { newCrashId, sampleReport } from '../testing/reports.ts';
import { prove, provedCookie, type ProofBody } from '../testing/report-proof.ts';
import { storeReport } from '../testing/report-store.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';
import { testConfig } from '../testing/test-servers.ts';

const VIN_1 = '1HGCM82633A004352';
const VIN_2 = '1FTFW1ET9DFC10312';
const CASE_ID = '24-0012345';

const PUBLIC_KEYS = [
  'id',
  'demo',
  'occurredAt',
  'state',
  'county',
  'city',
  'zip',
  'location',
  'policeDepartment',
  'weather',
  'roadCondition',
  'light',
  'speedLimit',
  'injuredCount',
  'fatalCount',
  'vehicleCount',
  'occupantCount',
  'vehicles',
  'involved',
];
const PRIVATE_KEYS = ['crashId', 'caseId', 'street', 'narrative'];
const PUBLIC_VEHICLE_KEYS = ['unit', 'make', 'model', 'year', 'damageArea'];
const PRIVATE_VEHICLE_KEYS = ['vin', 'towedBy', 'insured', 'atFault', 'occupants', 'seatbelt', 'airbags', 'driver'];
/** Every personal value of sampleReport(): none may appear anywhere in a public answer. */
const PERSONAL_TEXT = [
  VIN_1,
  VIN_2,
  CASE_ID,
  'E 6th St',
  'failed to stop',
  'Capital Towing',
  'Maria',
  'Lopez',
  'James',
  'Carter',
  'Class C',
  '78702',
  '30.2672',
  '-97.7431',
];

type Json = Record<string, unknown> & { vehicles: Record<string, unknown>[] };

describe.each(testDbKinds)('reading a report on %s', (kind) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let id: string;
  beforeAll(async () => {
    testDb = await openTestDb(kind);
    app = await buildApp({ config: testConfig(), db: testDb.db, sms: recordingSms() });
    await app.ready();
    id = await storeReport(testDb.db);
  }, STARTUP_MS);
  afterAll(async () => {
    await app.close();
    await testDb.close();
  });

  const read = async (query: string, reportId = id) => {
    const res = await app.inject({ url: `/api/reports/${reportId}${query}`, remoteAddress: '203.0.113.9' });
    if (res.statusCode === 200) expect(schemaErrors(responseSchema, res.json())).toEqual([]);
    return res;
  };

  it.each(['', '?vin=', '?caseId=', '?vin=%20&caseId=%20%20'])('gives the public facts and no personal data for %j', async (query) => {
    const res = await read(query);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json<Json>();
    expect(Object.keys(body).sort()).toEqual([...PUBLIC_KEYS].sort());
    for (const key of PRIVATE_KEYS) expect(body, key).not.toHaveProperty(key);
    for (const vehicle of body.vehicles) {
      expect(Object.keys(vehicle).sort()).toEqual([...PUBLIC_VEHICLE_KEYS].sort());
      for (const key of PRIVATE_VEHICLE_KEYS) expect(vehicle, key).not.toHaveProperty(key);
    }
    for (const text of PERSONAL_TEXT) expect(res.body, text).not.toContain(text);
    expect(body).toMatchObject({
      id,
      involved: false,
      demo: false,
      state: 'TX',
      county: 'Travis',
      city: 'Austin',
      zip: '78701',
      location: { lat: 30.267, lng: -97.743 },
      policeDepartment: 'Austin Police Department',
      weather: 'rain',
      roadCondition: 'wet',
      light: 'daylight',
      speedLimit: 35,
      injuredCount: 1,
      fatalCount: 0,
      vehicleCount: 2,
      occupantCount: 3,
      vehicles: [
        { unit: 1, make: 'HONDA', model: 'Accord', year: 2003, damageArea: 'front' },
        { unit: 2, make: 'FORD', model: 'F-150', year: 2013, damageArea: 'left' },
      ],
    });
    expect(body.occurredAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-05:00$/);
  });

  const proveAndRead = async (body: ProofBody, reportId = id) =>
    app.inject({ url: `/api/reports/${reportId}`, headers: { cookie: await provedCookie(app, reportId, body) }, remoteAddress: '203.0.113.9' });

  it.each([
    ['a VIN alone', { vin: VIN_1 }, { proved: false, vehicle: 1 }],
    ['the second VIN alone, in small letters', { vin: VIN_2.toLowerCase() }, { proved: false, vehicle: 2 }],
    ['a VIN in mixed case with spaces around it', { vin: ` ${VIN_1.slice(0, 8).toLowerCase()}${VIN_1.slice(8)} ` }, { proved: false, vehicle: 1 }],
    ['the case ID alone', { caseId: CASE_ID }, { proved: false }],
    ['the case ID without its dash, in small letters', { caseId: '240012345' }, { proved: false }],
    ['the case ID with spaces and dashes', { caseId: '24 - 001-2345' }, { proved: false }],
  ])("proves nothing with %s: it only says the fact is the report's, and sets no cookie", async (_, body, answer) => {
    const res = await prove(app, id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(answer);
    expect(res.cookies).toEqual([]);
    for (const text of PERSONAL_TEXT.filter((t) => t !== (body as ProofBody).vin?.trim())) expect(res.body).not.toContain(text);
  });

  it.each([
    ["the first VIN and its driver's name", { vin: VIN_1, lastName: 'Lopez' }, [1]],
    ["the second VIN in small letters and the other driver's name in capitals", { vin: VIN_2.toLowerCase(), lastName: 'LOPEZ' }, [2]],
    ['the case ID and a name with an accent and spaces', { caseId: '240012345', lastName: ' López ' }, [1]],
    ["the case ID and the second driver's name", { caseId: CASE_ID, lastName: 'carter' }, [2]],
  ])('gives the whole report for %s, with the other party cut to what a claim needs', async (_, body, yours) => {
    const proved = await prove(app, id, body);
    expect(proved.json()).toEqual({ proved: true });
    expect(proved.cookies.map((c) => ({ name: c.name, path: c.path, httpOnly: c.httpOnly, sameSite: c.sameSite }))).toEqual([
      { name: 'cf_report', path: `/api/reports/${id}`, httpOnly: true, sameSite: 'Lax' },
      { name: 'cf_report', path: `/pdf/${id}`, httpOnly: true, sameSite: 'Lax' },
    ]);
    const res = await proveAndRead(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(schemaErrors(responseSchema, res.json())).toEqual([]);
    const body2 = res.json<Json>();
    expect(body2).toMatchObject({
      involved: true,
      crashId: expect.stringMatching(/^T-/) as unknown,
      caseId: CASE_ID,
      street: 'E 6th St & Congress Ave',
      narrative: expect.stringContaining('failed to stop') as unknown,
      location: { lat: 30.2672, lng: -97.7431 },
    });
    const maria = {
      unit: 1,
      make: 'HONDA',
      model: 'Accord',
      year: 2003,
      damageArea: 'front',
      vin: VIN_1,
      towedBy: 'Capital Towing',
      insured: true,
      atFault: true,
      occupants: 2,
      yours: true,
      seatbelt: true,
      airbags: true,
      driver: {
        firstName: 'Maria',
        lastName: 'Lopez',
        age: 34,
        gender: 'female',
        ethnicity: 'hispanic',
        residence: { city: 'Austin', state: 'TX', zip: '78702' },
        licenceType: 'Class C',
        licenceState: 'TX',
      },
    };
    if (yours.includes(1)) {
      expect(body2.vehicles[0]).toEqual(maria);
      expect(body2.vehicles[1]).toEqual({
        unit: 2,
        make: 'FORD',
        model: 'F-150',
        year: 2013,
        damageArea: 'left',
        vin: VIN_2,
        towedBy: null,
        insured: true,
        atFault: false,
        occupants: 1,
        yours: false,
        seatbelt: null,
        airbags: null,
        driver: { firstName: 'James', lastName: 'Carter', age: null, gender: null, ethnicity: null, residence: null, licenceType: null, licenceState: null },
      });
    } else {
      // Maria is the other party: her name, vehicle, insurance, fault and towing, not her age, ethnicity or home.
      expect(body2.vehicles[0]).toEqual({
        ...maria,
        yours: false,
        seatbelt: null,
        airbags: null,
        driver: { firstName: 'Maria', lastName: 'Lopez', age: null, gender: null, ethnicity: null, residence: null, licenceType: null, licenceState: null },
      });
      expect(body2.vehicles[1]).toMatchObject({ yours: true, driver: { firstName: 'James', lastName: 'Carter', age: 51, gender: 'male' } });
      for (const text of ['78702', 'hispanic', 'Class C']) expect(res.body).not.toContain(text);
    }
  });

  it.each([
    ['a VIN of another report', { vin: '2HGFA16588H500000' }, 'vin'],
    ['a VIN one letter off, with a right name', { vin: `${VIN_1.slice(0, 16)}3`, lastName: 'Lopez' }, 'vin'],
    ['another case ID', { caseId: '24-0012346' }, 'caseId'],
    ['a case ID with letters the right one lacks', { caseId: '24-0012345X', lastName: 'Lopez' }, 'caseId'],
    ['a right VIN with a wrong name', { vin: VIN_1, lastName: 'Smith' }, 'lastName'],
    ['a right case ID with one letter of a name', { caseId: CASE_ID, lastName: 'L' }, 'lastName'],
    ['a right VIN with a first name', { vin: VIN_1, lastName: 'Maria' }, 'lastName'],
  ])('answers 403 not_involved naming the field to %s, with nothing of the report and no cookie', async (_, body, field) => {
    const res = await prove(app, id, body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'not_involved', field });
    expect(res.cookies).toEqual([]);
  });

  it.each([
    ['no first fact', { lastName: 'Lopez' }],
    ['two first facts', { vin: VIN_1, caseId: CASE_ID, lastName: 'Lopez' }],
    ["a name too long to be anyone's", { vin: VIN_1, lastName: 'L'.repeat(81) }],
    ['an unknown field', { vin: VIN_1, firstName: 'Maria' }],
    ['a VIN that is not text', { vin: 17 }],
  ])('answers 400 to a proof with %s, and counts no guess', async (_, body) => {
    const failures = async () =>
      (await testDb.db.query<{ n: number }>("SELECT count(*)::int AS n FROM limit_events WHERE subject LIKE '%Guesses%'")).rows[0]?.n;
    const before = await failures();
    const res = await prove(app, id, body as ProofBody);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation' });
    expect(await failures()).toBe(before);
  });

  it('takes no proof from the URL any more: ?vin= and ?caseId= alone give the public facts', async () => {
    for (const query of [`?vin=${VIN_1}`, `?caseId=${CASE_ID}`, `?vin=${VIN_1}&caseId=${CASE_ID}`]) {
      const res = await read(query);
      expect(res.json()).toMatchObject({ involved: false });
      for (const text of PERSONAL_TEXT) expect(res.body, text).not.toContain(text);
    }
  });

  it('reads a proof cookie only for its own report, and not once it is edited', async () => {
    const other = await storeReport(testDb.db);
    const cookie = await provedCookie(app, id, { vin: VIN_1, lastName: 'Lopez' });
    const withCookie = (reportId: string, value: string) =>
      app.inject({ url: `/api/reports/${reportId}`, headers: { cookie: value }, remoteAddress: '203.0.113.9' });
    expect((await withCookie(id, cookie)).json()).toMatchObject({ involved: true });
    expect((await withCookie(other, cookie)).json()).toMatchObject({ involved: false });
    const [name, value = ''] = cookie.split('=');
    const [units, expires, mac] = value.split('.');
    for (const edited of [
      `1-2.${expires}.${mac}`,
      `${units}.${(parseInt(expires!, 36) + 1000).toString(36)}.${mac}`,
      `${units}.${expires}.${mac!.slice(1)}A`,
    ]) {
      expect((await withCookie(id, `${name}=${edited}`)).json()).toMatchObject({ involved: false });
    }
  });

  it('leaves out of every answer a report without a VIN or case ID, whatever is guessed', async () => {
    const { caseId: _, ...withoutCase } = sampleReport({ units: [{ unit: 1, make: 'TOYOTA' }] });
    const bare = await storeReport(testDb.db, withoutCase);
    expect((await read('?vin=', bare)).json()).toMatchObject({ involved: false, occupantCount: null, vehicles: [{ unit: 1, make: 'TOYOTA', model: null }] });
    expect((await prove(app, bare, { vin: VIN_1, lastName: 'Lopez' })).json()).toEqual({ error: 'not_involved', field: 'vin' });
    expect((await prove(app, bare, { caseId: '-', lastName: 'Lopez' })).json()).toEqual({ error: 'not_involved', field: 'caseId' });
  });

  it.each(['AAAAAAAAAAAAAAAAAAAAAA', 'short', `${'A'.repeat(23)}`, 'AAAAAAAAAAAAAAAAAAAA.A', "x' OR '1'='1", '%2E%2E%2Fetc%2Fpasswd'])(
    'answers 404 not_found to the id %j, proof or none, and counts no guess',
    async (unknown) => {
      const failures = async () =>
        (await testDb.db.query<{ n: number }>("SELECT count(*)::int AS n FROM limit_events WHERE subject LIKE '%Guesses%'")).rows[0]?.n;
      const before = await failures();
      const reportId = encodeURIComponent(decodeURIComponent(unknown));
      for (const res of [await read('', reportId), await prove(app, reportId, { vin: VIN_1, lastName: 'Lopez' })]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'not_found' });
      }
      expect(await failures()).toBe(before);
    },
  );

  it('answers 400 naming the parameter to an unknown or oversized one', async () => {
    expect((await read('?name=Lopez')).json()).toMatchObject({ error: 'validation', field: 'name' });
    expect((await read(`?vin=${'A'.repeat(33)}`)).json()).toMatchObject({ error: 'validation', field: 'vin' });
  });

  it('keeps the id of a report its source amends, and shows the amendment', async () => {
    const crashId = newCrashId();
    const first = await storeReport(testDb.db, sampleReport({ crashId, narrative: 'First version.' }));
    const again = await storeReport(testDb.db, sampleReport({ crashId, narrative: 'Amended by the officer.' }));
    expect(again).toBe(first);
    expect((await proveAndRead({ vin: VIN_1, lastName: 'Lopez' }, first)).json()).toMatchObject({ narrative: 'Amended by the officer.' });
  });

  it('gives reports 22-character random ids: all different, in no order, each bit as often 0 as 1', async () => {
    const batch = Array.from({ length: 200 }, () => sampleReport());
    expect((await ingestReports(testDb.db, batch)).rejected).toEqual([]);
    const { rows } = await testDb.db.query<{ id: string }>(
      'SELECT id FROM reports WHERE crash_id = ANY($1::text[]) ORDER BY array_position($1::text[], crash_id)',
      [batch.map((r) => r.crashId)],
    );
    const ids = rows.map((r) => r.id);
    expect(ids).toHaveLength(200);
    for (const reportId of ids) expect(reportId).toMatch(REPORT_ID);
    expect(new Set(ids).size).toBe(200);
    // Neither the order of arrival nor its reverse: no counter behind them.
    expect(ids.some((x, i) => i > 0 && x < ids[i - 1]!) && ids.some((x, i) => i > 0 && x > ids[i - 1]!)).toBe(true);
    // 200 × 128 bits: a fair coin gives 50% ± 0.3% (one standard deviation); a counter or a timestamp is far off.
    const bits = ids.flatMap((x) => [...Buffer.from(x, 'base64url')].flatMap((byte) => [...byte.toString(2).padStart(8, '0')]));
    expect(bits).toHaveLength(200 * 128);
    const ones = bits.filter((b) => b === '1').length / bits.length;
    expect(ones).toBeGreaterThan(0.48);
    expect(ones).toBeLessThan(0.52);
  });
});
