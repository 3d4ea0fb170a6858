// The key that signs report proofs: made at random by the first process that needs it and kept in server_secrets, so
// every server and worker on the database signs and checks alike, across restarts.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';

const NAME = 'report-proof';
const keys = new WeakMap<Queryable, Promise<Buffer>>();

async function loadKey(q: Queryable): Promise<Buffer> {
  const { rows } = await q.query<{ secret: string }>(
    `WITH made AS (INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING secret)
     SELECT secret FROM made UNION ALL SELECT secret FROM server_secrets WHERE name = $1`,
    [NAME, randomBytes(32).toString('base64url')],
  );
  return Buffer.from(rows[0]!.secret, 'base64url');
}

/** The proof key of this database (read once a process; once a transaction for a transaction's session). */
export function proofKey(q: Queryable): Promise<Buffer> {
  let key = keys.get(q);
  if (!key) {
    key = loadKey(q);
    keys.set(q, key);
    key.catch(() => keys.delete(q));
  }
  return key;
}
