// The funnels the report knows: those of flows/ (or FLOWS_DIR, the folder the build reads), expanded as the app gets them.
import type { Flow } from '../../engine/types.ts';
import { expandedFlows } from '../../scripts/flow-files.ts';

/** The flow with this id, or undefined. */
export function flowById(id: string): Promise<Flow | undefined> {
  return Promise.resolve(expandedFlows().find((flow) => flow.id === id));
}
