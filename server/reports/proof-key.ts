// The key that signs report proofs: made at random by the first process that needs it and kept in server_secrets, so
// every server and worker on the database signs and checks alike, across restarts.
import type { Queryable } from '../db/db.ts';
import { sharedSecret } from '../store/server-secrets.ts';

/** The proof key of this database (read once a process; once a transaction for a transaction's session). */
export const proofKey = (q: Queryable): Promise<Buffer> => sharedSecret(q, 'report-proof');
