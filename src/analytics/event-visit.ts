// This tab's visit as POST /api/events knows it: a token the server signs (POST /api/visits), kept in sessionStorage for
// the tab's life and asked for anew when it has less than an hour left. Each tab has its own (sessionStorage); the A/B
// arm is drawn from the tab's own random id (visit-id.ts), so a new token never moves a visit to another arm.
import { callApi } from '../api/client.ts';

export const VISIT_TOKEN_KEY = 'claimflow:analytics-visit-token';
const MARGIN_MS = 60 * 60_000;

interface Stored {
  visit: string;
  expiresAt: number;
}

const stored = (): Stored | undefined => {
  try {
    const value = JSON.parse(sessionStorage.getItem(VISIT_TOKEN_KEY) ?? 'null') as Partial<Stored> | null;
    return typeof value?.visit === 'string' && typeof value.expiresAt === 'number' ? (value as Stored) : undefined;
  } catch {
    return undefined;
  }
};

/** The tab's visit token, or undefined when the server could not be asked (the events then go unsent). */
export async function eventVisit(): Promise<string | undefined> {
  const kept = stored();
  if (kept && kept.expiresAt - Date.now() > MARGIN_MS) return kept.visit;
  try {
    const fresh = await callApi<Stored>({ method: 'POST', path: '/visits' });
    sessionStorage.setItem(VISIT_TOKEN_KEY, JSON.stringify({ visit: fresh.visit, expiresAt: fresh.expiresAt }));
    return fresh.visit;
  } catch {
    return undefined;
  }
}
