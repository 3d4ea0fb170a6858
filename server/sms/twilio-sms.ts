// Twilio SMS provider: one POST to the Messages API per text, Basic auth, form body To/From/Body; no SDK.
import type { TwilioConfig } from '../config.ts';
import { maskSecrets } from '../redact.ts';
import type { SmsProvider } from './sms-provider.ts';

export interface TwilioSmsOptions extends TwilioConfig {
  /** Give up on an answer after this long (default 10 s); the visitor is waiting on the send. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Twilio refused the message (its HTTP status and error code), or could not be reached (status 0). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly twilioCode: number | undefined,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export function twilioSms({ accountSid, authToken, from, apiBase, timeoutMs = 10_000, fetch: doFetch = fetch }: TwilioSmsOptions): SmsProvider {
  const url = `${apiBase.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  return {
    async send(toE164, text) {
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: { authorization, accept: 'application/json' },
          // URLSearchParams makes the body application/x-www-form-urlencoded.
          body: new URLSearchParams({ To: toE164, From: from, Body: text }),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new SmsSendError(`Twilio ${unreachable(error, timeoutMs)}`, 0, undefined);
      }
      const body = await res.text().catch(() => '');
      if (res.ok) return;
      // Twilio's message may quote the number ("The 'To' number +1... is not valid"): masked before it can reach a log.
      const { code, message } = twilioError(body);
      const detail = message ? `: ${maskSecrets(message).slice(0, 200)}` : '';
      throw new SmsSendError(`Twilio answered ${res.status}${code === undefined ? '' : ` (error ${code})`}${detail}`, res.status, code);
    },
  };
}

/** Why fetch failed, without its URL: a timeout, or the network error's code (ECONNREFUSED, ENOTFOUND, ...). */
function unreachable(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `gave no answer in ${timeoutMs} ms`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return `could not be reached${typeof cause?.code === 'string' ? ` (${cause.code})` : ''}`;
}

/** The code and message of Twilio's JSON error body, when it is one. */
function twilioError(body: string): { code?: number; message?: string } {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
    return {
      ...(typeof parsed.code === 'number' ? { code: parsed.code } : {}),
      ...(typeof parsed.message === 'string' ? { message: parsed.message } : {}),
    };
  } catch {
    return {};
  }
}
