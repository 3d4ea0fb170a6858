import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSponsor } from '../../engine/check-sponsor.ts';
import { routeLead, type RoutableLead, type Sponsor } from '../../engine/route-lead.ts';

const now = () => Date.UTC(2026, 10, 25, 12);

const sponsor = (overrides: Partial<Sponsor> = {}): Sponsor => ({
  id: 'texas-law',
  name: 'Texas Law',
  services: ['__CALawyer', 'calculator'],
  filter: { and: [{ in: [{ var: 'state' }, ['TX', 'OK']] }, { '==': [{ var: 'injured' }, true] }, { '==': [{ var: 'legal_consult' }, true] }] },
  dailyCap: 2,
  urlEnv: 'SPONSOR_TEXAS_URL',
  secretEnv: 'SPONSOR_TEXAS_SECRET',
  active: true,
  ...overrides,
});

const lead = (body: Record<string, unknown>, funnel = 'attorney'): RoutableLead => ({
  funnel,
  body: { state: 'TX', injured: true, legal_consult: true, consent: { flowId: funnel }, ...body },
});

describe('routeLead', () => {
  const texas = sponsor();
  const chiro = sponsor({ id: 'chiro', services: ['Chiropractor'], filter: undefined, dailyCap: 10 });
  const all = [texas, chiro];

  it('gives a lead to every sponsor whose services and filter match it', () => {
    expect(routeLead(all, lead({ leadTypes: { __CALawyer: 'AM', Chiropractor: 'PM' } }), {}, now)).toEqual(['texas-law', 'chiro']);
  });

  it('matches a service by lead type, by lead_type, or by the funnel the lead came from', () => {
    expect(routeLead(all, lead({ leadTypes: { Chiropractor: 'AM' } }), {}, now)).toEqual(['chiro']);
    expect(routeLead(all, lead({ lead_type: 'Chiropractor' }), {}, now)).toEqual(['chiro']);
    expect(routeLead(all, lead({}, 'calculator'), {}, now)).toEqual(['texas-law']);
    expect(routeLead(all, { funnel: 'calc', body: { state: 'TX', injured: true, legal_consult: true, consent: { flowId: 'calculator' } } }, {}, now)).toEqual(['texas-law']);
    expect(routeLead(all, lead({ leadTypes: { notInterested: true } }), {}, now)).toEqual([]);
  });

  it('holds the filter: another state, no injury or no consultation wanted gets no lead', () => {
    const wanted = { leadTypes: { __CALawyer: 'AM' } };
    expect(routeLead(all, lead({ ...wanted, state: 'OK' }), {}, now)).toEqual(['texas-law']);
    expect(routeLead(all, lead({ ...wanted, state: 'CA' }), {}, now)).toEqual([]);
    expect(routeLead(all, lead({ ...wanted, injured: false }), {}, now)).toEqual([]);
    expect(routeLead(all, lead({ ...wanted, legal_consult: false }), {}, now)).toEqual([]);
  });

  it("stops at a sponsor's daily cap, and skips inactive sponsors", () => {
    const wants = lead({ leadTypes: { __CALawyer: 'AM', Chiropractor: 'AM' } });
    expect(routeLead(all, wants, { 'texas-law': 1 }, now)).toEqual(['texas-law', 'chiro']);
    expect(routeLead(all, wants, { 'texas-law': 2 }, now)).toEqual(['chiro']);
    expect(routeLead([sponsor({ dailyCap: 0 }), { ...chiro, active: false }], wants, {}, now)).toEqual([]);
  });

  it('replays a day of leads like a flow: the caps count what routing gave', () => {
    const counts: Record<string, number> = {};
    const given = [1, 2, 3].map(() => routeLead(all, lead({ leadTypes: { __CALawyer: 'AM' } }), counts, now).map((id) => (counts[id] = (counts[id] ?? 0) + 1) && id));
    expect(given).toEqual([['texas-law'], ['texas-law'], []]);
  });
});

describe('sponsor files', () => {
  it('are all valid', () => {
    const dir = join(import.meta.dirname, '..', '..', 'sponsors');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      expect(checkSponsor(JSON.parse(readFileSync(join(dir, file), 'utf8'))), file).toEqual([]);
    }
  });

  it('name what is wrong by JSON pointer: the schema, then unknown operations in the filter', () => {
    expect(checkSponsor({ ...sponsor(), dailyCap: -1, urlEnv: 'https://firm.example.com' })).toEqual([
      { pointer: '/dailyCap', message: 'must be >= 0' },
      { pointer: '/urlEnv', message: 'must match pattern "^[A-Z][A-Z0-9_]{0,99}$"' },
    ]);
    expect(checkSponsor({ ...sponsor(), webhookUrl: 'x' })).toEqual([{ pointer: '/', message: 'unknown property "webhookUrl"' }]);
    expect(checkSponsor(sponsor({ filter: { and: [{ inn: [{ var: 'state' }, ['TX']] }] } }))).toEqual([{ pointer: '/filter/and/0', message: 'unknown operation "inn"' }]);
  });
});
