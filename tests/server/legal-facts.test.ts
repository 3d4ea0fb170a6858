// What the legal pages state comes from what the server does (issue 34): GET /api/legal gives the retention periods
// the retention job uses, the sponsors requests are routed to (by category), the SMS provider and the operator as
// configured, and every field a funnel's requests send, each with its words in both languages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sponsor } from '../../engine/route-lead.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { readSponsorFiles } from '../../server/delivery/sponsor-files.ts';
import { expandedFlows } from '../../server/flow-files.ts';
import { FIELD_KINDS, fieldsOf, legalFacts } from '../../server/legal/legal-facts.ts';
import { STARTUP_MS } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const flows = expandedFlows();
const { sponsors } = readSponsorFiles(join(import.meta.dirname, '..', '..', 'sponsors'));
const operatorEnv = {
  OPERATOR_NAME: 'Accident Help Texas',
  OPERATOR_LEGAL_ENTITY: 'Accident Help Texas LLC',
  OPERATOR_ADDRESS: '500 Main Street, Suite 200, Austin, TX 78701',
  OPERATOR_PHONE: '+15125550142',
  OPERATOR_EMAIL: 'help@accidenthelp.example.com',
  OPERATOR_ATTORNEY_STATES: 'TX,OK',
};
const configured = (env: Record<string, string>): Config => loadConfig({ ...operatorEnv, ...env });

describe('GET /api/legal', () => {
  let s: TestServer;
  const config = configured({
    CODE_RETENTION_DAYS: '45',
    LEAD_RETENTION_DAYS: '700',
    CONSENT_RETENTION_YEARS: '7',
    EVENT_RETENTION_DAYS: '90',
    ALERT_DAYS: '14',
  });
  beforeAll(async () => {
    s = await makeTestServer({ config: { retention: config.retention, alertDays: config.alertDays, operator: config.operator }, sponsors });
  }, STARTUP_MS);
  afterAll(() => s.close());

  it('states the retention periods the retention job is given, the alert period, the operator and the sponsors by category', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/legal' });
    expect(res.statusCode, res.body).toBe(200);
    const facts = res.json<ReturnType<typeof legalFacts>>();
    // The very object purgeExpired(db, config.retention, …) reads (server/jobs/queues.ts).
    expect(facts.retention).toEqual(s.config.retention);
    expect(facts.retention).toEqual({ codeDays: 45, leadDays: 700, consentYears: 7, eventDays: 90 });
    expect(facts.sms).toEqual({ provider: null, alertDays: 14 });
    expect(facts.operator).toEqual({ ...config.operator, phoneDisplay: '(512) 555-0142', advertisingDisclaimer: null });
    expect(facts.recipients).toEqual([
      { category: 'medical-care', sponsors: ['Back in Motion Chiropractic'] },
      { category: 'law-firm', sponsors: ['Lone Star Injury Law', 'Summit Accident Lawyers'] },
    ]);
    expect(facts.funnels.map((funnel) => funnel.id).sort()).toEqual(flows.map((flow) => flow.id).sort());
  });
});

describe('legalFacts', () => {
  it('changes with the configuration: other periods, the Twilio provider, no sponsor', () => {
    const config = configured({ LEAD_RETENTION_DAYS: '30', CONSENT_RETENTION_YEARS: '10', SMS_PROVIDER: 'console' });
    const twilio: Config = { ...config, smsProvider: 'twilio' };
    expect(legalFacts(config, flows, sponsors).retention).toMatchObject({ leadDays: 30, consentYears: 10 });
    expect(legalFacts(twilio, flows, sponsors).sms.provider).toBe('twilio');
    const none = legalFacts(config, flows, []);
    expect(none.recipients).toEqual([]);
    expect(none.funnels.every((funnel) => funnel.sponsors.length === 0)).toBe(true);
  });

  it('names as recipients only active sponsors, and for each funnel those with a service its requests may ask for', () => {
    const paused: Sponsor[] = sponsors.map((sponsor) => (sponsor.id === 'lone-star-injury-law' ? { ...sponsor, active: false } : sponsor));
    const facts = legalFacts(loadConfig({}), flows, paused);
    expect(facts.recipients.flatMap((r) => r.sponsors)).not.toContain('Lone Star Injury Law');
    const sentTo = Object.fromEntries(legalFacts(loadConfig({}), flows, sponsors).funnels.map((funnel) => [funnel.id, funnel.sponsors]));
    // Camp Lejeune's requests ask for that funnel alone; the calculator's visitor may pick a chiropractor too.
    expect(sentTo['camp-lejeune']).toEqual(['Summit Accident Lawyers']);
    expect(sentTo.calculator).toEqual(['Back in Motion Chiropractic', 'Lone Star Injury Law', 'Summit Accident Lawyers']);
    expect(sentTo.medical).toContain('Back in Motion Chiropractic');
  });

  it('lists every field a funnel sends under a kind, with its words in English and Spanish', () => {
    const named = new Set(Object.values(FIELD_KINDS).flat());
    for (const lang of ['en', 'es']) {
      const copy = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'locales', lang, 'privacy.json'), 'utf8')) as {
        legal: { privacy: { fields: Record<string, string> } };
      };
      for (const field of named) expect(copy.legal.privacy.fields[field], `${lang}: ${field}`).toBeTruthy();
    }
    for (const flow of flows) {
      for (const field of fieldsOf(flow)) expect(named.has(field), `${flow.id}: ${field}`).toBe(true);
    }
    const facts = legalFacts(loadConfig({}), flows, sponsors);
    const attorney = facts.funnels.find((funnel) => funnel.id === 'attorney');
    expect(attorney?.collects.find((group) => group.kind === 'contact')?.fields).toEqual(['phone', 'name', 'email']);
    expect(attorney?.collects.find((group) => group.kind === 'technical')?.fields).toEqual(expect.arrayContaining(['ip', 'userAgent', 'pageUrl']));
  });
});
