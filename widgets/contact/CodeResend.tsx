// The code step's "Send a new code": offered once the wait after the last send is over (its countdown shown, e.g.
// "You can ask for a new code in 0:42"), one send at a time and none while the step checks the code; then what came of
// it: where the new code went, or why not (in the page's language) and for how long, from the API's Retry-After.
import { useEffect, useId, useRef, useState } from 'react';
import type { Translate } from '../shared/use-copy.ts';
import { countdown, RESEND_AFTER_S, waitWords, type ResendCode, type ResendResult } from './code-resend.ts';

interface Props {
  resend: ResendCode;
  answers: Record<string, unknown>;
  /** The step checks the code: a new code now would void the one being checked. */
  busy: boolean;
  t: Translate;
  lng: string;
  /** The phone as the step shows it. */
  phone: string;
  /** A new code went out: the old one is void. */
  onSent: () => void;
}

export function CodeResend({ resend, answers, busy, t, lng, phone, onSent }: Props) {
  const countdownId = useId();
  /** When (ms) another send may be asked for, and the time the countdown was last drawn at; null: a full wait ahead. */
  const [clock, setClock] = useState<{ until: number; now: number } | null>(null);
  const [sending, setSending] = useState(false);
  const [said, setSaid] = useState<ResendResult | null>(null);
  /** The send under way: a ref, so that a second click in the same tick finds it too. */
  const inFlight = useRef<AbortController | null>(null);

  // Each showing of the step follows a send (the contact step's Next; a reload of this step soon after one): its wait
  // starts then (the screen may have been drawn ahead, hidden, long before). Hidden again (Back, or the funnel moved on)
  // or gone, a send under way is dropped and the step is as new for its next showing.
  useEffect(() => {
    const start = window.setTimeout(() => {
      const now = Date.now();
      setClock({ until: now + RESEND_AFTER_S * 1000, now });
    }, 0);
    return () => {
      window.clearTimeout(start);
      inFlight.current?.abort();
      inFlight.current = null;
      setClock(null);
      setSaid(null);
      setSending(false);
    };
  }, []);

  const left = clock === null ? RESEND_AFTER_S : Math.max(0, Math.ceil((clock.until - clock.now) / 1000));
  // Drawn again as each second of the countdown passes, until it is over.
  useEffect(() => {
    const remaining = clock === null ? 0 : clock.until - clock.now;
    if (remaining <= 0) return undefined;
    const timer = window.setTimeout(() => setClock((c) => c && { ...c, now: Date.now() }), remaining % 1000 || 1000);
    return () => window.clearTimeout(timer);
  }, [clock]);

  const unavailable = left > 0 || busy || sending;
  const ask = async () => {
    if (unavailable || inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setSending(true);
    setSaid(null);
    const result = await resend({ answers, locale: lng }, controller.signal).catch((): ResendResult => ({
      sent: false,
      messageKey: 'errors:NETWORK_ERROR_TEXT',
    }));
    if (controller.signal.aborted) return;
    inFlight.current = null;
    const now = Date.now();
    setSending(false);
    setSaid(result);
    if (result.sent) {
      setClock({ until: now + RESEND_AFTER_S * 1000, now });
      onSent();
    } else {
      setClock({ until: now + (result.waitSeconds ?? 0) * 1000, now });
    }
  };

  return (
    <div className="contact__resend">
      <p className="muted">{t('common:contact.resendHelp')}</p>
      <button
        type="button"
        className="btn btn-secondary"
        // Not disabled: the button keeps the focus of the person who just used it while the countdown runs.
        aria-disabled={unavailable || undefined}
        aria-busy={sending || undefined}
        aria-describedby={left > 0 ? countdownId : undefined}
        onClick={() => void ask()}
      >
        {sending ? t('common:contact.resendSending') : t('common:contact.resend')}
      </button>
      {/* Not a live region: it changes every second; the button names it. */}
      {left > 0 && (
        <p id={countdownId} className="muted">
          {t('common:contact.resendIn', { time: countdown(left) })}
        </p>
      )}
      <p role="status">{said?.sent ? t('common:contact.resent', { phone }) : null}</p>
      {said && !said.sent && (
        <p role="alert" className="field__error">
          {t(said.messageKey, { wait: waitWords(said.waitSeconds ?? 0, lng) })}
        </p>
      )}
    </div>
  );
}
