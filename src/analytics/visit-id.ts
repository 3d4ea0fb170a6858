// This tab's anonymous visit: a random id kept for the tab's life (sessionStorage), which draws its arm of a funnel's
// A/B test. Its step events go in a visit the server starts (event-visit.ts).
const VISIT_KEY = 'claimflow:analytics-visit';

export function visitId(): string {
  let id = sessionStorage.getItem(VISIT_KEY);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(VISIT_KEY, id);
  }
  return id;
}
