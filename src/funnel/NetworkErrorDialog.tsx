// §8's Network Error dialog for a lead submission that failed: the error text, what happens to the request, Retry and Close.
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useModal, useShownAfterDelay } from '../../widgets/dialog/use-modal.ts';
import '../../widgets/dialog/dialog.css';

export interface NetworkErrorDialogProps {
  /** What happened, in the person's language (for a request waiting in the outbox: that it is kept and will be sent). */
  text: string;
  /** The error text as the browser or the API gave it, shown under the text. */
  detail?: string;
  onRetry: () => void;
  onClose: () => void;
}

export function NetworkErrorDialog({ text, detail, onRetry, onClose }: NetworkErrorDialogProps) {
  const { t } = useTranslation(['errors', 'app', 'common']);
  const titleId = useId();
  const textId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const open = useShownAfterDelay();
  useModal(rootRef, retryRef, onClose);

  return createPortal(
    <div ref={rootRef} className={`dialog-backdrop ${open ? 'is-open' : 'is-entering'}`}>
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId}>
        <h2 id={titleId} className="dialog__title">
          {t('errors:NETWORK_ERROR')}
        </h2>
        <div id={textId}>
          <p className="dialog__text">{text}</p>
          {detail && detail !== text && <p className="dialog__text">{detail}</p>}
        </div>
        <button ref={retryRef} type="button" className="btn btn-primary btn-block" onClick={onRetry}>
          {t('app:funnel.retry')}
        </button>
        <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
          {t('common:nav.close')}
        </button>
      </div>
    </div>,
    document.body,
  );
}
