// The report alerts in Chromium against the real server, start to finish as a person lives them: subscribe at
// /alert-me, at /notify-me (from the results page's link, or by a pin on the map) or from find-my-report's "nothing found
// yet"; a matching report posted to POST /api/reports; the text with its link on the server's console (the console SMS
// provider); the link opened on the report with its personal data. Phone and desktop, English and Spanish, axe on every
// screen. Each walk has its own VIN and phone; the last test reads the alerts the walks left in the database.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { vinCheckDigit, today } from '../../engine/validators.ts';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { STATE_VIEWS } from '../../widgets/locate/map-view.ts';
import type { AppServer } from '../testing/app-server.ts';
import { useAppAndBrowser } from '../testing/app-and-browser.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { browserAvailable, closePage, openPage } from '../testing/browser.ts';
import { copy, type Lang } from '../testing/copy.ts';
import { FieldWalk, FunnelWalk, saveStepShot } from '../testing/funnel-walk.ts';
import { viewport, walkAlertSteps, walkFindMyReport, walkNotifyMe, type Run } from '../testing/funnel-walks.ts';
import { TEST_INGEST_KEY, localIso, sampleReport } from '../testing/reports.ts';
import { expectStoredAsShown, storedConsents } from '../testing/stored-consents.ts';

/** How long a text may take from the report's POST to the console (the issue: within seconds). */
const TEXT_WITHIN_MS = 10_000;

/** A VIN of this walk: a made-up serial with its check digit, so the form shows no warning. */
function vinOf(serial: string): string {
  const vin = `1FTFW1E5${'0'}LF${serial.padStart(6, '0')}`;
  return `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
}

/** A report from Texas whose first vehicle is the subscriber's, its driver named so the personal data is seen. */
function reportWith(unit: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const base = sampleReport();
  const [first, ...rest] = base.units as Record<string, unknown>[];
  const driver = { firstName: 'Rosa', lastName: 'Delgado', age: 41, gender: 'female' };
  return sampleReport({ units: [{ ...first, ...unit, driver }, ...rest], ...overrides });
}

async function postReport(server: AppServer, report: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${server.url}/api/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_INGEST_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify([report]),
  });
  const answer = (await res.json()) as { accepted?: number; rejected?: unknown[] };
  expect(res.status, JSON.stringify(answer)).toBe(200);
  expect(answer).toMatchObject({ accepted: 1, rejected: [] });
  return String(report.crashId);
}

/** The alert text to this phone printed after line `after` (console provider), and ms from `since` to seeing it. */
async function alertText(server: AppServer, e164: string, after: number, since = Date.now()): Promise<{ text: string; link: string; ms: number }> {
  const start = Date.now();
  for (;;) {
    const line = server.lines.slice(after).find((l) => l.startsWith(`SMS to ${e164}:`) && l.includes('/accident/'));
    const link = line && /(https?:\/\/\S+\/accident\/\S+)/.exec(line)?.[1];
    if (line && link) return { text: line.slice(`SMS to ${e164}: `.length), link, ms: Date.now() - since };
    if (Date.now() - start > TEXT_WITHIN_MS) throw new Error(`no alert text to ${e164} within ${TEXT_WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(browserAvailable)('report alerts in the browser', () => {
  const suite = useAppAndBrowser({ env: { REPORT_INGEST_KEYS: TEST_INGEST_KEY, DEMO_REPORTS: 'off' } });
  /** Each walk, by phone: the words of its consents as they were on screen at their buttons. */
  const walks = new Map<string, FunnelWalk>();
  const person = (page: Page, run: Run, shots: string) => {
    const w = new FunnelWalk(page, suite.server, run.lang, shots);
    walks.set(run.phone, w);
    return w;
  };
  const latencies: number[] = [];

  const open = (run: Run) => openPage(suite.browser, { viewport: viewport(run) });
  const close = closePage;

  const t = (lang: Lang, key: string) => copy(lang, key);

  /**
   * Posts the report, waits for its text to the walk's phone, opens the link and sees the report with its driver once the
   * person gives their last name (a link without a proof, from a match by place, asks for the VIN of their vehicle too).
   */
  async function textOpensReport(page: Page, run: Run, report: Record<string, unknown>, shot: string) {
    const before = suite.server.lines.length;
    const posted = Date.now();
    await postReport(suite.server, report);
    const sms = await alertText(suite.server, `+1${run.phone}`, before, posted);
    latencies.push(sms.ms);
    expect(sms.text).toContain(run.lang === 'es' ? 'su informe del accidente ya fue registrado' : 'your accident report is on file');
    const link = new URL(sms.link);
    expect(link.origin).toBe(suite.server.url);
    expect(link.searchParams.get('lang')).toBe(run.lang === 'es' ? 'es' : null);
    await page.goto(sms.link);
    if (!link.searchParams.has('proof')) {
      await page.getByRole('heading', { level: 2, name: t(run.lang, 'report:screen.proof.title') }).waitFor();
      expect(await page.getByText('Rosa Delgado').count()).toBe(0);
      await saveStepShot(page, shot, 'report-public');
      await expectNoAxeViolations(page, `${shot} report before the proof`);
      const vin = ((report.units as { vin: string }[])[0] ?? { vin: '' }).vin;
      await page.getByRole('textbox', { name: t(run.lang, 'locate:vin.label') }).fill(vin);
      await page.getByRole('textbox', { name: t(run.lang, 'report:screen.proof.lastName') }).fill('Delgado');
      await page.getByRole('button', { name: t(run.lang, 'report:screen.proof.submit') }).click();
      await page.getByText('Rosa Delgado').first().waitFor();
      await saveStepShot(page, shot, 'report');
      await expectNoAxeViolations(page, `${shot} report`);
      return link;
    }
    await seeReportWithDriver(page, run.lang, shot);
    return link;
  }

  /** The report opened by an alert's link that stands for its VIN: the person gives their last name, and sees the driver. */
  async function seeReportWithDriver(page: Page, lang: Lang, shot: string) {
    await page.getByRole('heading', { level: 1, name: t(lang, 'report:screen.title') }).waitFor();
    // The link's proof stands for the VIN (never written in it): only the last name is asked, the vehicle highlighted.
    await page.getByText(t(lang, 'report:screen.proof.knownText')).waitFor();
    expect(await page.getByText('Rosa Delgado').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('proof')).toBeNull();
    await page.getByRole('textbox', { name: t(lang, 'report:screen.proof.lastName') }).fill('delgado');
    await page.getByRole('button', { name: t(lang, 'report:screen.proof.submit') }).click();
    await page.getByText('Rosa Delgado').first().waitFor();
    await saveStepShot(page, shot, 'report');
    await expectNoAxeViolations(page, `${shot} report`);
  }

  it('subscribes at /alert-me by VIN (English, phone); the report posted later is texted, and its link opens it with its personal data', async () => {
    const run: Run = { lang: 'en', size: 'phone', phone: '2025550181', consult: 'yes', vin: vinOf('181') };
    const browser = await open(run);
    await walkNotifyMe(person(browser.page, run, 'alert-en-phone'), run, '/alert-me');
    const link = await textOpensReport(browser.page, run, reportWith({ vin: run.vin }), 'alert-en-phone');
    expect(link.pathname).toMatch(/^\/accident\/[A-Za-z0-9_-]{22}$/);
    expect(link.searchParams.get('proof')).toMatch(/^a[\w-]{22}\.[0-9a-z]+\.[\w-]{16}$/);
    expect(link.href).not.toContain(run.vin);
    await close(browser);
  });

  it("finds nothing yet at /find-my-report (Spanish, desktop), subscribes from there, and the Spanish text's link opens the report", async () => {
    const run: Run = { lang: 'es', size: 'desktop', phone: '2025550182', consult: 'no', vin: vinOf('182') };
    const browser = await open(run);
    await walkFindMyReport(person(browser.page, run, 'find-none-es-desktop'), run);
    await textOpensReport(browser.page, run, reportWith({ vin: run.vin }), 'find-none-es-desktop');
    await close(browser);
  });

  it("says at once that the report is already on file (English, desktop): from the results page's notify link, the VIN filled in", async () => {
    const run: Run = { lang: 'en', size: 'desktop', phone: '2025550183', consult: 'yes', vin: vinOf('183') };
    await postReport(suite.server, reportWith({ vin: run.vin }));
    const browser = await open(run);
    const { page } = browser;
    const w = person(page, run, 'on-file-en-desktop');
    await page.goto(`${suite.server.url}/results?vin=${run.vin}`);
    await page.getByRole('link', { name: t('en', 'search:results.notify.link') }).click();
    await w.heading('notify:intro.title').waitFor();
    await w.shot('0');
    await w.button('notify:intro.start').click();
    await w.at('notify:locate.title', '1.75');
    // The search came with the link: the VIN form is chosen and filled in; the date and city are the person's to give.
    expect(await page.getByRole('radio', { name: t('en', 'locate:choices.vin'), exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: t('en', 'locate:vin.label') }).inputValue()).toBe(run.vin);
    const fields = new FieldWalk(w);
    await fields.date('locate:date', today(new Date()), false);
    await fields.city('locate:city', 'Austin', 'Austin, TX');
    await w.shot('1.75-filled');
    await w.button('common:nav.next').click();
    const before = suite.server.lines.length;
    await walkAlertSteps(w, run, { onFile: true, stayOnLast: true });
    // Texted at once, like any match.
    const sms = await alertText(suite.server, `+1${run.phone}`, before);
    await page.getByRole('link', { name: t('en', 'common:alert.onFile.link') }).click();
    await page.waitForURL((url) => url.pathname === new URL(sms.link).pathname);
    await seeReportWithDriver(page, run.lang, 'on-file-en-desktop');
    await close(browser);
  });

  it('subscribes at /tx/notify-me by a pin with its make, year and date (Spanish, phone); a report near the pin that day is texted', async () => {
    const run: Run = { lang: 'es', size: 'phone', phone: '2025550184', consult: 'yes', locateBy: 'map-button', state: 'tx' };
    const browser = await open(run);
    await walkNotifyMe(person(browser.page, run, 'alert-map-es-phone'), run);
    // The pin was dropped at the middle of Texas's view; the walk gave a FORD of 2019 and today (the date wheel's day).
    const pin = STATE_VIEWS.tx!.center;
    const near = {
      location: { lat: pin.lat + 0.05, lng: pin.lng - 0.05 },
      city: 'Temple',
      county: 'Bell',
      zip: '76501',
      policeDepartment: 'Temple Police Department',
      occurredAt: localIso(Date.now(), -360),
    };
    const unit = { vin: vinOf('184'), make: 'FORD', model: 'Escape', year: 2018 };
    const link = await textOpensReport(browser.page, run, reportWith(unit, near), 'alert-map-es-phone');
    // Matched by place, not by VIN: the link has no proof (the personal data waited for the VIN and a name given on the report).
    expect(link.pathname).toMatch(/^\/accident\/[A-Za-z0-9_-]{22}$/);
    expect(link.searchParams.has('proof')).toBe(false);
    await close(browser);
  });

  it('stored each alert with its lead: the screen it came from, the phone and its language, its consents as shown', async () => {
    console.log(`alert texts seen on the console after the report's POST began: ${latencies.map((ms) => `${ms} ms`).join(', ')}`);
    await suite.server.stop();
    const db = await openPgliteDb(suite.server.dataDir);
    try {
      const { rows } = await db.query<{ source: string; phone: string; locale: string; vin: string | null; make: string | null }>(
        'SELECT a.source, a.phone, a.locale, a.vin, a.make FROM alerts a JOIN leads l ON l.id = a.lead_id ORDER BY a.phone',
      );
      expect(rows).toEqual([
        { source: 'alert', phone: '+12025550181', locale: 'en', vin: vinOf('181'), make: null },
        { source: 'find-my-report', phone: '+12025550182', locale: 'es', vin: vinOf('182'), make: null },
        { source: 'notify-me', phone: '+12025550183', locale: 'en', vin: vinOf('183'), make: null },
        { source: 'notify-me', phone: '+12025550184', locale: 'es', vin: null, make: 'FORD' },
      ]);
      for (const [phone, w] of walks) expectStoredAsShown(await storedConsents(db, `+1${phone}`), w.agreed, expect);
    } finally {
      await db.close();
    }
  });
});
