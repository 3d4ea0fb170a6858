// Step events outlive the tab (issue 21 part 5): two steps of the claim calculator walked in chromium against the real
// server, the tab closed before any batch was due; the beacon sent as it closed is stored, and the funnel report shows
// the walk: steps 0 and 1 left forward, 1.75 reached, closed there (a drop-off, with its time).
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from '../testing/app-and-browser.ts';
import { PHONE, browserAvailable, openPage, closePage } from '../testing/browser.ts';
import { copy } from '../testing/copy.ts';

const KEY = 'e2e-analytics-key-0123456789abcdefghij';

interface Report {
  groups: { visits: number; steps: { step: string; reached: number; forward: number; dropped: number; medianSeconds: number | null }[] }[];
}

describe.runIf(browserAvailable)('step events in the browser', () => {
  const suite = useAppAndBrowser({ env: { ANALYTICS_KEYS: KEY } });
  const report = async (): Promise<Report> => {
    const res = await fetch(`${suite.server.url}/api/analytics/funnel?flow=calculator`, { headers: { authorization: `Bearer ${KEY}` } });
    return (await res.json()) as Report;
  };

  it('are sent as the tab closes, and stored', async () => {
    const opened = await openPage(suite.browser, { viewport: PHONE });
    const { page } = opened;
    const t = (key: string) => copy('en', key);
    const button = (key: string) => page.getByRole('button', { name: t(key), exact: true });
    const beacons: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/events')) beacons.push(request.url());
    });
    // The events code is fetched once the first step is shown and the browser is idle.
    const eventsCode = page.waitForResponse((response) => /\/assets\/step-events-[^/]+\.js$/.test(response.url()));
    await page.goto(`${suite.server.url}/calculate-your-accident-claim-value?utm_source=newsletter&utm_campaign=spring`);
    await page.getByRole('heading', { level: 1, name: t('calculator:intro.title') }).waitFor();
    await eventsCode;
    await button('common:nav.continue').click();
    await page.getByRole('heading', { level: 1, name: t('calculator:step1.title') }).waitFor();
    for (const question of ['calculator:step1.fault', 'calculator:step1.commercial']) {
      await page
        .getByRole('radiogroup', { name: t(question) })
        .getByRole('radio', { name: t('common:yesno.no') })
        .click();
    }
    await button('common:nav.next').click();
    await page.getByRole('heading', { level: 1, name: t('calculator:step175.title') }).waitFor();
    // Nothing was due yet: five events wait for a twentieth, or 30 seconds, or the page to go.
    expect(beacons).toEqual([]);

    // The tab closes, the browser stays open (as a person's does): closing the whole context at once could cancel the
    // beacon before it left on a busy machine (a clean-clone run stored nothing).
    await page.close();
    await expect.poll(async () => (await report()).groups[0]?.visits, { timeout: 10_000 }).toBe(1);
    await closePage(opened);
    const [group] = (await report()).groups;
    const steps = Object.fromEntries(
      group?.steps.map(({ step, reached, forward, dropped, medianSeconds }) => [step, { reached, forward, dropped, timed: medianSeconds !== null }]) ?? [],
    );
    expect([steps['0'], steps['1'], steps['1.75'], steps['2']]).toEqual([
      { reached: 1, forward: 1, dropped: 0, timed: true },
      { reached: 1, forward: 1, dropped: 0, timed: true },
      // Closed on it: the visit's drop-off, with the time it spent there.
      { reached: 1, forward: 0, dropped: 1, timed: true },
      { reached: 0, forward: 0, dropped: 0, timed: false },
    ]);
  });
});
