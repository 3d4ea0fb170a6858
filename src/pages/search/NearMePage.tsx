// /accidents-near-me (and its /embed twin without header or footer, for partner sites): recent accidents near a city
// chosen with the city search, or near the browser's location, as a list and a map; the place and options in the URL.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CityField } from '../../../widgets/fields/CityField.tsx';
import type { Place } from '../../../widgets/shared/geo.ts';
import { withLang } from '../../layout/LangLink.tsx';
import { usePageLocation } from '../../page-history.ts';
import { searchFromParams, searchPath, type PlaceSearch } from '../../../widgets/report-search/search-query.ts';
import { ResultsView } from './ResultsView.tsx';
import { SITE_LINKS } from '../../layout/site-links.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

type Locating = 'idle' | 'locating' | 'denied' | 'unsupported';

/** A browser location in the URL: 3 decimals (about 100 m) are enough for a 5 or 10-mile search, and say less. */
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export default function NearMePage({ embed }: { embed: boolean }) {
  const { t, i18n } = useTranslation(['search', 'app']);
  const location = usePageLocation();
  const found = useMemo(() => searchFromParams(new URLSearchParams(location.search)), [location.search]);
  const search = found?.by === 'place' ? found : null;
  const [locating, setLocating] = useState<Locating>('idle');

  usePageTitle(t('search:near.title'));

  const go = (next: PlaceSearch, how: 'replace' | 'push' = 'replace') =>
    location.navigate(withLang(searchPath(location.pathname, next), i18n.language), { replace: how === 'replace' });
  const base = { radius: search?.radius ?? 10, yearMatch: 'exact' as const };
  const city: Place | null =
    search && 'city' in search.where
      ? { address: `${search.where.city}, ${search.where.state}`, city: search.where.city, state: search.where.state, zip: null }
      : null;

  const chooseCity = (place: Place | null) => {
    if (!place) return;
    setLocating('idle');
    go({ by: 'place', ...base, where: { city: place.city, state: place.state } });
  };

  const locateMe = () => {
    if (!('geolocation' in navigator)) {
      setLocating('unsupported');
      return;
    }
    setLocating('locating');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating('idle');
        go({ by: 'place', ...base, where: { lat: round3(coords.latitude), lng: round3(coords.longitude) } });
      },
      () => setLocating('denied'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 },
    );
  };

  return (
    <section className={embed ? 'page search-page is-embedded' : 'page search-page'} aria-labelledby="near-title">
      <h1 id="near-title">{t('search:near.title')}</h1>
      <p>{t('search:near.text')}</p>
      <div className="near-where">
        <CityField label={t('search:near.city')} value={city} onChange={chooseCity} />
        <p className="near-where__or" aria-hidden="true">
          {t('search:near.or')}
        </p>
        <button type="button" className="btn btn-secondary near-where__locate" onClick={locateMe} disabled={locating === 'locating'}>
          {locating === 'locating' ? t('search:near.locating') : t('search:near.useLocation')}
        </button>
        <div role="alert" className="near-where__alert">
          {locating === 'denied' ? t('search:near.denied') : locating === 'unsupported' ? t('search:near.unsupported') : null}
        </div>
      </div>
      {search ? (
        <ResultsView search={search} pointName={t('search:near.here')} mapFirst onChange={go} embed={embed} />
      ) : (
        <p className="muted">{t('search:near.start')}</p>
      )}
      {embed && (
        <p className="near-full">
          <a href={withLang(SITE_LINKS.findReport, i18n.language)} target="_blank" rel="noopener" className="text-link">
            {t('search:near.full')}
          </a>
        </p>
      )}
    </section>
  );
}
