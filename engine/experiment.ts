// A/B tests of a funnel (issue 21 part 3): which arm of a flow's experiment a visit runs, drawn from the visit's id so
// that the same visit draws the same arm, and the checks of an experiment that flows:check prints.
import { escape } from './logic.ts';
import type { Experiment, Flow } from './types.ts';

/** A number in [0, 1) from a text, spread evenly: FNV-1a over its UTF-16 units, then MurmurHash3's finaliser. */
export function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

/**
 * The arm a visit draws: each arm gets weight / (sum of weights) of the visits. The experiment's id is part of the
 * draw, so a new test splits visits anew. Drawn once per visit and kept (src/funnel/experiment-arm.ts): a later change
 * of weights would move some draws, never a kept arm.
 */
export function drawArm(experiment: Experiment, visit: string): string {
  const total = experiment.arms.reduce((sum, arm) => sum + arm.weight, 0);
  let point = unitHash(`${experiment.id}:${visit}`) * total;
  for (const arm of experiment.arms) {
    if (point < arm.weight) return arm.name;
    point -= arm.weight;
  }
  // Only reached through rounding at the very top: the last arm with a weight.
  return experiment.arms.findLast((arm) => arm.weight > 0)?.name ?? '';
}

/** What is wrong with a flow's experiment, as flows:check prints it (its shape is the schema's). */
export function experimentProblems(flow: Flow): { pointer: string; message: string }[] {
  const { experiment } = flow;
  if (!experiment) return [];
  const problems: { pointer: string; message: string }[] = [];
  if (experiment.arms.every((arm) => arm.weight === 0)) {
    problems.push({ pointer: '/experiment/arms', message: 'every arm has weight 0: no visit could be given an arm (give one a weight above 0)' });
  }
  const seen = new Set<string>();
  experiment.arms.forEach((arm, i) => {
    if (seen.has(arm.name)) problems.push({ pointer: `/experiment/arms/${i}/name`, message: `arm "${arm.name}" is named twice` });
    seen.add(arm.name);
  });
  // A lead that leaves out its arm could not be counted for the test.
  for (const [name, effect] of Object.entries(flow.effects)) {
    const consent = (effect.body as { consent?: Record<string, unknown> } | undefined)?.consent;
    if (effect.method === 'POST' && effect.path.startsWith('/leads/create') && consent && !('flowVariant' in consent)) {
      problems.push({
        pointer: `/effects/${escape(name)}/body/consent`,
        message: 'sends no flowVariant, so its lead would not record the arm of the experiment: add "flowVariant": {"var": "flow.variant"}',
      });
    }
  }
  return problems;
}
