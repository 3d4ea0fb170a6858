// Checks a consent certificate offline, with only the public keys: its signature, and that it is the given lead's
// (its id, phone and email hashes). What the verifier script and the tests run; node:crypto alone.
import { createPublicKey, verify } from 'node:crypto';
import { emailHash, phoneHash } from './certificate-payload.ts';

export interface Certificate {
  payload: string;
  signature: string;
  keyId: string;
}

export interface PublicKeys {
  keys: { keyId: string; jwk: { kty: string; crv: string; x: string } }[];
}

/** What the lead a buyer got says: a certificate that names another lead, phone or email is not its. */
export interface ExpectedLead {
  leadId?: number;
  /** E.164, as the lead carries it. */
  phone?: string;
  email?: string;
}

export type Verdict = { valid: true; payload: Record<string, unknown> } | { valid: false; reason: string };

export function verifyCertificate(certificate: Certificate, publicKeys: PublicKeys, lead: ExpectedLead = {}): Verdict {
  const key = publicKeys.keys.find((k) => k.keyId === certificate.keyId);
  if (!key) return { valid: false, reason: `unknown key ${certificate.keyId}` };
  const signed = verify(
    null,
    Buffer.from(certificate.payload, 'utf8'),
    createPublicKey({ key: key.jwk, format: 'jwk' }),
    Buffer.from(certificate.signature, 'base64url'),
  );
  if (!signed) return { valid: false, reason: 'bad signature' };
  const payload = JSON.parse(certificate.payload) as Record<string, unknown>;
  if (payload.keyId !== certificate.keyId) return { valid: false, reason: 'signed by another key than it names' };
  if (lead.leadId !== undefined && payload.leadId !== lead.leadId) return { valid: false, reason: `issued for lead ${String(payload.leadId)}` };
  if (lead.phone !== undefined && payload.phoneSha256 !== phoneHash(lead.phone)) return { valid: false, reason: 'issued for another phone' };
  if (lead.email !== undefined && payload.emailSha256 !== emailHash(lead.email)) return { valid: false, reason: 'issued for another email' };
  return { valid: true, payload };
}
