// lockKeys runs in every write. A prepared statement keeps one plan (PostgreSQL moves to a generic plan after five runs
// when it costs no more than the custom ones), and that plan may be made while the table is nearly empty: PGlite runs
// no autovacuum to make it plan again, and PostgreSQL's comes round once a minute. So the statement must settle on a
// generic plan, and that plan must look each key up by the whole primary key, never read every answer of a route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockKeysSql } from '../../server/store/idempotency-keys.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first. */
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

const ROUTE = 'POST /api/leads/create';

describe.each(testDbKinds)('the plan of lockKeys on %s', (kind) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb(kind);
  }, STARTUP_MS);
  afterAll(() => testDb?.close());

  it('settles on one plan made while the table was empty, which reads each key by route and key', async () => {
    const { plan, custom, generic } = await testDb.db.connect(async (session) => {
      await session.exec(`PREPARE lock_keys(text, text, text) AS ${lockKeysSql(2)}`);
      const run = (i: number) => session.transaction((tx) => tx.query(`EXECUTE lock_keys('${ROUTE}', 'key-${i}', 'lead calc verification ${i}')`));
      for (let i = 0; i < 10; i++) await run(i);
      await session.exec(
        `INSERT INTO idempotency_keys (route, key, request_hash, status, response)
         SELECT '${ROUTE}', 'answered-' || n, repeat('a', 64), 200, repeat('x', 500) FROM generate_series(1, 2000) n`,
      );
      for (let i = 10; i < 20; i++) await run(i);
      const explained = await session.exec(`EXPLAIN (FORMAT JSON) EXECUTE lock_keys('${ROUTE}', 'answered-7', 'lead calc verification 7')`);
      const counts = await session.exec(`SELECT custom_plans, generic_plans FROM pg_prepared_statements WHERE name = 'lock_keys'`);
      await session.exec('DEALLOCATE lock_keys');
      // pg gives the JSON parsed, PGlite as text.
      const json = explained.rows[0]?.['QUERY PLAN'];
      const [{ Plan }] = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
      return {
        plan: Plan,
        custom: Number(counts.rows[0]?.custom_plans),
        generic: Number(counts.rows[0]?.generic_plans),
      };
    });
    // Planned afresh no more than the five runs PostgreSQL tries before it compares.
    expect(custom).toBeLessThanOrEqual(5);
    expect(generic).toBeGreaterThanOrEqual(15);
    const scans = nodesOf(plan).filter((node) => node['Relation Name'] === 'idempotency_keys');
    expect(scans).toHaveLength(2);
    for (const scan of scans) {
      expect(scan['Node Type']).toBe('Index Scan');
      expect(scan['Index Cond']).toMatch(/route = \$1.*key = \$[23]/);
      expect(scan.Filter).toBeUndefined();
    }
  });
});
