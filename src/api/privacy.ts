// /privacy: proving a phone by SMS (the funnels' code calls), then what is kept about it and its erasure.
import { callApi } from './client.ts';

export interface PrivacyData {
  phone: string;
  leads: {
    id: number;
    funnel: string;
    /** The flow the request was sent from; null for one stored before flows were recorded. */
    flowId: string | null;
    createdAt: string;
    firstName: string;
    lastName: string;
    email: string;
    /** The request's answers as stored (state, zip, date, leadTypes, extraDetails, alert…). */
    answers: Record<string, unknown>;
    callTime: { slot: string; from: string | null; to: string | null; timeZone: string | null } | null;
    ip: string | null;
    userAgent: string | null;
    freeText: string | null;
    referrers: string | null;
    sponsors: { name: string; sentAt: string }[];
  }[];
  alerts: {
    id: string;
    createdAt: string;
    expiresAt: string;
    active: boolean;
    vin: string | null;
    caseNumber: string | null;
    state: string | null;
    location: { lat: number; lng: number } | null;
    radius: number;
    onDate: string | null;
    make: string | null;
    year: number | null;
  }[];
  consents: { kind: 'lead' | 'tcpa' | 'legacy'; givenAt: string; wording: string; locale: string | null; pageUrl: string | null }[];
}

export interface Erasure {
  erased: { leads: number; alerts: number };
  sponsorsTold: number;
  consentsKept: number;
}

/** A US number as typed, as the code calls take it: country code and 10 national digits. */
const phoneParts = (national: string) => ({ country_code: '+1', phone: national });

/** Texts a code; verified is true when the number counts as verified at once (the configured test phone). */
export const sendPrivacyCode = (national: string, language: string) =>
  callApi<{ success: true; verified?: boolean }>({
    method: 'POST',
    path: '/user/mfa-sms-send',
    body: { ...phoneParts(national), source: 'privacy', language },
  });

export const verifyPrivacyCode = (national: string, code: string) =>
  callApi<{ success: true }>({ method: 'POST', path: '/user/mfa-sms-verify', body: { ...phoneParts(national), code } });

/** 403 phone_not_verified unless the phone was verified in the last 15 minutes. */
export const readPrivacyData = (signal?: AbortSignal) => callApi<PrivacyData>({ method: 'GET', path: '/privacy/data' }, signal);

export const erasePrivacyData = () => callApi<Erasure>({ method: 'DELETE', path: '/privacy/data' });
