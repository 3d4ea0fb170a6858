// The side list: every flow file, the funnels it defines with their routes, and a check mark or its problems.
import type { Catalogues } from '../engine/check.ts';
import { copyText } from './copy/copy-table.ts';
import { hrefOf, type Route } from './route.ts';
import type { FileView } from './use-studio-data.ts';

/** How many of a file's problems the list shows; the flow's page shows them all. */
const SHOWN = 3;

export function FlowList({ files, catalogues, route }: { files: FileView[]; catalogues: Catalogues; route: Route }) {
  const current = 'flowId' in route ? route.flowId : route.view === 'file' ? route.file : undefined;
  return (
    <nav className="flow-list" aria-label="Flows">
      <h2 className="flow-list-title">
        Flows <span>{files.reduce((n, f) => n + f.flows.length, 0)}</span>
      </h2>
      <ul>
        {files.map((file) => (
          <li key={file.file} className={`flow-file${file.problems.length ? ' has-problems' : ''}`}>
            <p className="flow-file-name">
              <span className="status-icon" aria-hidden="true">
                {file.problems.length ? '✕' : '✓'}
              </span>
              {file.file}
              <span className="visually-hidden">{file.problems.length ? `: ${file.problems.length} problems` : ': passes flows:check'}</span>
            </p>
            {file.flows.map((flow) => (
              <a key={flow.id} className="flow-link" href={hrefOf({ view: 'graph', flowId: flow.id })} aria-current={current === flow.id ? 'page' : undefined}>
                <span className="flow-link-name">{copyText(catalogues, 'en', 'meta.title', flow.namespace).text ?? flow.id}</span>
                <span className="flow-link-routes">{flow.routes.join('  ')}</span>
              </a>
            ))}
            {!file.flows.length && (
              <a className="flow-link" href={hrefOf({ view: 'file', file: file.file })} aria-current={current === file.file ? 'page' : undefined}>
                <span className="flow-link-name">No valid funnel yet</span>
              </a>
            )}
            {file.problems.length > 0 && (
              <ul className="flow-file-problems">
                {file.problems.slice(0, SHOWN).map((p) => (
                  <li key={p.line}>
                    {/* A problem in a shared part is said at the part's file. */}
                    <code>{p.file === file.file ? p.pointer : `${p.file}: ${p.pointer}`}</code> {p.message}
                  </li>
                ))}
                {file.problems.length > SHOWN && <li>and {file.problems.length - SHOWN} more</li>}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
