// The date of the accident, in every locating form: today at the latest, its message shown once left or on Next.
import type { Ref } from 'react';
import { today } from '../../engine/validators.ts';
import type { WidgetProps } from '../types.ts';
import { DateField } from '../fields/DateField.tsx';
import { useAnswer } from '../shared/use-answer.ts';
import { useCopy } from '../shared/use-copy.ts';
import type { ErrorKey } from './checks.ts';

interface AccidentDateProps extends Pick<WidgetProps, 'answers' | 'send' | 'busy'> {
  /** The form's checks (use-checks.ts), of which this field is 'date'. */
  checks: {
    box: (field: 'date') => Ref<HTMLDivElement>;
    error: (field: 'date') => ErrorKey | null;
    touch: (field: 'date') => void;
  };
}

export function AccidentDate({ answers, send, busy, checks }: AccidentDateProps) {
  const { t } = useCopy('locate');
  const [date, setDate] = useAnswer<string>({ answers, send }, 'date');
  const error = checks.error('date');
  return (
    <div ref={checks.box('date')}>
      <DateField
        label={t('locate:date')}
        value={typeof date === 'string' ? date : ''}
        max={today(new Date())}
        disabled={busy}
        error={error ? t(error) : null}
        onChange={setDate}
        onBlur={() => checks.touch('date')}
      />
    </div>
  );
}
