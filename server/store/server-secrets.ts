// Secrets the server makes itself and every process on the database shares (server_secrets, migration 0026): made at
// random by the first process that needs one, read by the others, kept across restarts.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';

const read = async (q: Queryable, name: string): Promise<Buffer | undefined> => {
  const { rows } = await q.query<{ secret: string }>('SELECT secret FROM server_secrets WHERE name = $1', [name]);
  return rows[0] && Buffer.from(rows[0].secret, 'base64url');
};

/** The secret called name (32 random bytes), made now when there is none yet. */
export async function serverSecret(q: Queryable, name: string, make: true): Promise<Buffer>;
/** The secret called name: made now when make and there is none yet; undefined when not made. */
export async function serverSecret(q: Queryable, name: string, make: boolean): Promise<Buffer | undefined>;
export async function serverSecret(q: Queryable, name: string, make: boolean): Promise<Buffer | undefined> {
  if (!make) return read(q, name);
  const { rows } = await q.query<{ secret: string }>(
    'INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING secret',
    [name, randomBytes(32).toString('base64url')],
  );
  if (rows[0]) return Buffer.from(rows[0].secret, 'base64url');
  // Made by another: on PostgreSQL an INSERT that waited for another process's makes nothing, and a read in that same
  // statement would see the table as it was before the wait (no row); a new statement sees the row committed.
  const made = await read(q, name);
  if (!made) throw new Error(`server secret ${name} is neither made nor readable`);
  return made;
}

const shared = new WeakMap<Queryable, Map<string, Promise<Buffer>>>();

/**
 * The secret called name, made when missing, read once per Queryable (a process's db, or a transaction's session) and
 * kept; a failed read is tried again by the next caller.
 */
export function sharedSecret(q: Queryable, name: string): Promise<Buffer> {
  let secrets = shared.get(q);
  if (!secrets) shared.set(q, (secrets = new Map<string, Promise<Buffer>>()));
  let secret = secrets.get(name);
  if (!secret) {
    secret = serverSecret(q, name, true);
    secrets.set(name, secret);
    secret.catch(() => secrets.delete(name));
  }
  return secret;
}
