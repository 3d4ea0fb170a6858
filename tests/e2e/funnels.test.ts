// Every funnel walked start to finish in Chromium against the real server, at phone and desktop size, in English and
// Spanish, each lead then found in the database with what the person gave.
import { describe, expect, it } from 'vitest';
import { today } from '../../engine/validators.ts';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { useAppAndBrowser } from '../testing/app-and-browser.ts';
import { browserAvailable, openPage, closePage } from '../testing/browser.ts';
import { FunnelWalk } from '../testing/funnel-walk.ts';
import { FUNNEL_WALKS, stubExternalPages, viewport, type Run } from '../testing/funnel-walks.ts';
import { expectStoredAsShown, storedConsents } from '../testing/stored-consents.ts';

const funnels: { id: string; walk: (w: FunnelWalk, run: Run) => Promise<void>; runs: Run[] }[] = [
  {
    id: 'attorney',
    walk: FUNNEL_WALKS.attorney,
    runs: [
      { lang: 'en', size: 'phone', phone: '2025550131', consult: 'yes', locateBy: 'map-click', state: 'tx' },
      { lang: 'es', size: 'desktop', phone: '2025550132', consult: 'yes', locateBy: 'vin' },
    ],
  },
  {
    id: 'truck',
    walk: FUNNEL_WALKS.truck,
    runs: [
      { lang: 'es', size: 'phone', phone: '2025550141', consult: 'yes', locateBy: 'case' },
      { lang: 'en', size: 'desktop', phone: '2025550142', consult: 'no', locateBy: 'vin' },
    ],
  },
  {
    id: 'medical',
    walk: FUNNEL_WALKS.medical,
    runs: [
      { lang: 'en', size: 'desktop', phone: '2025550151', consult: 'yes', locateBy: 'map-button', state: 'fl' },
      { lang: 'es', size: 'phone', phone: '2025550152', consult: 'no', locateBy: 'map-click' },
    ],
  },
  {
    id: 'camp-lejeune',
    walk: FUNNEL_WALKS['camp-lejeune'],
    runs: [
      { lang: 'en', size: 'phone', phone: '2025550161', consult: 'yes' },
      { lang: 'es', size: 'desktop', phone: '2025550162', consult: 'no' },
    ],
  },
  {
    id: 'workers-comp',
    walk: FUNNEL_WALKS['workers-comp'],
    runs: [
      { lang: 'es', size: 'phone', phone: '2025550171', consult: 'yes' },
      { lang: 'en', size: 'desktop', phone: '2025550172', consult: 'no' },
    ],
  },
];

describe.runIf(browserAvailable)('every funnel in the browser', () => {
  const suite = useAppAndBrowser();
  /** The words of each walk's consents as they were on screen at their buttons, by phone. */
  const agreed = new Map<string, string[]>();

  describe.each(funnels)('$id', ({ id, walk, runs }) => {
    it.each(runs)('$lang at $size size, consult $consult: start to finish', async (run) => {
      const opened = await openPage(suite.browser, { viewport: viewport(run) });
      const { page } = opened;
      await stubExternalPages(page);
      const person = new FunnelWalk(page, suite.server, run.lang, `${id}-${run.lang}-${run.size}`);
      await walk(person, run);
      agreed.set(run.phone, person.agreed);
      await closePage(opened);
    });
  });

  it('stored every lead with what the person gave, its consents in the very words on screen', async () => {
    await suite.server.stop();
    const db = await openPgliteDb(suite.server.dataDir);
    try {
      const { rows } = await db.query<{
        phone: string;
        language: string;
        preferred_call_time: string | null;
        accident_reason: string | null;
        body: Record<string, unknown>;
      }>('SELECT phone, language, preferred_call_time, accident_reason, body FROM leads ORDER BY id');
      const byPhone = new Map(rows.map((r) => [r.phone, r]));
      const lead = (phone: string) => byPhone.get(`+1${phone}`);
      const details = (phone: string) => (lead(phone)?.body.extraDetails as { accidentDetails: Record<string, unknown> }).accidentDetails;
      expect(lead('2025550131')).toMatchObject({ accident_reason: 'A car ran the red light and hit my door.', body: { source: 'direct', state: 'TX' } });
      // On a phone the date wheel opens on today, and the walk confirms it.
      expect(details('2025550131')).toMatchObject({ vehicleMake: 'FORD', vehicleYear: 2019, date: today(new Date()), state: 'TX' });
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
      const stored = await Promise.all([...agreed.keys()].map(async (phone) => [phone, await storedConsents(db, `+1${phone}`)] as const));
      for (const [phone, consents] of stored) expectStoredAsShown(consents, agreed.get(phone) ?? [], expect);
      // The router ran through the walks: most leads had their certificate when the server stopped (the last may wait).
      expect(stored.filter(([, consents]) => consents.leads[0]?.routed).length).toBeGreaterThanOrEqual(agreed.size / 2);
      // In Texas two sponsors could call, and the person ticked both; a declined consultation named no one.
      expect(lead('2025550131')?.body.consent).toMatchObject({ sponsors: ['lone-star-injury-law', 'summit-accident-lawyers'] });
      expect(lead('2025550172')?.body.consent).toMatchObject({ sponsors: [] });
    } finally {
      await db.close();
    }
  });
});
