// Routing a lead to the sponsors who buy it, as data: a sponsor gets a lead that asks for one of its services (or came
// from one of its funnels) and passes its filter, while it has had fewer than its daily cap today. Pure: replayable.
import { holds } from './logic.ts';
import type { Clock } from './types.ts';

/** A sponsor as sponsors/<id>.json has it (schemas/sponsor.schema.json). */
export interface Sponsor {
  id: string;
  name: string;
  /** Lead types (__CALawyer, Chiropractor, …) and flow ids (calculator, attorney, …). */
  services: string[];
  /** JSON Logic over the lead body as stored; absent: every lead. */
  filter?: unknown;
  /** Leads a day (UTC) at most. */
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

/**
 * The ids of the sponsors that get the lead, in the order given: active ones whose services and filter match and
 * whose count of leads today (todayCounts, by sponsor id; absent is none) is below their daily cap.
 */
export function routeLead(sponsors: readonly Sponsor[], lead: RoutableLead, todayCounts: Readonly<Record<string, number>>, now: Clock): string[] {
  const wanted = servicesOf(lead);
  return sponsors
    .filter(
      (sponsor) =>
        sponsor.active &&
        (todayCounts[sponsor.id] ?? 0) < sponsor.dailyCap &&
        sponsor.services.some((service) => wanted.has(service)) &&
        (sponsor.filter === undefined || holds(sponsor.filter, lead.body, now)),
    )
    .map((sponsor) => sponsor.id);
}
