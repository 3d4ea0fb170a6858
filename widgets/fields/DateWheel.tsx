// The touch date wheel (year, abbreviated month, day) on react-mobile-picker: a lazy chunk, loaded only on phones.
import { useId, useMemo, type KeyboardEvent } from 'react';
import Picker from 'react-mobile-picker';
import { useCopy } from '../shared/use-copy.ts';
import { columnsFor, monthNames, type DateParts } from './date-parts.ts';

interface DateWheelProps {
  value: DateParts;
  min: DateParts;
  max: DateParts;
  /** Called with the turned-to parts; the caller keeps them in range (clampParts). */
  onChange: (value: DateParts) => void;
}

/** Rows of a touch target's height (44px), five in view. */
const ITEM_HEIGHT = 44;
const VISIBLE_ITEMS = 5;
/** Keys that turn a focused column, as offsets from the current option (Home/End are handled apart). */
const STEPS: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 5, PageUp: -5 };

interface Column {
  key: keyof DateParts;
  label: string;
  options: number[];
  text: (n: number) => string;
}

export default function DateWheel({ value, min, max, onChange }: DateWheelProps) {
  const { t, lng } = useCopy('fields');
  const id = useId();
  const names = useMemo(() => monthNames(lng), [lng]);
  const { years, months, days } = columnsFor(value, min, max);
  const columns: Column[] = [
    { key: 'year', label: t('fields:date.year'), options: years, text: String },
    { key: 'month', label: t('fields:date.month'), options: months, text: (m) => names[m - 1] ?? String(m) },
    { key: 'day', label: t('fields:date.day'), options: days, text: String },
  ];
  const optionId = (key: string, n: number) => `${id}-${key}-${n}`;

  // The library turns columns by touch and wheel only; keyboards turn the focused column with arrows, Page and Home/End.
  const onKeyDown = (event: KeyboardEvent, { key, options }: Column) => {
    const last = options.length - 1;
    const index = options.indexOf(value[key]);
    const step = STEPS[event.key];
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? last : step === undefined ? null : index + step;
    if (target === null) return;
    event.preventDefault();
    const next = options[Math.min(last, Math.max(0, target))];
    if (next !== undefined && next !== value[key]) onChange({ ...value, [key]: next });
  };

  return (
    <Picker className="date-wheel" value={value} onChange={onChange} height={ITEM_HEIGHT * VISIBLE_ITEMS} itemHeight={ITEM_HEIGHT} wheelMode="natural">
      {columns.map((column) => (
        <Picker.Column
          key={column.key}
          name={column.key}
          className={`date-wheel__column date-wheel__column--${column.key}`}
          role="listbox"
          aria-label={column.label}
          tabIndex={0}
          aria-activedescendant={optionId(column.key, value[column.key])}
          onKeyDown={(event) => onKeyDown(event, column)}
        >
          {column.options.map((n) => (
            <Picker.Item key={n} value={n} id={optionId(column.key, n)} role="option" aria-selected={n === value[column.key]} className="date-wheel__item">
              {({ selected }) => <span className={selected ? 'date-wheel__text is-selected' : 'date-wheel__text'}>{column.text(n)}</span>}
            </Picker.Item>
          ))}
        </Picker.Column>
      ))}
    </Picker>
  );
}
