// A VIN or case ID with no report on the dates given but reports on others (the API's otherDates): says so, each
// report's day written in the visitor's language, and lists them to open, instead of dropping the date without a word.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchResult } from '../../api/report-search.ts';
import { today } from '../../../engine/validators.ts';
import type { ReportSearch } from '../../../widgets/report-search/search-query.ts';
import { usePageNow } from './drawn-search.ts';
import { formatDate, formatList } from './format.ts';
import { ResultList } from './ResultList.tsx';

interface OtherDatesProps {
  search: Extract<ReportSearch, { by: 'vin' | 'case' }>;
  /** The reports of other dates, nearest first. */
  reports: SearchResult[];
  hrefOf: (result: SearchResult) => string;
  embed: boolean;
}

export function OtherDates({ search, reports, hrefOf, embed }: OtherDatesProps) {
  const { t, i18n } = useTranslation('search');
  const id = useId();
  const language = i18n.language;
  const now = usePageNow();
  // The year goes with a day of another year than the one searched.
  const year = Number((search.to ?? today(now)).slice(0, 4));
  const dates = formatList(
    reports.map((report) => formatDate(report.occurredAt, language, year)),
    language,
  );
  return (
    <section className="other-dates">
      <p id={id} className="other-dates__text">
        {t(search.by === 'vin' ? 'results.otherDates.vin' : 'results.otherDates.case', { count: reports.length, dates })}
      </p>
      <ResultList results={reports} hrefOf={hrefOf} embed={embed} labelledBy={id} />
    </section>
  );
}
