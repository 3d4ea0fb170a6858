// Business users and call times in chromium against the real server, phone and desktop, English and Spanish, axe on
// every state: a business partner's link /business/{id}/{userId} shows the report and keeps the partner's token, which
// the next lead then carries; that lead's call time ends on the day and hours of the call, as the lead types' calls
// end the calculator when the consultation is declined; a commercial user's phone
// (blacklisted) gets the message inline and in a warning dialog whose Continue opens BUSINESS_SIGNUP_URL.
import { beforeAll, describe, expect, it } from 'vitest';
import { blacklist } from '../../server/store/blacklist.ts';
import { useAppAndBrowser } from '../testing/app-and-browser.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { DESKTOP, PHONE, browserAvailable, openPage, closePage } from '../testing/browser.ts';
import { copy, type Lang } from '../testing/copy.ts';
import { FunnelWalk, saveStepShot } from '../testing/funnel-walk.ts';
import { TEST_INGEST_KEY, ingestReports, sampleReport } from '../testing/reports.ts';

const VIN = '1HGCM82633A004352';
const SIGNUP = 'https://business.example.com/signup';
const TEST_PHONE = '2025550199';
/** A commercial user's phone, blacklisted before the server starts. */
const COMMERCIAL = '2025550142';
const CALCULATOR = '/calculate-your-accident-claim-value';
/** Each language and each size, in two runs (English on a phone, Spanish on a desktop), not all four. */
const RUNS = [
  ['phone', PHONE, 'en'],
  ['desktop', DESKTOP, 'es'],
] as const;

describe.runIf(browserAvailable)('business users and call times in the browser', () => {
  // The blacklist is the database's: filled in before the server starts (PGlite is one process's). The sponsors of
  // sponsors/ are ready (useAppAndBrowser), so that a consent names who may call and the call times follow.
  const suite = useAppAndBrowser({
    seed: (db) => blacklist(db, `+1${COMMERCIAL}`, 'commercial user'),
    env: { BUSINESS_SIGNUP_URL: SIGNUP, REPORT_INGEST_KEYS: TEST_INGEST_KEY, TEST_PHONE: `+1${TEST_PHONE}` },
  });
  let reportId: string;

  beforeAll(async () => {
    expect(await ingestReports(suite.server.url, [sampleReport({ crashId: 'BUSINESS-1' })])).toMatchObject({ accepted: 1, rejected: [] });
    const found = (await (await fetch(`${suite.server.url}/api/reports/search?vin=${VIN}`)).json()) as { results: { id: string }[] };
    reportId = found.results[0]!.id;
  });

  const query = (lang: Lang) => (lang === 'es' ? '?lang=es' : '');
  const shots = (size: string, lang: Lang) => `business-${size}-${lang}`;

  /** The calculator up to its contact step, then the phone typed and Send code, its notice read. */
  async function toContact(w: FunnelWalk, phone: string) {
    const { page, lang, t } = w;
    const next = page.getByRole('button', { name: t('common:nav.next'), exact: true });
    const choose = (question: string) =>
      page
        .getByRole('radiogroup', { name: t(question) })
        .getByRole('radio', { name: t('common:yesno.no') })
        .click();
    await page.goto(`${suite.server.url}${CALCULATOR}${query(lang)}`);
    await page.getByRole('button', { name: t('common:nav.continue'), exact: true }).click();
    await choose('calculator:step1.fault');
    await choose('calculator:step1.commercial');
    await next.click();
    await page.getByRole('heading', { level: 1, name: t('calculator:step175.title') }).waitFor();
    await next.click();
    await page.getByRole('heading', { level: 1, name: t('common:contact.title') }).waitFor();
    await page.getByLabel(t('common:contact.name'), { exact: true }).fill('Maria Lopez');
    await page.getByLabel(t('common:contact.email'), { exact: true }).fill('maria.lopez@example.com');
    await page.getByLabel(t('common:contact.phone'), { exact: true }).fill(phone);
    await w.agree('common:nav.sendCode');
  }

  for (const [size, viewport, lang] of RUNS) {
    const t = (key: string) => copy(lang, key);

    it(`a business partner's link keeps the token for the next lead, whose call time ends on the day of the call (${size}, ${lang})`, async () => {
      // A browser in Chicago: the calculator's lead names no place, so the call is in the browser's zone.
      const opened = await openPage(suite.browser, { viewport, timezoneId: 'America/Chicago' });
      const { page } = opened;
      const w = new FunnelWalk(page, suite.server, lang, shots(size, lang));
      const token = `biz-${size}-${lang}`;
      await page.goto(`${suite.server.url}/business/${reportId}/${token}${query(lang)}`);
      await page.getByRole('heading', { level: 1, name: t('report:screen.title') }).waitFor();
      await page.getByText(t('report:screen.business.title')).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('business-user-token'))).toBe(token);
      await saveStepShot(page, shots(size, lang), 'report');
      await expectNoAxeViolations(page, `${size} ${lang} business report`);

      // The next lead from this browser carries the token; the test phone skips the code.
      const lead = page.waitForRequest((r) => r.url().includes('/api/leads/create/calc'));
      await toContact(w, TEST_PHONE);
      await page.getByRole('heading', { level: 1, name: t('calculator:step3.title') }).waitFor();
      await page
        .getByRole('radiogroup', { name: t('calculator:step3.consult') })
        .getByRole('radio', { name: t('common:yesno.yes') })
        .click();
      await w.agree('common:nav.submit');
      // The lead carries the token, and the consent as the notice showed it, naming the sponsor who may call.
      expect((await lead).postDataJSON()).toMatchObject({
        businessUserToken: token,
        consent: { key: 'common:consent.notice.lead.calls', text: w.agreed[1], sponsors: ['summit-accident-lawyers'] },
      });
      expect((await lead).headers()['time-zone']).toBe('America/Chicago');

      await page.getByRole('heading', { level: 1, name: t('calculator:step5.title') }).waitFor();
      await page.getByRole('radio', { name: t('common:callTime.s15') }).click();
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/leads/update/time'));
      await page.getByRole('button', { name: t('common:nav.submit'), exact: true }).click();
      const { window } = (await (await answer).json()) as { window: { from: string; to: string; timeZone: string } };
      expect(window.timeZone).toBe('America/Chicago');
      const dialog = page.getByRole('dialog', { name: t('errors:THANK_YOU') });
      await dialog.waitFor();
      // 3pm to 4pm on a working day, written out in the page's language (from the minute it was asked for, when that is
      // within the hour: "3:10 PM").
      const day = new Intl.DateTimeFormat(`${lang}-US`, { timeZone: window.timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(
        new Date(window.from),
      );
      const when =
        lang === 'en'
          ? `We'll call you on ${day}, between 3(:[0-5]\\d)? PM and 4 PM \\(Central Time\\)\\.`
          : `Le llamaremos el ${day}, de 3(:[0-5]\\d)? p\\. m\\. a 4 p\\. m\\. \\(hora central\\)\\.`;
      expect(await dialog.textContent()).toMatch(new RegExp(when));
      await saveStepShot(page, shots(size, lang), 'call-time-dialog');
      await expectNoAxeViolations(page, `${size} ${lang} call time dialog`);
      await closePage(opened);
    });

    it(`the lead types' calls end the calculator with the day and hours of each service's call (${size}, ${lang})`, async () => {
      const opened = await openPage(suite.browser, { viewport, timezoneId: 'America/Chicago' });
      const { page } = opened;
      const w = new FunnelWalk(page, suite.server, lang);
      await toContact(w, TEST_PHONE);
      await page.getByRole('heading', { level: 1, name: t('calculator:step3.title') }).waitFor();
      await page
        .getByRole('radiogroup', { name: t('calculator:step3.consult') })
        .getByRole('radio', { name: t('common:yesno.no') })
        .click();
      await page.getByRole('button', { name: t('common:nav.submit'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: t('common:leadTypes.title') }).waitFor();
      const service = t('common:leadTypes.services.Chiropractor.name');
      await page.getByRole('checkbox', { name: service }).click();
      await page
        .getByRole('group', { name: copy(lang, 'common:leadTypes.timeFor').replace('{{service}}', service) })
        .getByText(t('common:leadTypes.half.PM'))
        .click();
      const answer = page.waitForResponse((r) => r.url().includes('/api/leads/create/calc'));
      await w.agree('common:nav.submit');
      // The service's sponsor is named by the notice, and the lead goes to it.
      expect((await answer).request().postDataJSON()).toMatchObject({
        consent: { key: 'common:consent.notice.lead.calls', text: w.agreed[1], sponsors: ['back-in-motion-chiropractic'] },
      });
      const { lead } = (await (await answer).json()) as { lead: { leadTypeWindows: Record<string, { from: string; to: string; timeZone: string }> } };
      const window = lead.leadTypeWindows.Chiropractor!;
      expect(window.timeZone).toBe('America/Chicago');
      const calls = page.getByRole('region', { name: t('common:callWindows.title') });
      await calls.waitFor();
      const day = new Intl.DateTimeFormat(`${lang}-US`, { timeZone: window.timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(
        new Date(window.from),
      );
      // PM is noon to 5pm, or what is left of it today.
      expect(await calls.textContent()).toContain(lang === 'en' ? `${day}, between ` : `El ${day}, de `);
      expect(await calls.textContent()).toContain(lang === 'en' ? ' and 5 PM (Central Time)' : ' a 5 p. m. (hora central)');
      await saveStepShot(page, shots(size, lang), 'lead-type-calls');
      await expectNoAxeViolations(page, `${size} ${lang} lead type calls`);
      await closePage(opened);
    });

    it(`a commercial user's phone gets the message inline and in a warning dialog, then the business sign-up page (${size}, ${lang})`, async () => {
      const opened = await openPage(suite.browser, { viewport });
      const { page } = opened;
      const w = new FunnelWalk(page, suite.server, lang);
      // The sign-up site stands in for the business service (no network in tests).
      await page.route(`${SIGNUP}**`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Business sign-up</title><h1>Business sign-up</h1></html>' }),
      );
      await toContact(w, COMMERCIAL);
      const dialog = page.getByRole('alertdialog', { name: t('errors:ATTENTION') });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(t('errors:COMMERCIAL_USER'));
      expect(await page.locator('#step-error').textContent()).toBe(t('errors:COMMERCIAL_USER'));
      const go = dialog.getByRole('button', { name: t('common:nav.continue') });
      expect(await go.evaluate((button) => button === document.activeElement)).toBe(true);
      await saveStepShot(page, shots(size, lang), 'commercial-dialog');
      await expectNoAxeViolations(page, `${size} ${lang} commercial user dialog`);
      await go.click();
      await page.waitForURL(SIGNUP);
      await page.getByRole('heading', { name: 'Business sign-up' }).waitFor();
      // Back returns to the contact step as it was, without the dialog.
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: t('common:contact.title') }).waitFor();
      expect(await page.getByLabel(t('common:contact.phone'), { exact: true }).inputValue()).toContain('555');
      expect(await page.getByRole('alertdialog').count()).toBe(0);
      await closePage(opened);
    });
  }
});
