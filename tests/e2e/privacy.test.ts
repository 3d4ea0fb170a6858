// /privacy in chromium against the real server (issue 23 parts 5-6): a person proves their phone with the code texted
// to it, sees their requests, report alert and consents, and deletes them, in English and Spanish, at phone and desktop
// size; verified again, they see only the consent records kept. axe on every state; reflow and touch targets on the
// phone. SCREENSHOT_DIR=dir keeps screenshots.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { recordVerification } from '../../server/store/verifications.ts';
import { newVerificationId } from '../../server/verification-cookie.ts';
import { alertLeadBody } from '../testing/alerts.ts';
import { useAppAndBrowser } from '../testing/app-and-browser.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { DESKTOP, PHONE, browserAvailable, openPage, closePage } from '../testing/browser.ts';
import { copy, type Lang } from '../testing/copy.ts';
import { calcLeadBody, testConsent, uniquePhone } from '../testing/lead-bodies.ts';
import { send } from '../testing/requests.ts';
import { makeCodesApp, testConfig } from '../testing/test-servers.ts';
import { expectReflowAndTouchTargets } from '../testing/layout.ts';

/** Each size and each language once (CI's time: the two others' walks added a minute). */
const WALKS = [
  ['phone', 'en', PHONE],
  ['desktop', 'es', DESKTOP],
] as [string, Lang, typeof PHONE][];

const NAMES = { en: ['Rosalind', 'Whitfield'], es: ['Graciela', 'Montalbán'] };
const USER_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) ClaimFlowE2E/1.0';
const FREE_TEXT = 'The other driver ran the red light at Lamar and 6th.';

interface Person {
  phone: ReturnType<typeof uniquePhone>;
  name: string;
  email: string;
}

describe.runIf(browserAvailable)('the privacy page', () => {
  const people = new Map<string, Person>();
  // Each walk's person sent a calculator lead and subscribed to a report alert (through the API, before the server
  // starts on the same PGlite data), verified without a text so that the page's own code is the only one sent.
  const suite = useAppAndBrowser({
    sponsorsReady: false,
    seed: async (db, dataDir) => {
      const { app } = await makeCodesApp(db, Date.now, { config: testConfig({ dataDir }) });
      for (const [size, lang] of WALKS) {
        const phone = uniquePhone();
        const [firstName = '', lastName = ''] = NAMES[lang];
        const email = `${firstName.toLowerCase()}.${phone.national}@example.com`;
        const { id, idHash } = newVerificationId();
        await recordVerification(db, phone.e164, idHash);
        const cookie = `cf_verification=${id}`;
        const names = { firstName, lastName, email, language: lang };
        const ids: number[] = [];
        for (const [url, payload] of [
          ['/api/leads/create/calc', calcLeadBody(phone.typed, { ...names, consent: testConsent({ locale: lang }) })],
          [
            '/api/leads/create',
            alertLeadBody(
              phone.typed,
              { source: 'notify-me', vin: '1HGCM82633A004352' },
              { ...names, zip: '78701', consent: testConsent({ locale: lang, flowId: 'notify-me', pageUrl: 'https://claims.example.com/notify-me' }) },
            ),
          ],
        ] as const) {
          const res = await send(app, 'POST', url, { payload, cookie, headers: { 'user-agent': USER_AGENT } });
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
          ids.push(res.json<{ lead: { id: number } }>().lead.id);
        }
        // The calculator's request has its call time and free text, and reached a sponsor of sponsors/.
        const [calcId] = ids;
        for (const [url, payload] of [
          ['/api/leads/update/time', { ids: [calcId], preferredCallTime: 'Call ASAP' }],
          ['/api/leads/update', { lead_id: calcId, extra_details: { accidentDetails: { accidentReason: FREE_TEXT } } }],
        ] as const) {
          const res = await send(app, 'PUT', url, { payload, cookie, headers: { 'time-zone': 'America/Chicago' } });
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        }
        await db.query(
          `INSERT INTO deliveries (lead_id, sponsor_id, type, certificate_url, status, attempts, delivered_at)
         VALUES ($1, 'lone-star-injury-law', 'lead.created', 'https://claims.example.com/certificates/x', 'delivered', 1, now())`,
          [calcId],
        );
        people.set(`${size} ${lang}`, { phone, name: `${firstName} ${lastName}`, email });
      }
      await app.close();
    },
  });

  const check = async (page: Page, size: string, lang: Lang, state: string) => {
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: join(dir, `privacy-${state}-${size}-${lang}.png`), fullPage: true });
    await expectNoAxeViolations(page, `${size} ${lang} ${state}`);
    if (size === 'phone') await expectReflowAndTouchTargets(page, `${size} ${lang} ${state}`);
  };

  /** Types the phone, asks for a code, types the code the server texted and asks to see the data. */
  const prove = async (page: Page, lang: Lang, person: Person, size?: string) => {
    const t = (key: string) => copy(lang, `privacy:${key}`);
    const after = suite.server.lines.length;
    await page.getByLabel(t('phone.label')).fill(person.phone.typed);
    await page.getByRole('button', { name: t('phone.send') }).click();
    const code = await suite.server.smsCode(person.phone.e164, after);
    await page.getByLabel(t('code.label')).waitFor();
    if (size) await check(page, size, lang, 'code');
    await page.getByLabel(t('code.label')).fill(code);
    await page.getByRole('button', { name: t('code.check') }).click();
  };

  it.each(WALKS)('%s, %s: a person sees and deletes their data', async (size, lang, viewport) => {
    const t = (key: string) => copy(lang, `privacy:${key}`);
    const person = people.get(`${size} ${lang}`);
    if (!person) throw new Error('no person');
    const q = lang === 'es' ? '?lang=es' : '';
    const opened = await openPage(suite.browser, { viewport });
    const { page } = opened;

    await page.goto(`${suite.server.url}/privacy${q}`);
    await page.getByRole('heading', { level: 1, name: copy(lang, 'app:pages.privacy.title') }).waitFor();
    await page.getByRole('heading', { level: 2, name: t('yourData.title') }).waitFor();
    await check(page, size, lang, 'start');

    await prove(page, lang, person, size);
    await page.getByRole('heading', { level: 3, name: t('data.leads') }).waitFor();
    const shown = await page.locator('main').innerText();
    expect(shown.split(person.name).length - 1).toBe(2);
    expect(shown).toContain(person.email);
    expect(shown).toContain('1HGCM82633A004352');
    // Each request as stored: its funnel, answers with their labels, call time, free text, IP, browser, sponsor.
    for (const title of ['calculator:meta.title', 'notify:meta.title']) expect(shown).toContain(copy(lang, title));
    for (const label of ['data.answer.vin', 'data.answer.zip', 'data.answer.fault', 'data.callTime', 'data.freeText', 'data.ip', 'data.userAgent']) {
      expect(
        await page
          .getByRole('term')
          .filter({ hasText: t(label) })
          .count(),
        label,
      ).toBeGreaterThan(0);
    }
    for (const value of ['78701', 'Call ASAP', FREE_TEXT, '127.0.0.1', USER_AGENT]) expect(shown).toContain(value);
    expect(shown).toContain(t('data.sentTo').replace('{{name}}', 'Lone Star Injury Law').split(' {{date}}')[0]);
    expect(shown).toContain(t('data.alertActive').split(' {{date}}')[0]);
    expect(await page.getByText(t('data.wording')).count()).toBe(2);
    // What the person agreed to, in the very words the page showed them beside the button (a disclosure each).
    const wordings = await page.locator('blockquote.privacy__wording').allTextContents();
    expect(wordings.sort()).toEqual(['calculator', 'notify-me'].map((flowId) => testConsent({ locale: lang, flowId }).text).sort());
    await check(page, size, lang, 'data');

    await page.getByRole('button', { name: t('erase.start') }).click();
    await page.getByRole('heading', { level: 4, name: t('erase.confirmTitle') }).waitFor();
    // Focus moves to the question (once the confirmation has drawn).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(t('erase.confirmTitle'));
    await check(page, size, lang, 'confirm');
    await page.getByRole('button', { name: t('erase.confirm') }).click();
    await page.getByRole('heading', { level: 2, name: t('done.title') }).waitFor();
    const done = await page.getByRole('status').innerText();
    expect(done).toBe(
      t('done.erased')
        .replace('{{leads}}', t('done.requests_other').replace('{{count}}', '2'))
        .replace('{{alerts}}', t('done.alerts_one').replace('{{count}}', '1')),
    );
    await page.getByText(t('done.kept_other').replace('{{count}}', '2')).waitFor();
    await check(page, size, lang, 'done');

    // Verified again (on the phone walks): nothing but the 2 consent records kept, under the phone's hash.
    if (size === 'phone') {
      await page.goto(`${suite.server.url}/privacy${q}`);
      await prove(page, lang, person);
      await page.getByText(t('data.noLeads')).waitFor();
      await page.getByText(t('data.noAlerts')).waitFor();
      expect(await page.getByText(t('data.wording')).count()).toBe(2);
      const after = await page.locator('main').innerText();
      for (const gone of [person.name, person.email, '1HGCM82633A004352']) expect(after).not.toContain(gone);
    }
    await closePage(opened);
  });
});
