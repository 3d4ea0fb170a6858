// The three ways to find the accident (VIN, Case ID, map) as big radio cards; the choice can be changed.
import { useId, type ComponentType } from 'react';
import { describedBy, FieldMessage } from '../fields/FieldMessage.tsx';
import { useCopy } from '../shared/use-copy.ts';
import { CarIcon, PinIcon, ReportIcon } from './locate-icons.tsx';
import './choices.css';

export type LocateBy = 'vin' | 'case' | 'map';
export const LOCATE_BY: LocateBy[] = ['vin', 'case', 'map'];

const ICONS: Record<LocateBy, ComponentType> = { vin: CarIcon, case: ReportIcon, map: PinIcon };

interface LocateChoicesProps {
  value: LocateBy | null;
  onChange: (value: LocateBy) => void;
  error: string | null;
  disabled: boolean;
}

export function LocateChoices({ value, onChange, error, disabled }: LocateChoicesProps) {
  const { t } = useCopy('locate');
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="locate-choices" aria-describedby={describedBy(errorId, error)}>
      <legend className="locate-choices__legend">{t('locate:choices.legend')}</legend>
      <div className="locate-choices__options">
        {LOCATE_BY.map((choice) => {
          const Icon = ICONS[choice];
          const inputId = `${id}-${choice}`;
          return (
            <div key={choice} className="locate-choice">
              <input
                type="radio"
                id={inputId}
                name={`${id}-locate-by`}
                className="locate-choice__input"
                value={choice}
                checked={value === choice}
                disabled={disabled}
                aria-labelledby={`${inputId}-title`}
                aria-describedby={`${inputId}-hint`}
                onChange={() => onChange(choice)}
              />
              <label htmlFor={inputId} className="locate-choice__card">
                <span className="locate-choice__icon">
                  <Icon />
                </span>
                <span id={`${inputId}-title`} className="locate-choice__title">
                  {t(`locate:choices.${choice}`)}
                </span>
                <span id={`${inputId}-hint`} className="locate-choice__hint">
                  {t(`locate:choices.${choice}Hint`)}
                </span>
              </label>
            </div>
          );
        })}
      </div>
      <FieldMessage id={errorId} error={error} />
    </fieldset>
  );
}
