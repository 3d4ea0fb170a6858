// What a sponsor is sent of a lead (the envelope's data): the lead as the API answers it, with its consent
// certificate's URL in place of the TrustedForm certificate the form may have carried, and without the report alert's
// search (a VIN, a case ID, a place and date): sponsors buy the lead, not what the person looked for in the reports.
import type { Lead } from '../store/leads.ts';

export type WebhookLead = Omit<Lead, 'trusted_form_cert' | 'alert'> & { certificateUrl: string };

export function webhookLead(lead: Lead, certificateUrl: string): WebhookLead {
  const { trusted_form_cert: _trustedForm, alert: _search, ...data } = lead;
  return Object.assign(data, { certificateUrl });
}
