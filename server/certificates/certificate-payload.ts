// What a consent certificate says: the consent as recorded with the lead, in one JSON string that is signed as it is.
import { createHash } from 'node:crypto';

/** The certificate's content; its JSON (keys in this order) is the signed payload. */
export interface CertificatePayload {
  version: 1;
  certificateId: string;
  leadId: number;
  /** ISO 8601 instants (UTC). */
  issuedAt: string;
  keyId: string;
  /** The consent wording exactly as shown, its language, catalogue key, version and SHA-256 (hex, of its UTF-8). */
  consentText: string;
  consentLanguage: string;
  wordingKey: string;
  wordingVersion: number;
  wordingSha256: string;
  consentedAt: string;
  flowId: string | null;
  flowVersion: number | null;
  pageUrl: string | null;
  phoneVerifiedAt: string | null;
  ip: string | null;
  userAgent: string | null;
  /** SHA-256 (hex) of the phone in E.164 and of the email in lower case: a buyer checks them against the lead. */
  phoneSha256: string;
  emailSha256: string;
}

/** The stored facts a certificate is made of (a lead, its consent record and wording, its phone verification). */
export interface ConsentFacts {
  leadId: number;
  phone: string;
  email: string;
  wording: string;
  wordingKey: string;
  wordingLocale: string;
  wordingVersion: number;
  wordingSha256: string;
  locale: string | null;
  flowId: string | null;
  flowVersion: number | null;
  consentedAtMs: number;
  pageUrl: string | null;
  verifiedAtMs: number | null;
  ip: string | null;
  userAgent: string | null;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export const phoneHash = (e164: string) => sha256(e164);
export const emailHash = (email: string) => sha256(email.trim().toLowerCase());

const iso = (ms: number) => new Date(ms).toISOString();

export function certificatePayload(facts: ConsentFacts, certificateId: string, keyId: string, issuedAtMs: number): CertificatePayload {
  return {
    version: 1,
    certificateId,
    leadId: facts.leadId,
    issuedAt: iso(issuedAtMs),
    keyId,
    consentText: facts.wording,
    consentLanguage: facts.locale ?? facts.wordingLocale,
    wordingKey: facts.wordingKey,
    wordingVersion: facts.wordingVersion,
    wordingSha256: facts.wordingSha256,
    consentedAt: iso(facts.consentedAtMs),
    flowId: facts.flowId,
    flowVersion: facts.flowVersion,
    pageUrl: facts.pageUrl,
    phoneVerifiedAt: facts.verifiedAtMs === null ? null : iso(facts.verifiedAtMs),
    ip: facts.ip,
    userAgent: facts.userAgent,
    phoneSha256: phoneHash(facts.phone),
    emailSha256: emailHash(facts.email),
  };
}
