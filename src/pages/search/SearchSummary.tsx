// What was searched, in a few words: the VIN or the case ID and its dates, or the place, dates and vehicle of a place
// search.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { yearRange } from '../../../engine/report-search.ts';
import { makeLabel } from '../../../engine/vehicle-make.ts';
import { dateRange, type ReportSearch } from '../../../widgets/report-search/search-query.ts';
import { usePageNow } from './drawn-search.ts';
import { formatDays } from './format.ts';

/** The lines of a search's summary; `pointName` names a point that came without an address, `now` the day it is. */
export function summaryOf(search: ReportSearch, t: TFunction<'search'>, language: string, pointName: string, now: Date): string[] {
  if (search.by !== 'place') {
    const what =
      search.by === 'vin'
        ? t('results.vin', { vin: search.vin })
        : search.state
          ? t('results.caseIn', { caseId: search.caseId, state: search.state })
          : t('results.case', { caseId: search.caseId });
    return search.from && search.to ? [what, formatDays(search.from, search.to, language)] : [what];
  }
  const place = 'city' in search.where ? `${search.where.city}, ${search.where.state}` : (search.near ?? pointName);
  const { from, to } = dateRange(search, now);
  const lines = [t('results.near', { radius: search.radius, place }), formatDays(from, to, language)];
  const years = search.year ? (search.yearMatch === 'approx' ? yearRange(search.year, 'approx') : null) : undefined;
  if (search.make) {
    const make = makeLabel(search.make, t);
    if (search.year && years) lines.push(t('results.makeYears', { make, from: years[0], to: years[1] }));
    else if (search.year) lines.push(t('results.makeYear', { make, year: search.year }));
    else lines.push(t('results.make', { make }));
  } else if (search.year) {
    lines.push(years ? t('results.anyMakeYears', { from: years[0], to: years[1] }) : t('results.anyMakeYear', { year: search.year }));
  }
  return lines;
}

export function SearchSummary({ search, pointName }: { search: ReportSearch; pointName: string }) {
  const { t, i18n } = useTranslation('search');
  const now = usePageNow();
  return (
    <ul className="search-summary" aria-label={t('results.searched')}>
      {summaryOf(search, t, i18n.language, pointName, now).map((line) => (
        <li key={line} className="search-summary__item">
          {line}
        </li>
      ))}
    </ul>
  );
}
