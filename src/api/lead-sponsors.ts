// Who a lead would go to if it were sent now (POST /api/leads/sponsors), asked before the Submit that gives consent so
// that the consent names them.
import type { FromSchema } from 'json-schema-to-ts';
import type sponsorsResponse from '../../schemas/api/leads-sponsors.response.schema.json';
import type { LeadSponsors } from '../../widgets/sponsor-consent/lead-sponsors.ts';
import { callApi } from './client.ts';

type SponsorsAnswer = FromSchema<typeof sponsorsResponse>;

export const sponsorsOf: LeadSponsors['sponsorsOf'] = async (path, lead, signal) =>
  (await callApi<SponsorsAnswer>({ method: 'POST', path: '/leads/sponsors', body: { path, lead } }, signal)).sponsors;
