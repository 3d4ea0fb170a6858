// A modal message (success, error) that fades in after 10 ms and, on OK or Escape, fades out and navigates.
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { WidgetProps } from '../types.ts';
import { callWindowParts, isCallWindow } from '../shared/call-window.ts';
import { useCopy } from '../shared/use-copy.ts';
import { FADE_MS, prefersReducedMotion, SHOW_DELAY_MS, useModal } from './use-modal.ts';
import './dialog.css';

export type DialogProps = {
  title: string;
  text: string;
  /** Copy key of what happens next, said under the text. */
  next?: string;
  /** Copy key of the button; OK by default. */
  button?: string;
  /** Where closing the dialog goes. */
  href: string;
  /**
   * Name of the computed value holding the call window the API answered ({ from, to, timeZone }): the dialog then
   * says the day and hours the person will be called, in their language.
   */
  callWindow?: string;
};

export { FADE_MS, SHOW_DELAY_MS };

type Phase = 'entering' | 'open' | 'closing';

export function Dialog({ props, computed, navigate, ns }: WidgetProps<DialogProps>) {
  const { t, lng } = useCopy(ns);
  const callWindow = props.callWindow === undefined ? undefined : computed[props.callWindow];
  const titleId = useId();
  const textId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [phase, setPhase] = useState<Phase>('entering');
  const close = () => setPhase('closing');
  useModal(rootRef, buttonRef, close);

  useEffect(() => {
    const timer = window.setTimeout(() => setPhase((p) => (p === 'entering' ? 'open' : p)), SHOW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (phase !== 'closing') return undefined;
    const timer = window.setTimeout(() => navigate(props.href), prefersReducedMotion() ? 0 : FADE_MS);
    return () => window.clearTimeout(timer);
  }, [phase, navigate, props.href]);

  return createPortal(
    <div ref={rootRef} className={`dialog-backdrop is-${phase}`}>
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId}>
        <h2 id={titleId} className="dialog__title">
          {t(props.title)}
        </h2>
        <div id={textId} className="dialog__body">
          <p className="dialog__text">{t(props.text)}</p>
          {isCallWindow(callWindow) && <p className="dialog__when">{t('common:callTime.scheduled', callWindowParts(callWindow, lng))}</p>}
          {props.next && <p className="dialog__text">{t(props.next)}</p>}
        </div>
        <button ref={buttonRef} type="button" className="btn btn-primary btn-block" onClick={close}>
          {t(props.button ?? 'common:nav.ok')}
        </button>
      </div>
    </div>,
    document.body,
  );
}
