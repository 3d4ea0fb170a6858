// The unsubscribe link of alert texts (/unsubscribe/{token}): what the link is for, and stopping the texts.
import { callApi } from './client.ts';

export interface UnsubscribeAnswer {
  /** The last four digits of the phone the link stops texts to. */
  phoneEnd: string;
  stopped: boolean;
}

const path = (token: string) => `/sms/unsubscribe/${encodeURIComponent(token)}`;

/** Reads only (404 not_found for a token never made): opening the page stops nothing. */
export const readUnsubscribe = (token: string, signal?: AbortSignal) => callApi<UnsubscribeAnswer>({ method: 'GET', path: path(token) }, signal);

/** Stops texts to the link's phone and ends its alerts. */
export const confirmUnsubscribe = (token: string) => callApi<UnsubscribeAnswer>({ method: 'POST', path: path(token) });
