// The find-my-report hand-off: the locating wizard's answers turned into the results URL (a VIN with its city and state
// first, or a case ID in its state, each on its date ±3 days; or the pin with make, year ±2 and a week around the date),
// and the widget that steps back and goes there once, or first has the flow search (its `query` prop) and hands off
// only when the flow comes back to it.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReportSearch, type ReportSearchProps } from '../../widgets/report-search/ReportSearch.tsx';
import { revealVin } from '../../widgets/report-search/search-handle.ts';
import { searchFromParams, searchOfAnswers, searchParams, searchPath } from '../../widgets/report-search/search-query.ts';
import { austin, goodVin } from '../testing/flows.ts';
import { renderWidget } from '../testing/render-widget.tsx';

const NOW = new Date(2026, 2, 20, 12);
const props = { href: '/results', text: 'search:find.searching.text' };
const query = (answers: Record<string, unknown>) => {
  const search = searchOfAnswers(answers, NOW);
  return search ? Object.fromEntries(searchParams(search)) : null;
};

describe('the locating answers as a search', () => {
  it('searches a VIN on its date with three days either side (not past today), its reports in the city and state given first', () => {
    expect(query({ locateBy: 'vin', vin: goodVin, date: '2026-03-14', place: austin, caseID: 'left over' })).toEqual({
      vin: goodVin,
      from: '2026-03-11',
      to: '2026-03-17',
      city: 'Austin',
      state: 'TX',
    });
    expect(query({ locateBy: 'vin', vin: goodVin, date: '2026-03-19', place: austin })).toMatchObject({ from: '2026-03-16', to: '2026-03-20' });
    // Answers the form would not let through still make the search they can.
    expect(query({ locateBy: 'vin', vin: goodVin, date: '', place: null })).toEqual({ vin: goodVin });
  });

  it("searches a case ID in the accident's state (case IDs repeat between agencies; the city chosen may be a neighbour's) on its date ±3 days", () => {
    expect(query({ locateBy: 'case', caseID: '  TX-2026-0042 ', date: '2026-03-14', place: austin, vin: '1HG' })).toEqual({
      caseId: 'TX-2026-0042',
      state: 'TX',
      from: '2026-03-11',
      to: '2026-03-17',
    });
  });

  it('makes a results URL that carries the date window, the city and the state, and reads back as the same search', () => {
    sessionStorage.clear();
    const search = searchOfAnswers({ locateBy: 'vin', vin: goodVin, date: '2026-03-14', place: austin }, NOW)!;
    const path = searchPath('/results', search);
    // The VIN stays in the tab: the URL holds a handle to it.
    expect(path).toMatch(/^\/results\?s=[a-z0-9]{12}&from=2026-03-11&to=2026-03-17&city=Austin&state=TX$/);
    expect(path).not.toContain(goodVin);
    expect(searchFromParams(revealVin(new URL(path, 'https://claimflow.test').searchParams), NOW)).toEqual(search);
    // Another tab (no handle kept) finds no search; a link with the VIN itself still works.
    sessionStorage.clear();
    expect(searchFromParams(revealVin(new URL(path, 'https://claimflow.test').searchParams), NOW)).toBeNull();
    expect(searchFromParams(revealVin(new URLSearchParams(`vin=${goodVin}&from=2026-03-11&to=2026-03-17&city=Austin&state=TX`)), NOW)).toEqual(search);
    const byCase = searchOfAnswers({ locateBy: 'case', caseID: 'TX-2026-0042', date: '2026-03-14', place: austin }, NOW)!;
    expect(searchPath('/results', byCase)).toBe('/results?caseId=TX-2026-0042&state=TX&from=2026-03-11&to=2026-03-17');
    expect(searchFromParams(new URLSearchParams(searchParams(byCase)), NOW)).toEqual(byCase);
  });

  it('searches 10 miles around the pin, the make, the year ±2 and three days either side of the date (not past today)', () => {
    const answers = { locateBy: 'map', location: { lat: 30.2672, lng: -97.7431 }, place: austin, vehicleMake: 'Ford', vehicleYear: 2019, date: '2026-03-18' };
    expect(query(answers)).toEqual({
      lat: '30.2672',
      lng: '-97.7431',
      radius: '10',
      from: '2026-03-15',
      to: '2026-03-20',
      make: 'FORD',
      year: '2019',
      yearMatch: 'approx',
      near: austin.address,
    });
    // A pin whose address was not found is still a place to search around.
    expect(query({ ...answers, place: null, date: '2026-03-01' })).toMatchObject({ from: '2026-02-26', to: '2026-03-04' });
    expect(query({ ...answers, place: null })).not.toHaveProperty('near');
  });

  it('makes no search of answers that do not make one', () => {
    expect(query({ locateBy: null })).toBeNull();
    expect(query({ locateBy: 'vin', vin: '1HG' })).toBeNull();
    expect(query({ locateBy: 'case', caseID: '   ' })).toBeNull();
    expect(query({ locateBy: 'map', location: null })).toBeNull();
  });
});

describe('the report-search widget', () => {
  it('once painted, steps back to the wizard (which keeps the answers) and goes to the results once, with a link meanwhile', async () => {
    const answers = { locateBy: 'vin', vin: goodVin, date: '2026-03-14', place: austin };
    const { send, navigate, update } = renderWidget(ReportSearch, { props, answers, ns: 'search' });
    // Not in the tap that showed the screen: after its paint.
    expect(navigate).not.toHaveBeenCalled();
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    const to = navigate.mock.calls[0]![0];
    expect(to).toMatch(/^\/results\?s=[a-z0-9]{12}&from=2026-03-11&to=2026-03-17&city=Austin&state=TX$/);
    expect(send.mock.calls).toEqual([[{ type: 'BACK' }]]);
    expect(screen.getByRole('status')).toHaveTextContent('Searching for your report…');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', to);
    update({ answers: { ...answers, locateBy: 'vin' } });
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('keeps the language on the fallback link', () => {
    renderWidget(ReportSearch, { props, answers: { locateBy: 'case', caseID: 'A-1', place: austin }, ns: 'search', lng: 'es' });
    expect(screen.getByRole('status')).toHaveTextContent('Buscando su informe…');
    expect(screen.getByRole('link')).toHaveAttribute('href', '/results?caseId=A-1&state=TX&lang=es');
  });

  it('only steps back when the answers make no search', async () => {
    const { send, navigate } = renderWidget(ReportSearch, { props, answers: { locateBy: null }, ns: 'search' });
    await waitFor(() => expect(send.mock.calls).toEqual([[{ type: 'BACK' }]]));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('with `query`, writes the search for the flow and asks it to run, once; as the hand-off it then becomes, goes to the results', async () => {
    const answers = { locateBy: 'vin', vin: goodVin, date: '2026-03-14', place: austin };
    const { send, navigate, update } = renderWidget<ReportSearchProps>(ReportSearch, { props: { ...props, query: 'search' }, answers, ns: 'search' });
    const apiQuery = { vin: goodVin, from: '2026-03-11', to: '2026-03-17', city: 'Austin', state: 'TX' };
    await waitFor(() => expect(send.mock.calls).toEqual([[{ type: 'ANSWER', values: { search: apiQuery } }], [{ type: 'NEXT' }]]));
    // The flow searches: nothing more meanwhile, whatever renders (a failed search stays here).
    update({ busy: true });
    update({ busy: false, answers: { ...answers, search: apiQuery } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(send).toHaveBeenCalledTimes(2);
    expect(navigate).not.toHaveBeenCalled();
    // Reports found: the flow's next step is the same screen, its widget the hand-off.
    update({ props });
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    const { vin, ...rest } = apiQuery;
    expect(navigate.mock.calls[0]![0]).toMatch(new RegExp(`^/results\\?s=[a-z0-9]{12}&${new URLSearchParams(rest).toString()}$`));
    expect(vin).toBe(goodVin);
    expect(send.mock.calls.at(-1)).toEqual([{ type: 'BACK' }]);
  });

  it('does nothing once its screen is gone before the paint', async () => {
    const { send, navigate, unmount } = renderWidget(ReportSearch, { props, answers: { locateBy: 'vin', vin: goodVin }, ns: 'search' });
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(send).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
