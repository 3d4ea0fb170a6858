// Where each sponsor's webhooks go and the secret they are signed with, read from the environment variables its file
// names. A sponsor whose variables are unset or bad is skipped (it gets no lead), and said so at start.
import { Webhook } from 'standardwebhooks';
import type { Sponsor } from '../../engine/route-lead.ts';

export interface SponsorEndpoint {
  url: URL;
  /** Signs with the sponsor's whsec_ secret. */
  webhook: Webhook;
}

export interface ReadySponsors {
  /** The active sponsors whose endpoint is set: the ones leads are routed to. */
  sponsors: Sponsor[];
  endpoints: Map<string, SponsorEndpoint>;
  /** Why each other active sponsor was skipped, one line each (no secret in them). */
  skipped: string[];
}

function endpointOf(sponsor: Sponsor, env: Record<string, string | undefined>): SponsorEndpoint | string {
  const rawUrl = env[sponsor.urlEnv]?.trim();
  const secret = env[sponsor.secretEnv]?.trim();
  const unset = [!rawUrl && sponsor.urlEnv, !secret && sponsor.secretEnv].filter(Boolean);
  if (unset.length > 0) return `${unset.join(' and ')} ${unset.length > 1 ? 'are' : 'is'} not set`;
  const url = URL.canParse(rawUrl ?? '') ? new URL(rawUrl ?? '') : undefined;
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password) return `${sponsor.urlEnv} is not an http(s) URL without credentials`;
  if (!secret?.startsWith('whsec_')) return `${sponsor.secretEnv} is not a whsec_ secret`;
  try {
    return { url, webhook: new Webhook(secret) };
  } catch {
    return `${sponsor.secretEnv} is not a whsec_ secret (whsec_ and base64)`;
  }
}

/** The active sponsors with their endpoints from env; the others skipped, each with its reason. */
export function sponsorEndpoints(sponsors: readonly Sponsor[], env: Record<string, string | undefined>): ReadySponsors {
  const ready: ReadySponsors = { sponsors: [], endpoints: new Map(), skipped: [] };
  for (const sponsor of sponsors.filter((s) => s.active)) {
    const endpoint = endpointOf(sponsor, env);
    if (typeof endpoint === 'string') {
      ready.skipped.push(`sponsor ${sponsor.id} skipped: ${endpoint}`);
      continue;
    }
    ready.sponsors.push(sponsor);
    ready.endpoints.set(sponsor.id, endpoint);
  }
  return ready;
}
