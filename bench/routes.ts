// The funnel routes to measure: the first route of every funnel of flows/ (expanded from its flow files).
import { expandedFlows } from '../server/flow-files.ts';

export interface FunnelRoute {
  flow: string;
  route: string;
}

export function funnelRoutes(): FunnelRoute[] {
  return expandedFlows()
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((flow) => {
      const route = flow.routes[0];
      if (!route) throw new Error(`${flow.id} has no route`);
      return { flow: flow.id, route };
    });
}
