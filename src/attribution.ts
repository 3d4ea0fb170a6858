// What a visit brings with it: the 'ref' cookie (the landing query string, 1 hour), the gclid, the page that referred the
// visitor, the business user token.
import type { Meta } from '../engine/types.ts';

const REF_MAX_AGE_SECONDS = 60 * 60;
export const GCLID_KEY = 'claimflow:gclid';
const REFERRER_KEY = 'claimflow:referrer';
/** The lead API takes at most this many characters of page-referrers. */
const MAX_REFERRER = 4096;
export const BUSINESS_TOKEN_KEY = 'business-user-token';
/** What the lead API stores as a business user's token: 1 to 512 visible ASCII characters. */
const BUSINESS_TOKEN = /^[\x21-\x7e]{1,512}$/;

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
  // The page that sent the visitor here (an ad, a search), kept from the first landing of the tab.
  const referrer = document.referrer.slice(0, MAX_REFERRER);
  if (referrer && !referrer.startsWith(window.location.origin) && !sessionStorage.getItem(REFERRER_KEY)) sessionStorage.setItem(REFERRER_KEY, referrer);
}

/** Facts of this visit of a funnel: a new id (its submissions' idempotency), the page, attribution. */
export function visitMeta(): Meta {
  // A page drawn on the server (src/entry-server.tsx) is no visit: the browser's first render draws its own meta.
  if (typeof window === 'undefined') return { visit: '' };
  return {
    visit: crypto.randomUUID(),
    pageUrl: window.location.href,
    gclid: sessionStorage.getItem(GCLID_KEY) ?? undefined,
    referrer: sessionStorage.getItem(REFERRER_KEY) ?? undefined,
    businessUserToken: localStorage.getItem(BUSINESS_TOKEN_KEY) ?? undefined,
  };
}

/**
 * Keeps the business user's token of a /business/{id}/{userId} link (spec §6) for every lead this browser sends; a
 * token the lead API would refuse is not kept (it would make every lead fail). Answers whether it was kept.
 */
export function keepBusinessToken(token: string): boolean {
  if (!BUSINESS_TOKEN.test(token)) return false;
  localStorage.setItem(BUSINESS_TOKEN_KEY, token);
  return true;
}
