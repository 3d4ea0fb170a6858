// The crash as anyone may see it (when, where, who reported it, conditions, counts), and what only the people
// involved see (its numbers, the street and the officer's narrative).
import { useTranslation } from 'react-i18next';
import type { InvolvedReport, Report } from '../../api/reports.ts';
import { FactList } from './FactList.tsx';
import { localDateTime } from './format.ts';
import { useCalendar } from './use-calendar.ts';
import { valuesOf } from './values.ts';

export function CrashFacts({ report }: { report: Report }) {
  const { t } = useTranslation('report');
  const v = valuesOf(t);
  const when = localDateTime(report.occurredAt, useCalendar());
  return (
    <section className="report-section" aria-labelledby="report-crash">
      <h2 id="report-crash">{t('screen.crash')}</h2>
      <FactList
        facts={[
          { field: 'occurredAt', value: when ? t('screen.dateTime', { date: when.date, time: when.time }) : report.occurredAt },
          { field: 'city', value: report.city },
          { field: 'county', value: report.county },
          { field: 'state', value: report.state },
          { field: 'zip', value: report.zip },
          { field: 'policeDepartment', value: report.policeDepartment },
          { field: 'weather', value: v.coded('weather', report.weather, report.weatherText) },
          { field: 'roadCondition', value: v.coded('roadCondition', report.roadCondition, report.roadConditionText) },
          { field: 'light', value: v.coded('light', report.light, report.lightText) },
          { field: 'speedLimit', value: report.speedLimit === null ? null : t('values.speedLimit', { mph: report.speedLimit }) },
          { field: 'vehicleCount', value: v.count(report.vehicleCount) },
          { field: 'occupantCount', value: v.count(report.occupantCount) },
          { field: 'injuredCount', value: v.count(report.injuredCount) },
          { field: 'fatalCount', value: v.count(report.fatalCount) },
        ]}
      />
    </section>
  );
}

/** Only with a proof: the crash's and the agency's numbers, the street, and the narrative in the officer's words. */
export function PrivateCrashFacts({ report }: { report: InvolvedReport }) {
  const { t } = useTranslation('report');
  return (
    <section className="report-section" aria-labelledby="report-private">
      <h2 id="report-private">{t('screen.private')}</h2>
      <FactList
        facts={[
          { field: 'crashId', value: report.crashId },
          { field: 'caseId', value: report.caseId },
          { field: 'street', value: report.street },
        ]}
      />
      <h3 className="report-subheading">{t('fields.narrative')}</h3>
      {report.narrative ? <p className="report-narrative">{report.narrative}</p> : <p className="facts__none">{t('values.notReported')}</p>}
    </section>
  );
}
