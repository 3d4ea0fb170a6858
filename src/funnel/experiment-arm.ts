// The arm of a funnel's A/B test this visit runs: drawn once from the tab's visit id (engine/experiment.ts) and kept in
// sessionStorage, so a reload keeps it and a later change of the weights never moves it.
import { drawArm } from '../../engine/experiment.ts';
import type { Flow } from '../../engine/types.ts';
import { visitId } from '../analytics/visit-id.ts';

/** The visit's arm ('' when the flow runs no test); an arm kept is drawn again only if the test no longer has it. */
export function visitArm(flow: Flow): string {
  const { experiment } = flow;
  if (!experiment) return '';
  const key = `claimflow:arm:${flow.id}:${experiment.id}`;
  const kept = sessionStorage.getItem(key);
  if (kept !== null && experiment.arms.some((arm) => arm.name === kept)) return kept;
  const arm = drawArm(experiment, visitId());
  sessionStorage.setItem(key, arm);
  return arm;
}
