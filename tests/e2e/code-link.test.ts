// The owner's way through when strangers used up their phone's guesses (issue 23 part 1), in chromium against the real
// server: the calculator's code step answers that codes for the number cannot be checked and to tap the link in the
// text, and offers a new code after its countdown (part 5). The link, read from the console SMS, opened in another
// browser confirms nothing (part 5: else a stranger who asked for the code would be verified by the owner's tap): its
// page says to open it where the code was asked for, and the first page stays. Opened in the browser that asked (another
// tab), its page says the number is confirmed, and the first page goes on by itself to the next step. English on a
// phone, Spanish on a desktop, axe on each state. SCREENSHOT_DIR=dir keeps screenshots.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from '../testing/app-and-browser.ts';
import type { AppServer } from '../testing/app-server.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { DESKTOP, PHONE, browserAvailable, openPage, closePage } from '../testing/browser.ts';
import { copy, type Lang } from '../testing/copy.ts';
import { fakeClock, HOUR_MS, MINUTE_MS } from '../testing/fake-clock.ts';
import { uniquePhone } from '../testing/lead-bodies.ts';
import { pendingCookie, smsSend, smsVerify } from '../testing/requests.ts';
import { makeCodesApp, testConfig } from '../testing/test-servers.ts';

const WALKS = [
  ['phone', 'en', PHONE],
  ['desktop', 'es', DESKTOP],
] as [string, Lang, typeof PHONE][];

/** The link of the next code text the console provider prints to e164 after line `after`, on the server's own origin. */
async function smsLink(server: AppServer, e164: string, after: number): Promise<string> {
  for (let waited = 0; waited < 30_000; waited += 50) {
    const line = server.lines.slice(after).find((l) => l.startsWith(`SMS to ${e164}:`));
    const link = line && /https?:\/\/\S+?(\/verify\/[\w-]+(?:\?lang=es)?)(?:\s|$)/.exec(line)?.[1];
    if (link) return `${server.url}${link}`;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no code text with a link to ${e164}`);
}

describe.runIf(browserAvailable)('the link of a code text', () => {
  const victims = new Map<string, ReturnType<typeof uniquePhone>>();
  // Each walk's phone had its 10 wrong guesses of the month from strangers (4 codes, 10 guesses, 14 addresses), made
  // through the API before the server starts on the same PGlite data.
  const suite = useAppAndBrowser({
    sponsorsReady: false,
    seed: async (db, dataDir) => {
      // An hour ago, so that the 4th code (3 in 10 minutes per phone) can be sent 10 minutes after the 3rd.
      const clock = fakeClock(Date.now() - HOUR_MS);
      const { app, sms } = await makeCodesApp(db, clock, { config: testConfig({ dataDir }) });
      let address = 0;
      const stranger = () => `198.51.100.${(address += 1)}`;
      for (const [size, lang] of WALKS) {
        const phone = uniquePhone();
        for (let guesses = 0; guesses < 10; guesses += 3) {
          if (guesses === 9) clock.advance(10 * MINUTE_MS);
          const cookie = pendingCookie(await smsSend(app, phone.national, stranger()));
          const wrong = sms.lastCode(phone.e164) === '0000' ? '0001' : '0000';
          for (let i = 0; i < Math.min(3, 10 - guesses); i += 1) await smsVerify(app, phone.national, wrong, stranger(), cookie);
        }
        victims.set(`${size} ${lang}`, phone);
      }
      const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM limit_events WHERE subject LIKE 'phoneFailures %'");
      expect(rows[0]?.n).toBe(20);
      await app.close();
    },
  });

  const check = async (page: Page, label: string) => {
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: join(dir, `code-link-${label.replaceAll(' ', '-')}.png`), fullPage: true });
    await expectNoAxeViolations(page, label);
  };

  it.each(WALKS)('%s, %s: the code step goes on by itself once the link in the text is opened', async (size, lang, viewport) => {
    const phone = victims.get(`${size} ${lang}`);
    if (!phone) throw new Error('no phone');
    const t = (key: string) => copy(lang, key);
    const heading = (page: Page, key: string) => page.getByRole('heading', { level: 1, name: t(key) });
    const opened = await openPage(suite.browser, { viewport });
    const { page } = opened;

    // The calculator to its code step.
    await page.goto(`${suite.server.url}/calculate-your-accident-claim-value${lang === 'es' ? '?lang=es' : ''}`);
    await heading(page, 'calculator:intro.title').waitFor();
    await page.getByRole('button', { name: t('common:nav.continue'), exact: true }).click();
    await heading(page, 'calculator:step1.title').waitFor();
    const next = page.getByRole('button', { name: t('common:nav.next'), exact: true });
    for (const question of ['calculator:step1.fault', 'calculator:step1.commercial']) {
      await page
        .getByRole('radiogroup', { name: t(question) })
        .getByRole('radio', { name: t('common:yesno.no') })
        .click();
    }
    await next.click();
    await heading(page, 'calculator:step175.title').waitFor();
    await next.click();
    await heading(page, 'common:contact.title').waitFor();
    await page.getByLabel(t('common:contact.name'), { exact: true }).fill('Maria Lopez');
    await page.getByLabel(t('common:contact.email'), { exact: true }).fill(`maria.${phone.national}@example.com`);
    await page.getByLabel(t('common:contact.phone'), { exact: true }).fill(phone.national);
    const smsBefore = suite.server.lines.length;
    // The contact step's button: Send code where the step shows the notice of what it agrees to, else Next.
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await page.getByRole('button', { name: new RegExp(`^(${escape(t('common:nav.sendCode'))}|${escape(t('common:nav.next'))})$`) }).click();
    await heading(page, 'common:contact.codeTitle').waitFor();

    // The right code: not checked, the phone's guesses are used up; the step says to tap the link.
    const code = await suite.server.smsCode(phone.e164, smsBefore);
    const link = await smsLink(suite.server, phone.e164, smsBefore);
    expect(link).toMatch(lang === 'es' ? /\/verify\/[\w-]{22}\?lang=es$/ : /\/verify\/[\w-]{22}$/);
    await page.getByLabel(t('common:contact.code'), { exact: true }).fill(code);
    await next.click();
    await page.getByRole('alert').getByText(t('errors:CONFIRM_BY_LINK')).waitFor();
    // A new code is offered once the step's countdown is over.
    const resend = page.getByRole('button', { name: t('common:contact.resend'), exact: true });
    expect(await resend.getAttribute('aria-disabled')).toBe('true');
    await page.getByText(t('common:contact.resendIn').split('{{time}}')[0]!.trim(), { exact: false }).waitFor();
    await check(page, `${size} ${lang} confirm by link`);

    // The link, opened in another browser (the owner's phone, if a stranger had asked): nothing is confirmed.
    const otherBrowser = await openPage(suite.browser, { viewport: PHONE });
    const otherPage = otherBrowser.page;
    await otherPage.goto(link);
    await heading(otherPage, 'verify:other.title').waitFor();
    await otherPage.getByText(t('verify:other.text')).waitFor();
    expect(await otherPage.getByText(t('verify:done.title')).count()).toBe(0);
    await check(otherPage, `${size} ${lang} link opened elsewhere`);
    await closePage(otherBrowser);
    // The first page asks every 3 seconds: it stays on the code step.
    await page.waitForTimeout(4_000);
    await heading(page, 'common:contact.codeTitle').waitFor();

    // The link, opened in the browser that asked for the code (another tab of it): the number is confirmed.
    const linkPage = await opened.context.newPage();
    await linkPage.goto(link);
    await heading(linkPage, 'verify:done.title').waitFor();
    await linkPage.getByText(t('verify:done.text')).waitFor();
    await check(linkPage, `${size} ${lang} link opened`);
    await linkPage.close();

    // The first page goes on by itself.
    await heading(page, 'calculator:step3.title').waitFor({ timeout: 15_000 });
    await closePage(opened);
  });
});
