// The preview's controls: which step, where each of its transitions leads and whether it would be taken with the
// answers as they are, the answers themselves, and how each fake effect answers.
import { useState } from 'react';
import type { Catalogues } from '../../engine/check.ts';
import { holds } from '../../engine/logic.ts';
import { dataOf } from '../../engine/machine.ts';
import type { Flow } from '../../engine/types.ts';
import { copyText } from '../copy/copy-table.ts';
import { flowGraph, type GraphEdge } from '../graph/flow-graph.ts';
import { guardWords } from '../graph/guard-words.ts';
import { go, hrefOf } from '../route.ts';
import type { FakeEffect, FrameMessage, FunnelState } from './messages.ts';

export type EffectRun = Extract<FrameMessage, { type: 'studio:effect' | 'studio:leave' }> & { at: number };

interface Props {
  flow: Flow;
  catalogues: Catalogues;
  state: FunnelState;
  onState: (state: FunnelState) => void;
  effects: Record<string, FakeEffect>;
  onEffects: (effects: Record<string, FakeEffect>) => void;
  runs: EffectRun[];
  onReset: () => void;
}

const EVENTS: Record<string, string> = { NEXT: 'Next', BACK: 'Back', ANSWER: 'Answer' };

export function StepControls({ flow, catalogues, state, onState, effects, onEffects, runs, onReset }: Props) {
  const titleOf = (id: string) => {
    const key = flow.steps[id]?.title;
    return key ? (copyText(catalogues, 'en', key, flow.namespace).text ?? key) : '';
  };
  const data = dataOf(flow, { ...state, query: {}, meta: { route: flow.routes[0] }, locale: 'en' }, Date.now);
  const ways = flowGraph(flow).edges.filter((e) => e.from === state.stepId);
  // The transition an event takes is the first of its list whose guard holds.
  const taken = new Set(
    ['NEXT', 'BACK', 'ANSWER'].map(
      (event) => ways.find((e) => e.event === event && e.outcome === undefined && (e.guard === undefined || holds(e.guard, data, Date.now)))?.id,
    ),
  );

  return (
    <aside className="controls" aria-label="Step controls">
      <div className="controls-row">
        <label className="field" htmlFor="preview-step">
          Step
        </label>
        <button type="button" className="btn btn-secondary btn-small" onClick={onReset}>
          Start over
        </button>
      </div>
      <select id="preview-step" className="step-select" value={state.stepId} onChange={(e) => go({ view: 'step', flowId: flow.id, stepId: e.target.value })}>
        {Object.keys(flow.steps).map((id) => (
          <option key={id} value={id}>
            {id} · {titleOf(id)}
          </option>
        ))}
      </select>

      <h2>Ways on</h2>
      {ways.length === 0 ? (
        <p className="controls-note">None: {flow.steps[state.stepId]?.final ? 'the funnel ends here.' : 'this step leads nowhere.'}</p>
      ) : (
        <ul className="ways">
          {ways.map((edge) => (
            <Way key={edge.id} edge={edge} taken={taken.has(edge.id)} title={titleOf(edge.to)} flowId={flow.id} />
          ))}
        </ul>
      )}

      <h2>Answers</h2>
      <p className="controls-note">Answer in a phone, or set a value here as JSON (true, 2, &quot;vin&quot;, null).</p>
      <div className="answers">
        {Object.keys(flow.answers).map((name) => (
          <AnswerField
            key={name}
            name={name}
            value={state.answers[name]}
            onValue={(value) => onState({ ...state, answers: { ...state.answers, [name]: value } })}
          />
        ))}
      </div>

      <h2>Fake effects</h2>
      <p className="controls-note">No text is sent and no lead is stored: each effect answers as set here.</p>
      <div className="answers">
        {Object.entries(flow.effects).map(([name, spec]) => {
          const fake = effects[name] ?? { result: { success: true } };
          const codes = [...Object.keys(spec.errors ?? {}).filter((c) => c !== 'default'), 'network'];
          return (
            <label key={name} className="field field-inline">
              <span>
                {name} <small>{`${spec.method} ${spec.path}`}</small>
              </span>
              <select value={fake.fails ?? ''} onChange={(e) => onEffects({ ...effects, [name]: { ...fake, fails: e.target.value || undefined } })}>
                <option value="">succeeds</option>
                {codes.map((code) => (
                  <option key={code} value={code}>
                    fails: {code}
                  </option>
                ))}
              </select>
            </label>
          );
        })}
      </div>
      {runs.length > 0 && (
        <>
          <h2>What the phones did</h2>
          <ul className="runs" aria-live="polite">
            {runs.map((run) => (
              <li key={`${run.at}-${run.lang}-${run.type}`}>
                <span className="run-lang">{run.lang}</span>
                {run.type === 'studio:effect' ? `${run.name} ${run.outcome}` : `leaves for ${run.href}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}

function Way({ edge, taken, title, flowId }: { edge: GraphEdge; taken: boolean; title: string; flowId: string }) {
  const conditions = [
    edge.guard !== undefined && `if ${guardWords(edge.guard)}`,
    edge.effect && `runs ${edge.effect}`,
    edge.outcome !== undefined && `then if ${guardWords(edge.outcome)}`,
  ].filter(Boolean);
  return (
    <li className={`way${taken ? ' is-taken' : ''}`}>
      <a href={hrefOf({ view: 'step', flowId, stepId: edge.to })}>
        <span className="way-event">{EVENTS[edge.event] ?? edge.event}</span> to {edge.to} <span className="way-title">{title}</span>
      </a>
      {conditions.length > 0 && <span className="way-when">{conditions.join(', ')}</span>}
      <span className="way-status">{taken ? 'goes here now' : edge.outcome !== undefined ? `after ${edge.effect ?? 'its effect'}` : 'not now'}</span>
    </li>
  );
}

/** An answer as JSON: applied when it parses, marked invalid when it does not. */
function AnswerField({ name, value, onValue }: { name: string; value: unknown; onValue: (value: unknown) => void }) {
  const shown = JSON.stringify(value ?? null);
  const [text, setText] = useState(shown);
  const [editing, setEditing] = useState(false);
  const parsed = parse(text);
  return (
    <label className="field field-inline">
      <span>{name}</span>
      <input
        value={editing ? text : shown}
        spellCheck={false}
        aria-invalid={editing && parsed === undefined}
        onFocus={() => {
          setText(shown);
          setEditing(true);
        }}
        onChange={(e) => {
          setText(e.target.value);
          const next = parse(e.target.value);
          if (next !== undefined) onValue(next.value);
        }}
        onBlur={() => setEditing(false)}
      />
    </label>
  );
}

function parse(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
