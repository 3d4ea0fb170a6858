// The funnel report as the graph draws it: a step's figures on its card, the visits that moved along each edge, the
// band a drop-off rate is coloured by, and the words a screen reader (and a test) reads for each.
import type { FlowGraph } from '../graph/flow-graph.ts';
import type { FunnelReport } from './studio-report.ts';

export type ReportGroup = FunnelReport['groups'][number];
export type StepFigures = ReportGroup['steps'][number];

/** Under 20% is low, from 50% high: the card's colour, and the legend's words. */
export type DropBand = 'low' | 'medium' | 'high';
export const dropBand = (rate: number): DropBand => (rate < 0.2 ? 'low' : rate < 0.5 ? 'medium' : 'high');

export const percent = (rate: number) => new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 }).format(rate);

/** Seconds as people read them: 4.2 s, 95 s, 3 min 5 s. */
export function duration(seconds: number): string {
  if (seconds < 100) return `${new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(seconds)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

export const visitsText = (n: number) => `${n} ${n === 1 ? 'visit' : 'visits'}`;

/** The card's figures in one line of text (its accessible name, after the step's heading). */
export function stepFiguresText(f: StepFigures): string {
  return [
    `${f.reached} reached`,
    `${f.dropped} dropped off${f.dropOffRate === null ? '' : ` (${percent(f.dropOffRate)})`}`,
    f.medianSeconds !== null && `median ${duration(f.medianSeconds)} on the step`,
    `${f.completions} completed`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The group the graph shows first (of the report's, newest first): the flow's own version without a variant, else the newest. */
export function defaultGroup(groups: Pick<ReportGroup, 'version' | 'variant'>[], version: number): number {
  return Math.max(
    0,
    groups.findIndex((g) => g.version === version && g.variant === ''),
  );
}

export const groupName = (g: Pick<ReportGroup, 'version' | 'variant'>) => `version ${g.version}${g.variant ? `, variant ${g.variant}` : ''}`;

export interface GraphFigures {
  steps: Map<string, StepFigures>;
  /** Visits that moved along each edge (by edge id); none for an edge from a step to itself, which the report cannot see. */
  edges: Map<string, number>;
}

/** A group's figures placed on the graph: steps by id, moves on the edges between the same two steps. */
export function graphFigures(graph: FlowGraph, group: Pick<ReportGroup, 'steps' | 'moves'>): GraphFigures {
  const moves = new Map(group.moves.map((m) => [`${m.from}\n${m.to}`, m.visits]));
  const edges = new Map<string, number>();
  for (const edge of graph.edges) {
    if (edge.from !== edge.to) edges.set(edge.id, moves.get(`${edge.from}\n${edge.to}`) ?? 0);
  }
  return { steps: new Map(group.steps.map((s) => [s.step, s])), edges };
}
