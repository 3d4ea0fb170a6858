// Twilio SMS provider: one POST to the Messages API per text, Basic auth, form body To/From/Body; no SDK. Whether a
// text went out is read back from the same API's list of messages to a phone.
import type { TwilioConfig } from '../config.ts';
import { maskSecrets } from '../redact.ts';
import type { SmsProvider } from './sms-provider.ts';

export interface TwilioSmsOptions extends TwilioConfig {
  /**
   * Give up on an answer after this long (default 10 s): the visitor is waiting on the send, and the alert senders'
   * lease (server/alerts/deliver-texts.ts) counts on no send lasting longer.
   */
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
  const base = apiBase.replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  /** One page of the list of messages, newest first. */
  const page = async (pageUrl: string): Promise<MessagePage> => {
    let res: Response;
    try {
      res = await doFetch(pageUrl, { headers: { authorization, accept: 'application/json' }, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new SmsSendError(`Twilio ${unreachable(error, timeoutMs)}`, 0, undefined);
    }
    const body = await res.text().catch(() => '');
    if (!res.ok) throw new SmsSendError(`Twilio answered ${res.status} to the list of messages`, res.status, twilioError(body).code);
    return JSON.parse(body) as MessagePage;
  };
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

    async wasSent(toE164, text, since) {
      // Newest first: read pages back until a message older than since (a phone gets few texts, so one page mostly).
      let next: string | null = `${url}?${new URLSearchParams({ To: toE164, From: from, PageSize: '50' })}`;
      for (let pages = 0; next !== null && pages < MAX_PAGES; pages++) {
        const { messages, next_page_uri: nextUri } = await page(next);
        for (const message of messages) {
          if (Date.parse(message.date_created) < since.getTime()) return false;
          if (message.body === text) return true;
        }
        next = nextUri ? `${base}${nextUri}` : null;
      }
      return false;
    },
  };
}

/** The list of messages as Twilio answers it (the fields read here). */
interface MessagePage {
  /** date_created: RFC 2822, e.g. "Wed, 25 Nov 2026 06:41:27 +0000". */
  messages: { body: string; date_created: string }[];
  next_page_uri: string | null;
}

/** How far back wasSent reads, at 50 messages a page. */
const MAX_PAGES = 20;

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
