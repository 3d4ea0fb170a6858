// What the sponsors' consent needs from the app: the lead its step's button would send, as the funnel renders it now,
// and the API's answer to who that lead would go to (POST /api/leads/sponsors). None outside the app (widget tests
// give their own).
import { createContext } from 'react';

/** A sponsor a lead may go to, as the consent names it. */
export interface OfferedSponsor {
  id: string;
  name: string;
}

export interface LeadSponsors {
  /** The request an effect of the funnel would send now (its route and body), if the funnel has that effect. */
  preview(effect: string): { path: string; body: unknown } | undefined;
  /** The sponsors a lead posted to path would go to now. */
  sponsorsOf(path: string, lead: Record<string, unknown>, signal: AbortSignal): Promise<OfferedSponsor[]>;
}

export const LeadSponsorsContext = createContext<LeadSponsors | null>(null);

/**
 * A lead body as routing reads it: without the person's name, phone and email (no sponsor routes on them, and the
 * question needs not carry them) and with only the funnel of its consent.
 */
export function routableLead(body: unknown): Record<string, unknown> {
  const { firstName, lastName, phone, email, consent, ...rest } = (body ?? {}) as Record<string, unknown>;
  void [firstName, lastName, phone, email];
  return { ...rest, consent: { flowId: (consent as { flowId?: unknown } | undefined)?.flowId } };
}
