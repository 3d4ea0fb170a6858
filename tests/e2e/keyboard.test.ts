// Every funnel completed with the keyboard alone (Tab, Shift+Tab, arrows, Space, Enter, typing): the calculator, the
// three accident funnels with each way of locating the report (VIN, case ID, a map pin dropped at the centre after
// panning the map with an arrow key), Camp Lejeune and workers' compensation. Locators only check where focus is and
// what was chosen; nothing is clicked or filled. At each consent the sponsors offered are ticked with Space, and what
// the notice said when its button was pressed is what the server stored.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { useAppAndBrowser } from '../testing/app-and-browser.ts';
import { DESKTOP, browserAvailable, openPage, closePage } from '../testing/browser.ts';
import { expectHeadingFocused, FunnelWalk } from '../testing/funnel-walk.ts';
import { expectStoredAsShown, storedConsents } from '../testing/stored-consents.ts';

/** The sponsors of sponsors/ (readySponsorsEnv) that a walk's lead may go to. */
const LONE_STAR = 'Lone Star Injury Law';
const BACK_IN_MOTION = 'Back in Motion Chiropractic';
const SUMMIT = 'Summit Accident Lawyers';

/** The words of each walk's consents as they were on screen at their buttons, by phone. */
const agreed = new Map<string, string[]>();

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until the target has focus, as a keyboard user would; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, backwards = false) {
  await target.waitFor();
  for (let i = 0; i < 40; i += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing');
  throw new Error(`Tab never reached ${target.toString()}; focus is on ${where}`);
}

/** Tabs to a button or link and presses Enter. */
async function activate(page: Page, target: Locator, key = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Tabs into a yes/no group (focus lands on its tab stop) and picks the answer with the arrow keys. */
async function answer(w: FunnelWalk, questionKey: string, value: 'yes' | 'no') {
  const group = w.page.getByRole('radiogroup', { name: w.t(questionKey) });
  const wanted = group.getByRole('radio', { name: w.t(`common:yesno.${value}`) });
  await tabTo(w.page, group.getByRole('radio').first());
  // Arrows move and choose; yes is first, so one press reaches no and the second comes back to yes.
  await w.page.keyboard.press('ArrowRight');
  if (value === 'yes') await w.page.keyboard.press('ArrowRight');
  expect(await wanted.getAttribute('aria-checked')).toBe('true');
}

/**
 * Consent by keyboard: the sponsors offered (those named, when several may call) each ticked with Space, the notice
 * then naming every one, read beside its button (on screen and uncovered, its words kept in `w.agreed`), and the
 * button reached with Tab and pressed with Enter.
 */
async function agree(w: FunnelWalk, buttonKey: string, sponsors: string[]) {
  const { page } = w;
  await page.locator('.consent__notice p:visible').waitFor();
  const boxes = await page
    .getByRole('group', { name: w.t('common:consent.sponsors.legend') })
    .getByRole('checkbox')
    .all();
  const offered = await Promise.all(boxes.map((box) => box.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '')));
  expect(offered.sort()).toEqual(sponsors.length > 1 ? [...sponsors].sort() : []);
  for (const box of boxes) {
    expect(await box.isChecked()).toBe(false);
    await tabTo(page, box);
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(true);
  }
  await w.agreeWith(w.button(buttonKey), { press: (button) => activate(page, button) });
  for (const name of sponsors) expect(w.agreed.at(-1)).toContain(name);
}

/** The contact and code steps by keyboard; Send code agreed to by keyboard, Enter in the last field submits the step. */
async function contact(w: FunnelWalk, phone: string) {
  const { page, t } = w;
  agreed.set(phone, w.agreed);
  await w.at('common:contact.title', '2');
  await tabTo(page, page.getByLabel(t('common:contact.name'), { exact: true }));
  await page.keyboard.type('Maria Lopez');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`maria.${phone}@example.com`);
  await tabTo(page, page.getByLabel(t('common:contact.phone'), { exact: true }));
  await page.keyboard.type(phone);
  const smsBefore = w.server.lines.length;
  await agree(w, 'common:nav.sendCode', []);
  await w.at('common:contact.codeTitle', '2.5');
  const code = await w.server.smsCode(`+1${phone}`, smsBefore);
  await tabTo(page, page.getByLabel(t('common:contact.code'), { exact: true }));
  await page.keyboard.type(code);
  await activate(page, w.button('common:nav.next'));
}

/** A city: typed, the first suggestion taken with ArrowDown and Enter. */
async function city(w: FunnelWalk, labelKey: string) {
  await tabTo(w.page, w.page.getByRole('combobox', { name: w.t(labelKey) }));
  await w.page.keyboard.type('Austin');
  await w.page.getByRole('option', { name: 'Austin, TX' }).first().waitFor();
  await w.page.keyboard.press('ArrowDown');
  await w.page.keyboard.press('Enter');
  expect(await w.page.getByRole('combobox', { name: w.t(labelKey) }).inputValue()).toContain('Austin');
}

/** The native date input on a desktop takes typed digits, month first in Chromium's en-US. */
async function date(w: FunnelWalk, labelKey: string, mmddyyyy: string) {
  await tabTo(w.page, w.page.getByLabel(w.t(labelKey), { exact: true }));
  await w.page.keyboard.type(mmddyyyy);
}

/** The thank-you dialog takes focus, so its button home is reached without leaving it. */
async function thanks(w: FunnelWalk, textKey: string) {
  const { page, t } = w;
  const dialog = page.getByRole('dialog', { name: t('errors:THANK_YOU') });
  await dialog.getByText(t(textKey)).waitFor();
  await activate(page, dialog.getByRole('button', { name: t('common:nav.home') }));
  await page.waitForURL((url) => url.pathname === '/');
}

/** Picks a call slot with the arrow keys from the first one, then submits and closes the thank-you dialog. */
async function callTime(w: FunnelWalk, slotKey: string, presses: number, submitKey: string) {
  const { page, t } = w;
  await tabTo(page, page.getByRole('radio').first());
  await page.keyboard.press('Space');
  for (let i = 0; i < presses; i += 1) await page.keyboard.press('ArrowDown');
  expect(await page.getByRole('radio', { name: t(slotKey) }).isChecked()).toBe(true);
  await activate(page, w.button(submitKey));
  await thanks(w, 'errors:YOUR_PREFERRED_TIME_FOR_CALL_HAS_BEEN_UPDATED');
}

/** Attorney and medical from the intro to the locating step: not at fault, no commercial vehicle, serious injuries. */
async function toLocating(w: FunnelWalk, ns: string, route: string) {
  const { page, t } = w;
  await w.open(route, `${ns}:intro.title`);
  await activate(page, w.button('common:nav.continue'));
  await w.at(`${ns}:step1.title`, '1');
  await answer(w, `${ns}:step1.fault`, 'no');
  await answer(w, `${ns}:step1.commercial`, 'no');
  const injuries = page.getByRole('slider', { name: t(`${ns}:step1.injuries`) });
  await tabTo(page, injuries);
  await page.keyboard.press('ArrowRight');
  expect(await injuries.inputValue()).toBe('2');
  await activate(page, w.button('common:nav.next'));
  await w.at(`${ns}:step15.title`, '1.5');
  await activate(page, w.button('common:nav.next'));
  await w.heading(`${ns}:step175.title`).waitFor();
  await expectHeadingFocused(page, '1.75');
}

/** One of the three locating choices: Tab lands on the first (VIN), ArrowRight moves the choice on and checks it. */
async function locateBy(w: FunnelWalk, presses: number, choiceKey: string) {
  const { page, t } = w;
  await tabTo(page, page.getByRole('radio', { name: t('locate:choices.vin'), exact: true }));
  for (let i = 0; i < presses; i += 1) await page.keyboard.press('ArrowRight');
  expect(await page.getByRole('radio', { name: t(choiceKey), exact: true }).isChecked()).toBe(true);
}

/** The case value step of the accident funnels: the estimate shown, the request made naming sponsors, on to step 4. */
async function requestFromCaseValue(w: FunnelWalk, ns: string, sponsors: string[]) {
  await w.at(`${ns}:step3.title`, '3');
  await w.page.getByText(w.t('common:caseValue.highest')).first().waitFor();
  await agree(w, `${ns}:step3.request`, sponsors);
  await w.at(`${ns}:step4.title`, '4');
}

describe.runIf(browserAvailable)('keyboard only', () => {
  const suite = useAppAndBrowser();

  const withPage = async (body: (w: FunnelWalk) => Promise<void>) => {
    const opened = await openPage(suite.browser, { viewport: DESKTOP, locale: 'en-US' });
    const { page } = opened;
    await body(new FunnelWalk(page, suite.server, 'en'));
    await closePage(opened);
  };

  it('truck accident, located by VIN: intro to thank-you', () =>
    withPage(async (w) => {
      const { page, t } = w;
      await w.open('/request-truck-attorney', 'truck:intro.title');
      await activate(page, w.button('common:nav.continue'));
      await w.at('truck:step1.title', '1');
      await answer(w, 'truck:step1.fault', 'no');
      await answer(w, 'truck:step1.commercial', 'yes');
      const injuries = page.getByRole('slider', { name: t('truck:step1.injuries') });
      await tabTo(page, injuries);
      await page.keyboard.press('End');
      expect(await injuries.inputValue()).toBe('2');
      await activate(page, w.button('common:nav.next'));
      await w.at('truck:step15.title', '1.5');
      await activate(page, w.button('common:nav.next'));
      await w.heading('truck:step175.title').waitFor();
      await expectHeadingFocused(page, '1.75');

      // The locating choices are native radios: Tab lands on the first (VIN), arrows move the choice, Space checks.
      const vinChoice = page.getByRole('radio', { name: t('locate:choices.vin'), exact: true });
      await tabTo(page, vinChoice);
      await page.keyboard.press('ArrowRight');
      expect(await page.getByRole('radio', { name: t('locate:choices.case'), exact: true }).isChecked()).toBe(true);
      await page.keyboard.press('ArrowLeft');
      expect(await vinChoice.isChecked()).toBe(true);
      await tabTo(page, page.getByRole('textbox', { name: t('locate:vin.label') }));
      await page.keyboard.type('1m8gdm9axkp042788');
      await page.getByRole('img', { name: t('locate:vin.valid') }).waitFor();
      await date(w, 'locate:date', '03142026');
      await city(w, 'locate:city');
      await activate(page, w.button('common:nav.next'));

      await contact(w, '2025550191');
      // In Texas two sponsors may call.
      await requestFromCaseValue(w, 'truck', [LONE_STAR, SUMMIT]);
      await callTime(w, 'common:callTime.s15', 4, 'common:nav.submit');
    }));

  it("workers' compensation: intro to thank-you", () =>
    withPage(async (w) => {
      const { page, t } = w;
      await w.open('/workers-compensation', 'workers-comp:intro.title');
      await activate(page, w.button('common:nav.continue'));
      await w.at('workers-comp:step1.title', '1');
      const injuries = page.getByRole('radiogroup', { name: t('workers-comp:step1.injuryType') });
      await tabTo(page, injuries.getByRole('radio').first());
      await page.keyboard.press('Space');
      expect(await injuries.getByRole('radio').first().isChecked()).toBe(true);
      await date(w, 'workers-comp:step1.date', '02032026');
      await city(w, 'workers-comp:step1.city');
      await activate(page, w.button('common:nav.next'));
      await contact(w, '2025550192');
      await w.at('workers-comp:step3.title', '3');
      await answer(w, 'workers-comp:step3.consult', 'yes');
      for (const key of ['common:consent.toggles.noLawyer', 'common:consent.toggles.injured']) {
        await tabTo(page, page.getByRole('checkbox', { name: t(key) }));
        await page.keyboard.press('Space');
      }
      await agree(w, 'common:nav.submit', [SUMMIT]);
      await w.at('workers-comp:step5.title', '5');
      await callTime(w, 'common:callTime.asap', 0, 'common:nav.done');
    }));

  it('claim calculator: intro to thank-you', () =>
    withPage(async (w) => {
      const { page, t } = w;
      await w.open('/calculate-your-accident-claim-value', 'calculator:intro.title');
      await activate(page, w.button('common:nav.continue'));
      await w.at('calculator:step1.title', '1');
      await answer(w, 'calculator:step1.fault', 'no');
      await answer(w, 'calculator:step1.commercial', 'yes');
      const injuries = page.getByRole('slider', { name: t('calculator:step1.injuries') });
      await tabTo(page, injuries);
      await page.keyboard.press('End');
      expect(await injuries.inputValue()).toBe('2');
      await activate(page, w.button('common:nav.next'));
      await w.at('calculator:step175.title', '1.75');
      const pain = page.getByRole('slider', { name: t('calculator:step175.pain') });
      await tabTo(page, pain);
      await page.keyboard.press('ArrowLeft');
      expect(await pain.inputValue()).toBe('0');
      // Back over the earnings slider with Shift+Tab: raised with an arrow too.
      const earnings = page.getByRole('slider', { name: t('calculator:step175.earnings') });
      await tabTo(page, earnings, true);
      await page.keyboard.press('ArrowUp');
      expect(await earnings.inputValue()).toBe('2');
      await activate(page, w.button('common:nav.next'));
      await contact(w, '2025550193');
      await w.at('calculator:step3.title', '3');
      await page.getByText(t('common:caseValue.highest')).first().waitFor();
      await answer(w, 'calculator:step3.consult', 'yes');
      await agree(w, 'common:nav.submit', [SUMMIT]);
      await w.at('calculator:step5.title', '5');
      await callTime(w, 'common:callTime.s13', 3, 'common:nav.submit');
    }));

  it('attorney, located by a map pin, with the story typed: intro to thank-you', () =>
    withPage(async (w) => {
      const { page, t } = w;
      await toLocating(w, 'attorney', '/request-attorney');
      await locateBy(w, 2, 'locate:choices.map');
      // Leaflet's map takes focus and pans with the arrow keys; the pin then goes at its centre by the button made
      // for keyboards (a click on the map needs a pointer).
      const map = page.getByRole('region', { name: t('locate:map.label') });
      await tabTo(page, map);
      await page.keyboard.press('ArrowLeft');
      // The pan glides for a quarter of a second; the centre the button uses is taken once it stops.
      await page.locator('.leaflet-pan-anim').waitFor({ state: 'detached' });
      await activate(page, page.getByRole('button', { name: t('locate:map.dropAtCentre') }));
      const address = page.getByText(t('locate:map.address').split('{{')[0] ?? '');
      await address.waitFor();
      // One pan west of the starting view (the whole US, centred in Kansas) is Colorado: the pin is where the map went.
      expect(await address.textContent()).toMatch(/, CO \d{5}, USA$/);
      await page.getByRole('button', { name: t('locate:map.pin') }).waitFor();
      const make = page.getByRole('combobox', { name: t('locate:make.label') });
      await tabTo(page, make);
      await page.keyboard.type('for');
      await page.getByRole('option', { name: 'Ford', exact: true }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      expect(await make.inputValue()).toBe('Ford');
      await tabTo(page, page.getByRole('textbox', { name: t('locate:year.label') }));
      await page.keyboard.type('2019');
      await date(w, 'locate:date', '03142026');
      await activate(page, w.button('common:nav.next'));

      await contact(w, '2025550194');
      // In Colorado one sponsor may call: the notice names it, with no box to tick.
      await requestFromCaseValue(w, 'attorney', [SUMMIT]);
      const story = page.getByRole('textbox', { name: t('attorney:step4.story') });
      await tabTo(page, story);
      await page.keyboard.type('A car ran the red light and hit my door.');
      expect(await story.inputValue()).toBe('A car ran the red light and hit my door.');
      await activate(page, w.button('common:nav.submit'));
      await thanks(w, 'errors:REQUEST_RECEIVED');
    }));

  it('medical compensation, located by case ID: intro to thank-you', () =>
    withPage(async (w) => {
      const { page, t } = w;
      await toLocating(w, 'medical', '/medical-compensation');
      await locateBy(w, 1, 'locate:choices.case');
      await tabTo(page, page.getByRole('textbox', { name: t('locate:caseId.label') }));
      await page.keyboard.type('TX-2026-0042');
      await date(w, 'locate:date', '03142026');
      await city(w, 'locate:city');
      await activate(page, w.button('common:nav.next'));
      await contact(w, '2025550195');
      // In Texas, for an injured person: the chiropractor, and the lawyers of the consultation the funnel asks for.
      await requestFromCaseValue(w, 'medical', [LONE_STAR, BACK_IN_MOTION, SUMMIT]);
      await callTime(w, 'common:callTime.s11', 2, 'common:nav.submit');
    }));

  it('Camp Lejeune: intro to thank-you', () =>
    withPage(async (w) => {
      const { page, t } = w;
      await w.open('/camp-lejeune-compensation-calculator', 'camp-lejeune:intro.title');
      await activate(page, w.button('common:nav.continue'));
      await w.at('camp-lejeune:step1.title', '1');
      // The first answer moves to the answered twin of the step (same heading), and focus stays on the question.
      await answer(w, 'camp-lejeune:step1.q1', 'yes');
      await answer(w, 'camp-lejeune:step1.q2', 'no');
      await answer(w, 'camp-lejeune:step1.q3', 'no');
      await activate(page, w.button('camp-lejeune:step1.calculate'));
      await contact(w, '2025550196');
      await w.at('camp-lejeune:step35.title', '3.5');
      await page.getByText(t('camp-lejeune:caseValue.highest')).first().waitFor();
      await answer(w, 'camp-lejeune:step35.callMe', 'yes');
      await agree(w, 'common:nav.submit', [SUMMIT]);
      await w.at('camp-lejeune:step5.title', '5');
      await callTime(w, 'common:callTime.s9', 1, 'common:nav.submit');
    }));

  it('stored each consent in the very words on screen when its button was pressed', async () => {
    await suite.server.stop();
    const db = await openPgliteDb(suite.server.dataDir);
    try {
      for (const [phone, words] of agreed) expectStoredAsShown(await storedConsents(db, `+1${phone}`), words, expect);
    } finally {
      await db.close();
    }
  });
});
