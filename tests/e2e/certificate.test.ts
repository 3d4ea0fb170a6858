// /certificates/{id} in chromium against the real server: a person reads their consent certificate in English and in
// Spanish, at phone and desktop size (what was agreed to, when and how, no phone or email in clear); an unknown
// certificate says so. axe on every state; reflow and touch targets on the phone. SCREENSHOT_DIR=dir keeps screenshots.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadCertificateKeys } from '../../server/certificates/certificate-keys.ts';
import { issueCertificate } from '../../server/certificates/issue-certificate.ts';
import { useAppAndBrowser } from '../testing/app-and-browser.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { DESKTOP, PHONE, browserAvailable, openPage, closePage } from '../testing/browser.ts';
import { copy, type Lang } from '../testing/copy.ts';
import { calcLeadBody, testConsent } from '../testing/lead-bodies.ts';
import { send, verifyTestPhone } from '../testing/requests.ts';
import { makeCodesApp, testConfig } from '../testing/test-servers.ts';
import { expectReflowAndTouchTargets } from '../testing/layout.ts';

const PERSON = { phone: '+12025550123', email: 'ana.lopez@example.com' };
/** Each test walks each language and each size in two runs, and the two tests between them every pair. */
type Walk = [string, Lang, typeof PHONE];
const PHONE_EN: Walk = ['phone', 'en', PHONE];
const PHONE_ES: Walk = ['phone', 'es', PHONE];
const DESKTOP_EN: Walk = ['desktop', 'en', DESKTOP];
const DESKTOP_ES: Walk = ['desktop', 'es', DESKTOP];

describe.runIf(browserAvailable)('the consent certificate page', () => {
  const certificates = new Map<Lang, string>();
  // Leads made through the API and certified in the server's database before it starts (PGlite is one process's); the
  // server then signs with the same key, kept in its data directory.
  const suite = useAppAndBrowser({
    sponsorsReady: false,
    seed: async (db, dataDir) => {
      const config = testConfig({ dataDir, testPhone: PERSON.phone });
      const { app } = await makeCodesApp(db, Date.now, { config });
      const { signer } = await loadCertificateKeys(config);
      for (const lang of ['en', 'es'] as const) {
        const cookie = await verifyTestPhone(app, PERSON.phone);
        const body = calcLeadBody('(202) 555-0123', { email: PERSON.email, language: lang, consent: testConsent({ locale: lang }) });
        const res = await send(app, 'POST', '/api/leads/create/calc', { payload: body, cookie, headers: { 'user-agent': 'Mozilla/5.0 (iPhone)' } });
        if (res.statusCode !== 200) throw new Error(`lead: ${res.statusCode} ${res.body}`);
        const leadId = res.json<{ lead: { id: number } }>().lead.id;
        certificates.set(lang, await db.transaction((tx) => issueCertificate(tx, leadId, signer)));
      }
      await app.close();
    },
  });

  const check = async (page: Page, size: string, lang: Lang, state: string) => {
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: join(dir, `certificate-${state.replaceAll(' ', '-')}-${size}-${lang}.png`), fullPage: true });
    await expectNoAxeViolations(page, `${size} ${lang} ${state}`);
    if (size === 'phone') await expectReflowAndTouchTargets(page, `${size} ${lang} ${state}`);
  };

  it.each([PHONE_EN, DESKTOP_ES])('%s, %s: shows what was agreed to, when and how, and the person only as fingerprints', async (size, lang, viewport) => {
    const t = (key: string) => copy(lang, `certificate:${key}`);
    const q = lang === 'es' ? '?lang=es' : '';
    const id = certificates.get(lang) ?? '';
    const opened = await openPage(suite.browser, { viewport });
    const { page } = opened;

    await page.goto(`${suite.server.url}/certificates/${id}${q}`);
    await page.getByRole('heading', { level: 1, name: t('title') }).waitFor();
    expect(await page.title()).toBe(`${t('title')} | ${copy(lang, 'app:brand')}`);
    // The very words the page showed the person beside the button, as their lead's consent sent them.
    expect(await page.locator('blockquote').innerText()).toBe(testConsent({ locale: lang }).text);
    expect(await page.locator('blockquote').getAttribute('lang')).toBe(lang);
    for (const heading of ['agreed.title', 'context.title', 'person.title', 'check.title']) {
      await page.getByRole('heading', { level: 2, name: t(heading) }).waitFor();
    }
    const row = (label: string) =>
      page
        .getByRole('term')
        .filter({ hasText: t(label) })
        .locator('xpath=following-sibling::dd');
    expect(await row('context.form').innerText()).toBe(t('context.formValue').replace('{{id}}', 'calculator').replace('{{version}}', '1'));
    expect(await row('context.page').innerText()).toBe(testConsent().pageUrl);
    expect(await row('context.browser').innerText()).toBe('Mozilla/5.0 (iPhone)');
    expect(await row('context.language').innerText()).toBe(t(`languages.${lang}`));
    expect(await row('person.phone').innerText()).toMatch(/^[0-9a-f]{64}$/);
    // Dates in the page's language.
    expect(await row('context.consentedAt').innerText()).toMatch(lang === 'es' ? / de 20\d\d/ : /, 20\d\d/);
    const text = await page.locator('main').innerText();
    for (const secret of [PERSON.phone, PERSON.phone.slice(2), '555-0123', PERSON.email]) expect(text).not.toContain(secret);
    expect(await page.getByRole('link', { name: t('check.keys') }).getAttribute('href')).toBe('/.well-known/claimflow-keys');
    await check(page, size, lang, 'certificate');

    // The signed certificate, on demand: the JSON a buyer gets from the same URL.
    await page.getByText(t('check.signed')).click();
    const shown = JSON.parse(await page.locator('pre').innerText()) as unknown;
    const asBuyer = (await (await fetch(`${suite.server.url}/certificates/${id}`, { headers: { accept: 'application/json' } })).json()) as unknown;
    expect(shown).toEqual(asBuyer);
    await closePage(opened);
  });

  it.each([PHONE_ES, DESKTOP_EN])('%s, %s: an unknown certificate says so', async (size, lang, viewport) => {
    const q = lang === 'es' ? '?lang=es' : '';
    const opened = await openPage(suite.browser, { viewport });
    const { page } = opened;
    await page.goto(`${suite.server.url}/certificates/AAAAAAAAAAAAAAAAAAAAAA${q}`);
    await page.getByRole('heading', { level: 1, name: copy(lang, 'certificate:unknown.title') }).waitFor();
    await page.getByText(copy(lang, 'certificate:unknown.text')).waitFor();
    expect(await page.getByRole('link', { name: copy(lang, 'certificate:unknown.home') }).getAttribute('href')).toBe(`/${q}`);
    await check(page, size, lang, 'unknown');
    await closePage(opened);
  });
});
