// A stored certificate as GET /certificates/:id answers it: the signed payload string, its signature and key id.
import type { Queryable } from '../db/db.ts';

export interface SignedCertificate {
  /** The certificate as a JSON string (CertificatePayload), exactly the bytes signed. */
  payload: string;
  /** base64url Ed25519 signature of the payload's UTF-8 bytes. */
  signature: string;
  keyId: string;
}

/** What a certificate id looks like: 128 bits in base64url. Anything else is not looked up. */
export const CERTIFICATE_ID = /^[A-Za-z0-9_-]{22}$/;

export async function readCertificate(db: Queryable, id: string): Promise<SignedCertificate | undefined> {
  if (!CERTIFICATE_ID.test(id)) return undefined;
  const { rows } = await db.query<{ payload: string; signature: string; key_id: string }>(
    'SELECT payload, signature, key_id FROM consent_certificates WHERE id = $1',
    [id],
  );
  const row = rows[0];
  return row && { payload: row.payload, signature: row.signature, keyId: row.key_id };
}
