// Loads a report with the visitor's proof; a proof the API refuses (wrong, or too many tries) falls back to the public
// facts and says why, so the page still shows the report.
import { startTransition, useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { fetchReport, type Report, type ReportProof } from '../../api/reports.ts';
import { primedReport, proofKey } from './proof-store.ts';

export type ReportLoad = { status: 'loading' } | { status: 'ready'; report: Report } | { status: 'not-found' } | { status: 'failed' };

/** Why a proof did not open the full report: it matches no vehicle or case of it, or too many wrong ones were tried. */
export type ProofProblem = { kind: 'mismatch'; field: 'vin' | 'caseId' } | { kind: 'limited'; seconds?: number } | { kind: 'failed' };

export function proofProblemOf(error: unknown, proof: ReportProof): ProofProblem {
  // 400: a proof too long to be any report's (from an edited URL).
  if (error instanceof ApiError && (error.status === 403 || error.status === 400)) return { kind: 'mismatch', field: 'vin' in proof ? 'vin' : 'caseId' };
  if (error instanceof ApiError && error.status === 429) return { kind: 'limited', seconds: error.retryAfter };
  return { kind: 'failed' };
}

interface Loaded {
  load: ReportLoad;
  /** Set when the proof given was refused and the public report is shown instead. */
  refused?: ProofProblem;
}

async function loadReport(id: string, proof: ReportProof | undefined): Promise<Loaded> {
  try {
    return { load: { status: 'ready', report: await fetchReport(id, proof) } };
  } catch (error) {
    if (proof && error instanceof ApiError && (error.status === 403 || error.status === 429 || error.status === 400)) {
      return { ...(await loadReport(id, undefined)), refused: proofProblemOf(error, proof) };
    }
    return { load: error instanceof ApiError && error.status === 404 ? { status: 'not-found' } : { status: 'failed' } };
  }
}

/**
 * Requests started while rendering, by report and proof, until an effect takes them: the request goes out as soon as the
 * page renders, not once it commits (React holds back a commit that shows a new Loading state by up to 300 ms).
 */
const started = new Map<string, Promise<Loaded>>();

export function startRequest(key: string, id: string, proof: ReportProof | undefined): void {
  if (!started.has(key)) started.set(key, loadReport(id, proof));
}

function takeRequest(key: string, id: string, proof: ReportProof | undefined): Promise<Loaded> {
  startRequest(key, id, proof);
  const request = started.get(key) as Promise<Loaded>;
  started.delete(key);
  return request;
}

const initial = (key: string): Loaded & { key: string } => {
  const report = primedReport(key);
  return { key, load: report ? { status: 'ready', report } : { status: 'loading' } };
};

export function useReport(id: string, proof: ReportProof | undefined) {
  const key = proofKey(id, proof);
  const [state, setState] = useState(() => initial(key));
  const [attempt, setAttempt] = useState(0);
  // Another report or proof: start from what is known of it (a report the proof form just fetched), else loading.
  const current = state.key === key ? state : initial(key);
  if (current !== state) setState(current);
  const loading = current.load.status === 'loading';
  if (loading) startRequest(key, id, proof);

  useEffect(() => {
    if (!loading) return undefined;
    let active = true;
    void takeRequest(key, id, proof).then((loaded) => {
      // A transition: the whole report is drawn in slices that leave the phone free between them (no long task).
      if (active) startTransition(() => setState({ key, ...loaded }));
    });
    return () => {
      active = false;
    };
    // proof is read through key (a new object each render with the same meaning).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, loading]);

  const retry = useCallback(() => {
    setState({ key, load: { status: 'loading' } });
    setAttempt((n) => n + 1);
  }, [key]);

  return { load: current.load, refused: current.refused, retry };
}
