// A semicircular gauge filled to a percentage; one image for assistive technology, named by `label`.
interface GaugeProps {
  percent: number;
  label: string;
  /** The percentage as displayed, e.g. "75%". */
  valueText: string;
}

const ARC = 'M 16 100 A 84 84 0 0 1 184 100';

export function Gauge({ percent, label, valueText }: GaugeProps) {
  const filled = Math.min(100, Math.max(0, percent));
  return (
    <div className="gauge" role="img" aria-label={label}>
      <svg className="gauge__svg" viewBox="0 0 200 108" aria-hidden="true" focusable="false">
        <path className="gauge__track" d={ARC} pathLength={100} />
        {/* The dash is `filled` long; a gap of 200 lets the sweep animation start fully hidden. */}
        <path className="gauge__fill" d={ARC} pathLength={100} strokeDasharray={`${filled} 200`} />
      </svg>
      <p className="gauge__value" aria-hidden="true">
        {valueText}
      </p>
    </div>
  );
}
