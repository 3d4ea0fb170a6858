// Who a lead would go to if it were sent now (POST /api/leads/sponsors), asked before the Submit that gives consent so
// that the consent names them.
import type { OfferedSponsor } from '../../widgets/sponsor-consent/lead-sponsors.ts';
import { callApi } from './client.ts';

export const sponsorsOf = async (path: string, lead: Record<string, unknown>, signal: AbortSignal): Promise<OfferedSponsor[]> =>
  (await callApi<{ sponsors: OfferedSponsor[] }>({ method: 'POST', path: '/leads/sponsors', body: { path, lead } }, signal)).sponsors;
