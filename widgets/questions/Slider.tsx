// A Low / Medium / High scale as a native range input (0..2, step 1) that announces its level.
import { useCopy } from '../shared/use-copy.ts';

export const SCALE_KEYS = ['common:scale.low', 'common:scale.medium', 'common:scale.high'] as const;

interface SliderProps {
  labelledBy: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

export function Slider({ labelledBy, value, onChange, disabled = false }: SliderProps) {
  const { t } = useCopy('common');
  const levels = SCALE_KEYS.map((key) => t(key));
  return (
    <div className="slider">
      <input
        className="slider__input"
        type="range"
        min={0}
        max={SCALE_KEYS.length - 1}
        step={1}
        value={value}
        data-level={value}
        aria-labelledby={labelledBy}
        aria-valuetext={levels[value]}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <div className="slider__ticks" aria-hidden="true">
        {levels.map((level, index) => (
          <span key={level} className={index === value ? 'slider__tick is-current' : 'slider__tick'} data-label={level}>
            {level}
          </span>
        ))}
      </div>
    </div>
  );
}
