// Every funnel walked start to finish in Chromium against the real server, at phone and desktop size, in English and
// Spanish, each lead then found in the database with what the person gave.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { today } from '../../engine/validators.ts';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { useAppAndBrowser } from '../testing/app-and-browser.ts';
import { DESKTOP, PHONE, browserAvailable } from '../testing/browser.ts';
import type { Lang } from '../testing/copy.ts';
import { FieldWalk, FunnelWalk } from '../testing/funnel-walk.ts';
import { locate, type LocateBy } from '../testing/locate-walk.ts';

interface Run {
  lang: Lang;
  size: 'phone' | 'desktop';
  phone: string;
  consult: 'yes' | 'no';
  /** How the accident is located, in the funnels that locate one. */
  locateBy?: LocateBy;
  /** A state prefix of the route (the map centres on that state). */
  state?: string;
}

const viewport = (run: Run) => (run.size === 'phone' ? PHONE : DESKTOP);
const EXTERNAL = ['https://www.atsdr.cdc.gov/**', 'https://www.dol.gov/**'];

/** Pages outside the app answer with a stub, so a redirect to one can be seen without the internet. */
async function stubExternalPages(page: Page) {
  for (const url of EXTERNAL) await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>external</h1>' }));
}

async function walkCampLejeune(w: FunnelWalk, run: Run) {
  await w.open('/camp-lejeune-compensation-calculator', 'camp-lejeune:intro.title');
  await w.shot('0');
  await w.button('common:nav.continue').click();
  await w.at('camp-lejeune:step1.title', '1');
  const calculate = w.button('camp-lejeune:step1.calculate');
  expect(await calculate.isDisabled()).toBe(true);
  await w.choose('camp-lejeune:step1.q1', 'yes');
  await w.choose('camp-lejeune:step1.q2', 'no');
  expect(await calculate.isDisabled()).toBe(true);
  await w.choose('camp-lejeune:step1.q3', 'no');
  await w.shot('1.5');
  await calculate.click();
  await w.contact(run.phone);
  await w.at('camp-lejeune:step35.title', '3.5');
  await w.page.getByText(w.t('common:caseValue.highest')).first().waitFor();
  await w.choose('camp-lejeune:step35.callMe', run.consult);
  await w.button('common:nav.submit').click();
  if (run.consult === 'yes') {
    await w.at('camp-lejeune:step5.title', '5');
    await w.callTime('common:callTime.s9', '5');
  } else {
    await w.page.waitForURL('https://www.atsdr.cdc.gov/**');
  }
}

async function walkWorkersComp(w: FunnelWalk, run: Run) {
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
    await w.page.getByRole('checkbox', { name: w.t('workers-comp:step3.noLawyer') }).check();
    await w.page.getByRole('checkbox', { name: w.t('workers-comp:step3.injured') }).check();
  }
  await w.shot('3-chosen');
  await submit.click();
  if (run.consult === 'yes') {
    await w.at('workers-comp:step5.title', '5');
    await w.callTime('common:callTime.asap', '5');
  } else {
    await w.page.waitForURL('https://www.dol.gov/**');
  }
}

/** Attorney, truck and medical: questions, sliders, the locating step, contact, case value, confirmation. */
const accidentWalk = (ns: string, route: string) => async (w: FunnelWalk, run: Run) => {
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
  await w.button(`${ns}:step3.request`).click();
  await w.at(`${ns}:step4.title`, '4');
  if (ns === 'attorney') {
    await w.page.getByRole('textbox', { name: w.t('attorney:step4.story') }).fill('A car ran the red light and hit my door.');
    await w.button('common:nav.submit').click();
    await w.thanks('errors:REQUEST_RECEIVED', '4');
  } else {
    await w.callTime(run.consult === 'yes' ? 'common:callTime.s15' : 'common:callTime.asap', '4');
  }
};

const funnels: { id: string; walk: (w: FunnelWalk, run: Run) => Promise<void>; runs: Run[] }[] = [
  {
    id: 'attorney',
    walk: accidentWalk('attorney', '/request-attorney'),
    runs: [
      { lang: 'en', size: 'phone', phone: '2025550131', consult: 'yes', locateBy: 'map-click', state: 'tx' },
      { lang: 'es', size: 'desktop', phone: '2025550132', consult: 'yes', locateBy: 'vin' },
    ],
  },
  {
    id: 'truck',
    walk: accidentWalk('truck', '/request-truck-attorney'),
    runs: [
      { lang: 'es', size: 'phone', phone: '2025550141', consult: 'yes', locateBy: 'case' },
      { lang: 'en', size: 'desktop', phone: '2025550142', consult: 'no', locateBy: 'vin' },
    ],
  },
  {
    id: 'medical',
    walk: accidentWalk('medical', '/medical-compensation'),
    runs: [
      { lang: 'en', size: 'desktop', phone: '2025550151', consult: 'yes', locateBy: 'map-button', state: 'fl' },
      { lang: 'es', size: 'phone', phone: '2025550152', consult: 'no', locateBy: 'map-click' },
    ],
  },
  {
    id: 'camp-lejeune',
    walk: walkCampLejeune,
    runs: [
      { lang: 'en', size: 'phone', phone: '2025550161', consult: 'yes' },
      { lang: 'es', size: 'desktop', phone: '2025550162', consult: 'no' },
    ],
  },
  {
    id: 'workers-comp',
    walk: walkWorkersComp,
    runs: [
      { lang: 'es', size: 'phone', phone: '2025550171', consult: 'yes' },
      { lang: 'en', size: 'desktop', phone: '2025550172', consult: 'no' },
    ],
  },
];

describe.runIf(browserAvailable)('every funnel in the browser', () => {
  const suite = useAppAndBrowser();

  describe.each(funnels)('$id', ({ id, walk, runs }) => {
    it.each(runs)('$lang at $size size, consult $consult: start to finish', async (run) => {
      // A context of its own: axe's AxeBuilder needs a page made by browser.newContext().
      const context = await suite.browser.newContext({ viewport: viewport(run) });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await stubExternalPages(page);
      await walk(new FunnelWalk(page, suite.server, run.lang, `${id}-${run.lang}-${run.size}`), run);
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  it('stored every lead with what the person gave', async () => {
    await suite.server.stop();
    const db = await openPgliteDb(suite.server.dataDir);
    try {
      const { rows } = await db.query<{ phone: string; language: string; preferred_call_time: string | null; accident_reason: string | null; body: Record<string, unknown> }>(
        'SELECT phone, language, preferred_call_time, accident_reason, body FROM leads ORDER BY id',
      );
      const byPhone = new Map(rows.map((r) => [r.phone, r]));
      const lead = (phone: string) => byPhone.get(`+1${phone}`);
      const details = (phone: string) => (lead(phone)?.body.extraDetails as { accidentDetails: Record<string, unknown> }).accidentDetails;
      expect(lead('2025550131')).toMatchObject({ accident_reason: 'A car ran the red light and hit my door.', body: { source: 'direct', state: 'TX' } });
      // On a phone the date wheel opens on today, and the walk confirms it.
      expect(details('2025550131')).toMatchObject({ vehicleMake: 'FORD', vehicleYear: 2019, date: today(), state: 'TX' });
      expect(details('2025550131').location).toEqual({ lat: expect.any(Number) as number, lng: expect.any(Number) as number });
      expect(lead('2025550132')).toMatchObject({ language: 'es', body: { city: 'Austin, TX 78703, USA', zip: '78703' } });
      expect(details('2025550132')).toMatchObject({ vin: '1M8GDM9AXKP042788', justCity: 'Austin', date: '2026-03-14' });
      expect(details('2025550141')).toMatchObject({ caseID: 'TX-2026-0042', justCity: 'Austin' });
      expect(lead('2025550141')).toMatchObject({ preferred_call_time: '3pm - 4pm', body: { source: 'truck' } });
      expect(lead('2025550142')).toMatchObject({ preferred_call_time: 'Call ASAP' });
      expect(lead('2025550151')).toMatchObject({ body: { source: 'medical', state: 'FL' } });
      expect(details('2025550152')).toMatchObject({ vehicleMake: 'FORD', vehicleYear: 2019 });
      expect(lead('2025550161')).toMatchObject({ preferred_call_time: '9am - 10am', body: { q1: true, q2: false, q3: false, legal_consult: true } });
      expect(lead('2025550162')).toMatchObject({ preferred_call_time: null, body: { legal_consult: false } });
      expect(lead('2025550171')).toMatchObject({
        language: 'es',
        preferred_call_time: 'Call ASAP',
        body: { lead_type: 'WorkComp', source: 'WorkComp', damage: 'Broken Bones', state: 'TX', legal_consult: true, injured: true },
      });
      expect(lead('2025550171')?.body.city).toMatch(/^Austin, TX \d{5}, USA$/);
      expect(lead('2025550172')).toMatchObject({ body: { date: '2026-02-03', legal_consult: false } });
      expect(lead('2025550172')?.body.zip).toMatch(/^787\d\d$/);
    } finally {
      await db.close();
    }
  });
});
