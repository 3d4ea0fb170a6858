// The funnel report (issue 21 part 2): from a flow's step events, per version and variant and per step in the funnel's
// order, the visits that reached the step and how they left it. Pure (no database, no Node API): the studio may run it.
import type { FromSchema } from 'json-schema-to-ts';
import { transitionList } from '../../engine/transitions.ts';
import type { Flow } from '../../engine/types.ts';
import type reportSchema from '../../schemas/api/events-report.response.schema.json';
import { neededVisits, wilsonInterval } from './variant-stats.ts';

export type FunnelReport = FromSchema<typeof reportSchema>;
type Group = FunnelReport['groups'][number];
type StepRow = Group['steps'][number];

/** One stored step event of the flow, as the report reads it. */
export interface EventRow {
  visit: string;
  /** The event's number in its visit: the visit's order. */
  seq: number;
  version: number;
  variant: string;
  kind: 'shown' | 'left' | 'closed' | 'completed';
  step: string | null;
  by: string | null;
  lang: string;
  /** ms since the epoch. */
  at: number;
}

export interface ReportOptions {
  /** Visits that started at or after this instant (ms), before until; and in this language (the one they started in). */
  since?: number;
  until?: number;
  lang?: string;
}

/**
 * The flow's steps in the funnel's order: each step before every step its forward moves (any event but BACK) lead to
 * (a depth-first search's reverse post-order from the first step), branches in the order the flow writes them.
 */
export function funnelOrder(flow: Flow): string[] {
  const done = new Set<string>();
  const after: string[] = [];
  const forward = (id: string) =>
    Object.entries(flow.steps[id]?.on ?? {})
      .filter(([event]) => event !== 'BACK')
      .flatMap(([, spec]) => transitionList(spec).flatMap((t) => [t.target, ...(t.then ?? []).map((x) => x.target)]))
      .filter((target): target is string => target !== undefined);
  // Iterative; the last branch written is searched first, so that the first one comes first in the reversed order.
  const stack: { id: string; children?: string[] }[] = [{ id: flow.initial }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { id: string; children?: string[] };
    if (top.children === undefined) {
      if (done.has(top.id) || !flow.steps[top.id]) {
        stack.pop();
        continue;
      }
      done.add(top.id);
      top.children = forward(top.id);
    }
    const next = top.children.pop();
    if (next === undefined) {
      after.push(top.id);
      stack.pop();
    } else if (!done.has(next)) stack.push({ id: next });
  }
  return after.reverse();
}

/** One visit's walk of the flow, from its events in order. */
interface Walk {
  version: number;
  variant: string;
  start: number;
  lang: string;
  reached: string[];
  /** The event that left each step the last time it was left. */
  lastLeft: Map<string, string>;
  /** ms on each step, summed over the times it was shown and then left or closed. */
  time: Map<string, number>;
  /** The last step shown. */
  last: string | undefined;
  completed: boolean;
  /** Steps moved between, as "from\nto". */
  moves: Set<string>;
}

function walkOf(events: EventRow[]): Walk {
  const first = events[0] as EventRow;
  const walk: Walk = {
    version: first.version,
    variant: first.variant,
    start: first.at,
    lang: first.lang,
    reached: [],
    lastLeft: new Map(),
    time: new Map(),
    last: undefined,
    completed: false,
    moves: new Set(),
  };
  let open: { step: string; at: number } | undefined;
  for (const { kind, step, by, at } of events) {
    if (kind === 'completed') walk.completed = true;
    if (step === null) continue;
    if (kind === 'shown') {
      if (walk.last !== undefined && walk.last !== step) walk.moves.add(`${walk.last}\n${step}`);
      if (!walk.reached.includes(step)) walk.reached.push(step);
      walk.last = step;
      open = { step, at };
      continue;
    }
    if (open?.step === step) walk.time.set(step, (walk.time.get(step) ?? 0) + Math.max(0, at - open.at));
    open = undefined;
    if (kind === 'left' && by !== null) walk.lastLeft.set(step, by);
  }
  return walk;
}

/** How a visit left a step it reached, the last time. */
function outcomeOf(walk: Walk, step: string, finals: Set<string>): 'forward' | 'back' | 'dropped' | 'ended' {
  if (step === walk.last) return walk.completed || finals.has(step) ? 'ended' : 'dropped';
  return walk.lastLeft.get(step) === 'BACK' ? 'back' : 'forward';
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const round = (rate: number) => Math.round(rate * 10_000) / 10_000;
const ratio = (part: number, whole: number) => (whole === 0 ? null : round(part / whole));

function groupOf(version: number, variant: string, walks: Walk[], order: string[], finals: Set<string>): Group {
  const known = new Set(order);
  // Steps the flow no longer has (an older version's), after its own, in the order visits first reached them.
  const steps = [...order, ...new Set(walks.flatMap((walk) => walk.reached).filter((step) => !known.has(step)))];
  const rows = new Map<string, StepRow & { times: number[] }>(
    steps.map((step) => [
      step,
      { step, reached: 0, forward: 0, back: 0, dropped: 0, ended: 0, dropOffRate: null, medianSeconds: null, completions: 0, times: [] },
    ]),
  );
  const moves = new Map<string, number>();
  for (const walk of walks) {
    for (const step of walk.reached) {
      const row = rows.get(step) as StepRow & { times: number[] };
      row.reached += 1;
      row[outcomeOf(walk, step, finals)] += 1;
      if (walk.completed) row.completions += 1;
      const time = walk.time.get(step);
      if (time !== undefined) row.times.push(time);
    }
    for (const move of walk.moves) moves.set(move, (moves.get(move) ?? 0) + 1);
  }
  const completions = walks.filter((walk) => walk.completed).length;
  const interval = wilsonInterval(completions, walks.length);
  return {
    version,
    variant,
    visits: walks.length,
    completions,
    completionRate: ratio(completions, walks.length),
    completionInterval: interval && { low: round(interval.low), high: round(interval.high) },
    // Set by funnelReport when the version's visits are split between arms.
    neededVisits: null,
    tooFewVisits: false,
    steps: [...rows.values()].map(({ times, ...row }) => {
      const ms = median(times);
      return { ...row, dropOffRate: ratio(row.dropped, row.reached), medianSeconds: ms === null ? null : Math.round(ms / 100) / 10 };
    }),
    moves: [...moves].map(([move, visits]) => {
      const [from = '', to = ''] = move.split('\n');
      return { from, to, visits };
    }),
  };
}

/** The report of flow over its event rows (of this flow only, in any order), for the visits options select. */
export function funnelReport(flow: Flow, rows: readonly EventRow[], options: ReportOptions = {}): FunnelReport {
  const byVisit = new Map<string, EventRow[]>();
  for (const row of rows) {
    const key = `${row.visit}\n${row.version}\n${row.variant}`;
    const events = byVisit.get(key);
    if (events) events.push(row);
    else byVisit.set(key, [row]);
  }
  const walks = [...byVisit.values()]
    .map((events) => walkOf(events.sort((a, b) => a.seq - b.seq)))
    .filter((walk) => walk.reached.length > 0)
    .filter((walk) => (options.since === undefined || walk.start >= options.since) && (options.until === undefined || walk.start < options.until))
    .filter((walk) => options.lang === undefined || walk.lang === options.lang);
  const order = funnelOrder(flow);
  const finals = new Set(
    Object.entries(flow.steps)
      .filter(([, step]) => step.final)
      .map(([id]) => id),
  );
  const groups = new Map<string, Walk[]>();
  for (const walk of walks) {
    const key = JSON.stringify([walk.version, walk.variant]);
    const group = groups.get(key);
    if (group) group.push(walk);
    else groups.set(key, [walk]);
  }
  const reported = [...groups.values()]
    .map((group) => groupOf((group[0] as Walk).version, (group[0] as Walk).variant, group, order, finals))
    .sort((a, b) => b.version - a.version || a.variant.localeCompare(b.variant));
  // An A/B test: the arms of one version are compared, each needing the visits to tell a 5-point difference.
  for (const version of new Set(reported.map((group) => group.version))) {
    const arms = reported.filter((group) => group.version === version);
    if (arms.length < 2) continue;
    const needed = neededVisits(
      arms.reduce((sum, arm) => sum + arm.completions, 0),
      arms.reduce((sum, arm) => sum + arm.visits, 0),
    );
    for (const arm of arms) Object.assign(arm, { neededVisits: needed, tooFewVisits: arm.visits < needed });
  }
  return {
    flow: flow.id,
    since: options.since === undefined ? null : new Date(options.since).toISOString().slice(0, 10),
    until: options.until === undefined ? null : new Date(options.until - 1).toISOString().slice(0, 10),
    lang: options.lang ?? null,
    groups: reported,
  };
}
