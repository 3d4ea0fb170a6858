// A yes/no choice as two big toggle buttons with radio-group semantics and arrow-key movement.
import { useRef, type KeyboardEvent } from 'react';
import { CheckIcon } from './icons.tsx';
import { useCopy } from './use-copy.ts';

interface YesNoProps {
  /** id of the element holding the question. */
  labelledBy: string;
  value: boolean | null | undefined;
  onChange: (value: boolean) => void;
  size?: 'md' | 'lg';
  disabled?: boolean;
  describedBy?: string;
}

const NEXT_KEYS = ['ArrowRight', 'ArrowDown'];
const PREV_KEYS = ['ArrowLeft', 'ArrowUp'];

export function YesNo({ labelledBy, value, onChange, size = 'md', disabled = false, describedBy }: YesNoProps) {
  const { t } = useCopy('common');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const options = [
    { value: true, label: t('common:yesno.yes') },
    { value: false, label: t('common:yesno.no') },
  ];
  const tabStop = value === false ? 1 : 0;

  const choose = (v: boolean) => {
    if (!disabled) onChange(v);
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = NEXT_KEYS.includes(event.key) ? 1 : PREV_KEYS.includes(event.key) ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    refs.current[next]?.focus();
    choose(options[next]!.value);
  };

  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy} aria-disabled={disabled || undefined} className={`yesno yesno--${size}`}>
      {options.map((option, index) => {
        const checked = value === option.value;
        return (
          <button
            key={String(option.value)}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={index === tabStop ? 0 : -1}
            className="yesno__option"
            onClick={() => choose(option.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {checked && <CheckIcon />}
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
