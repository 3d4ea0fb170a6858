// The report screen of /accident/{id}, /accident/{id}/{vin} and /business/{id}/{userId}: the report as the visitor may
// see it. The personal data needs two facts (a VIN or the case ID, and a last name); a first fact the URL brings (the
// VIN of /accident/{id}/{vin}, a link's ?proof=) is checked and kept for the tab, and the form then asks only for the
// last name. A business partner's link (spec §6) shows the same screen, saying so, and keeps the partner's token for
// every lead this browser sends.
import { Suspense, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from '../../api/reports.ts';
import { keepBusinessToken } from '../../attribution.ts';
import { Skeleton } from '../../layout/Skeleton.tsx';
import { usePageLocation } from '../../page-history.ts';
import { REPORT_NAMESPACES } from './preload.ts';
import { keepFact, markProved } from './proof-store.ts';
import { ReportFailed, ReportLoading, ReportNotFound } from './ReportStates.tsx';
import { ReportView } from './ReportView.tsx';
import { useFirstFact } from './use-first-fact.ts';
import { useReport } from './use-report.ts';
import '../../../widgets/shared/ui.css';
import './report.css';

/** `businessUser`: the token of the business partner whose link this is (/business/{id}/{userId}). */
export function ReportPage(props: { id: string; vin?: string; businessUser?: string }) {
  // Another report is another screen: nothing of this one's proof carries over.
  return <ReportScreen key={props.id} {...props} />;
}

function ReportScreen({ id, vin, businessUser }: { id: string; vin?: string; businessUser?: string }) {
  const { pathname } = usePageLocation();
  const base = vin === undefined ? pathname : `/accident/${encodeURIComponent(id)}`;
  const { check, forget } = useFirstFact(id, vin, base);
  const { load, reload, show } = useReport(id);

  useEffect(() => {
    if (businessUser !== undefined) keepBusinessToken(businessUser);
  }, [businessUser]);

  const onProved = useCallback(
    (report: Report) => {
      keepFact(id, undefined);
      markProved();
      show(report);
    },
    [id, show],
  );

  return (
    // The report's copy loads beside the report itself: this boundary lets the fetch start while it does.
    <Suspense fallback={<CopyLoading />}>
      <WithCopy />
      {load.status === 'loading' && <ReportLoading />}
      {load.status === 'not-found' && <ReportNotFound />}
      {load.status === 'failed' && <ReportFailed onRetry={reload} />}
      {load.status === 'ready' && <ReportView report={load.report} check={check} onForget={forget} onProved={onProved} business={businessUser !== undefined} />}
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
      <Skeleton label={t('loading')} />
    </section>
  );
}
