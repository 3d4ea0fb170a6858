// The calendar of the visitor's language from the catalogue, for the report's local date and time (format.ts).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Calendar } from './format.ts';

export function useCalendar(): Calendar {
  const { t } = useTranslation('report');
  return useMemo(
    () => ({
      weekdays: t('screen.calendar.weekdays', { returnObjects: true }) as unknown as string[],
      months: t('screen.calendar.months', { returnObjects: true }) as unknown as string[],
      date: (values) => t('screen.calendar.date', values),
      time: (values) => t('screen.calendar.time', values),
      am: t('screen.calendar.am'),
      pm: t('screen.calendar.pm'),
    }),
    [t],
  );
}
