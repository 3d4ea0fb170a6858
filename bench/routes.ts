// The funnel routes to measure: the first route of every flow in flows/*.json.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const FLOWS = join(import.meta.dirname, '..', 'flows');

export interface FunnelRoute {
  flow: string;
  route: string;
}

export function funnelRoutes(): FunnelRoute[] {
  return readdirSync(FLOWS)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const flow = JSON.parse(readFileSync(join(FLOWS, f), 'utf8')) as { id: string; routes: string[] };
      const route = flow.routes[0];
      if (!route) throw new Error(`${f} has no route`);
      return { flow: flow.id, route };
    });
}
