// Request bodies nested deeper than MAX_BODY_DEPTH get 400 naming the problem before they are parsed, on every route
// that takes a body; walks over request data are iterative, so no nesting can throw RangeError (it used to answer 500).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInJson, pathOf } from '../../server/json-walk.ts';
import { MAX_BODY_DEPTH, tooDeepField } from '../../server/routes/body-depth.ts';
import { unstorablePath } from '../../server/routes/storable-text.ts';
import { unstorablePointer } from '../../server/reports/unstorable-text.ts';
import { calcLeadBody, uniquePhone } from '../testing/lead-bodies.ts';
import { TEST_INGEST_KEY } from '../testing/reports.ts';
import { verifyPhone } from '../testing/requests.ts';
import { rowCounter, STARTUP_MS, appDbKinds } from '../testing/test-db.ts';
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

/** What the scan of the text must find: the top-level field of the first value too deep in the parsed body. */
function tooDeepInParsed(body: unknown): string | undefined {
  const node = findInJson(body, (n) => n.depth >= MAX_BODY_DEPTH && n.value !== null && typeof n.value === 'object');
  return node && ((!Array.isArray(body) && pathOf(node)[0]) || 'body');
}

describe('the nesting is read from the text', () => {
  it('names the field a walk of the parsed body names, whatever the strings hold', () => {
    // Keys and strings full of brackets, quotes, backslashes and commas; values nested around the limit.
    const text = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', ',', ':', 'a', 'é', '\u0000') });
    const value = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.oneof(text, fc.integer(), fc.constant(null), fc.boolean()),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(text, tie('value'), { maxKeys: 3 }),
        fc
          .tuple(fc.integer({ min: MAX_BODY_DEPTH - 3, max: MAX_BODY_DEPTH + 2 }), fc.constantFrom<'array' | 'object'>('array', 'object'), tie('value'))
          .map(([levels, k, v]) => nested(levels, v, k)),
      ),
    })).value;
    fc.assert(
      fc.property(fc.oneof(value, fc.dictionary(text, value, { maxKeys: 4 })), fc.constantFrom(0, 2), (body, indent) => {
        expect(tooDeepField(JSON.stringify(body, null, indent))).toBe(tooDeepInParsed(body));
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads 16,000 levels in one pass, without recursion', () => {
    expect(tooDeepField(`{"firstName":${'['.repeat(16_000)}${']'.repeat(16_000)}}`)).toBe('firstName');
    expect(tooDeepField(`{"a\\u0062":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`)).toBe('ab');
  });
});

describe.each(appDbKinds)('deep request bodies on %s', (kind) => {
  let s: TestServer;
  let cookie: string;
  let phone: string;
  let countRows: () => Promise<Record<string, number>>;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind, config: { reportIngestKeys: [TEST_INGEST_KEY] } });
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
      headers: { 'content-type': 'application/json', cookie, authorization: `Bearer ${TEST_INGEST_KEY}` },
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

  it('refuses a body for its nesting before parsing it: an unfinished one gets the nesting named, not a parse error', async () => {
    const unfinished = (levels: number) =>
      s.app.inject({
        method: 'POST',
        url: '/api/leads/create/calc',
        payload: `{"extraDetails":${'['.repeat(levels)}`,
        headers: { 'content-type': 'application/json', cookie },
      });
    const refused = await unfinished(MAX_BODY_DEPTH);
    expect(refused.json()).toEqual({ error: 'validation', field: 'extraDetails', message: `extraDetails is nested more than ${MAX_BODY_DEPTH} levels deep` });
    // Not a parse error, which closes the connection: a client sending many pays no new connection for each.
    expect(refused.headers.connection).not.toBe('close');
    // Within the limit, the text goes on to the parser, which refuses it.
    expect((await unfinished(MAX_BODY_DEPTH - 1)).json()).toEqual({ error: 'validation', field: 'body', message: 'body must be a JSON object' });
  });

  it("still refuses __proto__ and constructor.prototype keys, as Fastify's parser does", async () => {
    for (const payload of ['{"__proto__": {"admin": true}}', '{"a": {"constructor": {"prototype": {"admin": true}}}}']) {
      const res = await s.app.inject({ method: 'POST', url: '/api/leads/create/calc', payload, headers: { 'content-type': 'application/json', cookie } });
      expect(res.json(), payload).toEqual({ error: 'validation', field: 'body', message: 'body must be a JSON object' });
    }
  });

  it('still takes a normal lead', async () => {
    const res = await inject('POST', '/api/leads/create/calc', calcLeadBody(phone));
    expect(res.statusCode, res.body).toBe(200);
  });
});
