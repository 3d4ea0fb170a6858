// The browser's own navigation in a funnel: Back and Forward, a language switch mid-funnel, coming back after the end. A
// reload before a step's history entry is written: tests/src/funnel-history.test.tsx.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSharedAppAndBrowser } from '../testing/app-and-browser.ts';
import { PHONE, browserAvailable, openPage, closePage, type OpenPage } from '../testing/browser.ts';
import { copy, type Lang } from '../testing/copy.ts';
import { FunnelWalk } from '../testing/funnel-walk.ts';
import { SHARED_TEST_PHONE as TEST_PHONE } from '../testing/lead-bodies.ts';

const ROUTE = '/calculate-your-accident-claim-value';

describe.runIf(browserAvailable)('browser navigation in a funnel', () => {
  const suite = useSharedAppAndBrowser();
  /** The test's page (tests run one at a time). */
  let opened: OpenPage;
  let page: Page;
  const open = (run: OpenPage) => {
    opened = run;
    page = run.page;
  };

  const heading = (lang: Lang, key: string) => page.getByRole('heading', { level: 1, name: copy(lang, key) });
  const button = (lang: Lang, key: string) => page.getByRole('button', { name: copy(lang, key), exact: true });
  const choose = (lang: Lang, question: string, answer: 'yes' | 'no') =>
    page
      .getByRole('radiogroup', { name: copy(lang, question) })
      .getByRole('radio', { name: copy(lang, `common:yesno.${answer}`) })
      .click();

  async function toSliders(lang: Lang) {
    await page.goto(`${suite.server.url}${ROUTE}${lang === 'es' ? '?lang=es' : ''}`);
    await button(lang, 'common:nav.continue').click();
    await choose(lang, 'calculator:step1.fault', 'no');
    await choose(lang, 'calculator:step1.commercial', 'no');
    await button(lang, 'common:nav.next').click();
    await heading(lang, 'calculator:step175.title').waitFor();
  }

  it('Forward after Back does not move the funnel back again', async () => {
    open(await openPage(suite.browser, { viewport: PHONE }));
    await toSliders('en');
    await page.goBack();
    await heading('en', 'calculator:step1.title').waitFor();
    await page.goForward();
    await page.waitForTimeout(300);
    expect(await heading('en', 'calculator:step1.title').isVisible()).toBe(true);
    await button('en', 'common:nav.next').click();
    await heading('en', 'calculator:step175.title').waitFor();
    await closePage(opened);
  });

  it('keeps the language chosen mid-funnel through Back and a reload', async () => {
    open(await openPage(suite.browser, { viewport: PHONE }));
    await toSliders('en');
    await page
      .getByRole('banner')
      .getByRole('button', { name: copy('en', 'language.switchLabel') })
      .click();
    await heading('es', 'calculator:step175.title').waitFor();
    await page.goBack();
    await heading('es', 'calculator:step1.title').waitFor();
    await page.reload();
    await heading('es', 'calculator:step1.title').waitFor();
    await closePage(opened);
  });

  it('a Spanish browser lands in Spanish; English chosen in the header stays through a reload and the next page', async () => {
    open(await openPage(suite.browser, { viewport: PHONE, locale: 'es-US' }));
    await page.goto(`${suite.server.url}${ROUTE}`);
    await button('es', 'common:nav.continue').click();
    await choose('es', 'calculator:step1.fault', 'no');
    await page
      .getByRole('banner')
      .getByRole('button', { name: copy('es', 'language.switchLabel') })
      .click();
    await heading('en', 'calculator:step1.title').waitFor();
    // The answer given in Spanish is still chosen.
    expect(
      await page
        .getByRole('radiogroup', { name: copy('en', 'calculator:step1.fault') })
        .getByRole('radio', { name: copy('en', 'common:yesno.no') })
        .isChecked(),
    ).toBe(true);
    expect(new URL(page.url()).searchParams.get('lang')).toBeNull();
    await page.reload();
    await heading('en', 'calculator:step1.title').waitFor();
    await page.goto(`${suite.server.url}/`);
    await page.getByRole('heading', { level: 1, name: copy('en', 'search:home.title') }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await closePage(opened);
  });

  it('after the end, a reload stays on the confirmation and a new visit starts over', async () => {
    open(await openPage(suite.browser, { viewport: PHONE }));
    const w = new FunnelWalk(page, suite.server, 'en');
    await toSliders('en');
    await button('en', 'common:nav.next').click();
    await page.getByLabel(copy('en', 'common:contact.name'), { exact: true }).fill('Maria Lopez');
    await page.getByLabel(copy('en', 'common:contact.email'), { exact: true }).fill('maria@example.com');
    await page.getByLabel(copy('en', 'common:contact.phone'), { exact: true }).fill(TEST_PHONE);
    await w.agree('common:nav.sendCode');
    // The configured test phone skips the code.
    await heading('en', 'calculator:step3.title').waitFor();
    await choose('en', 'calculator:step3.consult', 'yes');
    await w.agree('common:nav.submit');
    await heading('en', 'calculator:step5.title').waitFor();
    // The end asks when to call (a sponsor may call), no time chosen yet.
    await page.getByRole('radio', { name: copy('en', 'common:callTime.asap') }).waitFor();
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
    await page.reload();
    await heading('en', 'calculator:step5.title').waitFor();
    await page.getByRole('radio', { name: copy('en', 'common:callTime.asap') }).waitFor();
    await page.getByRole('button', { name: copy('en', 'menu.open') }).click();
    await page
      .getByRole('navigation', { name: copy('en', 'menu.title') })
      .getByRole('link', { name: copy('en', 'calculator:meta.title') })
      .click();
    await heading('en', 'calculator:intro.title').waitFor();
    await closePage(opened);
  });
});
