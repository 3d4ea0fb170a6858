// A step's figures on its card: visits that reached it, those that dropped off there (the rate's band coloured, its
// number written), the median time on it and the visits that went on to complete.
import { dropBand, duration, percent, type StepFigures } from './graph-figures.ts';

export function StepFiguresView({ figures: f }: { figures: StepFigures }) {
  if (f.reached === 0) return <span className="step-figures is-empty">No visit reached this step</span>;
  const band = f.dropOffRate === null ? 'low' : dropBand(f.dropOffRate);
  return (
    <span className="step-figures">
      <span className="figure">
        <b>{f.reached}</b> reached
      </span>
      <span className="figure">
        <b>{f.completions}</b> completed
      </span>
      <span className={`figure figure-drop drop-band is-${band}`} title={`${band} drop-off: under 20% is low, 50% and over high`}>
        <b>{f.dropped}</b> dropped off{f.dropOffRate !== null && <b className="drop-rate">{percent(f.dropOffRate)}</b>}
      </span>
      <span className="figure figure-time">
        median <b>{f.medianSeconds === null ? '–' : duration(f.medianSeconds)}</b>
      </span>
    </span>
  );
}
