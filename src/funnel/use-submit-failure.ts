// What a funnel page shows when a lead submission fails (§8): the Network Error dialog while it is unanswered, and
// once closed, the outbox's inline notice or the refusal; inline errors stay for effects that are not submissions.
import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { Flow, FlowError } from '../../engine/types.ts';
import { retryAll } from '../api/outbox.ts';
import { useOutbox } from '../api/use-outbox.ts';
import { formatWait } from './format-wait.ts';

export interface SubmitFailure {
  /** The Network Error dialog's content and actions, while it is up. */
  dialog: { text: string; detail?: string; retry: () => void; close: () => void } | null;
  /** The message for the page's inline alert: an error of an effect that is not a submission, or an answered refusal. */
  inline: string | null;
  /** The dialog was closed while the submission still waits in the outbox: the page says so, with a Retry. */
  waiting: boolean;
  /** Sends what waits in the outbox now; a new failure brings the dialog back. */
  retry: () => void;
  /** Show "Sending…": busy, and no failure is waiting for the person's answer. */
  sending: boolean;
}

interface Dismissed {
  /** The failure (an outbox ApiError or a FlowError) whose dialog was answered. */
  failure: unknown;
  /** An outbox failure's dialog was closed rather than retried: no dialog again until the outbox has sent or given up. */
  closed: boolean;
}

const NONE: Dismissed = { failure: null, closed: false };

/** The API's code when the phone's verification has lapsed (or never happened) by the time the lead is sent. */
const PHONE_NOT_VERIFIED = 'phone_not_verified';

/** What a refused submission says: why, when the API's code says so or the flow names a message for it, else its answer. */
function refusalText(flow: Flow, error: FlowError, t: TFunction, language: string): { text: string; detail?: string } {
  if (error.code === PHONE_NOT_VERIFIED) return { text: t('errors:PHONE_VERIFICATION_EXPIRED') };
  if (flow.effects[error.effect]?.errors?.[error.code] !== undefined) {
    return { text: t(error.messageKey, { wait: formatWait(error.waitSeconds ?? 0, language) }), detail: error.detail };
  }
  // The flow's default message is about reaching the server, which the API did: show what it answered instead.
  return { text: t('errors:REQUEST_NOT_ACCEPTED', { detail: error.detail ?? error.code }) };
}

/** `resend`: sends the event that ran the refused submission (NEXT) again, so the machine runs it anew. */
export function useSubmitFailure(flow: Flow, error: FlowError | null, busy: boolean, resend: () => void, t: TFunction, language: string): SubmitFailure {
  const outbox = useOutbox();
  const [dismissed, setDismissed] = useState<Dismissed>(NONE);
  // The outbox reports a failure while this page waits for it: the request is kept and retried.
  const outboxFailure = busy ? outbox.failure : null;
  // The API refused a submission outright (the outbox gave it up, e.g. 403): the flow's error for that effect.
  const refused = error && flow.effects[error.effect]?.outbox ? error : null;
  const refusal = refused && refusalText(flow, refused, t, language);

  if (!outboxFailure && dismissed.closed) setDismissed(NONE);

  const retry = () => {
    setDismissed({ failure: outboxFailure, closed: false });
    retryAll();
  };
  let dialog: SubmitFailure['dialog'] = null;
  if (outboxFailure && !dismissed.closed && dismissed.failure !== outboxFailure) {
    dialog = {
      text: t('app:funnel.outboxFailed'),
      detail: outboxFailure.message,
      retry,
      close: () => setDismissed({ failure: outboxFailure, closed: true }),
    };
  } else if (refused && refusal && dismissed.failure !== refused) {
    // Answered either way, the refusal stays in the page's alert until the person changes something or sends again.
    const answer = () => setDismissed({ failure: refused, closed: false });
    dialog = {
      ...refusal,
      retry: () => {
        answer();
        resend();
      },
      close: answer,
    };
  }

  const waiting = outboxFailure !== null && dismissed.closed;
  let inline: string | null = null;
  if (refusal && !dialog) inline = refusal.text;
  else if (error && !refused) inline = t(error.messageKey, { wait: formatWait(error.waitSeconds ?? 0, language) });
  return { dialog, inline, waiting, retry, sending: busy && dialog === null && !waiting };
}
