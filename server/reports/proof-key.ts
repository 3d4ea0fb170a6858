// The key that signs report proofs: made at random by the first process that needs it and kept in server_secrets, so
// every server and worker on the database signs and checks alike, across restarts.
import type { Queryable } from '../db/db.ts';
import { serverSecret } from '../store/server-secrets.ts';

const NAME = 'report-proof';
const keys = new WeakMap<Queryable, Promise<Buffer>>();

/** The proof key of this database (read once a process; once a transaction for a transaction's session). */
export function proofKey(q: Queryable): Promise<Buffer> {
  let key = keys.get(q);
  if (!key) {
    key = serverSecret(q, NAME, true);
    keys.set(q, key);
    key.catch(() => keys.delete(q));
  }
  return key;
}
