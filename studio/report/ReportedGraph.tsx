// The graph tab: the funnel report's filters and summary above the flow's graph, which shows the report's figures of
// the chosen version and variant. Without a report (no API set up, or none answering) the graph is drawn as ever.
import { useState } from 'react';
import type { Catalogues } from '../../engine/check.ts';
import type { Flow } from '../../engine/types.ts';
import { FlowGraphView } from '../graph/FlowGraphView.tsx';
import type { FileView } from '../use-studio-data.ts';
import { defaultGroup, groupName } from './graph-figures.ts';
import { ReportBar } from './ReportBar.tsx';
import { NO_FILTERS, useFunnelReport, type ReportFilters } from './use-funnel-report.ts';

export function ReportedGraph({ flow, file, catalogues }: { flow: Flow; file: FileView; catalogues: Catalogues }) {
  const [filters, setFilters] = useState<ReportFilters>(NO_FILTERS);
  const { answer, loading, refresh } = useFunnelReport(flow.id, filters);
  // Kept by name, so a new answer (other days) shows the same version and variant if it has them.
  const [chosen, setChosen] = useState<string>();
  const groups = answer?.kind === 'report' ? answer.report.groups : [];
  const group = groups.find((g) => groupName(g) === chosen) ?? groups[defaultGroup(groups, flow.version)];

  return (
    <>
      <ReportBar flow={flow} answer={answer} loading={loading} filters={filters} onFilters={setFilters} onRefresh={refresh} group={group} onGroup={setChosen} />
      <FlowGraphView flow={flow} file={file} catalogues={catalogues} report={group} />
    </>
  );
}
