// A person walks the claim calculator in Chromium against the real server, at phone and desktop size, in English and Spanish.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { startAppServer, type AppServer } from '../testing/app-server.ts';
import { buildApp } from '../testing/build-app.ts';
import { DESKTOP, PHONE, browserAvailable, launchBrowser } from '../testing/browser.ts';
import { copy, type Lang } from '../testing/copy.ts';

const ROUTE = '/calculate-your-accident-claim-value';

const runs = [
  { lang: 'en', size: 'phone', viewport: PHONE, phone: '2025550141' },
  { lang: 'es', size: 'phone', viewport: PHONE, phone: '2025550142' },
  { lang: 'en', size: 'desktop', viewport: DESKTOP, phone: '2025550143' },
  { lang: 'es', size: 'desktop', viewport: DESKTOP, phone: '2025550144' },
] as const;

describe.runIf(browserAvailable)('claim calculator in the browser', () => {
  let server: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAppServer({ staticDir: await buildApp() });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const heading = (page: Page, lang: Lang, key: string) => page.getByRole('heading', { level: 1, name: copy(lang, key) });
  /** With SCREENSHOT_DIR set, saves the screen as it is now, to look at (bench/screenshots.ts does the same for pages). */
  const shot = async (page: Page, name: string) => {
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: `${dir}/calculator-${name}.png`, fullPage: true });
  };
  const click = (page: Page, lang: Lang, key: string) => page.getByRole('button', { name: copy(lang, key), exact: true }).click();
  const choose = (page: Page, lang: Lang, question: string, answer: 'yes' | 'no') =>
    page.getByRole('radiogroup', { name: copy(lang, question) }).getByRole('radio', { name: copy(lang, `common:yesno.${answer}`) }).click();

  it.each(runs)('$lang at $size size: intro to confirmation, with the phone verified by SMS', async ({ lang, size, viewport, phone }) => {
    const at = (step: string) => `${lang}-${size}-${step}`;
    const page = await browser.newPage({ viewport });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}${ROUTE}?calc_id=e2e-${phone}&gclid=G-${phone}${lang === 'es' ? '&lang=es' : ''}`);

    await expect.poll(() => heading(page, lang, 'calculator:intro.title').isVisible()).toBe(true);
    await shot(page, at('0'));
    await click(page, lang, 'common:nav.continue');

    await heading(page, lang, 'calculator:step1.title').waitFor();
    const next = page.getByRole('button', { name: copy(lang, 'common:nav.next'), exact: true });
    expect(await next.isDisabled()).toBe(true);
    await shot(page, at('1-empty'));
    await choose(page, lang, 'calculator:step1.fault', 'no');
    expect(await next.isDisabled()).toBe(true);
    await choose(page, lang, 'calculator:step1.commercial', 'yes');
    await page.getByRole('slider', { name: copy(lang, 'calculator:step1.injuries') }).fill('2');
    await next.click();

    await heading(page, lang, 'calculator:step175.title').waitFor();
    // The phone's Back button goes back one step, and the answers are still there.
    await page.goBack();
    await heading(page, lang, 'calculator:step1.title').waitFor();
    const commercialYes = page
      .getByRole('radiogroup', { name: copy(lang, 'calculator:step1.commercial') })
      .getByRole('radio', { name: copy(lang, 'common:yesno.yes') });
    expect(await commercialYes.getAttribute('aria-checked')).toBe('true');
    await next.click();
    await heading(page, lang, 'calculator:step175.title').waitFor();
    // A reload keeps the step and the answers.
    await page.reload();
    await heading(page, lang, 'calculator:step175.title').waitFor();
    await shot(page, at('1.75'));
    await page.getByRole('slider', { name: copy(lang, 'calculator:step175.pain') }).fill('0');
    await next.click();

    await heading(page, lang, 'common:contact.title').waitFor();
    await page.getByLabel(copy(lang, 'common:contact.name'), { exact: true }).fill('Maria Lopez');
    await page.getByLabel(copy(lang, 'common:contact.email'), { exact: true }).fill(`maria.${phone}@example.com`);
    await page.getByLabel(copy(lang, 'common:contact.phone'), { exact: true }).fill(phone);
    await shot(page, at('2'));
    const smsBefore = server.lines.length;
    await next.click();

    await heading(page, lang, 'common:contact.codeTitle').waitFor();
    const code = await server.smsCode(`+1${phone}`, smsBefore);
    await shot(page, at('2.5'));
    await page.getByLabel(copy(lang, 'common:contact.code'), { exact: true }).fill(code);
    await next.click();

    await heading(page, lang, 'calculator:step3.title').waitFor();
    await page.getByText(copy(lang, 'common:caseValue.highest')).first().waitFor();
    await choose(page, lang, 'calculator:step3.consult', 'yes');
    await shot(page, at('3'));
    await click(page, lang, 'common:nav.submit');

    await heading(page, lang, 'calculator:step5.title').waitFor();
    await page.getByRole('radio', { name: copy(lang, 'common:callTime.s13') }).click();
    await shot(page, at('5'));
    await click(page, lang, 'common:nav.submit');
    const dialog = page.getByRole('dialog', { name: copy(lang, 'errors:THANK_YOU') });
    await dialog.waitFor();
    await shot(page, at('5-dialog'));
    await dialog.getByRole('button', { name: copy(lang, 'common:nav.ok') }).click();
    await page.waitForURL((url) => url.pathname === '/');

    expect(errors).toEqual([]);
    await page.close();
  });

  it('stored every lead with its answers, language, calc_id, gclid and call time', async () => {
    await server.stop();
    const db = await openPgliteDb(server.dataDir);
    try {
      const { rows } = await db.query<{ calc_id: string; phone: string; language: string; preferred_call_time: string; body: Record<string, unknown> }>(
        'SELECT calc_id, phone, language, preferred_call_time, body FROM leads ORDER BY id',
      );
      expect(rows.map((r) => [r.calc_id, r.phone, r.language, r.preferred_call_time])).toEqual(
        runs.map((r) => [`e2e-${r.phone}`, `+1${r.phone}`, r.lang, '1pm - 2pm']),
      );
      for (const row of rows) {
        expect(row.body).toMatchObject({
          firstName: 'Maria',
          lastName: 'Lopez',
          legal_consult: true,
          gclidcrm: `G-${row.phone.slice(2)}`,
          extraDetails: { accidentDetails: { fault: false, commercial: true, injuries: 2, earnings: 1, medical: 1, pain: 0 } },
        });
      }
    } finally {
      await db.close();
    }
  });
});
