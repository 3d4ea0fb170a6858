// A fake SMS provider for buildApp that records every message.
import type { SmsProvider } from '../../server/sms/sms-provider.ts';

export interface SentSms {
  to: string;
  text: string;
}

/** Fake SMS service: remembers every message; set `failing` to make sends reject. */
export interface RecordingSms extends SmsProvider {
  readonly sent: SentSms[];
  failing: boolean;
  /** The code in the last message to `to` (E.164), if any. */
  lastCode(to: string): string | undefined;
  /** The token of the link (/verify/{token}) in the last message to `to`, if any. */
  lastLink(to: string): string | undefined;
}

export function recordingSms(): RecordingSms {
  const sent: SentSms[] = [];
  /** When each of sent was handed over. */
  const times: number[] = [];
  return {
    sent,
    failing: false,
    send(to, text) {
      if (this.failing) return Promise.reject(new Error('SMS service unavailable'));
      sent.push({ to, text });
      times.push(Date.now());
      return Promise.resolve();
    },
    wasSent(to, text, since) {
      return Promise.resolve(sent.some((m, i) => m.to === to && m.text === text && times[i]! >= since.getTime()));
    },
    lastCode(to) {
      const last = sent.filter((m) => m.to === to).at(-1);
      return last?.text.match(/\d{4,}/)?.[0];
    },
    lastLink(to) {
      const last = sent.filter((m) => m.to === to).at(-1);
      return last?.text.match(/\/verify\/([\w-]+)/)?.[1];
    },
  };
}
