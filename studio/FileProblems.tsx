// A flow file's problems as flows:check reports them, each at the file and JSON pointer its author wrote.
import type { FileView } from './use-studio-data.ts';

export function ProblemList({ file }: { file: FileView }) {
  return (
    <section className="problems" aria-labelledby="problems-title">
      <h2 id="problems-title">
        {file.problems.length} {file.problems.length === 1 ? 'problem' : 'problems'} from flows:check
        {file.stale && <span className="problems-stale"> · showing the last valid version of {file.file}</span>}
      </h2>
      <ul>
        {file.problems.map((p) => (
          <li key={p.line}>
            <code className="problem-where">
              {p.file}: {p.pointer}
            </code>
            <span>{p.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The page of a file that defines no valid funnel (yet): only its problems. */
export function FileProblems({ file }: { file: FileView }) {
  return (
    <div className="flow-page">
      <header className="flow-head">
        <h1>{file.file}</h1>
      </header>
      <ProblemList file={file} />
    </div>
  );
}
