// For the app's entry (src/main.tsx): on a report URL, the screen's code, its copy and the report itself requested
// as soon as the app's own has run, so the first render draws the report screen instead of "Loading…" and three waits in turn.

/** /accident/{id} and /accident/{id}/{vin}, as src/routes.tsx routes them. */
const REPORT_PATH = /^\/accident\/([^/]+)(?:\/([^/]+))?\/?$/;
/** /business/{id}/{userId}: the same screen, without a VIN. */
const BUSINESS_PATH = /^\/business\/([^/]+)\/[^/]+\/?$/;

/** The catalogues the report screen reads (ReportPage asks for them all at once too). */
export const REPORT_NAMESPACES = ['report', 'locate', 'errors', 'common'];

/** The report screen's params at this path, or undefined when it is not a report's. */
export function reportRouteAt(pathname: string): { id: string; vin?: string } | undefined {
  const business = BUSINESS_PATH.exec(pathname);
  if (business) return { id: business[1] as string };
  const match = REPORT_PATH.exec(pathname);
  if (!match) return undefined;
  const [, id, vin] = match as unknown as [string, string, string | undefined];
  return { id, vin };
}

/**
 * Starts the report's request and returns the screen's code, to await before the first render. Both are fetched with
 * the route, not in the entry: a funnel's first screen carries none of the report's code.
 */
export function preloadReport({ id }: { id: string }): Promise<unknown> {
  return Promise.all([import('./use-report.ts').then(({ startRequest }) => startRequest(id)), import('./ReportPage.tsx')]);
}
