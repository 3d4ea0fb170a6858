// Loads a report as this browser may see it (the server's proof cookie decides), and says why a proof was refused.
import { createContext, startTransition, use, useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { DRAWN_REPORT_ID } from '../../../engine/site-pages.ts';
import { fetchReport, type Report } from '../../api/reports.ts';
import { drawnBlock } from '../../drawn-block.ts';

export type ReportLoad = { status: 'loading' } | { status: 'ready'; report: Report } | { status: 'not-found' } | { status: 'failed' };

/** The facts a proof can give. */
export type ProofField = 'vin' | 'caseId' | 'token' | 'lastName';

/** Why a proof did not open the full report: a fact is not the report's, too many wrong ones were tried, or no answer. */
export type ProofProblem = { kind: 'mismatch'; field: ProofField } | { kind: 'limited'; seconds?: number } | { kind: 'failed' };

/** The problem an error of POST /api/reports/{id}/proof stands for; given: the first fact's field sent. */
export function proofProblemOf(error: unknown, given: ProofField): ProofProblem {
  // 403 names the field; 400: a fact too long to be any report's (from an edited URL).
  if (error instanceof ApiError && (error.status === 403 || error.status === 400)) {
    const field = error.field === 'lastName' || error.field === 'token' || error.field === 'vin' || error.field === 'caseId' ? error.field : given;
    return { kind: 'mismatch', field };
  }
  if (error instanceof ApiError && error.status === 429) return { kind: 'limited', seconds: error.retryAfter };
  return { kind: 'failed' };
}

async function loadReport(id: string): Promise<ReportLoad> {
  try {
    return { status: 'ready', report: await fetchReport(id) };
  } catch (error) {
    return error instanceof ApiError && error.status === 404 ? { status: 'not-found' } : { status: 'failed' };
  }
}

/**
 * Requests started while rendering (or by the entry's preload), by report, until the page shows their answer: the
 * request goes out as soon as the page renders, not once it commits (React holds back a commit that shows a new Loading
 * state by up to 300 ms), and a render while it is under way or its answer is on the way to the screen starts no other.
 */
const started = new Map<string, Promise<ReportLoad>>();

export function startRequest(id: string): void {
  if (!started.has(id)) started.set(id, loadReport(id));
}

/**
 * The report the page was drawn with, its public facts: given to the server's render (src/entry-server.tsx), read from
 * the page's block in the browser, so that the first render draws what the page shows.
 */
export const DrawnReport = createContext<Report | undefined>(drawnBlock<Report>(DRAWN_REPORT_ID));

interface ReportState {
  id: string;
  load: ReportLoad;
  /** The public facts the page was drawn with, shown until the answer to this visitor (whose proof may open more). */
  drawn?: boolean;
}

export function useReport(id: string) {
  const drawnReport = use(DrawnReport);
  const [state, setState] = useState<ReportState>(() =>
    drawnReport?.id === id ? { id, load: { status: 'ready', report: drawnReport }, drawn: true } : { id, load: { status: 'loading' } },
  );
  const [attempt, setAttempt] = useState(0);
  const current = state.id === id ? state : { id, load: { status: 'loading' } as ReportLoad };
  if (current !== state) setState(current);
  const loading = current.load.status === 'loading';
  const asking = loading || current.drawn === true;
  if (loading) startRequest(id);

  useEffect(() => {
    if (!asking) return undefined;
    let active = true;
    startRequest(id);
    void (started.get(id) as Promise<ReportLoad>).then((load) => {
      // A transition: the whole report is drawn in slices that leave the phone free between them (no long task). A
      // drawn page keeps its facts unless the answer is a report.
      if (active) startTransition(() => setState((shown) => (shown.drawn && load.status !== 'ready' ? { id, load: shown.load } : { id, load })));
    });
    return () => {
      active = false;
    };
  }, [id, attempt, asking]);

  // Shown: the request is done with (a reload starts another).
  useEffect(() => {
    if (!asking) started.delete(id);
  }, [id, asking]);

  /** Loads the report again: after a failure, or once the visitor proved involvement (the cookie now opens it). */
  const reload = useCallback(() => {
    setState({ id, load: { status: 'loading' } });
    setAttempt((n) => n + 1);
  }, [id]);

  /** Shows a report the page fetched itself (the full one, just after the proof). */
  const show = useCallback((report: Report) => setState({ id, load: { status: 'ready', report } }), [id]);

  return { load: current.load, reload, show };
}
