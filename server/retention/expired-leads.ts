// Leads past their retention: anonymised by the same erasure as a person's request (server/privacy/erase-lead.ts).
import type { Db } from '../db/db.ts';
import { eraseLeads } from '../privacy/erase-lead.ts';

/** Leads erased per transaction, so a first run over years of leads does not hold one long transaction. */
const BATCH = 500;

/** Erases the personal data of every lead created before `before` (ms) and not yet erased; returns how many. */
export async function eraseExpiredLeads(db: Db, before: number): Promise<number> {
  let erased = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `SELECT id FROM leads WHERE erased_at IS NULL AND created_at < $1::timestamptz ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [new Date(before).toISOString(), BATCH],
      );
      await eraseLeads(
        tx,
        rows.map((r) => r.id),
      );
      return rows.length;
    });
    erased += batch;
    if (batch < BATCH) return erased;
  }
}
