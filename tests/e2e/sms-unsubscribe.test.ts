// /unsubscribe/{token} in chromium against the real server: opening the link stops nothing (messaging apps fetch links
// for their previews), the button stops the texts and says so, coming back shows it done, an unknown link says so
// calmly. Phone and desktop, English and Spanish, axe on every state.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { unsubscribePath } from '../../server/sms/stops.ts';
import { useAppAndBrowser } from '../testing/app-and-browser.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { DESKTOP, PHONE, browserAvailable, openPage, closePage } from '../testing/browser.ts';
import { copy, type Lang } from '../testing/copy.ts';
import { expectReflowAndTouchTargets } from '../testing/layout.ts';

/** Each test walks each language and each size in two runs, and the two tests between them every pair. */
type Walk = [string, Lang, typeof PHONE, string];
const PHONE_EN: Walk = ['phone', 'en', PHONE, '+12025550111'];
const PHONE_ES: Walk = ['phone', 'es', PHONE, '+12025550122'];
const DESKTOP_EN: Walk = ['desktop', 'en', DESKTOP, '+12025550133'];
const DESKTOP_ES: Walk = ['desktop', 'es', DESKTOP, '+12025550144'];
const WALKS = [PHONE_EN, PHONE_ES, DESKTOP_EN, DESKTOP_ES];

describe.runIf(browserAvailable)('the unsubscribe page', () => {
  const paths = new Map<string, string>();
  // The links the alert texts would carry, made in the server's database before it starts (PGlite is one process's).
  const suite = useAppAndBrowser({
    sponsorsReady: false,
    seed: async (db) => {
      for (const [, , , phone] of WALKS) paths.set(phone, await unsubscribePath(db, phone));
    },
  });

  const stopped = async (path: string) => ((await (await fetch(`${suite.server.url}/api/sms${path}`)).json()) as { stopped: boolean }).stopped;

  const check = async (page: Page, size: string, lang: Lang, state: string) => {
    await expectNoAxeViolations(page, `${size} ${lang} ${state}`);
    if (size === 'phone') await expectReflowAndTouchTargets(page, `${size} ${lang} ${state}`);
  };

  it.each([PHONE_EN, DESKTOP_ES])('%s, %s: asks first, stops on the button, stays stopped', async (size, lang, viewport, phone) => {
    const t = (key: string, end = phone.slice(-4)) => copy(lang, `unsubscribe:${key}`).replace('{{phoneEnd}}', end);
    const path = paths.get(phone) ?? '';
    const q = lang === 'es' ? '?lang=es' : '';
    const opened = await openPage(suite.browser, { viewport });
    const { page } = opened;

    // A preview of the link (the page's HTML, as a messaging app fetches it) and the page itself: nothing stopped.
    expect((await fetch(`${suite.server.url}${path}${q}`, { headers: { accept: 'text/html' } })).status).toBe(200);
    await page.goto(`${suite.server.url}${path}${q}`);
    await page.getByRole('heading', { level: 1, name: t('ask.title') }).waitFor();
    await page.getByText(t('ask.text')).waitFor();
    expect(await page.title()).toBe(`${t('ask.title')} | ${copy(lang, 'app:brand')}`);
    expect(await stopped(path)).toBe(false);
    await check(page, size, lang, 'asking');

    await page.getByRole('button', { name: t('ask.confirm') }).click();
    await page.getByRole('heading', { level: 1, name: t('done.title') }).waitFor();
    await page.getByRole('status').getByText(t('done.text')).waitFor();
    // The answer replaces the question: focus is on it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(t('done.title'));
    expect(await stopped(path)).toBe(true);
    expect(await page.getByRole('link', { name: t('done.search') }).getAttribute('href')).toBe(`/find-my-report${q}`);
    await check(page, size, lang, 'done');

    // Opening the link again: it says it is done, no button.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: t('done.title') }).waitFor();
    expect(await page.getByRole('button', { name: t('ask.confirm') }).count()).toBe(0);
    await closePage(opened);
  });

  it.each([PHONE_ES, DESKTOP_EN].map(([size, lang, viewport]) => [size, lang, viewport] as const))(
    '%s, %s: an unknown link says so, calmly',
    async (size, lang, viewport) => {
      const q = lang === 'es' ? '?lang=es' : '';
      const opened = await openPage(suite.browser, { viewport });
      const { page } = opened;
      await page.goto(`${suite.server.url}/unsubscribe/AAAAAAAAAAAAAAAA${q}`);
      await page.getByRole('heading', { level: 1, name: copy(lang, 'unsubscribe:unknown.title') }).waitFor();
      await page.getByText(copy(lang, 'unsubscribe:unknown.text')).waitFor();
      expect(await page.getByRole('link', { name: copy(lang, 'unsubscribe:unknown.home') }).getAttribute('href')).toBe(`/${q}`);
      expect(
        await page
          .getByRole('button')
          .filter({ hasText: copy(lang, 'unsubscribe:ask.confirm') })
          .count(),
      ).toBe(0);
      await check(page, size, lang, 'unknown link');
      await closePage(opened);
    },
  );
});
