// Where the results' map goes: its code fetched once the map is shown and near the screen (a lazy chunk: on a phone,
// after a long list, not before the visitor scrolls towards it), a placeholder of the same size meanwhile (and in a page
// drawn by the server: the list is drawn before the map's code comes), and a note that its numbers match the list.
import { Suspense, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchResult } from '../../api/report-search.ts';
import { geoServices } from '../../geo/geo-services.ts';
import { lazyPart } from '../../../widgets/lazy-part.tsx';
import type { ReportSearch } from '../../../widgets/report-search/search-query.ts';
import { LoadBoundary } from '../../../widgets/shared/LoadBoundary.tsx';

const ResultsMap = lazyPart(() => import('./ResultsMap.tsx').then((m) => m.default));

const METRES_PER_MILE = 1609.344;

export function ResultsMapSlot({ search, results, id }: { search: ReportSearch; results: SearchResult[]; id: string }) {
  const { t } = useTranslation('search');
  const helpId = useId();
  // Within a screen's height of the visible part (never while the page is drawn or taken over: no observer yet).
  const [near, setNear] = useState(false);
  const watch = useCallback((frame: HTMLDivElement) => {
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);
  const points = useMemo(() => results.map((r, i) => ({ id: r.id, n: i + 1, lat: r.location.lat, lng: r.location.lng })), [results]);
  const area = useMemo(
    () =>
      search.by === 'place' && 'lat' in search.where ? { lat: search.where.lat, lng: search.where.lng, radius: search.radius * METRES_PER_MILE } : undefined,
    [search],
  );
  const placeholder = (
    <div className="locate-map__canvas results-map__canvas locate-map__placeholder">
      <span>{t('map.loading')}</span>
    </div>
  );
  return (
    <div id={id} className="results-map">
      <div className="locate-map__frame" ref={watch}>
        {near ? (
          <LoadBoundary message={t('map.failed')} retry={t('app:funnel.retry')} className="locate-map__canvas results-map__canvas locate-map__placeholder">
            <Suspense fallback={placeholder}>
              <ResultsMap
                points={points}
                area={area}
                tiles={geoServices.tiles}
                label={t('map.label')}
                describedBy={helpId}
                clusterLabel={(count) => t('map.cluster', { count })}
              />
            </Suspense>
          </LoadBoundary>
        ) : (
          placeholder
        )}
      </div>
      <p id={helpId} className="results-map__help">
        {t('map.help')}
      </p>
    </div>
  );
}
