// What a funnel page shows when a lead submission fails (§8): the Network Error dialog while it is unanswered, and
// once closed, the outbox's inline notice; inline errors stay for effects that are not submissions (sending a code).
import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { Flow, FlowError } from '../../engine/types.ts';
import { retryAll } from '../api/outbox.ts';
import { useOutbox } from '../api/use-outbox.ts';
import { formatWait } from './format-wait.ts';

export interface SubmitFailure {
  /** The Network Error dialog's content and actions, while it is up. */
  dialog: { text: string; detail?: string; retry: () => void; close: () => void } | null;
  /** The message for the page's inline alert: an error of an effect that is not a submission. */
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
  /** Closed rather than retried: no dialog again until the outbox has sent or given up. */
  closed: boolean;
}

const NONE: Dismissed = { failure: null, closed: false };

export function useSubmitFailure(flow: Flow, error: FlowError | null, busy: boolean, t: TFunction, language: string): SubmitFailure {
  const outbox = useOutbox();
  const [dismissed, setDismissed] = useState<Dismissed>(NONE);
  // The outbox reports a failure while this page waits for it: the request is kept and retried.
  const outboxFailure = busy ? outbox.failure : null;
  // The API refused a submission outright (the outbox gave it up, e.g. 403): the flow's error for that effect.
  const refused = error && flow.effects[error.effect]?.outbox ? error : null;

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
  } else if (refused && dismissed.failure !== refused) {
    const answer = () => setDismissed({ failure: refused, closed: false });
    dialog = { text: t(refused.messageKey, { wait: formatWait(refused.waitSeconds ?? 0, language) }), detail: refused.detail, retry: answer, close: answer };
  }

  const waiting = outboxFailure !== null && dismissed.closed;
  return {
    dialog,
    inline: error && !refused ? t(error.messageKey, { wait: formatWait(error.waitSeconds ?? 0, language) }) : null,
    waiting,
    retry,
    sending: busy && dialog === null && !waiting,
  };
}
