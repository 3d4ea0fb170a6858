// What a transition says on its edge: its event, its guard in words, the effect it runs and, after the effect, the
// condition on its result that leads here.
import { guardWords } from './guard-words.ts';
import type { GraphEdge } from './flow-graph.ts';

const EVENTS: Record<string, string> = { NEXT: 'Next', BACK: 'Back', ANSWER: 'Answer' };

/** The label in one line of text (the edge's accessible name, and its tooltip). */
export function edgeText(edge: GraphEdge): string {
  return [
    `${EVENTS[edge.event] ?? edge.event} from ${edge.from} to ${edge.to}`,
    edge.guard !== undefined && `if ${guardWords(edge.guard)}`,
    edge.effect && `runs ${edge.effect}`,
    edge.outcome !== undefined && `then if ${guardWords(edge.outcome)}`,
    edge.createsLead && 'creates the lead',
  ]
    .filter(Boolean)
    .join(', ');
}

export function EdgeLabel({ edge }: { edge: GraphEdge }) {
  const classes = ['edge-label', edge.leadPath && 'is-lead', edge.event === 'BACK' && 'is-back'].filter(Boolean).join(' ');
  return (
    <span className={classes} title={edgeText(edge)}>
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
