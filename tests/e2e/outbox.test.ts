// No lead lost or doubled: offline at submit, a reload, back online → the lead arrives once.
import { describe, expect, it } from 'vitest';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { useAppAndBrowser } from '../testing/app-and-browser.ts';
import { PHONE, browserAvailable, openPage, closePage } from '../testing/browser.ts';
import { copy } from '../testing/copy.ts';
import { FunnelWalk } from '../testing/funnel-walk.ts';

const TEST_PHONE = '2025550198';

describe.runIf(browserAvailable)('the outbox in the browser', () => {
  const suite = useAppAndBrowser({ env: { TEST_PHONE: `+1${TEST_PHONE}` } });

  it('keeps a lead submitted offline through a reload and sends it once when back online', async () => {
    const opened = await openPage(suite.browser, { viewport: PHONE });
    const { page } = opened;
    const w = new FunnelWalk(page, suite.server, 'en');
    const t = (key: string) => copy('en', key);
    const button = (key: string) => page.getByRole('button', { name: t(key), exact: true });
    const choose = (question: string, answer: 'yes' | 'no') =>
      page
        .getByRole('radiogroup', { name: t(question) })
        .getByRole('radio', { name: t(`common:yesno.${answer}`) })
        .click();

    await page.goto(`${suite.server.url}/calculate-your-accident-claim-value?calc_id=outbox`);
    await button('common:nav.continue').click();
    await choose('calculator:step1.fault', 'no');
    await choose('calculator:step1.commercial', 'no');
    await button('common:nav.next').click();
    await button('common:nav.next').click();
    await page.getByLabel(t('common:contact.name'), { exact: true }).fill('Ana Ruiz');
    await page.getByLabel(t('common:contact.email'), { exact: true }).fill('ana@example.com');
    await page.getByLabel(t('common:contact.phone'), { exact: true }).fill(TEST_PHONE);
    await w.agree('common:nav.sendCode');
    await choose('calculator:step3.consult', 'yes');
    // Online, the notice names who may call.
    const notice = page.locator('.consent__notice p:visible');
    await notice.waitFor();

    // Then the API cannot be reached: the submission waits in the outbox and a Network Error dialog says so, with a retry.
    await page.route('**/api/leads/**', (route) => route.abort('internetdisconnected'));
    await w.agree('common:nav.submit');
    const dialog = page.getByRole('alertdialog', { name: t('errors:NETWORK_ERROR') });
    await dialog.getByText(t('app:funnel.outboxFailed')).waitFor();
    await dialog.getByRole('button', { name: t('app:funnel.retry'), exact: true }).waitFor();
    // Closed, the notice and the retry stay in the page, and the button no longer says it is sending.
    await dialog.getByRole('button', { name: t('common:nav.close'), exact: true }).click();
    await page.getByRole('alert').getByText(t('app:funnel.outboxFailed')).waitFor();
    await button('app:funnel.retry').waitFor();
    await button('common:nav.submit').waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: t('calculator:step3.title') }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('claimflow:outbox'))).toContain('/leads/create/calc');
    // Still offline, who may call cannot be asked: no notice, so nothing to agree to, and a way to ask again.
    const askAgain = button('common:consent.sponsors.retry');
    await askAgain.waitFor();
    expect(await notice.count()).toBe(0);
    expect(await button('common:nav.submit').isDisabled()).toBe(true);

    // Back online: the outbox sends the lead by itself; submitting again gets the same answer, not a second lead.
    await page.unroute('**/api/leads/**');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    // Within 30 s, not expect.poll's default 1 s: a CI run sharing 2 cores with the other suites took longer.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('claimflow:outbox')), { timeout: 30_000 }).toBeNull();
    await choose('calculator:step3.consult', 'yes');
    await askAgain.click();
    await w.agree('common:nav.submit');
    await page.getByRole('heading', { level: 1, name: t('calculator:step5.title') }).waitFor();
    // The same words agreed to both times, naming who may call (and so the call time follows).
    expect(w.agreed[2]).toBe(w.agreed[1]);
    expect(w.agreed[1]).toContain('Summit Accident Lawyers');
    await page.getByRole('radio', { name: t('common:callTime.asap') }).waitFor();
    await closePage(opened);

    await suite.server.stop();
    const db = await openPgliteDb(suite.server.dataDir);
    try {
      const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM leads WHERE calc_id = 'outbox'");
      expect(rows[0]?.n).toBe(1);
    } finally {
      await db.close();
    }
  });
});
