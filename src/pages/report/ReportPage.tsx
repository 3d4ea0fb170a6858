// The report screen of /accident/{id}, /accident/{id}/{vin} and /business/{id}/{userId}: the report as the visitor may
// see it, with the proof of involvement from the URL's VIN or a case ID typed in this tab. A business partner's link
// (spec §6) shows the same screen, saying so, and keeps the partner's token for every lead this browser sends.
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report, ReportProof } from '../../api/reports.ts';
import { keepBusinessToken } from '../../attribution.ts';
import { usePageLocation } from '../../page-history.ts';
import { REPORT_NAMESPACES } from './preload.ts';
import { keepCaseId, markProved, primeReport, proofKey, proofOf, storedCaseId } from './proof-store.ts';
import { ReportFailed, ReportLoading, ReportNotFound } from './ReportStates.tsx';
import { ReportView } from './ReportView.tsx';
import { useReport } from './use-report.ts';
import '../../../widgets/shared/ui.css';
import './report.css';

/** `businessUser`: the token of the business partner whose link this is (/business/{id}/{userId}). */
export function ReportPage({ id, vin, businessUser }: { id: string; vin?: string; businessUser?: string }) {
  const location = usePageLocation();
  // The case ID proving involvement, per report: the one kept in this tab at first (kept here even once refused, so
  // the refusal stays on screen instead of the page fetching again without it).
  const [caseIds, setCaseIds] = useState<Record<string, string | undefined>>(() => ({ [id]: storedCaseId(id) }));
  const caseId = id in caseIds ? caseIds[id] : storedCaseId(id);
  const proof = proofOf(vin, caseId);
  const { load, refused, retry } = useReport(id, proof);

  useEffect(() => {
    if (businessUser !== undefined) keepBusinessToken(businessUser);
  }, [businessUser]);

  // A case ID the API no longer takes (a wrong one kept, a report amended) is forgotten, so a reload does not retry it.
  const refusedCase = refused?.kind === 'mismatch' && proof && 'caseId' in proof;
  useEffect(() => {
    if (refusedCase) keepCaseId(id, undefined);
  }, [refusedCase, id]);

  const onProved = useCallback(
    (given: ReportProof, report: Report) => {
      primeReport(proofKey(id, given), report);
      markProved();
      if ('vin' in given) {
        location.navigate(`/accident/${encodeURIComponent(id)}/${given.vin}${location.search}`, { replace: true, state: location.state });
      } else {
        keepCaseId(id, given.caseId);
        setCaseIds((all) => ({ ...all, [id]: given.caseId }));
      }
    },
    [id, location],
  );

  return (
    // The report's copy loads beside the report itself: this boundary lets the fetch start while it does.
    <Suspense fallback={<CopyLoading />}>
      <WithCopy />
      {load.status === 'loading' && <ReportLoading />}
      {load.status === 'not-found' && <ReportNotFound />}
      {load.status === 'failed' && <ReportFailed onRetry={retry} />}
      {load.status === 'ready' && (
        <ReportView
          report={load.report}
          proof={proof}
          refused={refused && proof ? { proof, problem: refused } : undefined}
          onProved={onProved}
          business={businessUser !== undefined}
        />
      )}
    </Suspense>
  );
}

function WithCopy() {
  useTranslation(REPORT_NAMESPACES);
  return null;
}

function CopyLoading() {
  const { t } = useTranslation('app');
  return (
    <section className="page report report--waiting">
      <p className="loading">{t('loading')}</p>
    </section>
  );
}
