// /{id}: a report's short link. When {id} is a report's public id (22 characters of base64url) that the API finds, the
// home screen with that report's card on top; for anything else, the not-found page.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { fetchReport, type Report } from '../../api/reports.ts';
import { REPORT_ID } from '../../../engine/site-pages.ts';
import { LangLink } from '../../layout/LangLink.tsx';
import { LinksPage } from '../LinksPage.tsx';
import { formatWhen, vehicleText } from '../search/format.ts';
import { HomePage } from './HomePage.tsx';

type Loaded = { id: string; attempt: number } & ({ report: Report } | { missing: true } | { failed: true });

export default function ShortLinkPage({ id }: { id: string }) {
  const { t } = useTranslation('search');
  const valid = REPORT_ID.test(id);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!valid) return undefined;
    const controller = new AbortController();
    fetchReport(id, controller.signal).then(
      (report) => setLoaded({ id, attempt, report }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded(error instanceof ApiError && error.status === 404 ? { id, attempt, missing: true } : { id, attempt, failed: true });
      },
    );
    return () => controller.abort();
  }, [id, valid, attempt]);

  const state = loaded?.id === id && loaded.attempt === attempt ? loaded : null;
  if (!valid || (state && 'missing' in state)) return <LinksPage copy="notFound" />;
  const report = state && 'report' in state ? state.report : null;
  return (
    <HomePage
      title={report ? `${t('home.report.title')}, ${report.city}, ${report.state}` : t('home.report.title')}
      top={<ReportCardView report={report} failed={!!state && 'failed' in state} onRetry={() => setAttempt((n) => n + 1)} />}
    />
  );
}

function ReportCardView({ report, failed, onRetry }: { report: Report | null; failed: boolean; onRetry: () => void }) {
  const { t, i18n } = useTranslation('search');
  const titleId = useId();
  const vehicles = report?.vehicles
    .map((vehicle) => vehicleText(vehicle, t))
    .filter(Boolean)
    .join(', ');
  return (
    <article className="home-report" aria-labelledby={titleId} aria-busy={!report && !failed}>
      <h1 id={titleId} className="home-report__title">
        {t('home.report.title')}
      </h1>
      {report ? (
        <>
          <p className="home-report__when">{formatWhen(report.occurredAt, i18n.language)}</p>
          <p>
            {report.city}, {report.state}
          </p>
          {vehicles && <p>{t('results.vehicles', { list: vehicles })}</p>}
          {report.demo && <p className="badge">{t('results.demo')}</p>}
          <LangLink to={`/accident/${report.id}`} className="btn btn-primary home-report__open">
            {t('home.report.open')}
          </LangLink>
        </>
      ) : failed ? (
        <div role="alert">
          <p>{t('home.report.failed')}</p>
          <button type="button" className="btn btn-secondary" onClick={onRetry}>
            {t('results.error.retry')}
          </button>
        </div>
      ) : (
        <p role="status">{t('home.report.loading')}</p>
      )}
    </article>
  );
}
