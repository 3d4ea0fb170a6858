// The funnel report's bar over the graph: the days and language of the visits counted, the version and variant shown,
// and what the report says in a line, or plainly why there is no report and how to set it up.
import type { Flow } from '../../engine/types.ts';
import { groupName, percent, visitsText, type ReportGroup } from './graph-figures.ts';
import type { ReportAnswer } from './studio-report.ts';
import type { ReportFilters } from './use-funnel-report.ts';

interface Props {
  flow: Flow;
  answer: ReportAnswer | undefined;
  loading: boolean;
  filters: ReportFilters;
  onFilters: (filters: ReportFilters) => void;
  onRefresh: () => void;
  group: ReportGroup | undefined;
  onGroup: (name: string) => void;
}

const LANGUAGES = [
  ['', 'All languages'],
  ['en', 'English'],
  ['es', 'Spanish'],
] as const;

/** Why there is no report, and what to do about it. */
function ProblemText({ answer }: { answer: Exclude<ReportAnswer, { kind: 'report' }> }) {
  switch (answer.kind) {
    case 'not-configured':
      return (
        <>
          No funnel report: the studio has no key for the claimflow API. Start it with <code>STUDIO_ANALYTICS_KEY</code> set to one of the API&apos;s{' '}
          <code>ANALYTICS_KEYS</code>, and <code>STUDIO_API_URL</code> if the API is not at {answer.api}.
        </>
      );
    case 'unreachable':
      return (
        <>
          No funnel report: nothing answers at {answer.api} ({answer.detail}). Start the API (<code>npm run dev:api</code> or <code>npm start</code>), or set{' '}
          <code>STUDIO_API_URL</code> to where it runs, then Refresh.
        </>
      );
    case 'refused':
      return (
        <>
          No funnel report: the API at {answer.api} refused <code>STUDIO_ANALYTICS_KEY</code>. Set it to one of that server&apos;s <code>ANALYTICS_KEYS</code>.
        </>
      );
    case 'failed':
      return (
        <>
          No funnel report: the API at {answer.api} answered {answer.status}: {answer.detail}
        </>
      );
  }
}

/** What the report says in a line: its visits and completions, and anything it counts that the graph cannot show. */
function summaryText(group: ReportGroup | undefined, offGraph: string[]): string {
  if (!group) return 'No visits in these days and language.';
  const completed = `${group.completions} completed${group.completionRate === null ? '' : ` (${percent(group.completionRate)})`}`;
  return [`${visitsText(group.visits)}, ${completed}.`, ...offGraph].join(' ');
}

export function ReportBar({ flow, answer, loading, filters, onFilters, onRefresh, group, onGroup }: Props) {
  const report = answer?.kind === 'report' ? answer.report : undefined;
  const set = (change: Partial<ReportFilters>) => onFilters({ ...filters, ...change });
  const drawn = new Set(Object.keys(flow.steps));
  const offGraph = [
    ...(group?.steps.filter((s) => s.reached > 0 && !drawn.has(s.step)) ?? []).map(
      (s) => `Step ${s.step}, not in this flow now, was reached by ${visitsText(s.reached)}.`,
    ),
    group && group.version !== flow.version ? `These visits ran version ${group.version}; the graph is version ${flow.version}.` : '',
  ].filter(Boolean);

  return (
    <section className="report-bar" aria-label="Funnel report" aria-busy={loading}>
      <h2>Funnel report</h2>
      {/* Without a key nothing the page does can bring a report: the studio must be started again. */}
      <fieldset className="report-filters" disabled={answer?.kind === 'not-configured'}>
        <legend className="visually-hidden">Visits counted</legend>
        <label>
          From <input type="date" value={filters.since} max={filters.until || undefined} onChange={(e) => set({ since: e.target.value })} />
        </label>
        <label>
          To <input type="date" value={filters.until} min={filters.since || undefined} onChange={(e) => set({ until: e.target.value })} />
        </label>
        <span className="report-utc">UTC days</span>
        <label>
          Visitors{' '}
          <select value={filters.lang} onChange={(e) => set({ lang: e.target.value as ReportFilters['lang'] })}>
            {LANGUAGES.map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {report && report.groups.length > 1 && group && (
          <label>
            Showing{' '}
            <select value={groupName(group)} onChange={(e) => onGroup(e.target.value)}>
              {report.groups.map((g) => (
                <option key={groupName(g)} value={groupName(g)}>
                  {groupName(g)} ({visitsText(g.visits)})
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" className="report-refresh" onClick={onRefresh} disabled={loading}>
          {loading ? 'Loading…' : 'Refresh'}
        </button>
      </fieldset>
      <p className={`report-status${answer && answer.kind !== 'report' ? ' is-problem' : ''}`} role="status">
        {!answer ? 'Loading the report…' : answer.kind === 'report' ? summaryText(group, offGraph) : <ProblemText answer={answer} />}
      </p>
      {group && (
        <p className="report-legend">
          Drop-off: <span className="drop-band is-low">under 20%</span> <span className="drop-band is-medium">20–50%</span>{' '}
          <span className="drop-band is-high">50% and over</span>
        </p>
      )}
    </section>
  );
}
