// A search's results as both the results page and the near-me page show them: what was searched, the options that
// change it, the count (one or many), the map, the list, and what to do when nothing was found or the search failed.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchResult } from '../../api/report-search.ts';
import { LangLink } from '../../layout/LangLink.tsx';
import { apiQuery, type PlaceSearch, type ReportSearch } from '../../../widgets/report-search/search-query.ts';
import { NoResults } from './NoResults.tsx';
import { OtherDates } from './OtherDates.tsx';
import { ResultList } from './ResultList.tsx';
import { ResultsMapSlot } from './ResultsMapSlot.tsx';
import { SearchOptions } from './SearchOptions.tsx';
import { SearchSummary } from './SearchSummary.tsx';
import { useReportSearch } from './use-report-search.ts';
import './search.css';

export interface ResultsViewProps {
  search: ReportSearch;
  /** Runs another search: an option changed (in place of this one) or the search widened (after it, so Back undoes it). */
  onChange: (next: PlaceSearch, how: 'replace' | 'push') => void;
  /** What to call a searched point that has no address ("your pin on the map", "your location"). */
  pointName: string;
  /** The map is up at first (else behind a button). */
  mapFirst: boolean;
  /** Where to change or start the search (the locating wizard), or none. */
  changeHref?: string;
  /** Where to be alerted when a matching report is filed, or none. */
  notifyHref?: string;
  embed?: boolean;
}

/**
 * The report screen of a result: after a VIN or case-ID search, with the proof the API gave that stands for what was
 * searched (never the VIN itself), so the screen asks only for a last name.
 */
const reportHref = (result: SearchResult) => (result.proof ? `/accident/${result.id}?proof=${encodeURIComponent(result.proof)}` : `/accident/${result.id}`);

export function ResultsView({ search, onChange, pointName, mapFirst, changeHref, notifyHref, embed = false }: ResultsViewProps) {
  const { t } = useTranslation('search');
  const id = useId();
  const ids = { count: `${id}-count`, map: `${id}-map` };
  const query = useMemo(() => apiQuery(search), [search]);
  const { loading, answer, current, error, retry } = useReportSearch(query);
  const [mapShown, setMapShown] = useState(mapFirst);
  const count = useRef<HTMLHeadingElement>(null);
  // A widening replaces the buttons that were pressed: focus goes to the new count once it is in.
  const focusCount = useRef(false);
  const shown = answer && current ? answer : null;
  // Nothing on the dates given, but the VIN's or case ID's reports of other dates.
  const otherDates = shown && shown.count === 0 && search.by !== 'place' && shown.otherDates?.length ? shown.otherDates : null;

  useEffect(() => {
    if (focusCount.current && shown) {
      focusCount.current = false;
      count.current?.focus();
    }
  }, [shown]);

  const widen = (next: PlaceSearch) => {
    focusCount.current = true;
    onChange(next, 'push');
  };

  return (
    <div className="results">
      <div className="results__searched">
        <SearchSummary search={search} pointName={pointName} />
        {changeHref && (
          <LangLink to={changeHref} className="text-link results__change">
            {t('results.change')}
          </LangLink>
        )}
      </div>
      {search.by === 'place' && <SearchOptions search={search} onChange={(next) => onChange(next, 'replace')} />}

      <div role="status" className="results__status">
        {loading ? (
          <p className="results__loading">{t('results.loading')}</p>
        ) : shown ? (
          <h2 id={ids.count} ref={count} tabIndex={-1} className="results__count">
            {shown.count === 0
              ? t(otherDates ? 'results.none.onDates' : 'results.none.title')
              : t(shown.more ? 'results.countMore' : 'results.count', { count: shown.count })}
          </h2>
        ) : null}
      </div>

      {error && !loading && (
        <div role="alert" className="results__error">
          <h2 className="results__error-title">{t('results.error.title')}</h2>
          {error.status === 400 ? (
            <>
              <p>{t('results.error.invalid')}</p>
              {changeHref && (
                <LangLink to={changeHref} className="btn btn-primary">
                  {t('results.empty.start')}
                </LangLink>
              )}
            </>
          ) : (
            <>
              <p>{t(error.status === 429 ? 'results.error.busy' : 'results.error.network')}</p>
              <button type="button" className="btn btn-primary" onClick={retry}>
                {t('results.error.retry')}
              </button>
            </>
          )}
        </div>
      )}

      {answer && answer.count > 0 && (loading || current) && (
        <div className={loading ? 'results__found is-stale' : 'results__found'} aria-busy={loading || undefined}>
          {answer.more && <p className="muted">{t('results.newest', { shown: answer.results.length })}</p>}
          <ResultList results={answer.results} hrefOf={reportHref} embed={embed} labelledBy={ids.count} />
          {/* After the list, as a phone shows it; search.css puts the map above it on a wider screen. */}
          {mapShown ? (
            <ResultsMapSlot id={ids.map} search={search} results={answer.results} />
          ) : (
            <button type="button" className="btn btn-secondary results__map-toggle" onClick={() => setMapShown(true)}>
              {t('map.show', { count: answer.results.length })}
            </button>
          )}
        </div>
      )}

      {otherDates && search.by !== 'place' && <OtherDates search={search} reports={otherDates} hrefOf={reportHref} embed={embed} />}
      {shown && shown.count === 0 && !otherDates && <NoResults search={search} onWiden={widen} otherWay={changeHref} />}

      {notifyHref && (shown || error) && (
        <aside className="results__notify" aria-labelledby={`${id}-notify`}>
          <h2 id={`${id}-notify`} className="results__notify-title">
            {t('results.notify.title')}
          </h2>
          <p>{t('results.delay')}</p>
          <p>{t('results.notify.text')}</p>
          <LangLink to={notifyHref} className="btn btn-primary">
            {t('results.notify.link')}
          </LangLink>
        </aside>
      )}
      {!notifyHref && <p className="muted">{t('results.delay')}</p>}
    </div>
  );
}
