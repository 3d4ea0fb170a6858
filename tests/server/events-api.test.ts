// POST /api/events takes batches of step events that its schema allows (and nothing else) of a visit the server started
// (POST /api/visits: a signed, expiring token; a forged or expired one is a 403), stores each event once and at most
// 500 a visit, logs nothing of the visitor and is rate limited, so one address cannot land 6,000 events a minute; GET /api/analytics/funnel answers the report to a holder of an
// ANALYTICS_KEYS key, the same report as the events sent give.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { funnelReport } from '../../server/analytics/funnel-report.ts';
import type { SentEvent } from '../../src/analytics/step-events.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { loadFlow } from '../testing/flows.ts';
import { createHmac, randomBytes } from 'node:crypto';
import { loadConfig } from '../../server/config.ts';
import { MAX_VISIT_EVENTS, VISIT_TTL_MS } from '../../server/analytics/visit-tokens.ts';
import { eventBatch, postEvents, rowsOf, StepWalk, startedVisit, WALK_START } from '../testing/step-walks.ts';
import { STARTUP_MS, appDbKinds } from '../testing/test-db.ts';
import { makeTestServer, testConfig, type TestServer } from '../testing/test-servers.ts';

const KEY = 'analytics-key-0123456789-abcdefghijklmnop';
const VISIT = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const calculator = loadFlow('calculator');
const shown = (seq: number, step = '0'): SentEvent => ({ seq, at: WALK_START, kind: 'shown', flow: 'calculator', version: 1, variant: '', step, lang: 'en' });

describe.each(appDbKinds)('step events on %s', (kind) => {
  let s: TestServer;
  /** The server's clock: a batch sent at this time keeps its events' times. */
  let now = WALK_START;
  const lines: string[] = [];
  const post = (payload: unknown, remoteAddress = '203.0.113.9') =>
    s.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: payload as Record<string, unknown>,
      remoteAddress,
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Tester' },
    });
  const rowsOfVisit = async (visit: string) =>
    (await s.db.query<Record<string, unknown>>('SELECT * FROM funnel_events WHERE visit_id = $1 ORDER BY seq', [visit])).rows;
  const count = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM funnel_events')).rows[0]?.n;

  /** A visit the server started, at the server's time now. */
  let visit: { token: string; id: string };
  beforeAll(async () => {
    s = await makeTestServer({ db: kind, config: { analyticsKeys: [KEY] }, clock: () => now });
    visit = await startedVisit(s.app);
  }, STARTUP_MS);
  afterAll(() => s.close());

  it('stores a batch, each event once however often it comes, with no address, agent or cookie of the visitor', async () => {
    const batch = eventBatch(visit.token, [shown(0), { ...shown(1), kind: 'left', by: 'NEXT', at: WALK_START + 2500 }, shown(2, '1')], WALK_START + 3000);
    now = WALK_START + 3000;
    const res = await post({ ...batch, utmSource: 'facebook', utmCampaign: 'Primavera año 2026' });
    expect([res.statusCode, res.body]).toEqual([204, '']);
    // Sent again (with other attribution): nothing changes.
    expect((await post(batch)).statusCode).toBe(204);
    const stored = await rowsOfVisit(visit.id);
    expect(
      stored.map((r) => [r.seq, r.kind, r.step_id, r.left_by, (r.occurred_at as Date).getTime() - WALK_START, r.utm_source, r.utm_campaign, r.gclid]),
    ).toEqual([
      [0, 'shown', '0', null, 0, 'facebook', 'Primavera año 2026', false],
      [1, 'left', '0', 'NEXT', 2500, 'facebook', 'Primavera año 2026', false],
      [2, 'shown', '1', null, 0, 'facebook', 'Primavera año 2026', false],
    ]);
    const text = JSON.stringify(stored);
    for (const visitor of ['203.0.113', 'Mozilla', 'iPhone']) expect(text).not.toContain(visitor);
    expect(Object.keys(stored[0] ?? {}).sort()).toEqual(
      [
        'flow_id',
        'flow_version',
        'gclid',
        'kind',
        'lang',
        'left_by',
        'occurred_at',
        'seq',
        'step_id',
        'utm_campaign',
        'utm_source',
        'variant',
        'visit_id',
      ].sort(),
    );
  });

  it("writes no request line of it, so not the visitor's network either", async () => {
    const logged = await buildApp({
      config: s.config,
      db: s.db,
      sms: recordingSms(),
      clock: () => now,
      log: { level: 'trace', stream: { write: (line) => void lines.push(line) } },
    });
    const started = await startedVisit(logged, '198.51.100.77');
    await logged.inject({ method: 'POST', url: '/api/events', payload: eventBatch(started.token, [shown(0)], now), remoteAddress: '198.51.100.77' });
    await logged.inject({ method: 'POST', url: '/api/events', payload: { visit: started.token }, remoteAddress: '198.51.100.77' });
    await logged.inject({
      method: 'POST',
      url: '/api/events',
      payload: eventBatch(`${VISIT}.9999999999.AAAAAAAAAAAAAAAAAAAAAA`, [shown(0)], now),
      remoteAddress: '198.51.100.77',
    });
    // Another route's request lines do carry the network: the log was on.
    await logged.inject({ url: '/api/nope', remoteAddress: '198.51.100.78' });
    await logged.close();
    expect(lines.filter((line) => line.includes('198.51.100.0/24')).map((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url)).toEqual([
      '/api/nope',
    ]);
    expect(await rowsOfVisit(started.id)).toHaveLength(1);
  });

  it("shifts events by the browser clock's offset: a phone an hour fast is stored at the server's time", async () => {
    const phone = WALK_START + 3_600_000;
    now = WALK_START + 10_000;
    const started = await startedVisit(s.app);
    await post(eventBatch(started.token, [{ ...shown(0), at: phone - 4000 }], phone));
    expect(((await rowsOfVisit(started.id))[0]?.occurred_at as Date).getTime()).toBe(WALK_START + 6000);
  });

  it.each([
    ['no visit', () => ({ sentAt: 1, gclid: false, events: [shown(0)] }), 'visit'],
    ['a visit that is not a token', () => eventBatch('visit-1', [shown(0)], 1), 'visit'],
    ['a bare UUID as visit (a visit the server did not start)', () => eventBatch(VISIT, [shown(0)], 1), 'visit'],
    ['no events', () => eventBatch(visit.token, [], 1), 'events'],
    [
      '21 events',
      () =>
        eventBatch(
          visit.token,
          Array.from({ length: 21 }, (_, i) => shown(100 + i)),
          1,
        ),
      'events',
    ],
    ['an answer', () => eventBatch(visit.token, [{ ...shown(200), answers: { name: 'Ana Ruiz' } } as SentEvent], 1), 'events.0.answers'],
    ['a phone in the batch', () => ({ ...eventBatch(visit.token, [shown(201)], 1), phone: '+12025550123' }), 'phone'],
    ['a left step without its event', () => eventBatch(visit.token, [{ ...shown(202), kind: 'left' }], 1), 'events.0.by'],
    ['a completion with a step', () => eventBatch(visit.token, [{ ...shown(203), kind: 'completed' }], 1), 'events.0'],
    ['an event name that is not one', () => eventBatch(visit.token, [{ ...shown(204), kind: 'left', by: 'ana@example.com' }], 1), 'events.0.by'],
    ['an e-mail as utm_campaign', () => ({ ...eventBatch(visit.token, [shown(205)], 1), utmCampaign: 'ana@example.com' }), 'utmCampaign'],
    ['a step id that is not one', () => eventBatch(visit.token, [shown(206, 'Ana Ruiz')], 1), 'events.0.step'],
  ])('refuses %s (400 naming the field) and stores nothing of it', async (_what, payload, field) => {
    const before = await count();
    const res = await post(payload());
    expect([res.statusCode, res.json<{ field: string }>().field]).toEqual([400, field]);
    expect(await count()).toBe(before);
  });

  it('answers the report to a holder of a key only: the report of the events sent', async () => {
    const day = Date.UTC(2026, 5, 8);
    now = day;
    const started = await Promise.all([0, 1, 2].map(() => startedVisit(s.app)));
    const visits = started.map((v) => v.id);
    const walks = await Promise.all(visits.map((id, i) => new StepWalk(calculator, { visit: id, start: day + i * 60_000 }).open()));
    await walks[0]?.next(3);
    await walks[1]?.next(2).then((w) => w.back(4));
    for (const [i, walk] of walks.entries()) {
      walk.close(5);
      now = walk.now;
      expect(await postEvents(s.app, started[i]?.token ?? '', walk.events, walk.now)).toEqual([204]);
    }
    const url = '/api/analytics/funnel?flow=calculator&since=2026-06-08&until=2026-06-08&lang=en';
    expect((await s.app.inject({ url })).statusCode).toBe(401);
    expect((await s.app.inject({ url, headers: { authorization: `Bearer ${KEY}x` } })).statusCode).toBe(401);
    const res = await s.app.inject({ url, headers: { authorization: `Bearer ${KEY}` } });
    expect([res.statusCode, res.headers['cache-control']]).toEqual([200, 'private, no-store']);
    const sent = walks.flatMap((walk, i) => rowsOf(visits[i] ?? '', walk.events));
    const declined = { report: 0, noCall: 0, info: 0, hasLawyer: 0, other: 0, none: 0 };
    expect(res.json()).toEqual({ ...funnelReport(calculator, sent, { since: day, until: day + 86_400_000, lang: 'en' }), declined });
    expect(res.json<{ groups: { visits: number; steps: { reached: number }[] }[] }>().groups.map((g) => [g.visits, g.steps[1]?.reached])).toEqual([[3, 2]]);
  });

  it('answers 404 for a flow it does not have and 400 for a day that does not exist; nobody without keys', async () => {
    const get = (query: string, app: FastifyInstance = s.app) =>
      app.inject({ url: `/api/analytics/funnel?${query}`, headers: { authorization: `Bearer ${KEY}` } });
    expect((await get('flow=nope')).statusCode).toBe(404);
    const bad = await get('flow=calculator&since=2026-02-30');
    expect([bad.statusCode, bad.json<{ field: string }>().field]).toEqual([400, 'since']);
    expect((await get('flow=calculator&lang=fr')).statusCode).toBe(400);
    const keyless = await buildApp({ config: testConfig(), db: s.db, sms: recordingSms() });
    expect((await get('flow=calculator', keyless)).statusCode).toBe(401);
    await keyless.close();
  });

  it('is rate limited with the rest of the API', async () => {
    now = WALK_START;
    const { token } = await startedVisit(s.app);
    const limited = await buildApp({
      config: testConfig({ rateLimit: { apiPerMinute: 3, staticPerMinute: 100 } }),
      db: s.db,
      sms: recordingSms(),
      clock: () => now,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.inject({
        method: 'POST',
        url: '/api/events',
        payload: eventBatch(token, [shown(300 + i)], WALK_START),
        remoteAddress: '192.0.2.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([204, 204, 204, 429]);
    await limited.close();
  });
  /** A token like the server's for the visit id and expiry (s), signed with key. */
  const signedWith = (key: Buffer, id: string, expires: number) =>
    `${id}.${expires}.${createHmac('sha256', key).update(`visit:${id}.${expires}`).digest().subarray(0, 16).toString('base64url')}`;

  it('refuses (403) events of a visit it did not start or whose token has expired, and stores nothing of them', async () => {
    now = WALK_START;
    const started = await startedVisit(s.app);
    const [id, expires, signature] = started.token.split('.') as [string, string, string];
    const forged = [
      // Another id, or another expiry, under the server's signature.
      `${VISIT}.${expires}.${signature}`,
      `${id}.${Number(expires) + 86_400}.${signature}`,
      // Signed with another key.
      signedWith(randomBytes(32), VISIT, Number(expires)),
      `${VISIT}.${expires}.${'A'.repeat(22)}`,
    ];
    const before = await count();
    for (const token of forged) {
      const res = await post(eventBatch(token, [{ ...shown(0), kind: 'completed', step: undefined }], now));
      expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([403, 'visit_refused']);
    }
    // The real one, a day on: expired.
    now = WALK_START + VISIT_TTL_MS;
    const expired = await post(eventBatch(started.token, [shown(0)], now));
    expect([expired.statusCode, expired.json<{ error: string }>().error]).toEqual([403, 'visit_refused']);
    expect(await count()).toBe(before);
    expect(await rowsOfVisit(VISIT)).toEqual([]);
    // A minute before, it was good.
    now -= 60_000;
    expect((await post(eventBatch(started.token, [shown(0)], now))).statusCode).toBe(204);
  });

  it(`stores at most ${MAX_VISIT_EVENTS} events of a visit: a batch past it is refused whole (403), a batch sent again is not`, async () => {
    now = WALK_START;
    const started = await startedVisit(s.app);
    const events = Array.from({ length: MAX_VISIT_EVENTS + 5 }, (_, i) => shown(i));
    const statuses = await postEvents(s.app, started.token, events.slice(0, MAX_VISIT_EVENTS), now);
    expect(statuses.every((code) => code === 204)).toBe(true);
    const over = await post(eventBatch(started.token, events.slice(MAX_VISIT_EVENTS), now));
    expect([over.statusCode, over.json<{ error: string }>().error]).toEqual([403, 'visit_full']);
    // The last batch again (a beacon sent twice) adds nothing and is no error.
    expect((await post(eventBatch(started.token, events.slice(MAX_VISIT_EVENTS - 20, MAX_VISIT_EVENTS), now))).statusCode).toBe(204);
    expect(await rowsOfVisit(started.id)).toHaveLength(MAX_VISIT_EVENTS);
  });

  it("cannot land 6,000 events of one address in a minute at the default rate limit: they stop at the API's budget", async () => {
    const config = testConfig({ rateLimit: loadConfig({}).rateLimit });
    const app = await buildApp({ config, db: s.db, sms: recordingSms(), clock: () => now });
    const address = '192.0.2.66';
    const budget = config.rateLimit.apiPerMinute;
    const ids: string[] = [];
    const statuses: number[] = [];
    let token: string | undefined;
    for (let seq = 0; seq < 6000; seq += 20) {
      // A new visit each time the last is full, as a flooder would need.
      if (token === undefined || seq % MAX_VISIT_EVENTS === 0) {
        const res = await app.inject({ method: 'POST', url: '/api/visits', remoteAddress: address });
        if (res.statusCode === 201) {
          token = res.json<{ visit: string }>().visit;
          ids.push(token.split('.')[0] ?? '');
        }
      }
      const batch = eventBatch(
        token ?? '',
        Array.from({ length: 20 }, (_, i) => ({ ...shown(seq + i), kind: 'completed' as const, step: undefined })),
        now,
      );
      statuses.push((await app.inject({ method: 'POST', url: '/api/events', payload: batch, remoteAddress: address })).statusCode);
    }
    await app.close();
    const { rows } = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM funnel_events WHERE visit_id = ANY($1::uuid[])', [ids]);
    const stored = rows[0]?.n ?? 0;
    // At most the minute's requests (less the visits' own), 20 events each.
    expect(stored).toBeLessThanOrEqual((budget - ids.length) * 20);
    expect(stored).toBeLessThan(6000);
    expect(statuses.filter((code) => code === 429).length).toBeGreaterThan(0);
  });
});
