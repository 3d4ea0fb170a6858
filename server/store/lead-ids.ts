// Lead ids are taken from the leads' identity sequence ahead, a block at a time, so a lead's answer (which holds its id)
// is known before the one statement that stores it. A process that stops leaves the rest of its block unused.
import type { Db } from '../db/db.ts';

const BLOCK = 100;

interface Pool {
  ids: number[];
  refill?: Promise<void>;
}

const pools = new WeakMap<Db, Pool>();

async function refill(db: Db, pool: Pool): Promise<void> {
  const { rows } = await db.query<{ id: string | number }>(
    "SELECT nextval(pg_get_serial_sequence('leads', 'id')) AS id FROM generate_series(1, $1)",
    [BLOCK],
  );
  // pg returns bigint as a string, PGlite as a number.
  pool.ids.push(...rows.map((row) => Number(row.id)));
}

/** A lead id of db's sequence that no other caller (in any process) gets. */
export async function nextLeadId(db: Db): Promise<number> {
  let pool = pools.get(db);
  if (!pool) pools.set(db, (pool = { ids: [] }));
  for (;;) {
    const id = pool.ids.shift();
    if (id !== undefined) return id;
    const p = pool;
    p.refill ??= refill(db, p).finally(() => (p.refill = undefined));
    await p.refill;
  }
}
