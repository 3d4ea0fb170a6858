// Daily caps are the router's, not routing's: of the sponsors a lead matches, those that had fewer than their cap of
// leads today get it, and each one that does counts it; a day of leads replayed through routeLead and the caps.
import { describe, expect, it } from 'vitest';
import { routeLead, type RoutableLead, type Sponsor } from '../../engine/route-lead.ts';
import { withinDailyCaps } from '../../server/delivery/route-leads.ts';

const sponsor = (id: string, services: string[], dailyCap: number): Sponsor => ({
  id,
  name: id,
  category: 'law-firm',
  services,
  dailyCap,
  urlEnv: 'SPONSOR_URL',
  secretEnv: 'SPONSOR_SECRET',
  active: true,
});

const lawyers = sponsor('lawyers', ['__CALawyer'], 2);
const chiro = sponsor('chiro', ['Chiropractor'], 10);
const lead = (leadTypes: Record<string, string>): RoutableLead => ({ funnel: 'attorney', body: { leadTypes }, createdAtMs: Date.UTC(2026, 10, 25) });

describe('withinDailyCaps', () => {
  it("keeps the matched sponsors under their cap, in routing's order, and counts the lead for each", () => {
    const counts: Record<string, number> = { lawyers: 1 };
    expect(withinDailyCaps([lawyers, chiro], ['lawyers', 'chiro'], counts)).toEqual(['lawyers', 'chiro']);
    expect(counts).toEqual({ lawyers: 2, chiro: 1 });
    expect(withinDailyCaps([lawyers, chiro], ['lawyers', 'chiro'], counts)).toEqual(['chiro']);
    expect(counts).toEqual({ lawyers: 2, chiro: 2 });
  });

  it('gives a sponsor with a cap of 0 nothing, and one it does not know nothing', () => {
    expect(withinDailyCaps([sponsor('closed', ['x'], 0)], ['closed', 'unknown'], {})).toEqual([]);
  });

  it('holds the caps over a day of leads routed one after another', () => {
    const counts: Record<string, number> = {};
    const day = [lead({ __CALawyer: 'AM' }), lead({ __CALawyer: 'AM', Chiropractor: 'PM' }), lead({ __CALawyer: 'AM', Chiropractor: 'AM' })];
    expect(day.map((l) => withinDailyCaps([lawyers, chiro], routeLead([lawyers, chiro], l), counts))).toEqual([['lawyers'], ['lawyers', 'chiro'], ['chiro']]);
  });
});
