// A person's moves through any funnel in the browser, by visible text and roles, in either language: the pieces every
// funnel shares (headings, buttons, yes/no questions, the contact step with its SMS code, consent, call time).
import type { Locator, Page } from 'playwright-core';
import type { RunningApp } from './app-server.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expectBarClear } from './layout.ts';
import { copy, type Lang } from './copy.ts';

export class FunnelWalk {
  constructor(
    readonly page: Page,
    readonly server: RunningApp,
    readonly lang: Lang,
    /** Prefix of screenshot names; with SCREENSHOT_DIR set, shot() saves the page there to look at. */
    private readonly shots?: string,
  ) {}

  t = (key: string) => copy(this.lang, key);

  /** More checks run on every step beside axe (e.g. reflow and touch targets at 320 px). */
  readonly checks: ((page: Page, label: string) => Promise<void>)[] = [];

  /** The words of each consent notice as they were on screen when the person pressed its button, in order. */
  readonly agreed: string[] = [];

  heading(key: string) {
    return this.page.getByRole('heading', { level: 1, name: this.t(key) });
  }

  button(key: string) {
    return this.page.getByRole('button', { name: this.t(key), exact: true });
  }

  async open(url: string, headingKey: string) {
    await this.page.goto(`${this.server.url}${url}${url.includes('?') ? '&' : '?'}lang=${this.lang}`);
    await this.heading(headingKey).waitFor();
  }

  /** Waits for a new step's heading and for focus to have moved onto it, then saves a screenshot and checks it with axe. */
  async at(headingKey: string, step: string) {
    await this.heading(headingKey).waitFor();
    await expectHeadingFocused(this.page, step);
    await this.shot(step);
  }

  /** Saves a screenshot named after the step (with SCREENSHOT_DIR set) and checks the page as it stands with axe. */
  async shot(step: string) {
    await saveStepShot(this.page, this.shots, step);
    const label = `${this.shots ?? this.lang} step ${step}`;
    await expectNoAxeViolations(this.page, label);
    await expectBarClear(this.page, label);
    for (const check of this.checks) await check(this.page, label);
  }

  async choose(questionKey: string, answer: 'yes' | 'no') {
    await this.page
      .getByRole('radiogroup', { name: this.t(questionKey) })
      .getByRole('radio', { name: this.t(`common:yesno.${answer}`) })
      .click();
  }

  /** The contact step and the code step: details, the SMS code read from the server's console, verified. */
  async contact(phone: string) {
    await this.at('common:contact.title', '2');
    await this.page.getByLabel(this.t('common:contact.name'), { exact: true }).fill('Maria Lopez');
    await this.page.getByLabel(this.t('common:contact.email'), { exact: true }).fill(`maria.${phone}@example.com`);
    await this.page.getByLabel(this.t('common:contact.phone'), { exact: true }).fill(phone);
    const smsBefore = this.server.lines.length;
    await this.agree('common:nav.sendCode');
    await this.at('common:contact.codeTitle', '2.5');
    const code = await this.server.smsCode(`+1${phone}`, smsBefore);
    await this.page.getByLabel(this.t('common:contact.code'), { exact: true }).fill(code);
    await this.button('common:nav.next').click();
  }

  /**
   * Gives consent as a careful person does: ticks every sponsor offered, reads the notice beside the button (which must
   * be on screen, whole and uncovered, with the button) and presses it; what was read is kept in `agreed`.
   */
  async agree(buttonKey: string) {
    await this.agreeWith(this.button(buttonKey));
  }

  /**
   * The same with the button given. Unless told, the page is scrolled as a person scrolls down to the button, until it
   * shows at the foot of the screen (not centred, which a long page allows and a person does not do), and it is clicked; `scroll` moves the page instead (a person on a short screen scrolls to the
   * notice's top to read it), `press` presses the button instead (a keyboard walk, having ticked the sponsors itself,
   * tabs to it and presses Enter).
   */
  async agreeWith(
    button: Locator,
    {
      scroll = (b) => b.evaluate((element) => element.scrollIntoView({ block: 'end' })),
      press = (b) => b.click(),
    }: { scroll?: (button: Locator) => Promise<void>; press?: (button: Locator) => Promise<void> } = {},
  ) {
    const notice = this.page.locator('.consent__notice p:visible');
    await notice.waitFor();
    for (const box of await this.page.locator('.sponsor-consent__choice input:visible').all()) await box.check();
    // The button is enabled once its notice is the one on screen (the step's ready rule), and the page is settled.
    // Playwright's own wait, not expect.poll: the benchmark runs these walks outside Vitest.
    await button.and(this.page.locator(':enabled')).waitFor();
    const measure = async () => {
      await scroll(button);
      const { height = 0 } = this.page.viewportSize() ?? {};
      const buttonBox = await button.boundingBox();
      const onScreen = await notice.evaluate((p) => {
        const box = p.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const mine = (y: number) => p.contains(document.elementFromPoint(x, y));
        return {
          text: (p as HTMLElement).innerText,
          inView: box.top >= 0 && box.bottom <= window.innerHeight,
          uncovered: mine(box.top + 2) && mine(box.bottom - 2),
        };
      });
      // Scrolled into view, the button may sit on the screen's last pixel, a fraction of it past: a pixel of slack.
      return { ...onScreen, buttonInView: buttonBox !== null && buttonBox.y >= 0 && buttonBox.y + buttonBox.height <= height + 1 };
    };
    // Whole, uncovered and on screen with its button (measured again while a layout still moves, never waved through).
    // A loop of its own, not expect.poll: the benchmark runs these walks outside Vitest.
    const until = Date.now() + 1000;
    let seen = await measure();
    while (!(seen.inView && seen.uncovered && seen.buttonInView)) {
      if (Date.now() > until) throw new Error(`the notice beside "${await button.innerText()}" is not whole and on screen: ${JSON.stringify(seen)}`);
      await this.page.waitForTimeout(50);
      seen = await measure();
    }
    this.agreed.push(seen.text);
    await this.shot(`consent-${this.agreed.length}`);
    await press(button);
  }

  /** Picks a call slot, submits it (the button reads Done for Call ASAP) and closes the thank-you dialog. */
  async callTime(slotKey: string, step: string) {
    await this.page.getByRole('radio', { name: this.t(slotKey) }).click();
    await this.shot(step);
    await this.button(slotKey === 'common:callTime.asap' ? 'common:nav.done' : 'common:nav.submit').click();
    await this.thanks('errors:YOUR_PREFERRED_TIME_FOR_CALL_HAS_BEEN_UPDATED', step);
  }

  /** The thank-you dialog: read, with what happens next, and its button home. */
  async thanks(textKey: string, step: string) {
    const dialog = this.page.getByRole('dialog', { name: this.t('errors:THANK_YOU') });
    await dialog.getByText(this.t(textKey)).waitFor();
    await dialog.getByText(this.t(textKey === 'errors:REQUEST_RECEIVED' ? 'common:next.request' : 'common:next.call')).waitFor();
    await this.shot(`${step}-dialog`);
    await dialog.getByRole('button', { name: this.t('common:nav.home') }).click();
    await this.page.waitForURL((url) => url.pathname === '/');
  }
}

/** Fields of the locating forms and of the workers' compensation step, as a person fills them. */
export class FieldWalk {
  constructor(private readonly walk: FunnelWalk) {}

  /** A date: typed into the native input on a desktop, turned on the wheel and confirmed on a phone (today's date). */
  async date(labelKey: string, value: string, phone: boolean) {
    const { page, t } = this.walk;
    if (!phone) {
      await page.getByLabel(t(labelKey), { exact: true }).fill(value);
      return;
    }
    await page.getByRole('button', { name: new RegExp(`^${escapeRe(t(labelKey))}`) }).click();
    const sheet = page.getByRole('dialog', { name: t(labelKey) });
    // The wheel's columns (its code may still be on its way): a person picks from them before confirming.
    await sheet.getByRole('listbox').first().waitFor();
    await this.walk.shot('date-wheel');
    await sheet.getByRole('button', { name: t('fields:date.confirm'), exact: true }).click();
    await sheet.waitFor({ state: 'detached' });
  }

  /** A city: typed, then chosen from the suggestions (the offline gazetteer answers). */
  async city(labelKey: string, typed: string, option: string) {
    const { page, t } = this.walk;
    const box = page.getByRole('combobox', { name: t(labelKey) });
    await box.fill(typed);
    await page.getByRole('option', { name: option }).first().click();
  }
}

/**
 * With SCREENSHOT_DIR set (and a name prefix), saves the whole page as the step stands, its dialogs and sheets at the
 * end of their opening animation (Playwright finishes finite animations), not half faded in.
 */
export async function saveStepShot(page: Page, prefix: string | undefined, step: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir && prefix) await page.screenshot({ path: `${dir}/${prefix}-${step}.png`, fullPage: true, animations: 'disabled' });
}

/** A step change moved keyboard and screen-reader focus to the new step's h1. */
export async function expectHeadingFocused(page: Page, step: string) {
  const focused = await page
    .waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, { timeout: 2000 })
    .then(
      () => true,
      () => false,
    );
  if (!focused) {
    const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing');
    throw new Error(`step ${step}: focus is on ${where}, not on the step's h1`);
  }
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
