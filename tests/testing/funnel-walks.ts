// The scripted walks of the funnels other than the calculator (tests/testing/calculator-walk.ts), start to finish by
// visible text and roles: used by the browser tests (tests/e2e/funnels.test.ts) and the benchmark's walk.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PHONE, DESKTOP } from './browser.ts';
import type { Lang } from './copy.ts';
import { FieldWalk, type FunnelWalk } from './funnel-walk.ts';
import { locate, type LocateBy } from './locate-walk.ts';

export interface Run {
  lang: Lang;
  size: 'phone' | 'desktop';
  phone: string;
  consult: 'yes' | 'no';
  /** How the accident is located, in the funnels that locate one. */
  locateBy?: LocateBy;
  /** A state prefix of the route (the map centres on that state). */
  state?: string;
  /** The VIN given when the report is located by VIN (locate-walk.ts's WALK_VIN by default). */
  vin?: string;
}

export const viewport = (run: Run) => (run.size === 'phone' ? PHONE : DESKTOP);
const EXTERNAL = ['https://www.atsdr.cdc.gov/**', 'https://www.dol.gov/**'];

/** Pages outside the app answer with a stub, so a redirect to one can be seen without the internet. */
export async function stubExternalPages(page: Page) {
  for (const url of EXTERNAL) await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>external</h1>' }));
}

/**
 * A funnel made of the mass-tort part (flows/parts/mass-tort.json), its copy in namespace ns, at route; a person who
 * wants no consultation is sent to learnMore (a URL pattern).
 */
export const massTortWalk = (ns: string, route: string, learnMore: string) => async (w: FunnelWalk, run: Run) => {
  await w.open(route, `${ns}:intro.title`);
  await w.shot('0');
  await w.button('common:nav.continue').click();
  await w.at(`${ns}:step1.title`, '1');
  const calculate = w.button(`${ns}:step1.calculate`);
  expect(await calculate.isDisabled()).toBe(true);
  await w.choose(`${ns}:step1.q1`, 'yes');
  await w.choose(`${ns}:step1.q2`, 'no');
  expect(await calculate.isDisabled()).toBe(true);
  await w.choose(`${ns}:step1.q3`, 'no');
  await w.shot('1.5');
  await calculate.click();
  await w.contact(run.phone);
  await w.at(`${ns}:step35.title`, '3.5');
  await w.page
    .getByText(w.t(`${ns}:caseValue.highest`))
    .first()
    .waitFor();
  await w.choose(`${ns}:step35.callMe`, run.consult);
  await w.agree('common:nav.submit');
  if (run.consult === 'yes') {
    await w.at(`${ns}:step5.title`, '5');
    await w.callTime('common:callTime.s9', '5');
  } else {
    await w.page.waitForURL(learnMore);
  }
};

export async function walkWorkersComp(w: FunnelWalk, run: Run) {
  const fields = new FieldWalk(w);
  await w.open('/workers-compensation', 'workers-comp:intro.title');
  await w.shot('0');
  await w.button('common:nav.continue').click();
  await w.at('workers-comp:step1.title', '1');
  await w.page
    .getByRole('radiogroup', { name: w.t('workers-comp:step1.injuryType') })
    .getByRole('radio', { name: w.t('workers-comp:step1.injuries.brokenBones') })
    .click();
  await fields.date('workers-comp:step1.date', '2026-02-03', run.size === 'phone');
  await fields.city('workers-comp:step1.city', 'Austin', 'Austin, TX');
  await w.shot('1-filled');
  await w.button('common:nav.next').click();
  await w.contact(run.phone);
  await w.at('workers-comp:step3.title', '3');
  const submit = w.button('common:nav.submit');
  expect(await submit.isDisabled()).toBe(true);
  await w.choose('workers-comp:step3.consult', run.consult);
  if (run.consult === 'yes') {
    expect(await submit.isDisabled()).toBe(true);
    await w.page.getByRole('checkbox', { name: w.t('common:consent.toggles.noLawyer') }).click();
    await w.page.getByRole('checkbox', { name: w.t('common:consent.toggles.injured') }).click();
  }
  await w.shot('3-chosen');
  await w.agree('common:nav.submit');
  if (run.consult === 'yes') {
    await w.at('workers-comp:step5.title', '5');
    await w.callTime('common:callTime.asap', '5');
  } else {
    await w.page.waitForURL('https://www.dol.gov/**');
  }
}

/** Attorney, truck and medical: questions, sliders, the locating step, contact, case value, confirmation. */
export const accidentWalk = (ns: string, route: string) => async (w: FunnelWalk, run: Run) => {
  await w.open(`${run.state ? `/${run.state}` : ''}${route}`, `${ns}:intro.title`);
  await w.shot('0');
  await w.button('common:nav.continue').click();
  await w.at(`${ns}:step1.title`, '1');
  await w.choose(`${ns}:step1.fault`, 'no');
  await w.choose(`${ns}:step1.commercial`, 'no');
  await w.page.getByRole('slider', { name: w.t(`${ns}:step1.injuries`) }).fill('2');
  await w.button('common:nav.next').click();
  await w.at(`${ns}:step15.title`, '1.5');
  await w.button('common:nav.next').click();
  await w.heading(`${ns}:step175.title`).waitFor();
  await locate(w, run.locateBy ?? 'vin', run.size === 'phone');
  await w.contact(run.phone);
  await w.at(`${ns}:step3.title`, '3');
  await w.page.getByText(w.t('common:caseValue.highest')).first().waitFor();
  await w.agree(`${ns}:step3.request`);
  await w.at(`${ns}:step4.title`, '4');
  if (ns === 'attorney') {
    await w.page.getByRole('textbox', { name: w.t('attorney:step4.story') }).fill('A car ran the red light and hit my door.');
    await w.button('common:nav.submit').click();
    await w.thanks('errors:REQUEST_RECEIVED', '4');
  } else {
    await w.callTime(run.consult === 'yes' ? 'common:callTime.s15' : 'common:callTime.asap', '4');
  }
};

/**
 * The alert steps (notify-me's, and find-my-report's when nothing is found yet): contact and code, the consultation with
 * its two confirmations, the lead types, then the last screen, which says the alert is set (or that the report is
 * already on file: `onFile`). With a consultation the call time follows; `stayOnLast` stops on the last screen instead.
 */
export async function walkAlertSteps(w: FunnelWalk, run: Run, options: { onFile?: boolean; stayOnLast?: boolean } = {}) {
  await w.contact(run.phone);
  await w.at('common:alert.consent.title', '3');
  const next = w.button('common:nav.next');
  expect(await next.isDisabled()).toBe(true);
  await w.choose('common:alert.consent.question', run.consult);
  if (run.consult === 'yes') {
    // Yes asks for the two confirmations first.
    expect(await next.isDisabled()).toBe(true);
    await w.page.getByRole('checkbox', { name: w.t('common:consent.toggles.noLawyer') }).click();
    await w.page.getByRole('checkbox', { name: w.t('common:consent.toggles.injured') }).click();
  }
  await w.shot('3-chosen');
  await next.click();
  await w.at('common:leadTypes.title', '3.5');
  // Nothing is ticked for the person: a consultation asks for car accident lawyers here, a No for nothing.
  const service = run.consult === 'yes' ? 'common:leadTypes.services.__CALawyer.name' : 'common:leadTypes.notInterested';
  await w.page.getByRole('checkbox', { name: w.t(service) }).click();
  await w.shot('3.5-chosen');
  await w.agree('common:nav.submit');
  await w.at('common:alert.done.title', '4');
  const onFile = w.page.getByRole('heading', { level: 2, name: w.t('common:alert.onFile.title') });
  if (options.onFile) await onFile.waitFor();
  else await w.page.getByText(w.t('common:alert.done.text')).waitFor();
  // A person who asked for no call is told no one will call.
  if (run.consult === 'no') await w.page.getByText(w.t('common:alert.done.noCalls')).waitFor();
  expect(await onFile.count()).toBe(options.onFile ? 1 : 0);
  // Until when the alert texts (ALERT_DAYS, 30, from now), written in the person's language, and what happens then.
  const [before, after] = w.t(options.onFile ? 'common:alert.onFile.until' : 'common:alert.done.until').split('{{date}}') as [string, string];
  const until = w.page.getByText(before).filter({ hasText: after });
  const day = new Intl.DateTimeFormat(`${run.lang}-US`, { dateStyle: 'full' }).format(Date.now() + 30 * 24 * 60 * 60 * 1000);
  expect(await until.textContent()).toContain(`${before}${day}`);
  if (options.stayOnLast || run.consult === 'no') return;
  await w.callTime('common:callTime.asap', '4');
}

/** Notify me (/notify-me, or the same screens at /alert-me): the intro, the locating step, then the alert steps. */
export async function walkNotifyMe(w: FunnelWalk, run: Run, route = '/notify-me') {
  await w.open(`${run.state ? `/${run.state}` : ''}${route}`, 'notify:intro.title');
  await w.shot('0');
  await w.button('notify:intro.start').click();
  await w.at('notify:locate.title', '1.75');
  await locate(w, run.locateBy ?? 'vin', run.size === 'phone', run.vin);
  await walkAlertSteps(w, run);
}

/**
 * Find my report: the intro, the locating step (VIN, case ID or map as the run says, VIN by default), then the results
 * page, or, when nothing is found yet, the offer to be texted and the alert steps.
 */
export async function walkFindMyReport(w: FunnelWalk, run: Run) {
  await w.open(`${run.state ? `/${run.state}` : ''}/find-my-report`, 'search:find.intro.title');
  await w.shot('0');
  await w.button('search:find.intro.start').click();
  await w.at('search:find.locate.title', '1.75');
  await locate(w, run.locateBy ?? 'vin', run.size === 'phone', run.vin);
  const results = w.page.getByRole('heading', { level: 1, name: w.t('search:results.title') });
  const none = w.heading('search:find.none.title');
  await results.or(none).waitFor();
  if (await results.isVisible()) {
    await w.page.waitForURL((url) => url.pathname === '/results');
    return;
  }
  await w.at('search:find.none.title', '1.9');
  await w.button('search:find.none.notify').click();
  await walkAlertSteps(w, run);
}

/** The walk of each funnel but the calculator, by flow id. */

export const FUNNEL_WALKS = {
  'find-my-report': walkFindMyReport,
  'notify-me': walkNotifyMe,
  attorney: accidentWalk('attorney', '/request-attorney'),
  truck: accidentWalk('truck', '/request-truck-attorney'),
  medical: accidentWalk('medical', '/medical-compensation'),
  'camp-lejeune': massTortWalk('camp-lejeune', '/camp-lejeune-compensation-calculator', 'https://www.atsdr.cdc.gov/**'),
  'workers-comp': walkWorkersComp,
} satisfies Record<string, (w: FunnelWalk, run: Run) => Promise<void>>;
