// A flow drawn as a graph (React Flow): steps and their transitions laid out by ELK, with a funnel report's figures on
// them when one is given. The cards and labels are drawn once out of sight to measure them, so the layout gives each
// its real size.
import {
  BaseEdge,
  Controls,
  EdgeLabelRenderer,
  Handle,
  MarkerType,
  MiniMap,
  Position,
  ReactFlow,
  type Edge,
  type EdgeProps,
  type Node,
  type NodeProps,
  type Viewport,
} from '@xyflow/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Catalogues } from '../../engine/check.ts';
import type { Flow } from '../../engine/types.ts';
import { copyText } from '../copy/copy-table.ts';
import { graphFigures, type ReportGroup } from '../report/graph-figures.ts';
import { go } from '../route.ts';
import { stepOfPointer, type FileView } from '../use-studio-data.ts';
import { EdgeLabel, edgeText } from './EdgeLabel.tsx';
import { flowGraph, type FlowGraph, type GraphEdge } from './flow-graph.ts';
import { layoutGraph, type GraphLayout, type Point, type Size } from './layout.ts';
import { StepCard, type StepCardData } from './StepCard.tsx';

type StepNode = Node<StepCardData & { open: () => void }, 'step'>;
type TransitionEdge = Edge<{ edge: GraphEdge; visits: number | undefined; points: Point[]; label: Point | undefined }, 'transition'>;

function StepNodeView({ data }: NodeProps<StepNode>) {
  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} className="step-handle" />
      <StepCard data={data} onOpen={data.open} />
      <Handle type="source" position={Position.Bottom} isConnectable={false} className="step-handle" />
    </>
  );
}

/** A polyline through the layout's points, its corners rounded. */
function roundedPath(points: Point[], radius = 10): string {
  const [first, ...rest] = points;
  if (!first) return '';
  let d = `M ${first.x} ${first.y}`;
  rest.forEach((point, i) => {
    const next = rest[i + 1];
    const prev = points[i] as Point;
    if (!next) {
      d += ` L ${point.x} ${point.y}`;
      return;
    }
    const r = Math.min(radius, Math.hypot(point.x - prev.x, point.y - prev.y) / 2, Math.hypot(next.x - point.x, next.y - point.y) / 2);
    const towards = (from: Point, to: Point) => {
      const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
      return { x: from.x + ((to.x - from.x) / length) * r, y: from.y + ((to.y - from.y) / length) * r };
    };
    const a = towards(point, prev);
    const b = towards(point, next);
    d += ` L ${a.x} ${a.y} Q ${point.x} ${point.y} ${b.x} ${b.y}`;
  });
  return d;
}

function TransitionEdgeView({ data, markerEnd }: EdgeProps<TransitionEdge>) {
  if (!data) return null;
  const { edge, visits, points, label } = data;
  const kind = edge.event === 'BACK' ? 'is-back' : edge.leadPath ? 'is-lead' : '';
  return (
    <>
      <BaseEdge path={roundedPath(points)} markerEnd={markerEnd} className={`transition-path ${kind}`} interactionWidth={0} />
      {label && (
        <EdgeLabelRenderer>
          <div className="edge-label-box" style={{ transform: `translate(${label.x}px, ${label.y}px)` }}>
            <EdgeLabel edge={edge} visits={visits} />
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

/** The design tokens' colours where React Flow takes a colour, not a CSS variable (arrowheads, the minimap). */
const COLORS = { back: '#9aa5b8', lead: '#137333', edge: '#4f5b70', problem: '#b3261e' };

/** The smallest zoom the view opens at: text still reads. */
const MIN_READABLE = 0.75;

const nodeTypes = { step: StepNodeView };
const edgeTypes = { transition: TransitionEdgeView };

/** React Flow's nodes and edges for a laid out graph. */
function drawing(
  flowId: string,
  graph: FlowGraph,
  cards: Map<string, StepCardData>,
  visits: Map<string, number> | undefined,
  sizes: Map<string, Size>,
  at: GraphLayout,
) {
  const nodes = graph.steps.map((step): StepNode => ({
    id: step.id,
    type: 'step',
    position: at.steps.get(step.id) ?? { x: 0, y: 0 },
    // Measured already: given, so the minimap draws the steps at once.
    ...sizes.get(step.id),
    data: { ...(cards.get(step.id) as StepCardData), open: () => go({ view: 'step', flowId, stepId: step.id }) },
  }));
  const edges = graph.edges.map((edge): TransitionEdge => ({
    id: edge.id,
    source: edge.from,
    target: edge.to,
    type: 'transition',
    ariaLabel: edgeText(edge, visits?.get(edge.id)),
    markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16, color: edge.event === 'BACK' ? COLORS.back : edge.leadPath ? COLORS.lead : COLORS.edge },
    data: { edge, visits: visits?.get(edge.id), ...(at.edges.get(edge.id) ?? { points: [], label: undefined }) },
  }));
  return { nodes, edges };
}

/** The view a graph opens at: all of it, centred, never above its real size nor so small it cannot be read (then its top). */
function fitted(at: GraphLayout, width: number, height: number): Viewport {
  const zoom = Math.max(MIN_READABLE, Math.min(1, width / (at.width || 1), height / (at.height || 1)));
  return { x: (width - at.width * zoom) / 2, y: Math.max(0, (height - at.height * zoom) / 2), zoom };
}

const sizeOf = (element: Element): Size => ({ width: (element as HTMLElement).offsetWidth, height: (element as HTMLElement).offsetHeight });

interface Props {
  flow: Flow;
  file: FileView;
  catalogues: Catalogues;
  /** The funnel report's figures to show (one version and variant), if any. */
  report?: ReportGroup;
}

export function FlowGraphView({ flow, file, catalogues, report }: Props) {
  const graph = useMemo(() => flowGraph(flow), [flow]);
  const figures = useMemo(() => report && graphFigures(graph, report), [graph, report]);
  const cards = useMemo(
    () =>
      new Map(
        graph.steps.map((step): [string, StepCardData] => [
          step.id,
          {
            step,
            title: step.title ? (copyText(catalogues, 'en', step.title, flow.namespace).text ?? step.title) : '',
            problems: file.problems.filter((p) => p.file === file.file && stepOfPointer(p.pointer) === step.id).map((p) => p.message),
            figures: figures?.steps.get(step.id),
          },
        ]),
      ),
    [graph, catalogues, flow.namespace, file, figures],
  );
  const measures = useRef<HTMLDivElement>(null);
  // The last layout stays drawn while the next is computed (a file saved again), so the view does not blink or move.
  const [drawn, setDrawn] = useState<{ nodes: StepNode[]; edges: TransitionEdge[]; viewport: Viewport }>();
  const view = useRef<HTMLElement>(null);

  useEffect(() => {
    const box = measures.current;
    if (!box) return;
    let live = true;
    const sizes = (attribute: string) => new Map([...box.querySelectorAll(`[${attribute}]`)].map((el) => [el.getAttribute(attribute) as string, sizeOf(el)]));
    const { offsetWidth = 0, offsetHeight = 0 } = view.current ?? {};
    const stepSizes = sizes('data-step');
    void layoutGraph(graph, stepSizes, sizes('data-edge')).then((at) => {
      if (live) setDrawn({ ...drawing(flow.id, graph, cards, figures?.edges, stepSizes, at), viewport: fitted(at, offsetWidth, offsetHeight) });
    });
    return () => {
      live = false;
    };
  }, [flow.id, graph, cards, figures]);

  return (
    <section className="graph" aria-label={`Graph of ${flow.id}`} ref={view}>
      <div className="graph-measures" ref={measures} aria-hidden="true" inert>
        {graph.steps.map((step) => (
          <div key={step.id} data-step={step.id} className="graph-measure">
            <StepCard data={cards.get(step.id) as StepCardData} />
          </div>
        ))}
        {graph.edges.map((edge) => (
          <div key={edge.id} data-edge={edge.id} className="graph-measure">
            <EdgeLabel edge={edge} visits={figures?.edges.get(edge.id)} />
          </div>
        ))}
      </div>
      {drawn && (
        <ReactFlow
          nodes={drawn.nodes}
          edges={drawn.edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          defaultViewport={drawn.viewport}
          // Read like a page: the wheel scrolls down the funnel; zoom with the buttons, a pinch or Ctrl and the wheel.
          panOnScroll
          zoomOnScroll={false}
          attributionPosition="bottom-center"
          minZoom={0.15}
          maxZoom={1.5}
        >
          <Controls showInteractive={false} position="bottom-right" />
          <MiniMap
            position="top-right"
            ariaLabel={`Map of the whole graph of ${flow.id}`}
            pannable
            nodeColor={(node: StepNode) => (node.data.problems.length ? COLORS.problem : node.data.step.leadPath ? COLORS.lead : COLORS.back)}
            nodeBorderRadius={6}
            bgColor="#ffffff"
            maskColor="rgb(229 233 241 / 0.7)"
          />
        </ReactFlow>
      )}
      <ul className="graph-legend" aria-label="Legend">
        <li className="legend-lead">on a path that creates a lead</li>
        <li className="legend-back">Back</li>
        <li className="legend-problem">a problem from flows:check</li>
        <li className="legend-effect">
          <span aria-hidden="true">⚡</span> runs an effect
        </li>
      </ul>
    </section>
  );
}
