// The report screen with a fake API: the public facts for anyone and nothing personal without a proof; the proof
// form's two facts (a VIN or case ID, and a last name), its checks and the API's answers (wrong, too many tries); a
// first fact from the URL (a VIN, a link's proof) moved out of the address bar into the tab, its vehicle highlighted and
// only a last name asked; copy link's messages; not found and a network failure.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { localDateTime, type Calendar } from '../../src/pages/report/format.ts';
import { ReportPage } from '../../src/pages/report/ReportPage.tsx';
import { catalogues, i18nFor, missingKeys, type Lang } from '../testing/i18n.ts';
import { publicReport, REPORT_ID as ID } from '../testing/report-views.ts';
import { json } from '../testing/fake-api.ts';
import { dateTimeFormat } from '../../engine/languages.ts';

const VIN = '1HGCM82633A004352';
const OTHER_VIN = '1FTFW1ET9DFC10312';
const CASE_ID = '24-0012345';

const fullReport = {
  ...publicReport,
  location: { lat: 30.2672, lng: -97.7431 },
  crashId: 'T-1',
  caseId: CASE_ID,
  street: 'E 6th St & Congress Ave',
  narrative: 'Unit 1 failed to stop for the red light.',
  vehicles: [
    {
      ...publicReport.vehicles[0],
      vin: VIN,
      towedBy: 'Capital Towing',
      insured: true,
      atFault: true,
      occupants: 2,
      seatbelt: true,
      airbags: false,
      driver: {
        firstName: 'Maria',
        lastName: 'Lopez',
        age: 34,
        gender: 'female',
        ethnicity: 'hispanic',
        residence: { city: 'Austin', state: 'TX', zip: '78702' },
        licenceType: 'Class C',
        licenceState: 'TX',
      },
    },
    {
      ...publicReport.vehicles[1],
      vin: OTHER_VIN,
      towedBy: null,
      insured: null,
      atFault: false,
      occupants: 1,
      seatbelt: null,
      airbags: null,
      driver: null,
      yours: false,
    },
  ],
  involved: true,
};
fullReport.vehicles[0] = { ...fullReport.vehicles[0], yours: true } as (typeof fullReport.vehicles)[0];
/** The proof a search result's link carries, standing for the first VIN. */
const TOKEN = 'vAbCdEfGhIjKl.tqsyof.AbCdEfGhIjKlMnOp';

/** The URL a fetch was called with. */
const urlOf = (input: RequestInfo | URL | undefined) => (input instanceof Request ? input.url : input instanceof URL ? input.href : (input ?? ''));

/**
 * The API of one report: GET /api/reports/:id (whole once this browser proved involvement, as the server's cookie
 * would) and POST /api/reports/:id/proof, matching the facts as the server does.
 */
function fakeApi(options: { limited?: boolean } = {}) {
  let proved = false;
  return vi.fn<typeof fetch>((input, init) => {
    const url = new URL(urlOf(input), 'http://localhost');
    if (url.pathname === `/api/reports/${ID}`) return Promise.resolve(json(200, proved ? fullReport : publicReport));
    if (url.pathname !== `/api/reports/${ID}/proof`) return Promise.resolve(json(404, { error: 'not_found' }));
    if (options.limited) return Promise.resolve(json(429, { error: 'rate_limited', retryAfter: 1800 }));
    const body = JSON.parse(init?.body as string) as { vin?: string; caseId?: string; token?: string; lastName?: string };
    const key = (s: string) => s.toUpperCase().replace(/[\s-]/g, '');
    const vehicle = body.token === TOKEN ? 1 : body.vin === undefined ? undefined : [VIN, OTHER_VIN].indexOf(body.vin.toUpperCase()) + 1 || undefined;
    const fact = 'token' in body ? vehicle !== undefined : 'vin' in body ? vehicle !== undefined : key(body.caseId ?? '') === key(CASE_ID);
    const field = 'token' in body ? 'token' : 'vin' in body ? 'vin' : 'caseId';
    if (!fact) return Promise.resolve(json(403, { error: 'not_involved', field }));
    if (body.lastName === undefined) return Promise.resolve(json(200, vehicle === undefined ? { proved: false } : { proved: false, vehicle }));
    if (body.lastName.toLowerCase() !== 'lopez') return Promise.resolve(json(403, { error: 'not_involved', field: 'lastName' }));
    proved = true;
    return Promise.resolve(json(200, { proved: true }));
  });
}

/** The URLs the page fetched (the API's paths), in order. */
const fetched = () => fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${urlOf(input)}`);

const t = (key: string, lang: Lang = 'en', values?: Record<string, unknown>) => i18nFor(lang).t(key, values);

function renderAt(path: string, lang: Lang = 'en') {
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  const result = render(
    <I18nextProvider i18n={i18nFor(lang)}>
      <Switch>
        <Route path="/accident/:id/:vin?">{(params: { id: string; vin?: string }) => <ReportPage id={params.id} vin={params.vin} />}</Route>
      </Switch>
    </I18nextProvider>,
  );
  return { ...result, user };
}

/** The report's first section is shown (the loading state has the same h1). */
const loaded = (lang: Lang = 'en') => screen.findByRole('heading', { level: 2, name: t('report:screen.crash', lang) });
/** The proof form, loaded once the report is shown. */
const proofForm = () => screen.findByRole('heading', { level: 2, name: t('report:screen.proof.title') });
/** The value of a fact row by its label, inside an element. */
const fact = (scope: HTMLElement, label: string) => within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

let fetchMock: ReturnType<typeof fakeApi>;
beforeEach(() => {
  sessionStorage.clear();
  fetchMock = fakeApi();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the report screen without a proof', () => {
  it('shows the public facts with their labels and nothing personal', async () => {
    renderAt(`/accident/${ID}`);
    await loaded();
    const page = document.body;
    expect(screen.getByText('Saturday, March 14, 2026, 5:30 PM · Austin, TX')).toBeInTheDocument();
    expect(fact(page, t('report:fields.policeDepartment'))).toBe('Austin Police Department');
    expect(fact(page, t('report:fields.weather'))).toBe('Rain');
    expect(fact(page, t('report:fields.roadCondition'))).toBe('Wet');
    expect(fact(page, t('report:fields.speedLimit'))).toBe('35 mph');
    expect(fact(page, t('report:fields.injuredCount'))).toBe('1');
    expect(fact(page, t('report:fields.occupantCount'))).toBe('3');
    const vehicle = screen.getByRole('article', { name: /Vehicle 1/ });
    expect(fact(vehicle, t('report:fields.damageArea'))).toBe('Front');
    expect(fact(vehicle, t('report:fields.make'))).toBe('Honda');
    for (const field of ['crashId', 'caseId', 'street', 'narrative', 'towedBy', 'insured', 'atFault', 'seatbelt', 'airbags', 'driver', 'licenceType']) {
      expect(screen.queryByText(t(`report:fields.${field}`), { selector: 'dt, h3, h4' })).toBeNull();
    }
    expect(document.body.textContent).not.toContain('Lopez');
    expect(document.body.textContent).not.toContain(VIN);
    expect(await proofForm()).toBeInTheDocument();
    expect(screen.queryByText(t('report:screen.demo.badge'))).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toBe(`/api/reports/${ID}`);
  });

  it('says the server is busy when the PDF is shed, tries again after its Retry-After and then saves the file', async () => {
    const api = fakeApi();
    let pdfAsks = 0;
    fetchMock.mockImplementation((input, init) => {
      if (!urlOf(input).startsWith(`/pdf/${ID}`)) return api(input, init);
      pdfAsks += 1;
      return Promise.resolve(
        pdfAsks === 1
          ? new Response(JSON.stringify({ error: 'overloaded', retryAfter: 1 }), { status: 503, headers: { 'retry-after': '1' } })
          : new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'content-type': 'application/pdf' } }),
      );
    });
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.href} ${this.download}`);
    });
    try {
      const { user } = renderAt(`/accident/${ID}?lang=es`, 'es');
      await loaded('es');
      await user.click(screen.getByRole('link', { name: t('report:screen.actions.pdf', 'es') }));
      expect(await screen.findByText(t('report:screen.actions.pdfBusy', 'es', { seconds: 1 }))).toBeInTheDocument();
      expect(screen.getByRole('link', { name: t('report:screen.actions.pdfPreparing', 'es') })).toHaveAttribute('aria-disabled', 'true');
      await waitFor(() => expect(saved).toEqual([`blob:pdf accident-report-${ID}.pdf`]), { timeout: 3000 });
      expect(pdfAsks).toBe(2);
      expect(screen.getByRole('link', { name: t('report:screen.actions.pdf', 'es') })).not.toHaveAttribute('aria-disabled');
      expect(screen.queryByText(t('report:screen.actions.pdfBusy', 'es', { seconds: 1 }))).toBeNull();
    } finally {
      click.mockRestore();
    }
  });

  it('says the PDF could not be downloaded when the report is gone', async () => {
    const api = fakeApi();
    fetchMock.mockImplementation((input, init) => (urlOf(input).startsWith('/pdf/') ? Promise.resolve(json(404, { error: 'not_found' })) : api(input, init)));
    const { user } = renderAt(`/accident/${ID}`);
    await loaded();
    await user.click(screen.getByRole('link', { name: t('report:screen.actions.pdf') }));
    expect(await screen.findByText(t('report:screen.actions.pdfFailed'))).toHaveAttribute('role', 'alert');
  });

  it('labels a demo report as demo data', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { ...publicReport, demo: true })));
    renderAt(`/accident/${ID}`);
    await loaded();
    expect(screen.getByText(t('report:screen.demo.badge'))).toBeInTheDocument();
  });

  it('links the PDF in the page language without a proof', async () => {
    renderAt(`/accident/${ID}?lang=es`, 'es');
    await loaded('es');
    const pdf = screen.getByRole('link', { name: t('report:screen.actions.pdf', 'es') });
    expect(pdf).toHaveAttribute('href', `/pdf/${ID}?lang=es`);
    expect(pdf).toHaveAttribute('download');
    expect(fact(document.body, t('report:fields.weather', 'es'))).toBe('Lluvia');
    expect(screen.getByText('sábado, 14 de marzo de 2026, 5:30 p. m. · Austin, TX')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('report:screen.next.calculator', 'es') })).toHaveAttribute(
      'href',
      '/calculate-your-accident-claim-value?lang=es',
    );
    expect(screen.getByRole('link', { name: t('report:screen.next.consultation', 'es') })).toHaveAttribute('href', '/request-attorney?lang=es');
  });
});

describe('the local date and time', () => {
  const calendar = (lang: Lang): Calendar => {
    const i18n = i18nFor(lang);
    return {
      weekdays: i18n.t('report:screen.calendar.weekdays', { returnObjects: true }) as unknown as string[],
      months: i18n.t('report:screen.calendar.months', { returnObjects: true }) as unknown as string[],
      date: (values) => i18n.t('report:screen.calendar.date', values),
      time: (values) => i18n.t('report:screen.calendar.time', values),
      am: i18n.t('report:screen.calendar.am'),
      pm: i18n.t('report:screen.calendar.pm'),
    };
  };

  it('reads the wall-clock time the agency wrote, whatever its offset, as Intl would print it', () => {
    for (const [at, lang] of [
      ['2026-01-01T00:05:00-10:00', 'en'],
      ['2026-02-28T12:00:00+00:00', 'en'],
      ['2026-12-31T23:59:59-05:00', 'es'],
      ['2024-02-29T07:30:00-08:00', 'es'],
    ] as [string, Lang][]) {
      const [y, mo, d, h, mi] = at.slice(0, 16).split(/[-T:]/).map(Number) as [number, number, number, number, number];
      const wall = new Date(Date.UTC(y, mo - 1, d, h, mi));
      const expected = {
        date: dateTimeFormat(lang, { dateStyle: 'full', timeZone: 'UTC' }).format(wall),
        time: dateTimeFormat(lang, { timeStyle: 'short', timeZone: 'UTC' })
          .format(wall)
          .replace(/\u202f/g, ' '),
      };
      expect(localDateTime(at, calendar(lang))).toEqual(expected);
    }
  });
});

describe('the report screen with a first fact in the URL', () => {
  it.each([
    ['the VIN of /accident/{id}/{vin}, in small letters', `/accident/${ID}/${VIN.toLowerCase()}`, { vin: VIN }],
    ["a search result's link proof", `/accident/${ID}?proof=${TOKEN}&lang=en`, { token: TOKEN }],
  ])('moves %s out of the address bar, highlights the vehicle and asks only for a last name', async (_, path, sent) => {
    const { user } = renderAt(path);
    await loaded();
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe(`/accident/${ID}${path.includes('lang=en') ? '?lang=en' : ''}`));
    expect(sessionStorage.getItem(`claimflow:report-fact:${ID}`)).toBe(JSON.stringify(sent));
    await waitFor(() => expect(screen.getByRole('article', { name: /Vehicle 1/ })).toHaveTextContent(t('report:screen.yourVehicle')));
    expect(screen.getByRole('article', { name: /Vehicle 2/ })).not.toHaveTextContent(t('report:screen.yourVehicle'));
    await proofForm();
    expect(screen.getByText(t('report:screen.proof.knownText'))).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: t('locate:vin.label') })).toBeNull();
    expect(document.body.textContent).not.toContain('Lopez');
    const lastName = screen.getByRole('textbox', { name: t('report:screen.proof.lastName') });
    await user.type(lastName, 'Smith');
    await user.click(screen.getByRole('button', { name: t('report:screen.proof.submit') }));
    expect(await screen.findByText(t('report:screen.proof.nameMismatch'))).toBeInTheDocument();
    expect(lastName).toHaveFocus();
    await user.clear(lastName);
    await user.type(lastName, 'Lopez');
    await user.click(screen.getByRole('button', { name: t('report:screen.proof.submit') }));
    expect(await screen.findByText(t('report:screen.involved'))).toBeInTheDocument();
    // The report and the fact's check at once; the wrong name; the right one; the full report the cookie now opens.
    expect(fetched().sort()).toEqual([
      `GET /api/reports/${ID}`,
      `GET /api/reports/${ID}`,
      `POST /api/reports/${ID}/proof`,
      `POST /api/reports/${ID}/proof`,
      `POST /api/reports/${ID}/proof`,
    ]);
    expect(fetched().at(-1)).toBe(`GET /api/reports/${ID}`);
    const bodies = fetchMock.mock.calls.flatMap(([, init]) => (init?.body === undefined ? [] : [JSON.parse(init.body as string) as unknown]));
    expect(bodies).toEqual([sent, { ...sent, lastName: 'Smith' }, { ...sent, lastName: 'Lopez' }]);
    // The fact has done its work: it is no longer kept.
    expect(sessionStorage.getItem(`claimflow:report-fact:${ID}`)).toBeNull();
  });

  it('shows every field of the catalogue, the driver and the narrative once proved, the other party cut down', async () => {
    const { user } = renderAt(`/accident/${ID}/${VIN}`);
    await proofForm();
    await user.type(screen.getByRole('textbox', { name: t('report:screen.proof.lastName') }), 'lopez');
    await user.click(screen.getByRole('button', { name: t('report:screen.proof.submit') }));
    expect(await screen.findByText(t('report:screen.involved'))).toBeInTheDocument();
    const page = document.body;
    expect(fact(page, t('report:fields.crashId'))).toBe('T-1');
    expect(fact(page, t('report:fields.caseId'))).toBe(CASE_ID);
    expect(fact(page, t('report:fields.street'))).toBe('E 6th St & Congress Ave');
    expect(screen.getByText('Unit 1 failed to stop for the red light.')).toBeInTheDocument();
    const first = screen.getByRole('article', { name: /Vehicle 1/ });
    expect(first).toHaveTextContent(t('report:screen.yourVehicle'));
    expect(fact(first, t('report:fields.vin'))).toBe(VIN);
    expect(fact(first, t('report:fields.towedBy'))).toBe('Capital Towing');
    expect(fact(first, t('report:fields.insured'))).toBe('Yes');
    expect(fact(first, t('report:fields.atFault'))).toBe('Yes');
    expect(fact(first, t('report:fields.occupants'))).toBe('2');
    expect(fact(first, t('report:fields.seatbelt'))).toBe('Worn');
    expect(fact(first, t('report:fields.airbags'))).toBe('Not deployed');
    expect(fact(first, t('report:fields.driverName'))).toBe('Maria Lopez');
    expect(fact(first, t('report:fields.age'))).toBe('34');
    expect(fact(first, t('report:fields.gender'))).toBe('Female');
    expect(fact(first, t('report:fields.ethnicity'))).toBe('Hispanic or Latino');
    expect(fact(first, t('report:fields.residence'))).toBe('Austin, TX 78702');
    expect(fact(first, t('report:fields.licenceType'))).toBe('Class C');
    expect(fact(first, t('report:fields.licenceState'))).toBe('TX');
    // Another party's vehicle: what a claim needs, said so; no seatbelt, age or home rows.
    const second = screen.getByRole('article', { name: /Vehicle 2/ });
    expect(second).toHaveTextContent(t('report:screen.proof.otherParty'));
    expect(fact(second, t('report:fields.towedBy'))).toBe(t('report:values.notReported'));
    expect(fact(second, t('report:fields.driverName'))).toBe(t('report:values.notReported'));
    for (const field of ['seatbelt', 'airbags', 'age', 'ethnicity', 'residence']) {
      expect(within(second).queryByText(t(`report:fields.${field}`), { selector: 'dt' }), field).toBeNull();
    }
    expect(screen.queryByRole('heading', { name: t('report:screen.proof.title') })).toBeNull();
    expect(screen.getByRole('link', { name: t('report:screen.actions.pdf') })).toHaveAttribute('href', `/pdf/${ID}?lang=en`);
  });

  it('asks for both facts again when the VIN of the URL is not one of the report, and says so', async () => {
    renderAt(`/accident/${ID}/${'2'.repeat(17)}`);
    expect(await screen.findByText(t('report:screen.proof.vinMismatch'))).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('Lopez');
    expect(screen.getByRole('textbox', { name: t('locate:vin.label') })).toHaveValue('2'.repeat(17));
    expect(screen.getByRole('textbox', { name: t('report:screen.proof.lastName') })).toHaveValue('');
    expect(sessionStorage.getItem(`claimflow:report-fact:${ID}`)).toBeNull();
    expect(screen.getByRole('link', { name: t('report:screen.actions.pdf') })).toHaveAttribute('href', `/pdf/${ID}?lang=en`);
  });

  it('says a link that expired is not one, and offers both fields', async () => {
    renderAt(`/accident/${ID}?proof=vOld.tqsyof.AbCdEfGhIjKlMnOp`);
    expect(await screen.findByRole('alert')).toHaveTextContent(t('report:screen.proof.tokenRefused'));
    expect(screen.getByRole('textbox', { name: t('locate:vin.label') })).toHaveValue('');
    expect(window.location.search).toBe('');
  });
});

describe('the proof form', () => {
  it('checks the VIN, the case ID and the last name before asking the API (§5)', async () => {
    const { user } = renderAt(`/accident/${ID}`);
    await loaded();
    await proofForm();
    const submit = screen.getByRole('button', { name: t('report:screen.proof.submit') });
    await user.click(submit);
    const vin = screen.getByRole('textbox', { name: t('locate:vin.label') });
    expect(vin).toHaveAccessibleDescription(expect.stringContaining(t('errors:VIN_IS_REQUIRED')) as string);
    expect(vin).toHaveFocus();
    expect(screen.getByRole('textbox', { name: t('report:screen.proof.lastName') })).toHaveAccessibleDescription(
      expect.stringContaining(t('report:screen.proof.lastNameRequired')) as string,
    );
    await user.type(vin, '1HGCM8');
    expect(vin).toHaveAccessibleDescription(expect.stringContaining(t('errors:VIN_SHOULD_BE_17')) as string);
    await user.click(screen.getByRole('radio', { name: t('report:screen.proof.caseId') }));
    await user.click(submit);
    expect(screen.getByRole('textbox', { name: t('locate:caseId.label') })).toHaveAccessibleDescription(
      expect.stringContaining(t('errors:CASE_ID_IS_REQUIRED')) as string,
    );
    expect(fetched()).toEqual([`GET /api/reports/${ID}`]);
  });

  it('says a wrong VIN does not match, then with the right one and a name shows the full report, the URL unchanged', async () => {
    const { user } = renderAt(`/accident/${ID}`);
    await loaded();
    await proofForm();
    const vin = screen.getByRole('textbox', { name: t('locate:vin.label') });
    await user.type(vin, '2'.repeat(17));
    await user.type(screen.getByRole('textbox', { name: t('report:screen.proof.lastName') }), 'Lopez');
    await user.click(screen.getByRole('button', { name: t('report:screen.proof.submit') }));
    expect(await screen.findByText(t('report:screen.proof.vinMismatch'))).toBeInTheDocument();
    expect(vin).toHaveAttribute('aria-invalid', 'true');
    await user.clear(vin);
    await user.type(vin, OTHER_VIN.toLowerCase());
    expect(screen.queryByText(t('report:screen.proof.vinMismatch'))).toBeNull();
    await user.click(screen.getByRole('button', { name: t('report:screen.proof.submit') }));
    expect(await screen.findByText(t('report:screen.involved'))).toBeInTheDocument();
    expect(window.location.pathname).toBe(`/accident/${ID}`);
  });

  it('proves with a case ID and a last name; nothing is kept in the tab or the URL', async () => {
    const { user } = renderAt(`/accident/${ID}`);
    await loaded();
    await proofForm();
    await user.click(screen.getByRole('radio', { name: t('report:screen.proof.caseId') }));
    await user.type(screen.getByRole('textbox', { name: t('locate:caseId.label') }), '240012345');
    await user.type(screen.getByRole('textbox', { name: t('report:screen.proof.lastName') }), 'LOPEZ');
    await user.click(screen.getByRole('button', { name: t('report:screen.proof.submit') }));
    expect(await screen.findByText(t('report:screen.involved'))).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe(`/accident/${ID}`);
    expect(sessionStorage.length).toBe(0);
    expect(JSON.parse(fetchMock.mock.calls[1]?.[1]?.body as string)).toEqual({ caseId: '240012345', lastName: 'LOPEZ' });
  });

  it('says how long to wait after too many tries', async () => {
    vi.stubGlobal('fetch', (fetchMock = fakeApi({ limited: true })));
    const { user } = renderAt(`/accident/${ID}`);
    await loaded();
    await proofForm();
    await user.type(screen.getByRole('textbox', { name: t('locate:vin.label') }), VIN);
    await user.type(screen.getByRole('textbox', { name: t('report:screen.proof.lastName') }), 'Lopez');
    await user.click(screen.getByRole('button', { name: t('report:screen.proof.submit') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('report:screen.proof.limited', 'en', { wait: '30 minutes' }));
  });
});

describe('copy link', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();
  /** After userEvent.setup(), which puts a clipboard of its own on navigator. */
  const fakeClipboard = () => Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  beforeEach(() => {
    writeText.mockReset();
  });

  it('copies the address without the VIN and says so', async () => {
    writeText.mockResolvedValue(undefined);
    const { user } = renderAt(`/accident/${ID}/${VIN}`);
    fakeClipboard();
    await loaded();
    await user.click(screen.getByRole('button', { name: t('report:screen.actions.copy') }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/accident/${ID}`);
    expect((await screen.findByText(t('errors:URL_IS_COPIED'))).closest('[role="status"]')).not.toBeNull();
  });

  it('says it could not, under the title Error, and shows the address to copy by hand', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    const { user } = renderAt(`/accident/${ID}?lang=es`, 'es');
    fakeClipboard();
    await loaded('es');
    await user.click(screen.getByRole('button', { name: t('report:screen.actions.copy', 'es') }));
    // The copy's own status line (the PDF's is beside it, empty).
    const status = (await screen.findByText(t('errors:URL_COULD_NOT_BE_COPIED', 'es'))).closest<HTMLElement>('[role="status"]');
    if (!status) throw new Error('the copy message is in no status region');
    expect(within(status).getByText(t('errors:ERROR', 'es'))).toBeInTheDocument();
    expect(status).toHaveTextContent(`${window.location.origin}/accident/${ID}?lang=es`);
  });
});

describe('when there is no report to show', () => {
  it('is calm about an unknown id: why, the delay, and the way to search', async () => {
    renderAt('/accident/unknown');
    expect(await screen.findByRole('heading', { level: 1, name: t('report:screen.notFound.title') })).toBeInTheDocument();
    expect(screen.getByText(t('report:screen.notFound.delay'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('report:screen.notFound.find') })).toHaveAttribute('href', '/find-my-report');
  });

  it('offers a retry when the API cannot be reached', async () => {
    const api = fetchMock;
    fetchMock = vi.fn<typeof fetch>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockImplementation(api);
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderAt(`/accident/${ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(t('report:screen.failed'));
    await user.click(screen.getByRole('button', { name: t('report:screen.retry') }));
    expect(await screen.findByText('Austin Police Department')).toBeInTheDocument();
  });
});

describe('the report catalogue', () => {
  const flat = (tree: unknown, prefix = ''): [string, string][] =>
    typeof tree === 'string' ? [[prefix, tree]] : Object.entries(tree as object).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k));
  const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

  it('has the same keys and placeholders in English and Spanish, none empty', () => {
    const en = new Map(flat(catalogues.en?.report));
    const es = new Map(flat(catalogues.es?.report));
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(es.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  afterAll(() => {
    // Every key the screen looked up in the tests above exists (i18next reports the missing ones).
    expect([...missingKeys].filter((key) => /^(report|locate|errors|common):/.test(key))).toEqual([]);
  });
});
