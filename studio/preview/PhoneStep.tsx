// A funnel's current step as the phone shows it: the app's funnel card (progress, heading, the real widgets drawn by
// src/funnel/StepScreen, the step's error and its Back and Next buttons), run by the frame's machine.
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { evaluate, holds } from '../../engine/logic.ts';
import { dataOf, isBusy, stepOf } from '../../engine/machine.ts';
import type { Flow, FlowEvent } from '../../engine/types.ts';
import { FUNNEL_NAMESPACES } from '../../src/funnel/namespaces.ts';
import { StepScreen } from '../../src/funnel/StepScreen.tsx';
import { STEP_ERROR_ID } from '../../widgets/types.ts';
import type { FlowActor } from './frame-sync.ts';

export function PhoneStep({ flow, actor, onLeave }: { flow: Flow; actor: FlowActor; onLeave: (href: string) => void }) {
  const { t } = useTranslation([flow.namespace, ...FUNNEL_NAMESPACES]);
  const snapshot = useSelector(actor, (s) => s);
  const stepId = stepOf(snapshot);
  const step = flow.steps[stepId];
  const busy = isBusy(snapshot);
  const { answers, error } = snapshot.context;
  const data = useMemo(() => dataOf(flow, snapshot.context, Date.now), [flow, snapshot.context]);
  const send = useCallback((event: FlowEvent) => actor.send(event), [actor]);
  const back = useCallback(() => actor.send({ type: 'BACK' }), [actor]);
  const shared = useMemo(
    () => ({ answers, computed: data.computed, busy, send, back, ns: flow.namespace, navigate: onLeave }),
    [answers, data.computed, busy, send, back, flow.namespace, onLeave],
  );
  // A new step starts at the top of the screen, as the app's does.
  useEffect(() => {
    // Braces: Chromium's scrollTo returns a promise, which an effect must not.
    void window.scrollTo(0, 0);
  }, [stepId]);
  const copy = useMemo(() => ({ failed: t('app:funnel.stepLoadFailed'), retry: t('app:funnel.retry'), loading: t('app:loading') }), [t]);
  if (!step) return null;
  const blocks = step.blocks.filter((block) => block.when === undefined || holds(block.when, data, Date.now));
  const nextKey = step.nav?.next === undefined ? undefined : evaluate(step.nav.next, data, Date.now);
  const progress = (step.progress ?? 0) / 100;

  return (
    <section className="funnel" aria-labelledby="step-heading">
      <div
        className="funnel-progress"
        role="progressbar"
        aria-label={t('app:funnel.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
      >
        <div className="funnel-progress-bar" style={{ transform: `scaleX(${progress})` }} />
      </div>
      <h1 id="step-heading" className="funnel-heading">
        {t(step.title ?? `${flow.namespace}:meta.title`)}
      </h1>
      <div className="funnel-blocks">
        <StepScreen key={stepId} blocks={blocks} shared={shared} copy={copy} />
      </div>
      <div id={STEP_ERROR_ID} className="funnel-error" role="alert">
        {error ? t(error.messageKey, { wait: error.waitSeconds === undefined ? '' : `${error.waitSeconds} s` }) : null}
      </div>
      {(step.nav?.back || typeof nextKey === 'string') && (
        <div className="funnel-nav">
          {step.nav?.back && (
            <button type="button" className="btn btn-secondary" onClick={back} disabled={busy}>
              {t(step.nav.back)}
            </button>
          )}
          {typeof nextKey === 'string' && (
            <button type="button" className="btn btn-primary" onClick={() => send({ type: 'NEXT' })} disabled={busy || !snapshot.can({ type: 'NEXT' })}>
              {busy ? t('app:funnel.sending') : t(nextKey)}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
