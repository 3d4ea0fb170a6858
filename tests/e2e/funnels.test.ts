// Every funnel walked start to finish in Chromium against the real server, at phone and desktop size, in English and
// Spanish, each lead then found in the database with what the person gave.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { useAppAndBrowser } from '../testing/app-and-browser.ts';
import { DESKTOP, PHONE, browserAvailable } from '../testing/browser.ts';
import type { Lang } from '../testing/copy.ts';
import { FieldWalk, FunnelWalk } from '../testing/funnel-walk.ts';

interface Run {
  lang: Lang;
  size: 'phone' | 'desktop';
  phone: string;
  consult: 'yes' | 'no';
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

const funnels: { id: string; walk: (w: FunnelWalk, run: Run) => Promise<void>; runs: Run[] }[] = [
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
      const page = await suite.browser.newPage({ viewport: viewport(run) });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await stubExternalPages(page);
      await walk(new FunnelWalk(page, suite.server, run.lang, `${id}-${run.lang}-${run.size}`), run);
      expect(errors).toEqual([]);
      await page.close();
    });
  });

  it('stored every lead with what the person gave', async () => {
    await suite.server.stop();
    const db = await openPgliteDb(suite.server.dataDir);
    try {
      const { rows } = await db.query<{ phone: string; language: string; preferred_call_time: string | null; body: Record<string, unknown> }>(
        'SELECT phone, language, preferred_call_time, body FROM leads ORDER BY id',
      );
      const byPhone = new Map(rows.map((r) => [r.phone, r]));
      const lead = (phone: string) => byPhone.get(`+1${phone}`);
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
