// A consent certificate (/certificates/{id}): its page fetches the same URL as JSON, as a buyer does.
import type { FromSchema } from 'json-schema-to-ts';
import type certificateResponse from '../../schemas/api/certificate.response.schema.json';
import { callApi } from './client.ts';

/** GET /certificates/{id} with Accept: application/json; payload is the certificate as a JSON string. */
export type SignedCertificate = FromSchema<typeof certificateResponse>;

/** What the payload holds (server/certificates/certificate-payload.ts). */
export interface CertificateFacts {
  certificateId: string;
  leadId: number;
  issuedAt: string;
  keyId: string;
  consentText: string;
  consentLanguage: string;
  wordingVersion: number;
  wordingSha256: string;
  consentedAt: string;
  flowId: string | null;
  flowVersion: number | null;
  pageUrl: string | null;
  phoneVerifiedAt: string | null;
  ip: string | null;
  userAgent: string | null;
  phoneSha256: string;
  emailSha256: string;
}

/** 404 not_found for an id never issued. */
export const readCertificate = (id: string, signal?: AbortSignal) =>
  callApi<SignedCertificate>({ method: 'GET', base: '', path: `/certificates/${encodeURIComponent(id)}`, headers: { accept: 'application/json' } }, signal);
