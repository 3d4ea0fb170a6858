// One funnel on screen: runs its machine and draws the current step's heading, progress, widgets, error and buttons.
import { useSelector } from '@xstate/react';
import { Activity, memo, useCallback, useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { evaluate, holds } from '../../engine/logic.ts';
import { dataOf, effectInput, isBusy, stepOf } from '../../engine/machine.ts';
import type { Flow, FlowEvent } from '../../engine/types.ts';
import { NOT_READY_DEFAULT } from '../../engine/widget-declaration.ts';
import { LeadSponsorsContext } from '../../widgets/sponsor-consent/lead-sponsors.ts';
import { STEP_ERROR_ID } from '../../widgets/types.ts';
import { sponsorsOf } from '../api/lead-sponsors.ts';
import { useStepEvents } from '../analytics/use-step-events.ts';
import { visitMeta } from '../attribution.ts';
import { withLang } from '../layout/LangLink.tsx';
import { usePageLocation } from '../page-history.ts';
import { NetworkErrorDialog } from './NetworkErrorDialog.tsx';
import { WarningDialog } from './WarningDialog.tsx';
import { StepScreen } from './StepScreen.tsx';
import { useFunnelActor } from './use-funnel-actor.ts';
import { usePinnedFlow } from './pinned-flow.ts';
import { visitArm } from './experiment-arm.ts';
import { FUNNEL_NAMESPACES } from './namespaces.ts';
import { useScreensAhead } from './screens-ahead.ts';
import { useStable } from './use-stable.ts';
import { useStepHistory } from './use-step-history.ts';
import { useSubmitFailure } from './use-submit-failure.ts';
import './funnel.css';
import { revealVin } from '../../widgets/report-search/search-handle.ts';
import { usePageTitle } from '../layout/use-page-title.ts';

/** The heading's copy key. */
const titleOf = (flow: Flow, id: string) => flow.steps[id]?.title ?? `${flow.namespace}:meta.title`;

/** A step's blocks that show with the answers as they stand. */
const blocksOf = (flow: Flow, id: string, data: Record<string, unknown>) =>
  (flow.steps[id]?.blocks ?? []).filter((block) => block.when === undefined || holds(block.when, data, Date.now));

/**
 * A step's screen, drawn again only when what it is given changes: not when the page alone is drawn again, as it is when
 * the step is written to the history entry after its paint (use-step-history.ts), which drew every screen, those drawn
 * ahead too, in one task.
 */
const FunnelScreen = memo(function FunnelScreen({
  flow,
  stepId,
  data,
  ...rest
}: { flow: Flow; stepId: string; data: Record<string, unknown> } & Omit<ComponentProps<typeof StepScreen>, 'blocks'>) {
  return <StepScreen blocks={blocksOf(flow, stepId, data)} {...rest} />;
});

/** The id of what a disabled Next says to explain itself (its aria-describedby). */
const NOT_READY_ID = 'next-not-ready';

/** Progress bar width for a step, between 0 and 1: what its flow says (0 when it says nothing). */
export const progressOf = (flow: Flow, stepId: string) => (flow.steps[stepId]?.progress ?? 0) / 100;

/**
 * A funnel's route: reaching it anew (a link, not Back, Forward or a reload) starts a new visit of the funnel. `route`
 * is which of the flow's routes was opened (without a state prefix), readable by the flow as meta.route.
 */
export function FunnelRoute({ flow, route = flow.routes[0] }: { flow: Flow; route?: string }) {
  const { state } = usePageLocation();
  const [visit, setVisit] = useState(state.visit);
  if (state.step === undefined && visit !== state.visit) setVisit(state.visit);
  return <FunnelPage key={`${flow.id}:${visit ?? 'landing'}`} flow={flow} route={route} />;
}

function FunnelPage({ flow: built, route }: { flow: Flow; route?: string }) {
  const location = usePageLocation();
  const returning = location.state.step !== undefined;
  const flow = usePinnedFlow(built, returning);
  const { t, i18n } = useTranslation([flow.namespace, ...FUNNEL_NAMESPACES]);
  // Read once, when the funnel starts (the page is drawn anew for another flow or visit: FunnelRoute's key).
  const [input] = useState(() => ({
    // A VIN search's link (the results page's notify-me) holds a handle to the VIN, which the tab keeps.
    query: Object.fromEntries(revealVin(new URLSearchParams(location.search))),
    meta: { ...visitMeta(), route, variant: visitArm(flow) },
    locale: i18n.language,
  }));
  const { actorRef, forgetProgress } = useFunnelActor(flow, input, returning);
  // The arm the visit runs: the one it began with when it is resumed.
  useStepEvents(flow, actorRef, actorRef.getSnapshot().context.meta.variant ?? '');
  const snapshot = useSelector(actorRef, (s) => s);
  const stepId = stepOf(snapshot);
  const step = flow.steps[stepId];
  const busy = isBusy(snapshot);
  const screens = useScreensAhead(flow, stepId);
  const screenKey = screens[0]?.key ?? stepId;
  const data = useMemo(() => dataOf(flow, snapshot.context, Date.now), [flow, snapshot.context]);
  const failure = useSubmitFailure(flow, snapshot.context.error, busy, () => actorRef.send({ type: 'NEXT' }), t, i18n.language);
  const heading = useRef<HTMLHeadingElement>(null);
  const title = titleOf(flow, stepId);
  const shown = useRef({ screenKey, stepId });

  useEffect(() => {
    if (snapshot.context.locale !== i18n.language) actorRef.send({ type: 'SET_LOCALE', locale: i18n.language });
  }, [actorRef, i18n.language, snapshot.context.locale]);

  // A new screen moves focus to its heading; a step change that keeps the screen (an answered twin) leaves focus on the
  // answered control (unless that control is gone and focus with it).
  useEffect(() => {
    const lost = stepId !== shown.current.stepId && (document.activeElement === null || document.activeElement === document.body);
    if (screenKey !== shown.current.screenKey || lost) heading.current?.focus();
    shown.current = { screenKey, stepId };
  }, [screenKey, stepId]);

  usePageTitle(t(title));

  const send = useCallback((event: FlowEvent) => actorRef.send(event), [actorRef]);
  const can = (event: FlowEvent) => snapshot.can(event);
  const back = useStepHistory(stepId, can({ type: 'BACK' }), () => send({ type: 'BACK' }), step?.history !== false);
  const leave = useStable((href: string) => {
    if (step?.final) forgetProgress();
    if (/^https?:/.test(href)) window.location.assign(href);
    else location.navigate(withLang(href, i18n.language));
  });
  const { answers } = snapshot.context;
  const redirect = snapshot.context.error?.redirect;
  const shared = useMemo(
    () => ({ answers, computed: data.computed, busy, send, back, ns: flow.namespace, navigate: leave }),
    [answers, data.computed, busy, send, back, flow.namespace, leave],
  );
  const copy = useMemo(() => ({ failed: t('app:funnel.stepLoadFailed'), retry: t('app:funnel.retry'), loading: t('app:loading') }), [t]);
  // The lead a step's button would send, as the sponsors' consent asks who it would go to.
  const leadSponsors = useMemo(
    () => ({
      preview: (effect: string) => {
        const request = flow.effects[effect] && effectInput(flow, effect, snapshot.context, Date.now).requests[0];
        return request && { path: request.path, body: request.body };
      },
      sponsorsOf,
    }),
    [flow, snapshot.context],
  );

  if (!step) return null;
  const nextKey = step.nav?.next === undefined ? undefined : evaluate(step.nav.next, data, Date.now);
  const nextDisabled = busy || !can({ type: 'NEXT' });
  // While busy the button says it is sending; otherwise a disabled Next always says why (its step's widgets tell).
  const notReady = typeof nextKey === 'string' && !busy && nextDisabled ? evaluate(step.nav?.notReady ?? NOT_READY_DEFAULT, data, Date.now) : undefined;
  const progress = progressOf(flow, stepId);

  return (
    <LeadSponsorsContext.Provider value={leadSponsors}>
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
        <h1 id="step-heading" className="funnel-heading" tabIndex={-1} ref={heading}>
          {t(title)}
        </h1>
        <div className="funnel-blocks">
          {screens.map((screen) => (
            // The next screens are drawn ahead, out of sight (screens-ahead.ts): the tap that shows one only reveals it.
            <Activity key={screen.key} mode={screen.shown ? 'visible' : 'hidden'}>
              <FunnelScreen flow={flow} stepId={screen.stepId} data={data} shared={shared} copy={copy} />
            </Activity>
          ))}
        </div>
        <div id={STEP_ERROR_ID} className="funnel-error" role="alert" aria-live="assertive">
          {failure.inline}
          {failure.waiting ? t('app:funnel.outboxFailed') : null}
        </div>
        {failure.waiting && (
          <button type="button" className="btn btn-secondary" onClick={failure.retry}>
            {t('app:funnel.retry')}
          </button>
        )}
        {(step.nav?.back || typeof nextKey === 'string') && (
          // A new row per screen: a step of another height then shows its buttons in place instead of moving the old ones.
          <div className="funnel-nav" key={screenKey}>
            {step.nav?.back && (
              <button type="button" className="btn btn-secondary" onClick={back} disabled={busy}>
                {t(step.nav.back)}
              </button>
            )}
            {typeof notReady === 'string' && (
              <p id={NOT_READY_ID} className="funnel-not-ready">
                {t(notReady, { ns: [flow.namespace, 'common'] })}
              </p>
            )}
            {typeof nextKey === 'string' && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => send({ type: 'NEXT' })}
                disabled={nextDisabled}
                aria-busy={failure.sending}
                aria-describedby={typeof notReady === 'string' ? NOT_READY_ID : undefined}
              >
                {failure.sending ? t('app:funnel.sending') : t(nextKey)}
              </button>
            )}
          </div>
        )}
        {failure.dialog && (
          <NetworkErrorDialog text={failure.dialog.text} detail={failure.dialog.detail} onRetry={failure.dialog.retry} onClose={failure.dialog.close} />
        )}
        {redirect && failure.inline && (
          <WarningDialog
            text={failure.inline}
            onContinue={() => {
              // Cleared before leaving: Back from that page finds the step as it was, without the dialog.
              send({ type: 'ANSWER', values: {} });
              leave(redirect);
            }}
          />
        )}
      </section>
    </LeadSponsorsContext.Provider>
  );
}
