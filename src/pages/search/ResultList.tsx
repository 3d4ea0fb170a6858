// The reports found, newest first: when and where each happened and its vehicles, each opening its report screen
// (with the VIN in the path after a VIN search, which proves involvement).
import { useTranslation } from 'react-i18next';
import type { SearchResult } from '../../api/report-search.ts';
import { LangLink, withLang } from '../../layout/LangLink.tsx';
import { formatMiles, formatWhen, vehicleText } from './format.ts';

interface ResultListProps {
  results: SearchResult[];
  /** The report screen's path for a result. */
  hrefOf: (result: SearchResult) => string;
  /** In a partner's frame: reports open in a new tab of the browser, on our site. */
  embed: boolean;
  labelledBy: string;
}

export function ResultList({ results, hrefOf, embed, labelledBy }: ResultListProps) {
  const { t, i18n } = useTranslation('search');
  const language = i18n.language;
  return (
    <ol className="results-list" aria-labelledby={labelledBy}>
      {results.map((result, i) => {
        const when = formatWhen(result.occurredAt, language);
        const vehicles = result.vehicles
          .map((vehicle) => vehicleText(vehicle, t))
          .filter(Boolean)
          .join(', ');
        const miles =
          typeof result.distanceMiles !== 'number'
            ? null
            : result.distanceMiles < 0.1
              ? t('results.milesUnder', { miles: formatMiles(0.1, language) })
              : t('results.miles', { miles: formatMiles(result.distanceMiles, language) });
        return (
          <li key={result.id} className="result">
            <span className="result__number" aria-hidden="true">
              {i + 1}
            </span>
            <div className="result__body">
              <h3 className="result__title">
                {embed ? (
                  <a href={withLang(hrefOf(result), language)} target="_blank" rel="noopener" className="result__link">
                    {when}
                    <span className="visually-hidden"> {t('common:links.newTab')}</span>
                  </a>
                ) : (
                  <LangLink to={hrefOf(result)} className="result__link">
                    {when}
                  </LangLink>
                )}
              </h3>
              <p className="result__place">
                {result.city}, {result.state}
                {miles && <span className="result__miles"> · {miles}</span>}
              </p>
              {vehicles && <p className="result__vehicles">{t('results.vehicles', { list: vehicles })}</p>}
              {result.demo && <p className="badge">{t('results.demo')}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
