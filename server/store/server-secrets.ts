// Secrets the server makes itself and every process on the database shares (server_secrets, migration 0026): made at
// random by the first process that needs one, read by the others, kept across restarts.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';

/** The secret called name (32 random bytes): made now when make and there is none yet; undefined when not made. */
export async function serverSecret(q: Queryable, name: string, make: boolean): Promise<Buffer | undefined> {
  const { rows } = make
    ? await q.query<{ secret: string }>(
        `WITH made AS (INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING secret)
         SELECT secret FROM made UNION ALL SELECT secret FROM server_secrets WHERE name = $1`,
        [name, randomBytes(32).toString('base64url')],
      )
    : await q.query<{ secret: string }>('SELECT secret FROM server_secrets WHERE name = $1', [name]);
  return rows[0] && Buffer.from(rows[0].secret, 'base64url');
}
