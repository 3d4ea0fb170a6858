// A person's walk through the claim calculator in the browser, by visible text and roles, in either language.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningApp } from './app-server.ts';
import { copy, type Lang } from './copy.ts';
import { expectHeadingFocused, FunnelWalk } from './funnel-walk.ts';

export interface Walk {
  route: string;
  lang: Lang;
  /** US national number, unique per walk (the lead is found by it). */
  phone: string;
  consult: 'yes' | 'no';
  /** Prefix of screenshot names; with SCREENSHOT_DIR set, every step is saved there to look at. */
  shots?: string;
  /** Run on step 3.5 (consult 'no') before it is answered: a test launches a new version of the funnel there. */
  midway?: () => Promise<void>;
}

/** Walks the calculator; returns the words of each consent notice as they were on screen at its button. */
export async function walkCalculator(page: Page, server: RunningApp, walk: Walk): Promise<string[]> {
  const { lang, phone } = walk;
  const consent = new FunnelWalk(page, server, lang, walk.shots);
  const agree = (button: Locator) => consent.agreeWith(button);
  const t = (key: string) => copy(lang, key);
  /** Copy with its values filled in, as i18next fills them. */
  const fill = (key: string, values: Record<string, string>) => t(key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  const heading = (key: string) => page.getByRole('heading', { level: 1, name: t(key) });
  const button = (key: string) => page.getByRole('button', { name: t(key), exact: true });
  const choose = (question: string, answer: 'yes' | 'no') =>
    page
      .getByRole('radiogroup', { name: t(question) })
      .getByRole('radio', { name: t(`common:yesno.${answer}`) })
      .click();
  // Every step: a screenshot to look at (with SCREENSHOT_DIR set), the axe check and the phone's Back/Next bar.
  const shot = (step: string) => consent.shot(step);
  // A new step's heading, with focus moved onto it.
  const reached = async (key: string, step: string) => {
    await heading(key).waitFor();
    await expectHeadingFocused(page, step);
  };

  await page.goto(`${server.url}${walk.route}?calc_id=e2e-${phone}&gclid=G-${phone}${lang === 'es' ? '&lang=es' : ''}`);
  await heading('calculator:intro.title').waitFor();
  await shot('0');
  await button('common:nav.continue').click();

  await reached('calculator:step1.title', '1');
  const next = button('common:nav.next');
  expect(await next.isDisabled()).toBe(true);
  await shot('1');
  await choose('calculator:step1.fault', 'no');
  expect(await next.isDisabled()).toBe(true);
  await choose('calculator:step1.commercial', 'yes');
  await page.getByRole('slider', { name: t('calculator:step1.injuries') }).fill('2');
  await next.click();

  await heading('calculator:step175.title').waitFor();
  // The phone's Back button goes back one step, and the answers are still there.
  await page.goBack();
  await heading('calculator:step1.title').waitFor();
  const commercial = page.getByRole('radiogroup', { name: t('calculator:step1.commercial') });
  expect(await commercial.getByRole('radio', { name: t('common:yesno.yes') }).getAttribute('aria-checked')).toBe('true');
  await next.click();
  await heading('calculator:step175.title').waitFor();
  // A reload keeps the step and the answers, even one before the step's history entry is written (after its paint):
  // the page once went back to step 1 here for good on a busy machine (use-step-history.ts).
  await page.reload();
  await heading('calculator:step175.title').waitFor();
  await shot('1.75');
  await page.getByRole('slider', { name: t('calculator:step175.pain') }).fill('0');
  // An amount beside a slider, picked as a range of dollars.
  await page
    .getByRole('combobox', { name: t('common:amounts.medicalFuture') })
    .selectOption({ label: fill('common:amounts.between', { low: '$5,000', high: '$20,000' }) });
  await next.click();

  await reached('common:contact.title', '2');
  await page.getByLabel(t('common:contact.name'), { exact: true }).fill('Maria Lopez');
  await page.getByLabel(t('common:contact.email'), { exact: true }).fill(`maria.${phone}@example.com`);
  await page.getByLabel(t('common:contact.phone'), { exact: true }).fill(phone);
  await shot('2');
  const smsBefore = server.lines.length;
  await agree(button('common:nav.sendCode'));

  await reached('common:contact.codeTitle', '2.5');
  const code = await server.smsCode(`+1${phone}`, smsBefore);
  await page.getByLabel(t('common:contact.code'), { exact: true }).fill(code);
  await shot('2.5');
  await next.click();

  await reached('calculator:step3.title', '3');
  await page.getByText(t('common:caseValue.highest')).first().waitFor();
  // The estimate in dollars once the state is chosen: $5,000 to $20,000 expected, with the typical $10,000 to $50,000
  // so far (High injuries) and $1,000 to $5,000 of income, is $16,000 to $75,000, times 4.5 to 6 for High injuries.
  await page.getByText(t('estimate:chooseState')).waitFor();
  await page.getByRole('combobox', { name: t('estimate:state') }).selectOption({ label: t('estimate:states.TX') });
  await page.getByText(fill('estimate:range', { low: '$72,000', high: '$450,000' }), { exact: true }).waitFor();
  const texas = { state: t('estimate:states.TX') };
  await page.getByText(fill('estimate:reasons.fault.modified51', texas)).waitFor();
  await page.getByText(fill('estimate:insurance.minimum', { ...texas, perPerson: '$30,000', perCrash: '$60,000', property: '$25,000' })).waitFor();
  await page.getByText(fill('estimate:deadline.noDate', { ...texas, period: lang === 'es' ? '2 años' : '2 years' })).waitFor();
  await page.getByText(t('estimate:disclaimer')).waitFor();
  await choose('calculator:step3.consult', walk.consult);
  await shot('3');

  if (walk.consult === 'no') {
    // A No gives no consent here: the lead types come first.
    await button('common:nav.submit').click();
    await reached('common:leadTypes.title', '3.5');
    await shot('3.5');
    await walk.midway?.();
    await page.getByRole('checkbox', { name: t('common:leadTypes.notInterested') }).click();
    await agree(button('common:nav.submit'));
    await heading('calculator:step5.title').waitFor();
    // Nothing asked, so no one will call: the last screen says so.
    await page.getByText(t('common:done.noCalls')).waitFor();
    await shot('5');
    await button('common:nav.close').click();
  } else {
    await agree(button('common:nav.submit'));
    await heading('calculator:step5.title').waitFor();
    await page.getByRole('radio', { name: t('common:callTime.s13') }).click();
    await shot('5');
    await button('common:nav.submit').click();
    await consent.thanks('errors:YOUR_PREFERRED_TIME_FOR_CALL_HAS_BEEN_UPDATED', '5');
  }
  await page.waitForURL((url) => url.pathname === '/');
  return consent.agreed;
}
