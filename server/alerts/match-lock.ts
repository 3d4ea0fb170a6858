// Why a report and an alert stored at the same moment still meet: each side looks for the other only once it holds
// this lock, in a statement after taking it (so it sees what the other side committed). Transactions that store
// reports share it; one that creates an alert waits for them to commit and they wait for it, so whichever comes second
// finds the first. Held to the end of the transaction.
import type { Queryable } from '../db/db.ts';

const LOCK = "hashtext('claimflow alerts')";

/** Taken by a transaction that stored reports, before it matches them against the open alerts. */
export async function lockForMatching(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock_shared(${LOCK})`);
}

/** Taken by a transaction that creates an alert, before it looks for the reports already on file. */
export async function lockForAlerting(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(${LOCK})`);
}
