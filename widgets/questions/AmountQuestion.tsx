// An optional amount beside a Low / Medium / High question: a range of dollars the person can pick without knowing
// the exact figure (facts/amount-ranges.json), or "I'm not sure". The estimate counts the range picked.
import amountRanges from '../../facts/amount-ranges.json' with { type: 'json' };
import { SelectField } from '../fields/SelectField.tsx';
import { formatMoney } from '../shared/money.ts';
import { useAnswer } from '../shared/use-answer.ts';
import type { QuestionProps } from './Questions.tsx';

const RANGES = Object.entries(amountRanges.ranges);

/** Copy key of the amount's label: common:amounts.<answer field>. */
export const amountLabel = (field: string) => `common:amounts.${field}`;

export function AmountQuestion({ field, answers, send, busy, t }: QuestionProps<string>) {
  const [value, setValue] = useAnswer<string | null>({ answers, send }, field);
  const options = [
    { value: '', label: t('common:amounts.unsure') },
    ...RANGES.map(([key, [low, high]], i) => ({
      value: key,
      label:
        i === 0
          ? t('common:amounts.under', { high: formatMoney(high as number) })
          : i === RANGES.length - 1
            ? t('common:amounts.over', { low: formatMoney(low as number) })
            : t('common:amounts.between', { low: formatMoney(low as number), high: formatMoney(high as number) }),
    })),
  ];
  const chosen = typeof value === 'string' && RANGES.some(([key]) => key === value) ? value : '';
  return <SelectField label={t(amountLabel(field))} options={options} value={chosen} onChange={(next) => setValue(next || null)} disabled={busy} />;
}
