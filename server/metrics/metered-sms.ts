// An SMS provider whose sends are counted (claimflow_sms_sent_total, claimflow_sms_failed_total), by kind: the routes
// send one-time codes through it, the job queue alert texts. The reason of a failure is a fixed word or the provider's
// error code, never its message (which may quote the phone).
import type { SmsProvider } from '../sms/sms-provider.ts';
import { SmsSendError } from '../sms/twilio-sms.ts';
import type { Metrics } from './metrics.ts';

export type SmsKind = 'code' | 'alert';

/** Why a send failed, as a label: twilio_<code> when Twilio gave one, else refused (4xx), provider_error (5xx), unreachable, error. */
export function smsFailureReason(error: unknown): string {
  if (!(error instanceof SmsSendError)) return 'error';
  if (error.twilioCode !== undefined) return `twilio_${error.twilioCode}`;
  if (error.status === 0) return 'unreachable';
  return error.status >= 500 ? 'provider_error' : 'refused';
}

export function meteredSms(sms: SmsProvider, kind: SmsKind, metrics: Pick<Metrics, 'smsSent' | 'smsFailed'>): SmsProvider {
  return {
    async send(toE164, text) {
      try {
        await sms.send(toE164, text);
      } catch (error) {
        metrics.smsFailed.inc({ kind, reason: smsFailureReason(error) });
        throw error;
      }
      metrics.smsSent.inc({ kind });
    },
    wasSent: (toE164, text, since) => sms.wasSent(toE164, text, since),
  };
}
