// The estimate's copy (locales/<lang>/estimate.json) comes with its code on the results step, both languages, rather
// than as catalogues fetched by name: each catalogue the app can fetch costs every first screen its URL
// (src/api/catalogues.ts leaves this one out).
import type { i18n as I18n } from 'i18next';
import en from '../../locales/en/estimate.json' with { type: 'json' };
import es from '../../locales/es/estimate.json' with { type: 'json' };

export const ESTIMATE_NS = 'estimate';
const BUNDLES: Record<string, Record<string, unknown>> = { en, es };

/** Adds the estimate's catalogues to i18next once, before anything asks for them (so nothing is fetched). */
export function addEstimateCopy(i18n: I18n) {
  for (const [lng, bundle] of Object.entries(BUNDLES)) if (!i18n.hasResourceBundle(lng, ESTIMATE_NS)) i18n.addResourceBundle(lng, ESTIMATE_NS, bundle);
}
