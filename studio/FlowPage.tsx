// One flow: its name, routes and check, then its graph (with its funnel report), its copy table or a step's preview.
import type { Catalogues } from '../engine/check.ts';
import type { Flow } from '../engine/types.ts';
import { CopyTable } from './copy/CopyTable.tsx';
import { copyText } from './copy/copy-table.ts';
import { ProblemList } from './FileProblems.tsx';
import { PreviewView } from './preview/PreviewView.tsx';
import { ReportedGraph } from './report/ReportedGraph.tsx';
import { hrefOf, type Route } from './route.ts';
import type { FileView } from './use-studio-data.ts';

interface Props {
  flow: Flow;
  file: FileView;
  /** Every funnel (the copy table's unused keys are those no funnel of the namespace names). */
  flows: Flow[];
  catalogues: Catalogues;
  route: Route;
}

export function FlowPage({ flow, file, flows, catalogues, route }: Props) {
  const view = route.view === 'copy' || route.view === 'step' ? route.view : 'graph';
  const stepId = route.view === 'step' ? route.stepId : undefined;
  const title = copyText(catalogues, 'en', 'meta.title', flow.namespace).text ?? flow.id;
  const tabs = [
    { view: 'graph', label: 'Graph', href: hrefOf({ view: 'graph', flowId: flow.id }) },
    { view: 'copy', label: 'Copy', href: hrefOf({ view: 'copy', flowId: flow.id }) },
    { view: 'step', label: 'Preview', href: hrefOf({ view: 'step', flowId: flow.id, stepId: stepId ?? flow.initial }) },
  ];

  return (
    <div className={`flow-page flow-page-${view}`}>
      <header className="flow-head">
        <div className="flow-head-text">
          <h1>{title}</h1>
          <p className="flow-meta">
            <span>{flow.id}</span>
            <span>version {flow.version}</span>
            <span>{file.file}</span>
            <span>copy: {flow.namespace}</span>
          </p>
          <ul className="route-chips" aria-label="Routes">
            {flow.routes.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
        <p className={`check-badge ${file.problems.length ? 'is-bad' : 'is-good'}`}>
          {file.problems.length ? `✕ ${file.problems.length} ${file.problems.length === 1 ? 'problem' : 'problems'}` : '✓ flows:check passes'}
        </p>
      </header>
      {file.problems.length > 0 && <ProblemList file={file} />}
      <nav className="tabs" aria-label="Views of the flow">
        {tabs.map((tab) => (
          <a key={tab.view} href={tab.href} className="tab" aria-current={view === tab.view ? 'page' : undefined}>
            {tab.label}
          </a>
        ))}
      </nav>
      {view === 'graph' && <ReportedGraph flow={flow} file={file} catalogues={catalogues} />}
      {view === 'copy' && <CopyTable flow={flow} flows={flows} catalogues={catalogues} />}
      {stepId !== undefined &&
        (stepId in flow.steps ? (
          <PreviewView flow={flow} stepId={stepId} catalogues={catalogues} />
        ) : (
          <p className="studio-empty">This flow has no step “{stepId}”. Pick one in its graph.</p>
        ))}
    </div>
  );
}
