// The results URL holds the search (shared and reloaded as it is): read back as it was written, sent to the API without
// what is only shown, wrong or partial queries read as no search, and the one-tap ways to widen a place search.
import { describe, expect, it } from 'vitest';
import {
  apiQuery,
  dateRange,
  searchFromParams,
  searchParams,
  searchPath,
  widenings,
  widest,
  type ReportSearch,
} from '../../widgets/report-search/search-query.ts';

const NOW = new Date(2026, 2, 20, 12);
const read = (query: string) => searchFromParams(new URLSearchParams(query), NOW);
const pin: ReportSearch = {
  by: 'place',
  where: { lat: 30.2672, lng: -97.7431 },
  radius: 5,
  from: '2026-03-15',
  to: '2026-03-20',
  make: 'FORD',
  year: 2019,
  yearMatch: 'exact',
  near: 'Austin, TX 78701, USA',
};

describe('the search in the results URL', () => {
  it.each<[string, ReportSearch]>([
    ['a VIN', { by: 'vin', vin: '1M8GDM9AXKP042788' }],
    ['a case ID in a state and city', { by: 'case', caseId: 'TX-2026-0042', state: 'TX', city: 'Austin' }],
    ['a VIN on dates, its city and state first', { by: 'vin', vin: '1M8GDM9AXKP042788', from: '2026-03-11', to: '2026-03-17', city: 'Austin', state: 'TX' }],
    ['a case ID in a state on dates', { by: 'case', caseId: 'TX-2026-0042', state: 'TX', from: '2026-03-11', to: '2026-03-17' }],
    ['a pin with every option', pin],
    ['a city, by default the last 14 days', { by: 'place', where: { city: 'Austin', state: 'TX' }, radius: 10, yearMatch: 'exact' }],
  ])('reads back %s as it was written', (_what, search) => {
    expect(read(searchParams(search).toString())).toEqual(search);
  });

  it('sends the API its parameters only (not the place name shown, nor the language)', () => {
    expect(apiQuery(pin)).toEqual({
      lat: '30.2672',
      lng: '-97.7431',
      radius: '5',
      from: '2026-03-15',
      to: '2026-03-20',
      make: 'FORD',
      year: '2019',
      yearMatch: 'exact',
    });
    expect(apiQuery(read('vin=1m8gdm9axkp042788&lang=es')!)).toEqual({ vin: '1M8GDM9AXKP042788' });
    expect(searchPath('/notify-me', { by: 'case', caseId: 'A 1', state: 'TX' })).toBe('/notify-me?caseId=A+1&state=TX');
  });

  it('takes the first mode of the API (VIN, case ID, place) and reads nothing else as a search', () => {
    expect(read('vin=1M8GDM9AXKP042788&caseId=X&lat=1&lng=2')).toEqual({ by: 'vin', vin: '1M8GDM9AXKP042788' });
    for (const query of ['', 'lang=es', 'lat=30', 'city=Austin', 'lat=91&lng=0', 'lat=abc&lng=1', 'radius=5']) expect(read(query), query).toBeNull();
  });

  it('drops options it cannot use: a radius other than 5 is 10, a bad or reversed date range is none, a year out of range none', () => {
    expect(read('city=Austin&state=tx&radius=7&from=2026-03-20&to=2026-03-01&year=1800&yearMatch=approx')).toEqual({
      by: 'place',
      where: { city: 'Austin', state: 'TX' },
      radius: 10,
      yearMatch: 'approx',
    });
    expect(read('lat=1&lng=2&from=2026-02-30&to=2026-03-01')).not.toHaveProperty('from');
    expect(read(`lat=1&lng=2&near=${'x'.repeat(500)}`)).toMatchObject({ near: 'x'.repeat(120) });
  });

  it('covers the last 14 days up to today when no dates are given', () => {
    expect(dateRange({ by: 'place', where: { city: 'Austin', state: 'TX' }, radius: 10, yearMatch: 'exact' }, NOW)).toEqual({
      from: '2026-03-06',
      to: '2026-03-20',
    });
  });
});

describe('widening a place search that found nothing', () => {
  it('offers 10 miles, the last 30 days, the year ±2 and any make, each alone and all at once', () => {
    const ways = widenings(pin, NOW);
    expect(ways.map((w) => w.kind)).toEqual(['radius', 'recent', 'year', 'make']);
    expect(ways.map((w) => apiQuery(w.search))).toEqual([
      { ...apiQuery(pin), radius: '10' },
      { ...apiQuery(pin), from: '2026-02-18', to: '2026-03-20' },
      { ...apiQuery(pin), yearMatch: 'approx' },
      { lat: '30.2672', lng: '-97.7431', radius: '5', from: '2026-03-15', to: '2026-03-20', year: '2019', yearMatch: 'exact' },
    ]);
    expect(apiQuery(widest(pin, NOW)!)).toEqual({
      lat: '30.2672',
      lng: '-97.7431',
      radius: '10',
      from: '2026-02-18',
      to: '2026-03-20',
      year: '2019',
      yearMatch: 'approx',
    });
  });

  it('widens dates long past by a week either side (never past today), and offers nothing more than there is', () => {
    const old: ReportSearch = { by: 'place', where: { city: 'Austin', state: 'TX' }, radius: 10, from: '2026-01-10', to: '2026-01-16', yearMatch: 'exact' };
    expect(widenings(old, NOW)).toEqual([{ kind: 'dates', from: '2026-01-03', to: '2026-01-23', search: { ...old, from: '2026-01-03', to: '2026-01-23' } }]);
    expect(widest(old, NOW)).toBeNull();
    expect(widenings({ ...old, from: '2026-03-14', to: '2026-03-19' }, NOW)[0]).toMatchObject({ kind: 'recent', days: 30 });
    expect(widenings({ ...old, from: '2026-02-01', to: '2026-03-20' }, NOW)[0]).toMatchObject({ kind: 'dates', from: '2026-01-25', to: '2026-03-20' });
    expect(widenings({ by: 'vin', vin: '1M8GDM9AXKP042788' }, NOW)).toEqual([]);
  });
});
