// What a visit brings with it: the 'ref' cookie (the landing query string, 1 hour), the gclid, the business user token.
import type { Meta } from '../engine/types.ts';

const REF_MAX_AGE_SECONDS = 60 * 60;
const GCLID_KEY = 'claimflow:gclid';
export const BUSINESS_TOKEN_KEY = 'business-user-token';

/** Records the landing query string in the 'ref' cookie and keeps the gclid for the lead. */
export function captureAttribution(search: string) {
  const query = search.replace(/^\?/, '');
  const params = new URLSearchParams(query);
  params.delete('lang');
  // The first landing's query string is the attribution: a reload or a language switch must not replace it.
  const hasRef = document.cookie.split('; ').some((c) => c.startsWith('ref='));
  if ([...params.keys()].length > 0 && !hasRef) document.cookie = `ref=${encodeURIComponent(query)}; max-age=${REF_MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
  const gclid = params.get('gclid');
  if (gclid) sessionStorage.setItem(GCLID_KEY, gclid);
}

/** Facts of this visit of a funnel: a new id (its submissions' idempotency), the page, attribution. */
export function visitMeta(): Meta {
  return {
    visit: crypto.randomUUID(),
    pageUrl: window.location.href,
    gclid: sessionStorage.getItem(GCLID_KEY) ?? undefined,
    businessUserToken: localStorage.getItem(BUSINESS_TOKEN_KEY) ?? undefined,
  };
}
