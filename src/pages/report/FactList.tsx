// A definition list of a report's facts: every label stays, a value the report does not give reads "Not reported".
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Fact {
  /** A report:fields key, also the row's React key. */
  field: string;
  value: ReactNode;
  /** Extra label text (the row of a unit: "Vehicle 1"). */
  labelValues?: Record<string, unknown>;
}

const given = (value: ReactNode) => value !== null && value !== undefined && value !== '';

export function FactList({ facts, className }: { facts: Fact[]; className?: string }) {
  const { t } = useTranslation('report');
  return (
    <dl className={className ? `facts ${className}` : 'facts'}>
      {facts.map(({ field, value, labelValues }) => (
        <div key={field} className="facts__row">
          <dt>{t(`fields.${field}`, labelValues)}</dt>
          <dd className={given(value) ? undefined : 'facts__none'}>{given(value) ? value : t('values.notReported')}</dd>
        </div>
      ))}
    </dl>
  );
}
