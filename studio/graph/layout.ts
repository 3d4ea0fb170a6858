// Automatic layout of a flow graph with ELK's layered algorithm: steps in layers from the first step on, edges routed
// orthogonally around them, each edge's label given room of its own.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { FlowGraph } from './flow-graph.ts';

export interface Size {
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}

export interface GraphLayout {
  /** Top-left corner of each step. */
  steps: Map<string, Point>;
  /** Each edge's route, from its source to its target, and the top-left corner of its label. */
  edges: Map<string, { points: Point[]; label: Point | undefined }>;
  width: number;
  height: number;
}

const elk = new ELK();

const OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.spacing.nodeNodeBetweenLayers': '32',
  'elk.spacing.nodeNode': '48',
  'elk.spacing.edgeNode': '24',
  'elk.spacing.edgeEdge': '16',
  'elk.spacing.edgeLabel': '6',
  'elk.layered.spacing.edgeNodeBetweenLayers': '24',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '16',
  'elk.edgeLabels.inline': 'false',
  // Cycles are broken against the order the steps are given in (the funnel's order, see below).
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.layered.nodePlacement.bk.fixedAlignment': 'BALANCED',
  'elk.padding': '[top=24,left=24,bottom=24,right=24]',
};

/** The steps in the order a visitor meets them (breadth first from the first step, forward moves only), then the rest. */
function funnelOrder(graph: FlowGraph): string[] {
  const first = graph.steps.find((s) => s.initial)?.id;
  const order: string[] = [];
  const queue = first === undefined ? [] : [first];
  while (queue.length) {
    const id = queue.shift() as string;
    if (order.includes(id)) continue;
    order.push(id);
    queue.push(...graph.edges.filter((e) => e.from === id && e.event !== 'BACK').map((e) => e.to));
  }
  return [...order, ...graph.steps.map((s) => s.id).filter((id) => !order.includes(id))];
}

export async function layoutGraph(graph: FlowGraph, stepSizes: Map<string, Size>, labelSizes: Map<string, Size>): Promise<GraphLayout> {
  const size = (sizes: Map<string, Size>, id: string) => sizes.get(id) ?? { width: 1, height: 1 };
  // A Back edge is laid out the way the visitor came (so it does not turn the funnel's order upside down) and drawn
  // reversed, from the step it leaves to the step it returns to.
  const reversed = new Set(graph.edges.filter((e) => e.event === 'BACK').map((e) => e.id));
  const root: ElkNode = {
    id: 'root',
    layoutOptions: OPTIONS,
    children: funnelOrder(graph).map((id) => ({ id, ...size(stepSizes, id) })),
    edges: graph.edges.map((e): ElkExtendedEdge => ({
      id: e.id,
      sources: [reversed.has(e.id) ? e.to : e.from],
      targets: [reversed.has(e.id) ? e.from : e.to],
      labels: labelSizes.has(e.id) ? [{ id: `${e.id}:label`, text: e.id, ...size(labelSizes, e.id) }] : [],
    })),
  };
  const laid = await elk.layout(root);
  const steps = new Map((laid.children ?? []).map((n) => [n.id, { x: n.x ?? 0, y: n.y ?? 0 }]));
  const edges = new Map(
    (laid.edges ?? []).map((e) => {
      const points = (e.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
      const label = e.labels?.[0];
      return [e.id, { points: reversed.has(e.id) ? points.reverse() : points, label: label ? { x: label.x ?? 0, y: label.y ?? 0 } : undefined }] as const;
    }),
  );
  const width = laid.width ?? 0;
  const height = laid.height ?? 0;
  return { steps, edges, width, height };
}
