// A funnel's earlier version from the API (GET /api/flows/:id/:version), for a visit begun on it before a launch.
import type { Flow } from '../../engine/types.ts';
import { callApi } from './client.ts';

export const fetchFlowVersion = (id: string, version: number): Promise<Flow> =>
  callApi<Flow>({ method: 'GET', path: `/flows/${encodeURIComponent(id)}/${version}` });
