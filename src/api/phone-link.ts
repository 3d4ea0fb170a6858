// The link in a code text (/verify/{token}): its page confirms the send (only in the browser that asked for the code),
// and the code step of the visitor who asked for it learns so and goes on. And the code step's "Send a new code".
import type { FromSchema } from 'json-schema-to-ts';
import { effectInput } from '../../engine/machine.ts';
import type { Flow, Meta } from '../../engine/types.ts';
import type { ResendCode, ResendResult } from '../../widgets/contact/code-resend.ts';
import type confirmedRequest from '../../schemas/api/mfa-sms-confirmed.request.schema.json';
import type confirmedResponse from '../../schemas/api/mfa-sms-confirmed.response.schema.json';
import type linkRequest from '../../schemas/api/mfa-sms-link.request.schema.json';
import type linkResponse from '../../schemas/api/mfa-sms-link.response.schema.json';
import { ApiError, callApi } from './client.ts';

/**
 * Confirms the send of a text's link, with this browser's cookies; rejects with ApiError 404 link_expired when it is
 * unknown, used or expired, 403 other_browser when another browser asked for its code (nothing was confirmed).
 */
export const confirmCodeLink = (token: string) =>
  callApi<FromSchema<typeof linkResponse>>({ method: 'POST', path: '/user/mfa-sms-link', body: { token } satisfies FromSchema<typeof linkRequest> });

/** Whether the link of the code this visitor asked for was opened; once it was, the API has set the verification cookie. */
export const codeLinkConfirmed = async (signal?: AbortSignal) =>
  (
    await callApi<FromSchema<typeof confirmedResponse>>(
      { method: 'POST', path: '/user/mfa-sms-confirmed', body: {} satisfies FromSchema<typeof confirmedRequest> },
      signal,
    )
  ).confirmed;

/** The effect of a funnel's contact step that texts the code (flows/parts/verify-phone.json). */
const SEND_CODE = 'sendCode';

/**
 * The code step's resend for a funnel opened with meta (its route, its experiment's arm): the funnel's own sendCode,
 * rendered as the machine renders it (so with the flow's source, also where it depends on the route, as an alert
 * funnel's does) for the step's answers and language, answered with the flow's message for the API's error and the
 * wait a 429 names. None for a flow that sends no code.
 */
export function codeResender(flow: Flow, meta: Meta): ResendCode | null {
  const spec = flow.effects[SEND_CODE];
  if (!spec) return null;
  return async ({ answers, locale }, signal): Promise<ResendResult> => {
    const query = Object.fromEntries(new URLSearchParams(window.location.search));
    const [request] = effectInput(flow, SEND_CODE, { answers, results: {}, query, meta, locale, error: null }, Date.now).requests;
    if (!request) return { sent: false, messageKey: 'errors:NETWORK_ERROR_TEXT' };
    try {
      await callApi(request, signal);
      return { sent: true };
    } catch (error) {
      // No answer is said as such: the flow's default message is about the number, which the API did not judge.
      if (!(error instanceof ApiError) || error.status === 0) return { sent: false, messageKey: 'errors:NETWORK_ERROR_TEXT' };
      const messageKey = spec.errors?.[error.code] ?? spec.errors?.default ?? 'errors:NETWORK_ERROR_TEXT';
      return { sent: false, messageKey, ...(error.retryAfter !== undefined && { waitSeconds: error.retryAfter }) };
    }
  };
}
