// §3's search options for a place search: radius 5 or 10 miles, the vehicle year exactly or ±2 years, and the dates;
// each change runs the search again (through the URL).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { today } from '../../../engine/validators.ts';
import { ChoiceField } from '../../../widgets/fields/ChoiceField.tsx';
import { addDays, DEFAULT_DAYS, yearRange } from '../../../engine/report-search.ts';
import { WIDE_DAYS, type PlaceSearch } from '../../../widgets/report-search/search-query.ts';
import { usePageNow } from './drawn-search.ts';
import { formatDays } from './format.ts';

const RECENT_DAYS = [7, DEFAULT_DAYS, WIDE_DAYS];

interface SearchOptionsProps {
  search: PlaceSearch;
  onChange: (next: PlaceSearch) => void;
}

export function SearchOptions({ search, onChange }: SearchOptionsProps) {
  const { t, i18n } = useTranslation('search');
  const id = useId();
  const last = today(usePageNow());
  // A recent range is written as its number of days; the default (14 days) as no dates at all, as the API takes it.
  const recent = !search.from ? DEFAULT_DAYS : RECENT_DAYS.find((days) => search.to === last && search.from === addDays(last, -days));
  const dates = recent === undefined ? 'range' : String(recent);
  const chooseDates = (value: string) => {
    const days = Number(value);
    if (!RECENT_DAYS.includes(days)) return;
    const { from: _from, to: _to, ...undated } = search;
    onChange(days === DEFAULT_DAYS ? undated : { ...search, from: addDays(last, -days), to: last });
  };
  const years = search.year ? yearRange(search.year, 'approx') : null;

  return (
    <section className="search-options" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="search-options__title">
        {t('options.title')}
      </h2>
      <div className="search-options__radius">
        <ChoiceField
          label={t('options.radius')}
          value={String(search.radius)}
          options={[5, 10].map((radius) => ({ value: String(radius), label: t('options.radiusMiles', { radius }) }))}
          onChange={(value) => onChange({ ...search, radius: value === '5' ? 5 : 10 })}
        />
      </div>
      {search.year && years && (
        <div className="search-options__year">
          <ChoiceField
            label={t('options.year')}
            value={search.yearMatch}
            options={[
              { value: 'exact', label: t('options.yearExact', { year: search.year }) },
              { value: 'approx', label: t('options.yearApprox', { from: years[0], to: years[1] }) },
            ]}
            onChange={(value) => onChange({ ...search, yearMatch: value === 'approx' ? 'approx' : 'exact' })}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-dates`} className="field__label">
          {t('options.dates')}
        </label>
        <select id={`${id}-dates`} className="field__input search-options__select" value={dates} onChange={(event) => chooseDates(event.target.value)}>
          {RECENT_DAYS.map((days) => (
            <option key={days} value={String(days)}>
              {t('options.lastDays', { days })}
            </option>
          ))}
          {dates === 'range' && search.from && search.to && <option value="range">{formatDays(search.from, search.to, i18n.language)}</option>}
        </select>
      </div>
    </section>
  );
}
