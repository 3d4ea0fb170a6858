// What a transition says on its edge: its event, its guard in words, the effect it runs and, after the effect, the
// condition on its result that leads here; with a funnel report, the visits that moved along it.
import { visitsText } from '../report/graph-figures.ts';
import { guardWords } from './guard-words.ts';
import type { GraphEdge } from './flow-graph.ts';

const EVENTS: Record<string, string> = { NEXT: 'Next', BACK: 'Back', ANSWER: 'Answer' };

/** The label in one line of text (the edge's accessible name, and its tooltip). */
export function edgeText(edge: GraphEdge, visits?: number): string {
  return [
    `${EVENTS[edge.event] ?? edge.event} from ${edge.from} to ${edge.to}`,
    edge.guard !== undefined && `if ${guardWords(edge.guard)}`,
    edge.effect && `runs ${edge.effect}`,
    edge.outcome !== undefined && `then if ${guardWords(edge.outcome)}`,
    edge.createsLead && 'creates the lead',
    visits !== undefined && `taken by ${visitsText(visits)}`,
  ]
    .filter(Boolean)
    .join(', ');
}

export function EdgeLabel({ edge, visits }: { edge: GraphEdge; visits?: number }) {
  const classes = ['edge-label', edge.leadPath && 'is-lead', edge.event === 'BACK' && 'is-back'].filter(Boolean).join(' ');
  return (
    <span className={classes} title={edgeText(edge, visits)}>
      {visits !== undefined && <span className={`edge-visits${visits === 0 ? ' is-none' : ''}`}>{visitsText(visits)}</span>}
      <span className="edge-event">{EVENTS[edge.event] ?? edge.event}</span>
      {edge.guard !== undefined && <span className="edge-guard">if {guardWords(edge.guard)}</span>}
      {edge.effect && (
        <span className="edge-effect">
          <span aria-hidden="true">⚡</span> {edge.effect}
        </span>
      )}
      {edge.outcome !== undefined && <span className="edge-guard">then if {guardWords(edge.outcome)}</span>}
      {edge.createsLead && <span className="edge-lead">creates the lead</span>}
    </span>
  );
}
