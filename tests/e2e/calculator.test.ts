// A person walks the claim calculator in Chromium against the real server, at phone and desktop size, in English and Spanish.
import { describe, expect, it } from 'vitest';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { useAppAndBrowser } from '../testing/app-and-browser.ts';
import { DESKTOP, PHONE, browserAvailable, openPage, closePage } from '../testing/browser.ts';
import { walkCalculator } from '../testing/calculator-walk.ts';
import { expectStoredAsShown, storedConsents } from '../testing/stored-consents.ts';

const ROUTE = '/calculate-your-accident-claim-value';

// Each language at each size, and each consult answer in each language and at each size: four walks, not all eight.
const runs = [
  { lang: 'en', size: 'phone', viewport: PHONE, phone: '2025550141', consult: 'yes' },
  { lang: 'es', size: 'desktop', viewport: DESKTOP, phone: '2025550144', consult: 'yes' },
  { lang: 'es', size: 'phone', viewport: PHONE, phone: '2025550142', consult: 'no' },
  { lang: 'en', size: 'desktop', viewport: DESKTOP, phone: '2025550143', consult: 'no' },
] as const;

describe.runIf(browserAvailable)('claim calculator in the browser', () => {
  const suite = useAppAndBrowser();
  /** The words of each walk's consents as they were on screen at their buttons, by phone. */
  const agreed = new Map<string, string[]>();

  it.each(runs)('$lang at $size size, consult $consult: intro to confirmation, phone verified by SMS', async (run) => {
    const opened = await openPage(suite.browser, { viewport: run.viewport });
    const { page } = opened;
    agreed.set(run.phone, await walkCalculator(page, suite.server, { ...run, route: ROUTE, shots: `calculator-${run.lang}-${run.size}-${run.consult}` }));
    await closePage(opened);
  });

  it('stored every lead with its answers, language, calc_id, gclid and call time, and the very words of its consents', async () => {
    await suite.server.stop();
    const db = await openPgliteDb(suite.server.dataDir);
    try {
      const { rows } = await db.query<{ calc_id: string; phone: string; language: string; preferred_call_time: string | null; body: Record<string, unknown> }>(
        'SELECT calc_id, phone, language, preferred_call_time, body FROM leads ORDER BY id',
      );
      expect(rows.map((r) => [r.calc_id, r.phone, r.language, r.preferred_call_time, r.body.legal_consult])).toEqual(
        runs.map((r) => [`e2e-${r.phone}`, `+1${r.phone}`, r.lang, r.consult === 'yes' ? '1pm - 2pm' : null, r.consult === 'yes']),
      );
      for (const row of rows) {
        expect(row.body).toMatchObject({
          firstName: 'Maria',
          lastName: 'Lopez',
          gclidcrm: `G-${row.phone.slice(2)}`,
          extraDetails: { accidentDetails: { fault: false, commercial: true, injuries: 2, earnings: 1, medical: 1, pain: 0 } },
        });
      }
      for (const run of runs) expectStoredAsShown(await storedConsents(db, `+1${run.phone}`), agreed.get(run.phone) ?? [], expect);
      // A Yes named the sponsor who may call, and only it; a No with no service named no one.
      expect(rows.map((r) => r.body.consent)).toEqual(
        runs.map((r) => expect.objectContaining({ sponsors: r.consult === 'yes' ? ['summit-accident-lawyers'] : [] }) as unknown),
      );
    } finally {
      await db.close();
    }
  });
});
