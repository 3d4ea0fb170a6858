// The link in a code text (/verify/{token}): its page confirms the send, and the code step of the visitor who asked for
// it learns so and goes on.
import { callApi } from './client.ts';

/** Confirms the send of a text's link; rejects with ApiError 404 link_expired when it is unknown, used or expired. */
export const confirmCodeLink = (token: string) => callApi<{ success: true }>({ method: 'POST', path: '/user/mfa-sms-link', body: { token } });

/** Whether the link of the code this visitor asked for was opened; once it was, the API has set the verification cookie. */
export const codeLinkConfirmed = async (signal?: AbortSignal) =>
  (await callApi<{ confirmed: boolean }>({ method: 'POST', path: '/user/mfa-sms-confirmed', body: {} }, signal)).confirmed;
