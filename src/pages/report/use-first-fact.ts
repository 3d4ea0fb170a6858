// The first fact of the visitor's proof for a report: the one the URL brought (moved into the tab's storage and out of
// the address bar) or kept in the tab, checked once with the API, which says whether it is the report's and which
// vehicle a VIN is, so the page highlights it and asks only for a last name.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { proveReport, type ReportFact } from '../../api/reports.ts';
import { usePageLocation } from '../../page-history.ts';
import { factInUrl, keepFact, parsedFact, storedFactText, withoutProof } from './proof-store.ts';
import { proofProblemOf, type ProofField, type ProofProblem } from './use-report.ts';

export type FactCheck =
  | { status: 'none' }
  | { status: 'checking'; fact: ReportFact }
  /** The fact is the report's: vehicle is its VIN's unit. */
  | { status: 'known'; fact: ReportFact; vehicle?: number }
  | { status: 'refused'; fact: ReportFact; problem: ProofProblem };

export const factField = (fact: ReportFact): ProofField => ('vin' in fact ? 'vin' : 'caseId' in fact ? 'caseId' : 'token');

/** The tab's storage tells no one of its changes: the kept fact is read on each render. */
const noSubscription = () => () => undefined;

/** vin: the VIN of /accident/{id}/{vin}; base: the report's path without it (where the page moves to). */
export function useFirstFact(id: string, vin: string | undefined, base: string) {
  const location = usePageLocation();
  const inUrl = factInUrl(vin, location.search);
  const [check, setCheck] = useState<FactCheck>(() => (inUrl ? { status: 'checking', fact: inUrl } : { status: 'none' }));
  // The fact kept for the tab (a reload after it left the URL), read once the page is the browser's: the page the
  // server drew, which the first render draws alike, knows nothing of the tab's storage.
  const kept = useSyncExternalStore(
    noSubscription,
    () => storedFactText(id),
    () => null,
  );
  const [keptRead, setKeptRead] = useState(false);
  if (kept !== null && !keptRead) {
    setKeptRead(true);
    const fact = parsedFact(kept);
    if (fact && check.status === 'none') setCheck({ status: 'checking', fact });
  }

  // Out of the URL: the fact goes to the tab's storage, the address to the report's own, with whatever else it had.
  useEffect(() => {
    if (!inUrl) return;
    keepFact(id, inUrl);
    location.navigate(`${base}${withoutProof(location.search)}`, { replace: true, state: location.state });
    // Once per fact in the URL; location changes with the navigation itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, JSON.stringify(inUrl ?? null)]);

  const checking = check.status === 'checking' ? check.fact : undefined;
  useEffect(() => {
    if (!checking) return undefined;
    let active = true;
    proveReport(id, checking).then(
      (answer) => {
        if (active) setCheck({ status: 'known', fact: checking, ...(!answer.proved && answer.vehicle !== undefined ? { vehicle: answer.vehicle } : {}) });
      },
      (error: unknown) => {
        const problem = proofProblemOf(error, factField(checking));
        // A fact that is not the report's is forgotten, so a reload does not try it again.
        if (problem.kind === 'mismatch') keepFact(id, undefined);
        if (active) setCheck({ status: 'refused', fact: checking, problem });
      },
    );
    return () => {
      active = false;
    };
  }, [id, checking]);

  /** Forgets the fact: the visitor gives another. */
  const forget = () => {
    keepFact(id, undefined);
    setCheck({ status: 'none' });
  };

  return { check, forget };
}
