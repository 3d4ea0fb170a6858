// Nothing found (§8's two messages): for a place search, one tap to widen it each way or all at once; for a VIN or a
// case ID, what to check and another way to search.
import { useTranslation } from 'react-i18next';
import { LangLink } from '../../layout/LangLink.tsx';
import { widenings, widest, type PlaceSearch, type ReportSearch, type Widening } from '../../../widgets/report-search/search-query.ts';
import { usePageNow } from './drawn-search.ts';
import { formatDays } from './format.ts';

interface NoResultsProps {
  search: ReportSearch;
  onWiden: (next: PlaceSearch) => void;
  /** Where to search another way (the locating wizard), or none (the near-me page). */
  otherWay?: string;
}

export function NoResults({ search, onWiden, otherWay }: NoResultsProps) {
  const { t, i18n } = useTranslation('search');
  const now = usePageNow();
  const label = (w: Widening) => {
    switch (w.kind) {
      case 'radius':
        return t('results.widen.radius');
      case 'recent':
        return t('results.widen.recent', { days: w.days });
      case 'dates':
        return t('results.widen.dates', { range: formatDays(w.from, w.to, i18n.language) });
      case 'year':
        return t('results.widen.year', { from: w.years[0], to: w.years[1] });
      case 'make':
        return t('results.widen.make');
    }
  };
  const ways = widenings(search, now);
  const all = widest(search, now);
  return (
    <div className="no-results">
      <p className="no-results__text">{t('results.none.text')}</p>
      {search.by === 'vin' && <p>{t('results.none.checkVin')}</p>}
      {search.by === 'case' && <p>{t('results.none.checkCase')}</p>}
      {ways.length > 0 && (
        <section className="widen" aria-labelledby="widen-title">
          <h3 id="widen-title" className="widen__title">
            {t('results.widen.title')}
          </h3>
          <ul className="widen__list">
            {all && (
              <li>
                <button type="button" className="btn btn-primary btn-block" onClick={() => onWiden(all)}>
                  {t('results.widen.all')}
                </button>
              </li>
            )}
            {ways.map((w) => (
              <li key={w.kind}>
                <button type="button" className="btn btn-secondary btn-block" onClick={() => onWiden(w.search)}>
                  {label(w)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {otherWay && search.by !== 'place' && (
        <p>
          <LangLink to={otherWay} className="btn btn-secondary">
            {t('results.none.otherWay')}
          </LangLink>
        </p>
      )}
    </div>
  );
}
