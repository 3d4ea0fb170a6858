// The report screen in chromium against the real server: a report ingested through POST /api/reports, opened at
// /accident/{id} (public facts only); a wrong VIN refused, the right one with a wrong last name refused, with the right
// one the full report (the proof a cookie: the URL unchanged, a reload and the PDF keep it); a search result's link and
// /accident/{id}/{vin} (the VIN gone from the address) asking only for a last name; the case ID and a name; the link
// copied without a proof; not found. Phone and desktop, English and Spanish, axe on every state.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSharedAppAndBrowser } from '../testing/app-and-browser.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { DESKTOP, PHONE, browserAvailable, closePage, openPage, type OpenPage } from '../testing/browser.ts';
import { copy, type Lang } from '../testing/copy.ts';
import { expectReflowAndTouchTargets } from '../testing/layout.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { ingestReports, sampleReport } from '../testing/reports.ts';

const VIN = '1HGCM82633A004352';
const CASE_ID = '24-0012345';
const WRONG_VIN = '2T1BURHE0JC012345';
/** In El Paso, far from the reports the search suite finds on the same shared server (in Austin). */
const EL_PASO = { city: 'El Paso', county: 'El Paso', zip: '79901', location: { lat: 31.7587, lng: -106.4869 } };

/**
 * Records layout shifts from the start, and when the report screen's card was first drawn: its own shifts are the ones
 * after that (before it the app's frame shows "Loading…" while the page's code comes).
 */
const recordShifts = () => {
  const w = window as unknown as { shifts: { at: number; value: number }[]; cardAt?: number };
  w.shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) w.shifts.push({ at: entry.startTime, value: entry.value });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver((_, observer) => {
    if (!document.querySelector('.report')) return;
    observer.disconnect();
    // After the first frame that shows it: that frame's shift is the frame's "Loading…" giving way, not the screen's.
    requestAnimationFrame(() => requestAnimationFrame(() => (w.cardAt = performance.now())));
  }).observe(document, { childList: true, subtree: true });
};

/** The layout shift so far: all of it, or only since the report screen's card was drawn. */
const layoutShift = (page: Page, since: 'start' | 'card') =>
  page.evaluate(async (from) => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const w = window as unknown as { shifts: { at: number; value: number }[]; cardAt?: number };
    const start = from === 'card' ? (w.cardAt ?? Infinity) : 0;
    return w.shifts.filter((s) => s.at >= start).reduce((sum, s) => sum + s.value, 0);
  }, since);

describe.runIf(browserAvailable)('the report screen', () => {
  const suite = useSharedAppAndBrowser();
  let id: string;

  beforeAll(async () => {
    expect(await ingestReports(suite.server.url, [sampleReport({ crashId: 'SCREEN-1', caseId: CASE_ID, ...EL_PASO })])).toMatchObject({
      accepted: 1,
      rejected: [],
    });
    const found = (await (await fetch(`${suite.server.url}/api/reports/search?vin=${VIN}`)).json()) as { results: { id: string }[] };
    expect(found.results).toHaveLength(1);
    id = found.results[0]!.id;
  });

  /** A new visitor's page, the clipboard allowed. */
  async function open(browser: Browser, viewport: typeof PHONE, path: string): Promise<OpenPage> {
    const opened = await openPage(browser, { viewport, acceptDownloads: true });
    await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    const { page } = opened;
    await page.addInitScript(recordShifts);
    await page.goto(`${suite.server.url}${path}`);
    return opened;
  }

  /** Axe on the page as it stands, and on a phone the reflow and touch-target checks. */
  const check = async (page: Page, size: string, lang: Lang, state: string) => {
    await expectNoAxeViolations(page, `${size} ${lang} ${state}`);
    if (size === 'phone') await expectReflowAndTouchTargets(page, `${size} ${lang} ${state}`);
  };

  /** The public report: its facts, nothing personal, drawn without moving things. */
  async function expectPublic(page: Page, size: string, lang: Lang) {
    const t = (key: string) => copy(lang, key);
    await page.getByRole('heading', { level: 2, name: t('report:screen.crash') }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t('report:screen.title'));
    // Nothing moves once the screen is drawn; on a phone nothing moves at all (the footer is below the fold from the
    // start). On a desktop the app frame's "Loading…" while a lazy page's code comes lets the footer up: the route's.
    expect(await layoutShift(page, 'card')).toBeLessThan(0.01);
    if (size === 'phone') expect(await layoutShift(page, 'start')).toBeLessThan(0.1);
    const text = (await page.textContent('main')) ?? '';
    expect(text).toContain('Austin Police Department');
    expect(text).toContain(t('report:values.weather.rain'));
    for (const hidden of ['Lopez', 'Carter', VIN, CASE_ID, 'Capital Towing', 'red light']) expect(text).not.toContain(hidden);
    await check(page, size, lang, 'public');
  }

  // Each size and each language twice, across the two proofs: the VIN walk at phone in English and desktop in Spanish,
  // the case ID walk the other way round.
  it.each([
    ['phone', 'en', PHONE],
    ['desktop', 'es', DESKTOP],
  ] as [string, Lang, typeof PHONE][])('%s, %s: public facts, a wrong VIN, a wrong name, both right, copy link, the PDF', async (size, lang, viewport) => {
    const t = (key: string) => copy(lang, key);
    const q = lang === 'es' ? '?lang=es' : '';
    const opened = await open(suite.browser, viewport, `/accident/${id}${q}`);
    const { page } = opened;
    await expectPublic(page, size, lang);

    // A wrong VIN: refused, said so at the field.
    const vinBox = page.getByRole('textbox', { name: copy(lang, 'locate:vin.label') });
    const nameBox = page.getByRole('textbox', { name: t('report:screen.proof.lastName') });
    await vinBox.fill(WRONG_VIN);
    await nameBox.fill('Lopez');
    await page.getByRole('button', { name: t('report:screen.proof.submit') }).click();
    await page.getByText(t('report:screen.proof.vinMismatch')).waitFor();
    expect(await vinBox.getAttribute('aria-invalid')).toBe('true');
    await check(page, size, lang, 'wrong VIN');

    // The right VIN (typed in small letters) with a name not in the report: refused at the name.
    await vinBox.fill(VIN.toLowerCase());
    await nameBox.fill('Smith');
    await page.getByRole('button', { name: t('report:screen.proof.submit') }).click();
    await page.getByText(t('report:screen.proof.nameMismatch')).waitFor();
    expect(await nameBox.getAttribute('aria-invalid')).toBe('true');
    expect((await page.textContent('main')) ?? '').not.toContain('Carter');

    // Both right: the full report, the URL unchanged; the other party cut to what a claim needs.
    await nameBox.fill('LOPEZ');
    await page.getByRole('button', { name: t('report:screen.proof.submit') }).click();
    await page.getByText(t('report:screen.involved')).waitFor();
    expect(page.url()).toBe(`${suite.server.url}/accident/${id}${q}`);
    const full = (await page.textContent('main')) ?? '';
    for (const shown of ['Maria Lopez', 'James Carter', VIN, CASE_ID, 'Capital Towing', 'red light', 'Class C']) expect(full).toContain(shown);
    expect(await page.getByRole('article', { name: /2013 Ford/ }).textContent()).toContain(t('report:screen.proof.otherParty'));

    // Copy link: the address without the VIN, and the message.
    await page.getByRole('button', { name: t('report:screen.actions.copy') }).click();
    await page.getByRole('status').getByText(copy(lang, 'errors:URL_IS_COPIED')).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${suite.server.url}/accident/${id}${q}`);
    await check(page, size, lang, 'involved, link copied');

    // The PDF: downloaded as a file that is a PDF, in the page's language, with the personal data (the proof's cookie)
    // and no proof in its address.
    const link = page.getByRole('link', { name: t('report:screen.actions.pdf') });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toBe(`/pdf/${id}?lang=${lang}`);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`accident-report-${id}.pdf`);
    const bytes = await readFile((await download.path()) ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(bytes)).toContain('Maria Lopez');
    // Another browser with the same address: the public PDF.
    expect(await pdfText(Buffer.from(await (await fetch(`${suite.server.url}${href}`)).arrayBuffer()))).not.toContain('Lopez');

    await closePage(opened);
  });

  it.each([
    ['phone', 'es', 'search', PHONE],
    ['desktop', 'en', 'vin', DESKTOP],
  ] as [string, Lang, 'search' | 'vin', typeof PHONE][])(
    '%s, %s: a %s link asks only a last name, its vehicle highlighted, no VIN left in the URL',
    async (size, lang, by, viewport) => {
      const t = (key: string) => copy(lang, key);
      const q = lang === 'es' ? '?lang=es' : '';
      const found = (await (await fetch(`${suite.server.url}/api/reports/search?vin=${VIN}`)).json()) as { results: { proof: string }[] };
      const proof = found.results[0]!.proof;
      expect(proof).not.toContain(VIN);
      const path = by === 'search' ? `/accident/${id}?proof=${proof}${lang === 'es' ? '&lang=es' : ''}` : `/accident/${id}/${VIN}${q}`;
      const opened = await open(suite.browser, viewport, path);
      const { page } = opened;
      await page.getByText(t('report:screen.proof.knownText')).waitFor();
      expect(page.url()).toBe(`${suite.server.url}/accident/${id}${q}`);
      expect(await page.getByRole('article', { name: /2003 Honda/ }).textContent()).toContain(t('report:screen.yourVehicle'));
      expect(await page.getByRole('textbox', { name: copy(lang, 'locate:vin.label') }).count()).toBe(0);
      for (const hidden of ['Lopez', 'Carter', CASE_ID]) expect((await page.textContent('main')) ?? '').not.toContain(hidden);
      await check(page, size, lang, 'first fact known');
      // A reload keeps the fact for the tab (not the URL).
      await page.reload();
      await page.getByText(t('report:screen.proof.knownText')).waitFor();
      await page.getByRole('textbox', { name: t('report:screen.proof.lastName') }).fill('lópez');
      await page.getByRole('button', { name: t('report:screen.proof.submit') }).click();
      await page.getByText(t('report:screen.involved')).waitFor();
      // Focus moves to the news that the full report is open (the form that had it is gone).
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t('report:screen.involved'));
      await page.reload();
      await page.getByText('Maria Lopez').waitFor();
      await closePage(opened);
    },
  );

  it('desktop, es: the case ID and a last name open the full report, never in the URL', async () => {
    const t = (key: string) => copy('es', key);
    const opened = await open(suite.browser, DESKTOP, `/accident/${id}?lang=es`);
    const { page } = opened;
    await expectPublic(page, 'desktop', 'es');
    await page.getByRole('radio', { name: t('report:screen.proof.caseId') }).check();
    await page.getByRole('button', { name: t('report:screen.proof.submit') }).click();
    await page.getByText(copy('es', 'errors:CASE_ID_IS_REQUIRED')).waitFor();
    await check(page, 'desktop', 'es', 'case ID required');
    await page.getByRole('textbox', { name: copy('es', 'locate:caseId.label') }).fill('240012345');
    await page.getByRole('textbox', { name: t('report:screen.proof.lastName') }).fill('carter');
    await page.getByRole('button', { name: t('report:screen.proof.submit') }).click();
    await page.getByText(t('report:screen.involved')).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/accident/${id}?lang=es`);
    await check(page, 'desktop', 'es', 'involved by case ID');
    await closePage(opened);
  });

  it.each([
    ['phone', 'en', PHONE],
    ['desktop', 'es', DESKTOP],
  ] as [string, Lang, typeof PHONE][])('%s, %s: an unknown report is calm: the delay and the way to search', async (size, lang, viewport) => {
    const t = (key: string) => copy(lang, key);
    const opened = await open(suite.browser, viewport, `/accident/AAAAAAAAAAAAAAAAAAAAAA${lang === 'es' ? '?lang=es' : ''}`);
    const { page } = opened;
    await page.getByRole('heading', { level: 1, name: t('report:screen.notFound.title') }).waitFor();
    await page.getByText(t('report:screen.notFound.delay')).waitFor();
    expect(await page.getByRole('link', { name: t('report:screen.notFound.find') }).getAttribute('href')).toBe(
      `/find-my-report${lang === 'es' ? '?lang=es' : ''}`,
    );
    await check(page, size, lang, 'not found');
    await closePage(opened);
  });
});
