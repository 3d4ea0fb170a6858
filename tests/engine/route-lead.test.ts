import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSponsor } from '../../engine/check-sponsor.ts';
import { routeLead, type RoutableLead, type Sponsor } from '../../engine/route-lead.ts';

const sponsor = (overrides: Partial<Sponsor> = {}): Sponsor => ({
  id: 'texas-law',
  name: 'Texas Law',
  category: 'law-firm',
  services: ['__CALawyer', 'calculator'],
  filter: { and: [{ in: [{ var: 'state' }, ['TX', 'OK']] }, { '==': [{ var: 'injured' }, true] }, { '==': [{ var: 'legal_consult' }, true] }] },
  dailyCap: 2,
  urlEnv: 'SPONSOR_TEXAS_URL',
  secretEnv: 'SPONSOR_TEXAS_SECRET',
  active: true,
  ...overrides,
});

const createdAtMs = Date.UTC(2026, 10, 25, 12);

const lead = (body: Record<string, unknown>, funnel = 'attorney'): RoutableLead => ({
  funnel,
  body: { state: 'TX', injured: true, legal_consult: true, consent: { flowId: funnel }, ...body },
  createdAtMs,
});

describe('routeLead', () => {
  const texas = sponsor();
  const chiro = sponsor({ id: 'chiro', services: ['Chiropractor'], filter: undefined, dailyCap: 10 });
  const all = [texas, chiro];

  it('gives a lead to every sponsor whose services and filter match it', () => {
    expect(routeLead(all, lead({ leadTypes: { __CALawyer: 'AM', Chiropractor: 'PM' } }))).toEqual(['texas-law', 'chiro']);
  });

  it('matches a service by lead type, by lead_type, or by the funnel the lead came from', () => {
    expect(routeLead(all, lead({ leadTypes: { Chiropractor: 'AM' } }))).toEqual(['chiro']);
    expect(routeLead(all, lead({ lead_type: 'Chiropractor' }))).toEqual(['chiro']);
    expect(routeLead(all, lead({}, 'calculator'))).toEqual(['texas-law']);
    expect(
      routeLead(all, { funnel: 'calc', body: { state: 'TX', injured: true, legal_consult: true, consent: { flowId: 'calculator' } }, createdAtMs }),
    ).toEqual(['texas-law']);
    expect(routeLead(all, lead({ leadTypes: { notInterested: true } }))).toEqual([]);
  });

  it('holds the filter: another state, no injury or no consultation wanted gets no lead', () => {
    const wanted = { leadTypes: { __CALawyer: 'AM' } };
    expect(routeLead(all, lead({ ...wanted, state: 'OK' }))).toEqual(['texas-law']);
    expect(routeLead(all, lead({ ...wanted, state: 'CA' }))).toEqual([]);
    expect(routeLead(all, lead({ ...wanted, injured: false }))).toEqual([]);
    expect(routeLead(all, lead({ ...wanted, legal_consult: false }))).toEqual([]);
  });

  it('skips inactive sponsors; caps are not its business (the router counts the day)', () => {
    const wants = lead({ leadTypes: { __CALawyer: 'AM', Chiropractor: 'AM' } });
    expect(routeLead([sponsor({ dailyCap: 0 }), { ...chiro, active: false }], wants)).toEqual(['texas-law']);
  });

  it("evaluates a filter's flow operations at the lead's creation, so a replay answers the same on any day", () => {
    const recent = sponsor({ services: ['attorney'], filter: { valid: ['pastDate', { var: 'accidentDate' }] } });
    const late = lead({ accidentDate: '2026-11-25' });
    expect(routeLead([recent], late)).toEqual(['texas-law']);
    expect(routeLead([recent], { ...late, createdAtMs: Date.UTC(2026, 10, 24, 12) })).toEqual([]);
  });

  it('replays a day of leads like a flow: the same leads route the same way, whatever came before', () => {
    const day = [
      lead({ leadTypes: { __CALawyer: 'AM' } }),
      lead({ leadTypes: { Chiropractor: 'PM' }, state: 'CA' }),
      lead({ leadTypes: { __CALawyer: 'AM', Chiropractor: 'AM' }, state: 'OK' }),
      lead({ leadTypes: { __CALawyer: 'AM' }, injured: false }),
    ];
    const routed = day.map((l) => routeLead(all, l));
    expect(routed).toEqual([['texas-law'], ['chiro'], ['texas-law', 'chiro'], []]);
    expect([...day].reverse().map((l) => routeLead(all, l))).toEqual([...routed].reverse());
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
    expect(checkSponsor(sponsor({ filter: { and: [{ inn: [{ var: 'state' }, ['TX']] }] } }))).toEqual([
      { pointer: '/filter/and/0', message: 'unknown operation "inn"' },
    ]);
  });
});
