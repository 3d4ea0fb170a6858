// Where a report's first fact is kept for the tab: taken out of the URL (/accident/{id}/{vin}, a link's ?proof=) into
// session storage, so the address bar, the history and a shared link never hold it, and a reload still has it. The
// proof itself (both facts) is the server's cookie.
import type { ReportFact } from '../../api/reports.ts';

const FACT_KEY = (id: string) => `claimflow:report-fact:${id}`;

/** The fact kept for a report as stored (text: the same value for React to compare each time it reads it), or null. */
export function storedFactText(id: string): string | null {
  try {
    return sessionStorage.getItem(FACT_KEY(id));
  } catch {
    return null;
  }
}

/** A kept fact's text read back; undefined when it is none (an edited storage). */
export function parsedFact(text: string): ReportFact | undefined {
  try {
    return JSON.parse(text) as ReportFact;
  } catch {
    return undefined;
  }
}

export function keepFact(id: string, fact: ReportFact | undefined): void {
  try {
    if (fact) sessionStorage.setItem(FACT_KEY(id), JSON.stringify(fact));
    else sessionStorage.removeItem(FACT_KEY(id));
  } catch {
    // Storage refused (private mode, full): the fact lasts until the page is left, as it would without it.
  }
}

/** The first fact a report URL carries: the VIN of /accident/{id}/{vin} (as typed, any case), or a link's proof. */
export function factInUrl(urlVin: string | undefined, search: string): ReportFact | undefined {
  const token = new URLSearchParams(search).get('proof');
  if (token) return { token };
  if (!urlVin) return undefined;
  try {
    return { vin: decodeURIComponent(urlVin).toUpperCase() };
  } catch {
    // A stray % in an edited URL: the VIN as it stands (the API says it matches nothing).
    return { vin: urlVin.toUpperCase() };
  }
}

/** The search without its proof= parameter ('' when nothing else is left). */
export function withoutProof(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('proof');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Set when the proof form has just opened the full report: the page then moves focus to the news. */
let proved = false;

export function markProved(): void {
  proved = true;
}

/** Whether the form has just proved involvement (once: the flag is cleared). */
export function takeProved(): boolean {
  const was = proved;
  proved = false;
  return was;
}
