// /privacy: proving a phone by SMS (the funnels' code calls), then what is kept about it and its erasure.
import type { FromSchema } from 'json-schema-to-ts';
import type dataResponse from '../../schemas/api/privacy-data.response.schema.json';
import type eraseResponse from '../../schemas/api/privacy-erase.response.schema.json';
import type sendRequest from '../../schemas/api/mfa-sms-send.request.schema.json';
import type sendResponse from '../../schemas/api/mfa-sms-send.response.schema.json';
import type verifyRequest from '../../schemas/api/mfa-sms-verify.request.schema.json';
import type verifyResponse from '../../schemas/api/mfa-sms-verify.response.schema.json';
import type { Language } from '../../engine/languages.ts';
import { callApi } from './client.ts';

/** GET /api/privacy/data: what is kept about the verified phone. */
export type PrivacyData = FromSchema<typeof dataResponse>;

/** DELETE /api/privacy/data: what was erased and kept. */
export type Erasure = FromSchema<typeof eraseResponse>;

/** A US number as typed, as the code calls take it: country code and 10 national digits. */
const phoneParts = (national: string) => ({ country_code: '+1', phone: national });

/** Texts a code; verified is true when the number counts as verified at once (the configured test phone). */
export const sendPrivacyCode = (national: string, language: Language) =>
  callApi<FromSchema<typeof sendResponse>>({
    method: 'POST',
    path: '/user/mfa-sms-send',
    body: { ...phoneParts(national), source: 'privacy', language } satisfies FromSchema<typeof sendRequest>,
  });

export const verifyPrivacyCode = (national: string, code: string) =>
  callApi<FromSchema<typeof verifyResponse>>({
    method: 'POST',
    path: '/user/mfa-sms-verify',
    body: { ...phoneParts(national), code } satisfies FromSchema<typeof verifyRequest>,
  });

/** 403 phone_not_verified unless the phone was verified in the last 15 minutes. */
export const readPrivacyData = (signal?: AbortSignal) => callApi<PrivacyData>({ method: 'GET', path: '/privacy/data' }, signal);

export const erasePrivacyData = () => callApi<Erasure>({ method: 'DELETE', path: '/privacy/data' });
