// The Db interface on PGlite and PostgreSQL: parameters are written the same way in a transaction or not, a connection
// of its own runs scripts, COPY and transactions, and PGlite's one connection keeps a query out of a running transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/db.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';

/** Values of every kind the store passes, each with the type its column would give it. */
const PARAMS: [string, unknown][] = [
  ['text', 'Jane'],
  ['int', 42],
  ['bigint', '42'],
  ['bigint', '9007199254740993'],
  ['bigint[]', ['7', '9007199254740993']],
  ['boolean', false],
  ['timestamptz', new Date('2026-01-02T03:04:05.678Z')],
  ['jsonb', { answers: { fault: 'no', injuries: 2 }, list: [1, 'two'] }],
  ['text[]', ['a', 'b,c', 'd"e']],
  ['int[]', [3, 1, 2]],
  ['text', null],
];

/** Each value as the database read it back, one statement after another (a connection runs one at a time). */
async function read(q: Queryable): Promise<unknown[]> {
  const values: unknown[] = [];
  for (const [type, value] of PARAMS) values.push((await q.query<{ v: unknown }>(`SELECT $1::${type} AS v`, [value])).rows[0]?.v);
  return values;
}

describe.each(testDbKinds)('the Db on %s', (kind) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb(kind);
  }, STARTUP_MS);
  afterAll(() => testDb.close());

  it('writes each parameter the same way in a transaction and out of one', async () => {
    const outside = await read(testDb.db);
    const inside = await testDb.db.transaction(read);
    expect(inside).toEqual(outside);
    expect(outside).toEqual([
      'Jane',
      42,
      // An int8 (ids, counts, ms) is a number on both drivers; only past 2^53 a BigInt, never a string.
      42,
      9007199254740993n,
      [7, 9007199254740993n],
      false,
      new Date('2026-01-02T03:04:05.678Z'),
      { answers: { fault: 'no', injuries: 2 }, list: [1, 'two'] },
      ['a', 'b,c', 'd"e'],
      [3, 1, 2],
      null,
    ]);
  });

  // A VIN search's estimated cost grows with the table (a GIN index's default estimate: 0.5% of rows), and at 5,000,000
  // reports it crossed jit_above_cost: each call spent 310 ms compiling what ran in 0.5 ms, a p99 of 7.5 s under load.
  it.runIf(kind === 'postgres')('compiles no query (JIT) on any connection: short statements never pay for it', async () => {
    const jit = async (q: Queryable) => (await q.query<{ jit: string }>('SHOW jit')).rows[0]?.jit;
    expect(await Promise.all([jit(testDb.db), testDb.db.connect(jit), testDb.db.transaction(jit)])).toEqual(['off', 'off', 'off']);
  });

  it('gives a connection of its own: scripts, temporary tables, COPY and transactions that roll back', async () => {
    const rows = await testDb.db.connect(async (connection) => {
      const script = await connection.exec('CREATE TEMP TABLE db_test (n int, s text); SELECT 1 AS one; SELECT 2 AS two');
      expect(script.rows).toEqual([{ two: 2 }]);
      await connection.transaction((tx) => tx.copyRows('db_test', ['n', 's'], '1\tone\n2\t\\N\n'));
      await expect(
        connection.transaction(async (tx) => {
          await tx.query('INSERT INTO db_test (n, s) VALUES ($1, $2)', [3, 'three']);
          throw new Error('undone');
        }),
      ).rejects.toThrow('undone');
      return (await connection.query<{ n: number; s: string | null }>('SELECT n, s FROM db_test ORDER BY n')).rows;
    });
    expect(rows).toEqual([
      { n: 1, s: 'one' },
      { n: 2, s: null },
    ]);
  });

  it('keeps a query begun during a transaction out of it: it sees the transaction committed', async () => {
    await testDb.db.query('CREATE TABLE db_test_wait (n int)');
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = testDb.db.transaction(async (tx) => {
      await tx.query('INSERT INTO db_test_wait (n) VALUES (1)');
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query('INSERT INTO db_test_wait (n) VALUES (2)');
    });
    await insertedOnce;
    const { rows } = await testDb.db.query<{ count: number }>('SELECT count(*)::int AS count FROM db_test_wait');
    await transaction;
    // PostgreSQL's other connection sees nothing of the transaction yet; PGlite's one connection waits until it ends.
    expect(rows).toEqual([{ count: kind === 'pglite' ? 2 : 0 }]);
  });
});
