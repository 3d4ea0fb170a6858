// Funnel step events are kept EVENT_RETENTION_DAYS (issue 32 part 3): the hourly retention job deletes every visit that
// started before then, whole and in batches, and keeps the newer ones (explicit timestamps, the purge's own clock).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { purgeExpired } from '../../server/retention/purge-expired.ts';
import { purgeFunnelEvents } from '../../server/analytics/purge-events.ts';
import { DAY_MS } from '../testing/fake-clock.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';

const RETENTION = loadConfig({}).retention;
const NOW = Date.UTC(2030, 0, 7, 9);

describe.each(testDbKinds)('funnel event retention on %s', (kind) => {
  let testDb: TestDb;
  const visit = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  /** A visit of two events, its first `days` days before NOW, its second an hour later. */
  const addVisit = async (n: number, days: number) => {
    const start = NOW - days * DAY_MS;
    for (const [seq, at] of [start, start + 3_600_000].entries()) {
      await testDb.db.query(
        `INSERT INTO funnel_events (visit_id, seq, flow_id, flow_version, kind, step_id, lang, occurred_at)
         VALUES ($1, $2, 'calculator', 1, 'shown', '0', 'en', $3)`,
        [visit(n), seq, new Date(at).toISOString()],
      );
    }
  };
  const visits = async () => (await testDb.db.query<{ v: string }>('SELECT DISTINCT visit_id AS v FROM funnel_events ORDER BY 1')).rows.map((r) => r.v);

  beforeAll(async () => {
    testDb = await openTestDb(kind);
  }, STARTUP_MS);
  afterAll(() => testDb.close());

  it('defaults to 400 days, a year of reports and the month before it', () => {
    expect(RETENTION.eventDays).toBe(400);
    expect(loadConfig({ EVENT_RETENTION_DAYS: '90' }).retention.eventDays).toBe(90);
  });

  it(`deletes the visits that started more than EVENT_RETENTION_DAYS ago, whole, and keeps the newer`, async () => {
    await addVisit(1, RETENTION.eventDays + 30);
    // Started a minute past the retention: its second event, an hour later, is inside it; the visit goes whole.
    await addVisit(2, RETENTION.eventDays + 1 / (24 * 60));
    await addVisit(3, RETENTION.eventDays - 1 / 24);
    await addVisit(4, 1);
    expect(await purgeExpired(testDb.db, RETENTION, NOW, [])).toMatchObject({ funnelEvents: 4 });
    expect(await visits()).toEqual([visit(3), visit(4)]);
    // Nothing more to do on the next run.
    expect(await purgeExpired(testDb.db, RETENTION, NOW, [])).toMatchObject({ funnelEvents: 0 });
  });

  it('deletes in batches until none is left', async () => {
    for (let n = 10; n < 17; n++) await addVisit(n, 500);
    expect(await purgeFunnelEvents(testDb.db, NOW - RETENTION.eventDays * DAY_MS, 3)).toBe(14);
    expect(await visits()).toEqual([visit(3), visit(4)]);
  });
});
