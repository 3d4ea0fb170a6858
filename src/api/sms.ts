// The unsubscribe link of alert texts (/unsubscribe/{token}): what the link is for, and stopping the texts.
import type { FromSchema } from 'json-schema-to-ts';
import type unsubscribeResponse from '../../schemas/api/sms-unsubscribe.response.schema.json';
import { callApi } from './client.ts';

/** The answer as its schema, the server's contract, gives it: phoneEnd (the phone's last four digits) and stopped. */
export type UnsubscribeAnswer = FromSchema<typeof unsubscribeResponse>;

const path = (token: string) => `/sms/unsubscribe/${encodeURIComponent(token)}`;

/** Reads only (404 not_found for a token never made): opening the page stops nothing. */
export const readUnsubscribe = (token: string, signal?: AbortSignal) => callApi<UnsubscribeAnswer>({ method: 'GET', path: path(token) }, signal);

/** Stops texts to the link's phone and ends its alerts. */
export const confirmUnsubscribe = (token: string) => callApi<UnsubscribeAnswer>({ method: 'POST', path: path(token) });
