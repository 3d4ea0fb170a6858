// §8's warning dialog for an API refusal that names where to go (a commercial user's phone: the business service's
// sign-up page): the message, and one Continue button that goes on (Escape too).
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { WarningIcon } from '../../widgets/shared/icons.tsx';
import { useModal, useShownAfterDelay } from '../../widgets/dialog/use-modal.ts';
import '../../widgets/dialog/dialog.css';

export interface WarningDialogProps {
  /** The refusal's message, in the person's language (the page's alert shows it too). */
  text: string;
  onContinue: () => void;
}

export function WarningDialog({ text, onContinue }: WarningDialogProps) {
  const { t } = useTranslation(['errors', 'common']);
  const titleId = useId();
  const textId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const open = useShownAfterDelay();
  useModal(rootRef, buttonRef, onContinue);

  return createPortal(
    <div ref={rootRef} className={`dialog-backdrop ${open ? 'is-open' : 'is-entering'}`}>
      <div className="dialog dialog--warning" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId}>
        <span className="dialog__icon">
          <WarningIcon />
        </span>
        <h2 id={titleId} className="dialog__title">
          {t('errors:ATTENTION')}
        </h2>
        <p id={textId} className="dialog__text">
          {text}
        </p>
        <button ref={buttonRef} type="button" className="btn btn-primary btn-block" onClick={onContinue}>
          {t('common:nav.continue')}
        </button>
      </div>
    </div>,
    document.body,
  );
}
