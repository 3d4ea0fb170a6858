// Requests to the API through app.inject: JSON posts, requests with a cookie and an Idempotency-Key, the code routes, and
// the phone-verification shortcuts that return the visitor's verification cookie.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { parsePhone } from '../../engine/validators.ts';
import { PENDING_COOKIE } from '../../server/pending-verification.ts';
import { e164FromParts } from '../../server/phone.ts';
import { solvedHeader, type Challenge } from '../../src/api/proof-of-work.ts';
import type { TestServer } from './test-servers.ts';

/** POSTs JSON; cookie is a Cookie header such as the one verifyPhone returns. */
export function post(app: FastifyInstance, url: string, payload: unknown, cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: cookie ? { cookie } : {} });
}

/** The cookie that binds a phone verification to the visitor who passed it (server/verification-cookie.ts). */
export const VERIFICATION_COOKIE = 'cf_verification';

/** The `name=value` of the verification cookie a response sets, ready for a Cookie header; undefined when none. */
export function verificationCookie(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === VERIFICATION_COOKIE);
  return cookie && `${cookie.name}=${cookie.value}`;
}

/** Sends a code to a national number, reads it from the fake SMS and verifies it; returns the verification cookie. */
export async function verifyPhone(server: Pick<TestServer, 'app' | 'sms'>, national: string, countryCode = '+1'): Promise<string> {
  const send = await post(server.app, '/api/user/mfa-sms-send', { country_code: countryCode, phone: national, source: 'calc' });
  if (send.statusCode !== 200) throw new Error(`mfa-sms-send: ${send.statusCode} ${send.body}`);
  const e164 = e164FromParts(countryCode, national) ?? '';
  const code = server.sms.lastCode(e164);
  // The code is checked for the visitor who asked for it: the send's cookie says who.
  const verify = await post(server.app, '/api/user/mfa-sms-verify', { code, country_code: countryCode, phone: national }, pendingCookie(send));
  if (verify.statusCode !== 200) throw new Error(`mfa-sms-verify: ${verify.statusCode} ${verify.body}`);
  const cookie = verificationCookie(verify);
  if (!cookie) throw new Error('mfa-sms-verify set no verification cookie');
  return cookie;
}

/** The `name=value` of the cookie a code's send sets (who asked for it: only they may check it); undefined when none. */
export function pendingCookie(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === PENDING_COOKIE);
  return cookie && `${cookie.name}=${cookie.value}`;
}

/** Asks for a code for a national number (+1) from ip; returns the cookie that says this visitor is being verified for it. */
export async function askCode(app: FastifyInstance, national: string, ip = '127.0.0.1'): Promise<string> {
  const res = await smsSend(app, national, ip);
  const cookie = pendingCookie(res);
  if (res.statusCode !== 200 || !cookie) throw new Error(`mfa-sms-send: ${res.statusCode} ${res.body} without a ${PENDING_COOKIE} cookie`);
  return cookie;
}

/** "Sends" a code to the configured test phone, which the server counts as verified; returns the verification cookie. */
export async function verifyTestPhone(app: FastifyInstance, testPhone: string): Promise<string> {
  const parsed = parsePhone(testPhone);
  if (!parsed) throw new Error(`bad test phone ${testPhone}`);
  const send = await post(app, '/api/user/mfa-sms-send', { country_code: `+${parsed.countryCallingCode}`, phone: parsed.nationalNumber });
  if (send.statusCode !== 200) throw new Error(`mfa-sms-send: ${send.statusCode} ${send.body}`);
  const cookie = verificationCookie(send);
  if (!cookie) throw new Error('mfa-sms-send set no verification cookie for the test phone');
  return cookie;
}

/** A request with JSON payload, the visitor's cookie, an Idempotency-Key and other headers, through app.inject. */
export function send(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'GET',
  url: string,
  { payload, cookie, key, headers = {} }: { payload?: unknown; cookie?: string; key?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { ...headers, ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) },
  });
}

/**
 * POST /api/user/mfa-sms-send for a national number (+1 unless countryCode), from the address ip, with a visitor's
 * cookie and the solution of a proof of work (altcha: the X-Altcha header).
 */
export function smsSend(
  app: FastifyInstance,
  national: string,
  ip = '127.0.0.1',
  countryCode = '+1',
  cookie?: string,
  altcha?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/user/mfa-sms-send',
    remoteAddress: ip,
    payload: { country_code: countryCode, phone: national, source: 'calc' },
    headers: { ...(cookie && { cookie }), ...(altcha && { 'x-altcha': altcha }) },
  });
}

/** The X-Altcha header that answers a 428 challenge_required, found as the app finds it (src/api/proof-of-work.ts). */
export async function solution(res: LightMyRequestResponse): Promise<string> {
  const { challenge } = res.json<{ challenge: Challenge }>();
  const header = await solvedHeader(challenge);
  if (!header) throw new Error(`no solution to ${res.body}`);
  return header;
}

/** smsSend, and again with the proof of work solved when the answer asks for one, as the app does: the last answer. */
export async function smsSendSolving(
  app: FastifyInstance,
  national: string,
  ip = '127.0.0.1',
  countryCode = '+1',
  cookie?: string,
): Promise<LightMyRequestResponse> {
  const res = await smsSend(app, national, ip, countryCode, cookie);
  return res.statusCode === 428 ? smsSend(app, national, ip, countryCode, cookie, await solution(res)) : res;
}

/** POST /api/user/mfa-sms-verify of code for a national number (+1), from the address ip, with the cookie of the send (pendingCookie). */
export function smsVerify(
  app: FastifyInstance,
  national: string,
  code: string | undefined,
  ip = '127.0.0.1',
  cookie?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/user/mfa-sms-verify',
    remoteAddress: ip,
    payload: { code, country_code: '+1', phone: national },
    headers: cookie ? { cookie } : {},
  });
}

/**
 * POST /api/user/mfa-sms-link: the page of a code text's link (/verify/{token}) opened from the address ip, in a browser
 * holding cookie (the send's pendingCookie when it is the browser that asked for the code; none or another's when not).
 */
export function smsLinkOpened(app: FastifyInstance, token: string | undefined, ip = '127.0.0.1', cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/user/mfa-sms-link', remoteAddress: ip, payload: { token }, headers: cookie ? { cookie } : {} });
}

/** POST /api/user/mfa-sms-confirmed: the code step asks whether the link of the send its cookie names was opened. */
export function smsConfirmed(app: FastifyInstance, cookie: string | undefined, ip = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/user/mfa-sms-confirmed', remoteAddress: ip, payload: {}, headers: cookie ? { cookie } : {} });
}

/** A 429 of the code limits as { status, error, retryAfter, header }, the Retry-After header as a number; for toEqual. */
export function refusalOf(res: LightMyRequestResponse): { status: number; error: unknown; retryAfter: unknown; header: number } {
  const body = res.json<{ error?: unknown; retryAfter?: unknown }>();
  return { status: res.statusCode, error: body.error, retryAfter: body.retryAfter, header: Number(res.headers['retry-after']) };
}
