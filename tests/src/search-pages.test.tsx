// The search's pages with a fake API. /results: the count in its singular and plural forms (English and Spanish), the
// report links, §8's nothing-found messages with one tap to widen, the options re-running the search through the URL, a
// failed search tried again, a broken link, and no search at all. /{id}: a report's short link, or not found.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../src/i18n.ts';
import { loadCatalogue } from '../testing/i18n.ts';
import { json, urlOf } from '../testing/fake-api.ts';
import { onScreen } from '../testing/on-screen.ts';
import { renderAppAt } from '../testing/render-app.tsx';

// The map's own chunk (Leaflet) is not this test's subject: a list of its points stands in.
vi.mock('../../src/pages/search/ResultsMap.tsx', () => ({
  default: ({ points, label }: { points: { n: number }[]; label: string }) => (
    <div role="region" aria-label={label}>
      {points.map((p) => p.n).join(',')}
    </div>
  ),
}));

const VIN = '1M8GDM9AXKP042788';
const result = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  occurredAt: '2026-03-14T17:42:00-05:00',
  city: 'Austin',
  state: 'TX',
  location: { lat: 30.267, lng: -97.743 },
  vehicles: [{ make: 'FORD', model: 'F-150', year: 2019 }],
  demo: false,
  ...extra,
});
const ID1 = 'AbCdEfGhIjKlMnOpQrStU1';
const ID2 = 'AbCdEfGhIjKlMnOpQrStU2';

let answers: Response[] = [];
const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(answers.shift() ?? json(500, { error: 'no answer left' })));
/** The search queries the page sent, in order. */
const sent = () => fetchMock.mock.calls.map(([input]) => Object.fromEntries(urlOf(input).searchParams));

beforeAll(async () => {
  await initI18n('en', [], loadCatalogue);
});
beforeEach(() => {
  answers = [];
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('the results page', () => {
  it.each([
    ['en', 1, '1 report found'],
    ['en', 2, '2 reports found'],
    ['es', 1, 'Se encontró 1 informe'],
    ['es', 2, 'Se encontraron 2 informes'],
  ] as const)('counts in %s: %i → "%s", each result opening its report with the proof the API gave for the VIN, never the VIN', async (lang, count, text) => {
    await i18next.changeLanguage(lang);
    const proof = (id: string) => `vAbCdEfGhIjKl.tqsyof.${id.slice(0, 16)}`;
    answers = [
      json(200, {
        count,
        more: false,
        results: [result(ID1, { proof: proof(ID1) }), result(ID2, { demo: true, city: 'Round Rock', proof: proof(ID2) })].slice(0, count),
      }),
    ];
    renderAppAt(`/results?vin=${VIN}${lang === 'es' ? '&lang=es' : ''}`);
    const heading = await screen.findByRole('heading', { level: 2, name: text });
    expect(sent()).toEqual([{ vin: VIN }]);
    const list = screen.getByRole('list', { name: text });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(count);
    expect(links[0]).toHaveAttribute('href', `/accident/${ID1}?proof=${proof(ID1)}${lang === 'es' ? '&lang=es' : ''}`);
    for (const link of links) expect(link.getAttribute('href')).not.toContain(VIN);
    expect(heading).toBeInTheDocument();
    if (count === 2) expect(within(list).getByText(lang === 'en' ? 'Demo data' : 'Datos de demostración')).toBeInTheDocument();
  });

  it('names the tab after the page and the brand, in the language chosen on it', async () => {
    answers = [json(200, { count: 1, more: false, results: [result(ID1)] })];
    renderAppAt(`/results?vin=${VIN}`);
    await waitFor(() => expect(document.title).toBe('Your search results | ClaimFlow'));
    await userEvent.click(screen.getAllByRole('button', { name: 'Ver esta página en español' })[0]!);
    await waitFor(() => expect(document.title).toBe('Resultados de su búsqueda | ClaimFlow'));
  });

  it('says the newest 50 are shown when more were found, and how to narrow the search', async () => {
    answers = [json(200, { count: 50, more: true, results: Array.from({ length: 50 }, (_, i) => result(String(i).padStart(22, 'x'))) })];
    renderAppAt('/results?vin=1M8GDM9AXKP042788');
    expect(await screen.findByRole('heading', { level: 2, name: 'More than 50 reports found' })).toBeInTheDocument();
    expect(screen.getByText('Showing the newest 50. A shorter date range or a smaller radius narrows the search.')).toBeInTheDocument();
  });

  it("shows §8's messages when nothing is found, the 10-day note and the alert offer with the search, and widens in one tap", async () => {
    const user = userEvent.setup();
    answers = [json(200, { count: 0, more: false, results: [] }), json(200, { count: 1, more: false, results: [result(ID1, { distanceMiles: 6.94 })] })];
    const query = 'lat=30.2672&lng=-97.7431&radius=5&make=FORD';
    // The map is drawn once it nears the screen (not the footer's operator, which would ask for the legal facts).
    onScreen('.locate-map__frame');
    renderAppAt(`/results?${query}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'No results found.' })).toBeInTheDocument();
    expect(screen.getByText('No results. Please try again with a different date range or city.')).toBeInTheDocument();
    expect(screen.getByText('Reports can take up to 10 days to appear, depending on state.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Notify me when it's filed" })).toHaveAttribute('href', `/notify-me?${query}`);
    expect(screen.getByRole('button', { name: 'Search the last 30 days' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Include every vehicle make' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search within 10 miles' }));
    const count = await screen.findByRole('heading', { level: 2, name: '1 report found' });
    await waitFor(() => expect(count).toHaveFocus());
    expect(new URLSearchParams(window.location.search).get('radius')).toBe('10');
    expect(sent()[1]).toEqual({ lat: '30.2672', lng: '-97.7431', radius: '10', make: 'FORD' });
    expect(screen.getByText(/6\.9 mi away/)).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Map of the reports found' })).toHaveTextContent('1');
  });

  it.each([
    ['en', 'vin', 'No report on the dates you gave', 'We found a report for this VIN from November 7. Is this your accident?'],
    ['es', 'vin', 'Ningún informe en las fechas que indicó', 'Encontramos un informe de este VIN del 7 de noviembre. ¿Es su accidente?'],
    ['en', 'case', 'No report on the dates you gave', 'We found a report with this case ID from November 7. Is this your accident?'],
  ] as const)('names a report of the VIN or case ID on another date instead of dropping the date (%s, %s)', async (lang, by, title, text) => {
    await i18next.changeLanguage(lang);
    const nov7 = result(ID1, { occurredAt: '2026-11-07T17:42:00-06:00' });
    answers = [json(200, { count: 0, more: false, results: [], otherDates: [nov7] })];
    const search =
      by === 'vin' ? `vin=${VIN}&from=2026-11-25&to=2026-12-01&city=Austin&state=TX` : 'caseId=TX-2026-0042&state=TX&from=2026-11-25&to=2026-12-01';
    renderAppAt(`/results?${search}${lang === 'es' ? '&lang=es' : ''}`);
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(sent()).toEqual([Object.fromEntries(new URLSearchParams(search))]);
    // What was searched says the dates too.
    expect(screen.getByRole('list', { name: lang === 'en' ? 'You searched for' : 'Usted buscó' })).toHaveTextContent(
      lang === 'en' ? 'Nov 25 – Dec 1, 2026' : '25 nov – 1 dic 2026',
    );
    // Linked as the results are.
    const list = screen.getByRole('list', { name: text });
    expect(within(list).getByRole('link').getAttribute('href')).toMatch(new RegExp(`^/accident/${ID1}\\b.*${lang === 'es' ? 'lang=es' : ''}`));
    expect(within(list).getByRole('link')).toHaveTextContent(lang === 'en' ? 'Sat, Nov 7, 2026' : 'sáb, 7 nov 2026');
  });

  it("names several other dates at once, and says nothing of other dates when the dates' reports are found", async () => {
    answers = [
      json(200, {
        count: 0,
        more: false,
        results: [],
        otherDates: [result(ID1, { occurredAt: '2026-11-07T17:42:00-06:00' }), result(ID2, { occurredAt: '2025-10-01T08:00:00-05:00' })],
      }),
    ];
    const { unmount } = renderAppAt(`/results?vin=${VIN}&from=2026-11-25&to=2026-12-01`);
    const list = await screen.findByRole('list', { name: 'We found reports for this VIN from November 7 and October 1, 2025. Is one of them your accident?' });
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    unmount();
    answers = [json(200, { count: 1, more: false, results: [result(ID1)] })];
    renderAppAt(`/results?vin=${VIN}&from=2026-03-11&to=2026-03-17`);
    await screen.findByRole('heading', { level: 2, name: '1 report found' });
    expect(screen.queryByText(/We found a report/)).toBeNull();
  });

  it('re-runs the search when an option changes, in place of the URL it had', async () => {
    const user = userEvent.setup();
    answers = [json(200, { count: 1, more: false, results: [result(ID1)] }), json(200, { count: 2, more: false, results: [result(ID1), result(ID2)] })];
    renderAppAt('/results?city=Austin&state=TX&radius=5&year=2019');
    await screen.findByRole('heading', { level: 2, name: '1 report found' });
    const length = window.history.length;
    await user.click(screen.getByRole('radio', { name: '10 miles' }));
    await screen.findByRole('heading', { level: 2, name: '2 reports found' });
    await user.click(screen.getByRole('radio', { name: '2017 to 2021 (±2 years)' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dates' }), 'The last 30 days');
    await waitFor(() => expect(sent()).toHaveLength(4));
    expect(sent()[3]).toMatchObject({ city: 'Austin', state: 'TX', radius: '10', year: '2019', yearMatch: 'approx' });
    expect(sent()[3]?.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(window.history.length).toBe(length);
  });

  it('says a search failed and tries again; a link the API refuses asks for a new search', async () => {
    const user = userEvent.setup();
    answers = [json(503, { error: 'unavailable' }), json(200, { count: 1, more: false, results: [result(ID1)] })];
    const { unmount } = renderAppAt('/results?vin=1M8GDM9AXKP042788');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't search right now");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: '1 report found' })).toBeInTheDocument();
    unmount();
    answers = [json(400, { error: 'validation', field: 'caseId', message: 'too long' })];
    renderAppAt('/results?caseId=X');
    expect(await screen.findByRole('alert')).toHaveTextContent('This search link is incomplete or has a mistake.');
    expect(screen.getByRole('link', { name: 'Find my report' })).toHaveAttribute('href', '/find-my-report');
  });

  it('offers to start a search when the URL holds none', async () => {
    renderAppAt('/results');
    expect(await screen.findByText("Tell us about your accident and we'll look for its report.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find my report' })).toHaveAttribute('href', '/find-my-report');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("a report's short link, /{id}", () => {
  it('shows the home screen with the report on top, opening its report screen', async () => {
    answers = [json(200, { ...result(ID1), vehicles: [{ make: 'HONDA', model: 'Civic', year: 2018 }] })];
    renderAppAt(`/${ID1}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Accident report' })).toBeInTheDocument();
    expect(await screen.findByText('Vehicles: 2018 Honda Civic')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the report' })).toHaveAttribute('href', `/accident/${ID1}`);
    expect(screen.getByRole('heading', { level: 2, name: 'Help after a car accident' })).toBeInTheDocument();
    expect(urlOf(fetchMock.mock.calls[0]![0]).pathname).toBe(`/api/reports/${ID1}`);
    await waitFor(() => expect(document.title).toBe('Accident report, Austin, TX | ClaimFlow'));
  });

  it('is the not-found page for an id the API does not know, and for anything not shaped like an id (not asked)', async () => {
    answers = [json(404, { error: 'not_found' })];
    const { unmount } = renderAppAt(`/${ID2}`);
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeInTheDocument();
    unmount();
    fetchMock.mockClear();
    renderAppAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the report could not be loaded and tries again', async () => {
    const user = userEvent.setup();
    answers = [json(503, { error: 'unavailable' }), json(200, result(ID1))];
    renderAppAt(`/${ID1}`);
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'View the report' })).toBeInTheDocument();
  });
});
