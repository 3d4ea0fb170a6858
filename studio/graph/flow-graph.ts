// A flow as a graph of its steps: one edge per step a transition can lead to, the effects each step runs, and the
// steps and edges on a path that creates a lead.
import { transitionList } from '../../engine/transitions.ts';
import type { Flow, FlowEventType, Logic } from '../../engine/types.ts';

export interface GraphStep {
  id: string;
  /** Copy key of the step's heading. */
  title: string | undefined;
  widgets: string[];
  /** Effects the step runs: on entry, and on its transitions (each once, in order). */
  effects: { name: string; when: 'entry' | FlowEventType }[];
  final: boolean;
  initial: boolean;
  /** On a path from the first step to a transition that creates a lead. */
  leadPath: boolean;
}

export interface GraphEdge {
  id: string;
  from: string;
  to: string;
  event: FlowEventType;
  /** undefined when the transition has none. */
  guard: Logic;
  /** The effect the transition runs before it moves. */
  effect: string | undefined;
  /** After the effect: the condition on its result that takes this edge rather than the transition's own target (undefined: none). */
  outcome: Logic;
  createsLead: boolean;
  leadPath: boolean;
}

export interface FlowGraph {
  steps: GraphStep[];
  edges: GraphEdge[];
}

/** An effect creates a lead when it posts to one of the API's lead creation endpoints (/leads/create…). */
export const createsLead = (flow: Flow, effect: string | undefined) =>
  effect !== undefined && flow.effects[effect]?.method === 'POST' && /^\/leads\/create/.test(flow.effects[effect].path);

export function flowGraph(flow: Flow): FlowGraph {
  const edges: GraphEdge[] = [];
  for (const [from, step] of Object.entries(flow.steps)) {
    for (const [event, spec] of Object.entries(step.on ?? {}) as [FlowEventType, Parameters<typeof transitionList>[0]][]) {
      transitionList(spec).forEach((t, i) => {
        const edge = (to: string, outcome: Logic, n: number): GraphEdge => ({
          id: `${from}:${event}:${i}:${n}`,
          from,
          to,
          event,
          guard: t.guard,
          effect: t.effect,
          outcome,
          createsLead: createsLead(flow, t.effect),
          leadPath: false,
        });
        if (t.target !== undefined) edges.push(edge(t.target, undefined, 0));
        (t.then ?? []).forEach((then, n) => edges.push(edge(then.target, then.guard, n + 1)));
      });
    }
  }
  const known = edges.filter((e) => e.to in flow.steps);

  // Forward moves only: Back retraces a path, it does not make one.
  const forward = known.filter((e) => e.event !== 'BACK');
  const reached = closure([flow.initial], (id) => forward.filter((e) => e.from === id).map((e) => e.to));
  const leadSources = forward.filter((e) => e.createsLead).map((e) => e.from);
  const leadsOn = closure(leadSources, (id) => forward.filter((e) => e.to === id).map((e) => e.from));
  for (const e of forward) e.leadPath = reached.has(e.from) && (e.createsLead || leadsOn.has(e.to));

  const steps = Object.entries(flow.steps).map(([id, step]): GraphStep => {
    const effects: GraphStep['effects'] = (step.entry ?? []).map((name) => ({ name, when: 'entry' }));
    for (const [event, spec] of Object.entries(step.on ?? {}) as [FlowEventType, Parameters<typeof transitionList>[0]][]) {
      for (const t of transitionList(spec)) {
        if (t.effect && !effects.some((x) => x.name === t.effect && x.when === event)) effects.push({ name: t.effect, when: event });
      }
    }
    return {
      id,
      title: step.title,
      widgets: step.blocks.map((b) => b.widget),
      effects,
      final: step.final === true,
      initial: id === flow.initial,
      leadPath: reached.has(id) && leadsOn.has(id),
    };
  });
  return { steps, edges: known };
}

function closure(start: string[], next: (id: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const id = queue.shift() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...next(id));
  }
  return seen;
}
