// /results: the search in the URL's query (so it can be shared and reloaded; a VIN only as a handle to it, kept in the
// tab), run against the API, its results and the options that change it; without a search, the way to start one.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LangLink, withLang } from '../../layout/LangLink.tsx';
import { usePageLocation } from '../../page-history.ts';
import { revealVin } from '../../../widgets/report-search/search-handle.ts';
import { searchFromParams, searchPath } from '../../../widgets/report-search/search-query.ts';
import { ResultsView } from './ResultsView.tsx';
import { SITE_LINKS } from '../../layout/site-links.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** The locating wizard: where a search starts, and is changed (it keeps the answers given). */

export default function ResultsPage() {
  const { t, i18n } = useTranslation(['search', 'app']);
  const location = usePageLocation();
  const search = useMemo(() => searchFromParams(revealVin(new URLSearchParams(location.search))), [location.search]);
  // Once per search: a VIN search's link holds a new handle to the VIN each time it is made.
  const notifyHref = useMemo(() => search && searchPath(SITE_LINKS.notify, search), [search]);

  usePageTitle(t('search:results.title'));

  return (
    <section className="page search-page" aria-labelledby="results-title">
      <h1 id="results-title">{t('search:results.title')}</h1>
      {search ? (
        <ResultsView
          search={search}
          pointName={t('search:results.thePin')}
          mapFirst={search.by === 'place'}
          changeHref={SITE_LINKS.findReport}
          notifyHref={notifyHref ?? SITE_LINKS.notify}
          onChange={(next, how) => location.navigate(withLang(searchPath(location.pathname, next), i18n.language), { replace: how === 'replace' })}
        />
      ) : (
        <>
          <p>{t('search:results.empty.text')}</p>
          <LangLink to={SITE_LINKS.findReport} className="btn btn-primary">
            {t('search:results.empty.start')}
          </LangLink>
        </>
      )}
    </section>
  );
}
