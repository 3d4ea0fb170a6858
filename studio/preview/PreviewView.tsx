// A step's live preview: the step as a phone shows it in English and Spanish side by side (two frames running the real
// widgets and machine with fake effects), beside the controls that set its answers and its effects' outcomes.
import { useEffect, useRef, useState } from 'react';
import type { Catalogues } from '../../engine/check.ts';
import type { Flow } from '../../engine/types.ts';
import { go } from '../route.ts';
import { sameJson, type FakeEffect, type FrameMessage, type FunnelState, type Origin, type ShowMessage } from './messages.ts';
import { StepControls, type EffectRun } from './StepControls.tsx';

const FRAMES = [
  { lang: 'en', label: 'English' },
  { lang: 'es', label: 'Español' },
] as const;

const startState = (flow: Flow, stepId: string): FunnelState => ({ stepId, answers: structuredClone(flow.answers), results: {}, error: null });
const succeeding = (flow: Flow): Record<string, FakeEffect> =>
  Object.fromEntries(Object.keys(flow.effects).map((name) => [name, { result: { success: true } }]));

export function PreviewView({ flow, stepId, catalogues }: { flow: Flow; stepId: string; catalogues: Catalogues }) {
  const [state, setState] = useState(() => startState(flow, stepId));
  const [origin, setOrigin] = useState<Origin>('studio');
  const [effects, setEffects] = useState(() => succeeding(flow));
  const [restart, setRestart] = useState(0);
  const [runs, setRuns] = useState<EffectRun[]>([]);
  const [routeStep, setRouteStep] = useState(stepId);
  // A step picked in the studio (the graph, the list, the URL) is shown with the answers as they are.
  if (stepId !== routeStep) {
    setRouteStep(stepId);
    if (stepId !== state.stepId) {
      setState({ ...state, stepId, error: null });
      setOrigin('studio');
    }
  }

  const frames = useRef(new Map<string, MessageEventSource>());
  const showFor = (lang: string): ShowMessage => ({ type: 'studio:show', flow, state, origin, effects, catalogue: catalogues[lang] ?? {}, restart });
  const latest = useRef(showFor);
  const latestState = useRef(state);
  useEffect(() => {
    latest.current = showFor;
    latestState.current = state;
  });

  useEffect(() => {
    for (const [lang, frame] of frames.current) frame.postMessage(latest.current(lang), { targetOrigin: window.location.origin });
  }, [flow, state, origin, effects, restart, catalogues]);

  useEffect(() => {
    const onMessage = (event: MessageEvent<FrameMessage>) => {
      if (event.origin !== window.location.origin || !event.source) return;
      const message = event.data;
      if (message.type === 'studio:ready') {
        frames.current.set(message.lang, event.source);
        event.source.postMessage(latest.current(message.lang), { targetOrigin: window.location.origin });
      } else if (message.type === 'studio:state') {
        const before = latestState.current;
        if (sameJson(before, message.state)) return;
        setState(message.state);
        setOrigin({ lang: message.lang, seq: message.seq });
        // The graph and the URL follow the funnel to its next step.
        if (message.state.stepId !== before.stepId) go({ view: 'step', flowId: flow.id, stepId: message.state.stepId });
      } else if (message.type === 'studio:effect' || message.type === 'studio:leave') {
        setRuns((before) => [{ ...message, at: Date.now() }, ...before].slice(0, 8));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [flow.id]);

  const studioSets = (next: FunnelState) => {
    setState(next);
    setOrigin('studio');
  };
  const reset = () => {
    studioSets(startState(flow, state.stepId));
    setRestart((n) => n + 1);
    setRuns([]);
  };

  return (
    <section className="preview" aria-label={`Preview of step ${state.stepId}`}>
      <StepControls
        flow={flow}
        catalogues={catalogues}
        state={state}
        onState={studioSets}
        effects={effects}
        onEffects={setEffects}
        runs={runs}
        onReset={reset}
      />
      <div className="phones">
        {FRAMES.map(({ lang, label }) => (
          <figure key={lang} className="phone">
            <figcaption>{label}</figcaption>
            <iframe src={`preview.html?lang=${lang}`} title={`${label} preview of step ${state.stepId}`} className="phone-screen" />
          </figure>
        ))}
      </div>
    </section>
  );
}
