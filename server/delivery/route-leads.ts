// The router: takes the leads not routed yet, issues each one's consent certificate, routes it (engine/route-lead.ts) to
// the sponsors its consent names, keeps those still under their daily cap (today's count per sponsor), and stores one
// lead.created delivery per sponsor that gets it and the lead's routed_at, all in one transaction. One router at a time (an advisory lock): caps
// hold across processes, and a lead is routed exactly once whatever dies when.
import { routeLead, type RoutableLead, type Sponsor } from '../../engine/route-lead.ts';
import { certificateUrl, issueCertificates, type CertificateSigner } from '../certificates/issue-certificate.ts';
import type { Db, Queryable } from '../db/db.ts';
import { markLeadsRouted } from '../store/leads.ts';
import type { ReadySponsors } from './sponsor-endpoints.ts';

export interface RouterDeps {
  db: Db;
  ready: ReadySponsors;
  signer: CertificateSigner;
  /** The site's origin, the certificates' URLs' start (PUBLIC_URL). */
  publicUrl: () => string;
  clock?: () => number;
}

/** Leads routed per transaction. */
const BATCH = 100;

interface WaitingLead {
  id: string | number;
  funnel: string;
  body: Record<string, unknown>;
  created_at: Date;
}

const startOfUtcDay = (ms: number) => new Date(ms - (ms % 86_400_000)).toISOString();

/** The leads each sponsor was given today (UTC), by sponsor id. */
export async function todayCounts(tx: Queryable, now: number): Promise<Record<string, number>> {
  const { rows } = await tx.query<{ sponsor_id: string; n: number }>(
    `SELECT sponsor_id, count(*)::int AS n FROM deliveries
     WHERE type = 'lead.created' AND created_at >= $1::timestamptz GROUP BY sponsor_id`,
    [startOfUtcDay(now)],
  );
  return Object.fromEntries(rows.map((r) => [r.sponsor_id, r.n]));
}

/**
 * Of the sponsors a lead matched (ids, in routing's order), those that had fewer than their daily cap of leads today
 * (counts, by sponsor id; absent is none), each counted as it gets the lead.
 */
export function withinDailyCaps(sponsors: readonly Sponsor[], matched: readonly string[], counts: Record<string, number>): string[] {
  return matched.filter((id) => {
    const cap = sponsors.find((s) => s.id === id)?.dailyCap ?? 0;
    if ((counts[id] ?? 0) >= cap) return false;
    counts[id] = (counts[id] ?? 0) + 1;
    return true;
  });
}

/** Of the sponsors ready to get leads, those whose endpoint was not turned off (sponsor_endpoints_off). */
export async function liveSponsors(tx: Queryable, ready: readonly Sponsor[]): Promise<Sponsor[]> {
  const { rows: off } = await tx.query<{ sponsor_id: string }>('SELECT sponsor_id FROM sponsor_endpoints_off');
  return ready.filter((s) => !off.some((o) => o.sponsor_id === s.id));
}

/**
 * The sponsors a lead goes to: those routing matches (engine/route-lead.ts), still under their daily cap, and named by
 * its consent (body.consent.sponsors): a sponsor its person was not shown never gets it.
 */
export function sponsorsOfLead(sponsors: readonly Sponsor[], lead: RoutableLead, counts: Record<string, number>): string[] {
  const consent = lead.body.consent as { sponsors?: unknown } | undefined;
  const named = Array.isArray(consent?.sponsors) ? consent.sponsors : [];
  return withinDailyCaps(
    sponsors,
    routeLead(sponsors, lead).filter((id) => named.includes(id)),
    counts,
  );
}

/** Routes one batch of waiting leads; how many it routed (0: none was waiting). */
async function routeBatch({ db, ready, signer, publicUrl, clock = Date.now }: RouterDeps): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('claimflow:route-leads'))`);
    const { rows: leads } = await tx.query<WaitingLead>('SELECT id, funnel, body, created_at FROM leads WHERE routed_at IS NULL ORDER BY id LIMIT $1', [BATCH]);
    if (leads.length === 0) return 0;
    const now = clock();
    const counts = await todayCounts(tx, now);
    const sponsors = await liveSponsors(tx, ready.sponsors);
    const certificates = await issueCertificates(
      tx,
      leads.map((lead) => Number(lead.id)),
      signer,
    );
    const deliveries: { lead_id: number; sponsor_id: string; certificate_url: string }[] = [];
    for (const lead of leads) {
      const id = Number(lead.id);
      const url = certificateUrl(publicUrl(), certificates.get(id)!);
      for (const sponsorId of sponsorsOfLead(sponsors, { funnel: lead.funnel, body: lead.body, createdAtMs: lead.created_at.getTime() }, counts)) {
        deliveries.push({ lead_id: id, sponsor_id: sponsorId, certificate_url: url });
      }
    }
    await markLeadsRouted(
      tx,
      leads.map((l) => Number(l.id)),
    );
    await tx.query(
      `INSERT INTO deliveries (lead_id, sponsor_id, type, certificate_url)
       SELECT d.lead_id, d.sponsor_id, 'lead.created', d.certificate_url
       FROM jsonb_to_recordset($1::jsonb) AS d(lead_id bigint, sponsor_id text, certificate_url text)`,
      [JSON.stringify(deliveries)],
    );
    return leads.length;
  });
}

/** Routes every waiting lead; how many. */
export async function routeWaitingLeads(deps: RouterDeps, signal?: AbortSignal): Promise<number> {
  let routed = 0;
  for (;;) {
    const n = await routeBatch(deps);
    routed += n;
    if (n < BATCH || signal?.aborted) return routed;
  }
}
