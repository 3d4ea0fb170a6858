// PGlite runs no autovacuum: the server analyzes the tables that grew as autovacuum would (more rows changed than
// autovacuum_analyze_threshold plus its scale factor times the rows), so their statements plan for what they hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { analyzeGrownTables } from '../../server/db/pglite-db.ts';
import { migratedPglite } from '../testing/pglite-template.ts';
import { STARTUP_MS } from '../testing/test-db.ts';

const rowsKnown = async (pg: PGlite, table: string) =>
  (await pg.query<{ reltuples: number }>('SELECT reltuples FROM pg_class WHERE relname = $1', [table])).rows[0]?.reltuples;

describe('analyzing grown tables on PGlite', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await migratedPglite();
  }, STARTUP_MS);
  afterAll(() => pg?.close());

  it('analyzes a table once more rows changed than autovacuum allows, and leaves the others', async () => {
    await analyzeGrownTables(pg);
    expect(await rowsKnown(pg, 'idempotency_keys')).toBe(-1);
    const answers = (n: number, from: number) =>
      pg.exec(`INSERT INTO idempotency_keys (route, key, request_hash, status, response)
               SELECT 'POST /x', 'k' || g, repeat('a', 64), 200, '{}' FROM generate_series(${from}, ${from + n - 1}) g`);
    // 50 rows changed is autovacuum's threshold: not yet.
    await answers(50, 1);
    await pg.query('SELECT pg_stat_force_next_flush()');
    await analyzeGrownTables(pg);
    expect(await rowsKnown(pg, 'idempotency_keys')).toBe(-1);
    await answers(450, 51);
    await pg.query('SELECT pg_stat_force_next_flush()');
    await analyzeGrownTables(pg);
    expect(await rowsKnown(pg, 'idempotency_keys')).toBe(500);
    expect(await rowsKnown(pg, 'leads')).toBe(-1);
    // Then 50 + 10% of 500 = 100 changes more.
    await answers(100, 501);
    await pg.query('SELECT pg_stat_force_next_flush()');
    await analyzeGrownTables(pg);
    expect(await rowsKnown(pg, 'idempotency_keys')).toBe(500);
    await answers(1, 601);
    await pg.query('SELECT pg_stat_force_next_flush()');
    await analyzeGrownTables(pg);
    expect(await rowsKnown(pg, 'idempotency_keys')).toBe(601);
  });
});
