// A lead made in the browser reaches its sponsor (issue 19): the attorney funnel walked in Chromium against the real
// server, whose sponsor file points at a local receiver; the receiver gets lead.created signed (verified with the
// standardwebhooks package's own verify), then lead.updated for the call time and the account of the accident, and
// the lead's certificate, fetched from its URL, verifies offline with the published public key alone.
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyCertificate, type Certificate, type PublicKeys } from '../../server/certificates/verify-certificate.ts';
import { useAppAndBrowser } from '../testing/app-and-browser.ts';
import { browserAvailable, openPage, closePage } from '../testing/browser.ts';
import { startFakeSponsors, type FakeSponsors, type Received } from '../testing/fake-sponsors.ts';
import { FunnelWalk } from '../testing/funnel-walk.ts';
import { FUNNEL_WALKS, stubExternalPages, viewport, type Run } from '../testing/funnel-walks.ts';

const RUN: Run = { lang: 'en', size: 'phone', phone: '2025550133', consult: 'yes', locateBy: 'vin' };

describe.runIf(browserAvailable)('a lead made in the browser, at its sponsor', () => {
  let sponsors: FakeSponsors;
  // Filled before the server starts (this hook runs before the suite's).
  const env: Record<string, string> = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '0,1,1' };
  beforeAll(async () => {
    sponsors = await startFakeSponsors([
      {
        id: 'texas-injury-law',
        name: 'Texas Injury Law',
        category: 'law-firm',
        services: ['attorney'],
        filter: { '==': [{ var: 'legal_consult' }, true] },
        dailyCap: 10,
        active: true,
      },
      { id: 'airbag-claims', name: 'Airbag Claims', category: 'law-firm', services: ['camp-lejeune'], dailyCap: 10, active: true },
    ]);
    Object.assign(env, sponsors.env, { SPONSORS_DIR: sponsors.dir });
    return () => sponsors.close();
  });
  const suite = useAppAndBrowser({ env });

  const received = async (type: string): Promise<Received> => {
    for (let tries = 0; tries < 200; tries++) {
      const found = [...sponsors.acknowledged.values()].find((r) => r.type === type);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no ${type} acknowledged; ${sponsors.requests} requests, bad signatures: ${sponsors.badSignatures.join('; ')}`);
  };

  it('arrives signed, with a certificate that verifies offline', async () => {
    const opened = await openPage(suite.browser, { viewport: viewport(RUN) });
    const { page } = opened;
    await stubExternalPages(page);
    await FUNNEL_WALKS.attorney(new FunnelWalk(page, suite.server, RUN.lang), RUN);
    await closePage(opened);

    const created = await received('lead.created');
    expect(created.sponsor).toBe('texas-injury-law');
    const lead = created.envelope.data as { id: number; phone: string; email: string; firstName: string; certificateUrl: string };
    expect(lead.phone).toBe(`+1${RUN.phone}`);
    expect(lead).not.toHaveProperty('businessUserToken');
    // The call time and the account of the accident follow as updates of the same lead.
    const updated = await received('lead.updated');
    expect(updated.envelope.data).toMatchObject({ id: lead.id });
    // No lead of this funnel for the sponsor of another one, and every signature verified.
    expect([...sponsors.acknowledged.values()].filter((r) => r.sponsor !== 'texas-injury-law')).toEqual([]);
    expect(sponsors.badSignatures).toEqual([]);

    const certificatePath = new URL(lead.certificateUrl).pathname;
    const certificate = (await (await fetch(`${suite.server.url}${certificatePath}`, { headers: { accept: 'application/json' } })).json()) as Certificate;
    const keys = (await (await fetch(`${suite.server.url}/.well-known/claimflow-keys`)).json()) as PublicKeys;
    const verdict = verifyCertificate(certificate, keys, { leadId: lead.id, phone: lead.phone, email: lead.email });
    expect(verdict).toMatchObject({ valid: true, payload: { leadId: lead.id, flowId: 'attorney' } });
    const altered = { ...certificate, payload: certificate.payload.replace('"attorney"', '"attornex"') };
    expect(verifyCertificate(altered, keys)).toEqual({ valid: false, reason: 'bad signature' });
  });
});
