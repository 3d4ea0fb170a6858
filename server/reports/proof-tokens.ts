// Signed proofs bound to one report: a claim, an expiry and an HMAC of both with the report's id and the proof's
// purpose. The cookie of a visitor who proved involvement claims the units that are theirs ("1-2"); a link the product
// makes claims what it stands for (a vehicle's VIN, "v1"; the case ID, "c"; an alert that matched by either, "a{id}"),
// so that no VIN is ever written into a URL.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type ProofPurpose = 'cookie' | 'link';

/** A claim (no dot), the expiry in seconds since the epoch (base 36), and 12 bytes (96 bits) of HMAC-SHA256, base64url. */
const TOKEN = /^([\w-]{1,40})\.([0-9a-z]{1,8})\.([\w-]{16})$/;

function mac(key: Buffer, purpose: ProofPurpose, reportId: string, claim: string, expires: string): Buffer {
  return createHmac('sha256', key).update(`report ${purpose}\n${reportId}\n${claim}\n${expires}`).digest().subarray(0, 12);
}

/** A proof of claim for the report, good until expiresAt (ms since the epoch). */
export function signProof(key: Buffer, purpose: ProofPurpose, reportId: string, claim: string, expiresAt: number): string {
  const expires = Math.ceil(expiresAt / 1000).toString(36);
  return `${claim}.${expires}.${mac(key, purpose, reportId, claim, expires).toString('base64url')}`;
}

/** The claim of a proof signed for this purpose and report and still good at now; undefined for anything else. */
export function readProof(key: Buffer, purpose: ProofPurpose, reportId: string, token: string | undefined, now: number): string | undefined {
  const m = TOKEN.exec(token ?? '');
  if (!m) return undefined;
  const [, claim = '', expires = '', given = ''] = m;
  if (parseInt(expires, 36) * 1000 <= now) return undefined;
  return timingSafeEqual(Buffer.from(given, 'base64url'), mac(key, purpose, reportId, claim, expires)) ? claim : undefined;
}
