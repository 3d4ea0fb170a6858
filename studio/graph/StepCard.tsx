// A step as the graph shows it: its id and heading, the widgets it draws, the effects it runs, its problems and, with
// a funnel report, how many visits reached it and how they left.
import { declarations } from '../../widgets/declarations.ts';
import { StepFiguresView } from '../report/StepFiguresView.tsx';
import { stepFiguresText, type StepFigures } from '../report/graph-figures.ts';
import type { GraphStep } from './flow-graph.ts';

// A type, not an interface: React Flow's node data must be indexable.
export type StepCardData = {
  step: GraphStep;
  /** The heading in English. */
  title: string;
  /** Problems flows:check finds at this step. */
  problems: string[];
  /** The funnel report's figures of the step, when a report is shown. */
  figures?: StepFigures;
};

/** The card's name for a screen reader (and a test): its step, heading, figures and problems. */
const nameOf = ({ step, title, problems, figures }: StepCardData) =>
  [`Step ${step.id}: ${title}`, figures && stepFiguresText(figures), ...problems].filter(Boolean).join('. ');

const WHEN: Record<string, string> = { entry: 'on entry', NEXT: 'on Next', BACK: 'on Back', ANSWER: 'on answer' };

export function StepCard({ data, onOpen }: { data: StepCardData; onOpen?: () => void }) {
  const { step, title, problems, figures } = data;
  const classes = ['step-card', step.leadPath && 'is-lead', problems.length && 'has-problems'].filter(Boolean).join(' ');
  return (
    <button type="button" className={classes} onClick={onOpen} tabIndex={onOpen ? 0 : -1} aria-label={nameOf(data)}>
      <span className="step-card-head">
        <span className="step-card-id">{step.id}</span>
        {step.initial && <span className="step-flag">start</span>}
        {step.final && <span className="step-flag">end</span>}
        {step.leadPath && <span className="step-flag is-lead">lead path</span>}
      </span>
      <span className="step-card-title">{title}</span>
      <span className="step-card-widgets">
        {step.widgets.map((w, i) => (
          <span key={`${i}-${w}`} className="widget-chip" title={declarations[w]?.description}>
            {w}
          </span>
        ))}
      </span>
      {step.effects.length > 0 && (
        <span className="step-card-effects">
          {step.effects.map((e) => (
            <span key={`${e.name}-${e.when}`} className="effect-line">
              <span aria-hidden="true">⚡</span> {e.name} <span className="effect-when">{WHEN[e.when]}</span>
            </span>
          ))}
        </span>
      )}
      {figures && <StepFiguresView figures={figures} />}
      {problems.length > 0 && (
        <span className="step-card-problems">
          {problems.map((p) => (
            <span key={p} className="step-problem">
              {p}
            </span>
          ))}
        </span>
      )}
    </button>
  );
}
