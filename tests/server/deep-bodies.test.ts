// Request bodies nested deeper than MAX_BODY_DEPTH get 400 naming the problem before validation, on every route that
// takes a body; walks over request data are iterative, so no nesting can throw RangeError (it used to answer 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH } from '../../server/routes/body-depth.ts';
import { unstorablePath } from '../../server/routes/storable-text.ts';
import { unstorablePointer } from '../../server/reports/unstorable-text.ts';
import { calcLeadBody, uniquePhone } from '../testing/lead-bodies.ts';
import { INGEST_KEY } from '../testing/report-fixtures.ts';
import { verifyPhone } from '../testing/requests.ts';
import { rowCounter, STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestServer, routesOf, type TestServer } from '../testing/test-servers.ts';

/** value wrapped in levels arrays: nested(2, 1) is [[1]]. */
function nested(levels: number, value: unknown = null, kind: 'array' | 'object' = 'array'): unknown {
  let v = value;
  for (let i = 0; i < levels; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

const DEEP = 3_500;

describe('walks over request data are iterative', () => {
  it('finds text PostgreSQL cannot store at the bottom of 100,000 levels, without RangeError', () => {
    expect(unstorablePath({ a: nested(100_000, 'x\u0000', 'object') })).toBe(`a${'.a'.repeat(100_000)}`);
    expect(unstorablePointer(nested(100_000, 'x\u0000'))).toBe('/0'.repeat(100_000));
  });

  it('reports the first bad string or key in document order', () => {
    expect(unstorablePath({ a: 'ok', b: ['ok', { 'c\u0000': 1 }], d: '\u0000' })).toBe('b.1.c%3F');
    expect(unstorablePath({ a: { b: '\uD800' }, c: '\u0000' })).toBe('a.b');
    expect(unstorablePath({ a: [1, 'fine', { b: null }] })).toBeUndefined();
    expect(unstorablePointer({ units: [{ vin: 'ok' }, { vin: 'x\u0000' }] })).toBe('/units/1/vin');
  });
});

describe.each(testDbKinds)('deep request bodies on %s', (kind) => {
  let s: TestServer;
  let cookie: string;
  let phone: string;
  let countRows: () => Promise<Record<string, number>>;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind, config: { reportIngestKeys: [INGEST_KEY] } });
    countRows = await rowCounter(s.db);
    const p = uniquePhone();
    phone = p.typed;
    cookie = await verifyPhone(s, p.national);
  }, STARTUP_MS);
  afterAll(() => s.close());

  const inject = (method: string, url: string, payload: unknown) =>
    s.app.inject({
      method: method as 'POST',
      url: url.replace(':token', 'A'.repeat(22)),
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', cookie, authorization: `Bearer ${INGEST_KEY}` },
    });

  it(`answers 400 naming the nesting, writing nothing, for a body ${DEEP} levels deep on every route that takes one`, async () => {
    const routes = routesOf(s.app).filter((r) => (r.method === 'POST' || r.method === 'PUT') && r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const before = await countRows();
    for (const { method, url } of routes) {
      const bodies: [unknown, string][] = [
        [nested(DEEP), 'body'],
        [nested(DEEP, 1, 'object'), 'a'],
        [{ ...calcLeadBody(phone), extraDetails: nested(DEEP) }, 'extraDetails'],
      ];
      for (const [body, field] of bodies) {
        expect(JSON.stringify(body).length).toBeLessThan(32 * 1024);
        const res = await inject(method, url, body);
        expect({ route: `${method} ${url}`, status: res.statusCode, body: res.json<unknown>() }).toEqual({
          route: `${method} ${url}`,
          status: 400,
          body: { error: 'validation', field, message: `${field} is nested more than ${MAX_BODY_DEPTH} levels deep` },
        });
      }
    }
    expect(await countRows()).toEqual(before);
  });

  it(`lets ${MAX_BODY_DEPTH} levels through to validation and refuses ${MAX_BODY_DEPTH + 1}`, async () => {
    const atLimit = await inject('POST', '/api/leads/create/calc', { ...calcLeadBody(phone), gclidcrm: nested(MAX_BODY_DEPTH - 1) });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json()).toEqual({ error: 'validation', field: 'gclidcrm', message: 'gclidcrm must be string,null' });
    const over = await inject('POST', '/api/leads/create/calc', { ...calcLeadBody(phone), gclidcrm: nested(MAX_BODY_DEPTH) });
    expect(over.json()).toEqual({ error: 'validation', field: 'gclidcrm', message: `gclidcrm is nested more than ${MAX_BODY_DEPTH} levels deep` });
  });

  it('answers a wide body (16,000 values, or 2,000 fields) with a 4xx, never 500', async () => {
    const wide = [Array.from({ length: 16_000 }, () => 0), Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i]))];
    for (const body of wide) {
      for (const url of ['/api/user/tcpa?funnel=calc', '/api/leads/create/calc', '/api/reports']) {
        const res = await inject('POST', url, body);
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      }
    }
  });

  it('still takes a normal lead', async () => {
    const res = await inject('POST', '/api/leads/create/calc', calcLeadBody(phone));
    expect(res.statusCode, res.body).toBe(200);
  });
});
