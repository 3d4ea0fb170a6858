// Routing a lead to the sponsors who buy it, as data: a sponsor matches a lead that asks for one of its services (or
// came from one of its funnels) and passes its filter. Pure, so a day of leads replays like a flow; daily caps count
// what was given, which is the router's state (server/delivery/route-leads.ts), not the rule's.
import { holds } from './logic.ts';

export type SponsorCategory = 'law-firm' | 'medical-care' | 'auto-repair' | 'vehicle-value';

/** A sponsor as sponsors/<id>.json has it (schemas/sponsor.schema.json). */
export interface Sponsor {
  id: string;
  name: string;
  /** What kind of business it is (schemas/sponsor.schema.json): the privacy policy names recipients by it. */
  category: SponsorCategory;
  /** Lead types (__CALawyer, Chiropractor, …) and flow ids (calculator, attorney, …). */
  services: string[];
  /** JSON Logic over the lead body as stored; absent: every lead. */
  filter?: unknown;
  /** Leads a day (UTC) at most: held by the router, which knows the day's counts. */
  dailyCap: number;
  urlEnv: string;
  secretEnv: string;
  active: boolean;
}

/** What routing reads of a lead. */
export interface RoutableLead {
  /** leads.funnel: the flow id, or calc and camp-lejeune for their own routes. */
  funnel: string;
  /** The lead body as stored (leads.body). */
  body: Record<string, unknown>;
  /** When the lead was created (ms since the epoch): the clock a filter's date operations read, so a replay answers the same. */
  createdAtMs: number;
}

/** The services a lead asks for: its funnel and flow id, the lead types it chose and its lead_type. */
export function servicesOf({ funnel, body }: RoutableLead): Set<string> {
  const services = new Set([funnel]);
  const consent = body.consent as { flowId?: unknown } | undefined;
  if (typeof consent?.flowId === 'string') services.add(consent.flowId);
  if (typeof body.lead_type === 'string') services.add(body.lead_type);
  const leadTypes = body.leadTypes;
  if (leadTypes && typeof leadTypes === 'object') {
    for (const [service, preference] of Object.entries(leadTypes)) if (service !== 'notInterested' && preference) services.add(service);
  }
  return services;
}

/** The ids of the active sponsors whose services and filter match the lead, in the order given. */
export function routeLead(sponsors: readonly Sponsor[], lead: RoutableLead): string[] {
  const wanted = servicesOf(lead);
  const at = () => lead.createdAtMs;
  return sponsors
    .filter(
      (sponsor) =>
        sponsor.active && sponsor.services.some((service) => wanted.has(service)) && (sponsor.filter === undefined || holds(sponsor.filter, lead.body, at)),
    )
    .map((sponsor) => sponsor.id);
}
