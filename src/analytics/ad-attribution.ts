// What step analytics keep of the landing's attribution (src/attribution.ts keeps it for the lead): the utm_source
// and utm_campaign of the 'ref' cookie's query string, and whether a gclid came (never the gclid itself).
import { GCLID_KEY } from '../attribution.ts';

/** What the API keeps of a utm value (schemas/api/events.request.schema.json): no @, as an e-mail address is personal data. */
const UTM = /^[\p{L}\p{N} ._~+:/|()-]{1,100}$/u;

export function adAttribution(): { utmSource?: string; utmCampaign?: string; gclid: boolean } {
  const ref = document.cookie.split('; ').find((c) => c.startsWith('ref='));
  const params = new URLSearchParams(ref === undefined ? '' : decodeURIComponent(ref.slice('ref='.length)));
  const utm = (name: string) => {
    const value = params.get(name);
    return value !== null && UTM.test(value) ? value : undefined;
  };
  return { utmSource: utm('utm_source'), utmCampaign: utm('utm_campaign'), gclid: sessionStorage.getItem(GCLID_KEY) !== null };
}
