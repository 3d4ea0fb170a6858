// The studio's frame: a bar with the check's summary, the flows at the side, and the chosen flow's view.
import type { Flow } from '../engine/types.ts';
import { FileProblems } from './FileProblems.tsx';
import { FlowList } from './FlowList.tsx';
import { FlowPage } from './FlowPage.tsx';
import { useRoute } from './route.ts';
import { useStudioData, type FileView } from './use-studio-data.ts';

export function Studio() {
  const data = useStudioData();
  const route = useRoute();
  if (!data) return <p className="studio-loading">Reading the flows…</p>;
  const flows = data.files.flatMap((file) => file.flows.map((flow) => ({ flow, file })));
  const problemCount = data.files.reduce((n, f) => n + f.problems.length, 0);
  const fallback = flows[0];
  const chosen: { flow: Flow; file: FileView } | undefined =
    route.view === 'home' ? fallback : 'flowId' in route ? flows.find((f) => f.flow.id === route.flowId) : undefined;
  const brokenFile = route.view === 'file' ? data.files.find((f) => f.file === route.file) : undefined;
  // A step's preview takes the whole width: two phones and their controls.
  const focused = route.view === 'step';

  return (
    <div className="studio" data-version={data.version}>
      <header className="studio-bar">
        <a className="studio-brand" href="#/">
          ClaimFlow <span>Studio</span>
        </a>
        <p className={`studio-summary ${problemCount ? 'is-bad' : 'is-good'}`} role="status">
          {problemCount
            ? `${problemCount} ${problemCount === 1 ? 'problem' : 'problems'} in ${data.files.filter((f) => f.problems.length).length} of ${data.files.length} files`
            : `All ${data.files.length} flow files pass flows:check`}
        </p>
        <p className="studio-dir" title="FLOWS_DIR">
          {data.flowsDir}
        </p>
      </header>
      {data.error && (
        <p className="studio-error" role="alert">
          The files could not be read: {data.error}
        </p>
      )}
      <div className="studio-body">
        {!focused && <FlowList files={data.files} catalogues={data.catalogues} route={route} />}
        <main className="studio-main">
          {chosen ? (
            <FlowPage key={chosen.flow.id} flow={chosen.flow} file={chosen.file} flows={flows.map((f) => f.flow)} catalogues={data.catalogues} route={route} />
          ) : brokenFile ? (
            <FileProblems file={brokenFile} />
          ) : (
            <p className="studio-empty">No such flow. Pick one at the side.</p>
          )}
        </main>
      </div>
    </div>
  );
}
