// One service: a checkbox, an expandable description, and an AM/PM choice once checked.
import { useId } from 'react';
import { CheckIcon, ChevronIcon } from '../shared/icons.tsx';
import type { Translate } from '../shared/use-copy.ts';
import { useDisclosure } from '../shared/use-disclosure.ts';
import { halfOf, setHalf, toggleService, type CallHalf, type LeadTypesValue } from './lead-types-value.ts';

const HALVES: CallHalf[] = ['AM', 'PM'];

interface ServiceRowProps {
  service: string;
  value: LeadTypesValue;
  onChange: (value: LeadTypesValue) => void;
  t: Translate;
}

export function ServiceRow({ service, value, onChange, t }: ServiceRowProps) {
  const id = useId();
  const details = useDisclosure();
  const half = halfOf(value, service);
  const name = t(`common:leadTypes.services.${service}.name`);

  return (
    <li className={half ? 'service is-checked' : 'service'}>
      <div className="service__head">
        <label className="choice service__label">
          <input
            type="checkbox"
            className="choice__input"
            checked={half !== undefined}
            onChange={(event) => onChange(toggleService(value, service, event.target.checked))}
          />
          <span className="choice__box">
            <CheckIcon />
          </span>
          <span className="service__name">{name}</span>
        </label>
        <button {...details.buttonProps} className="service__toggle" aria-label={t('common:leadTypes.detailsFor', { service: name })}>
          <span>{t('common:leadTypes.details')}</span>
          <ChevronIcon />
        </button>
      </div>
      <div {...details.panelProps} className="service__details info-panel" tabIndex={-1}>
        {t(`common:leadTypes.services.${service}.description`)}
      </div>
      {half && (
        <fieldset className="service__time" aria-label={t('common:leadTypes.timeFor', { service: name })}>
          <span className="service__time-label" aria-hidden="true">
            {t('common:leadTypes.time')}
          </span>
          <span className="segmented">
            {HALVES.map((option) => (
              <label key={option} className="segmented__option">
                <input
                  type="radio"
                  className="segmented__input"
                  name={`${id}-half`}
                  value={option}
                  checked={half === option}
                  onChange={() => onChange(setHalf(value, service, option))}
                />
                <span className="segmented__text">{t(`common:leadTypes.half.${option}`)}</span>
              </label>
            ))}
          </span>
        </fieldset>
      )}
    </li>
  );
}
