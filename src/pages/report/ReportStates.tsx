// What the report screen shows before or instead of a report: loading, not found (with the way to search), and a
// failure to reach the API (with a retry).
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../layout/Skeleton.tsx';
import { Link } from 'wouter';
import { withLang } from '../../layout/LangLink.tsx';
import { newVisit } from '../../page-history.ts';
import { NextSteps } from './NextSteps.tsx';
import { SITE_LINKS } from '../../layout/site-links.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** The heading stays where the report's will be, and the card keeps the room it will take (no layout shift). */
export function ReportLoading() {
  const { t } = useTranslation('report');
  return (
    <section className="page report report--waiting">
      <h1>{t('screen.title')}</h1>
      <Skeleton label={t('screen.loading')} />
    </section>
  );
}

export function ReportNotFound() {
  const { t, i18n } = useTranslation(['report', 'app']);
  usePageTitle(t('screen.notFound.title'));
  return (
    <section className="page report report--short">
      <h1>{t('screen.notFound.title')}</h1>
      <p>{t('screen.notFound.text')}</p>
      <p className="report-alert">{t('screen.notFound.delay')}</p>
      <p>
        <Link className="btn btn-primary btn-block" href={withLang(SITE_LINKS.findReport, i18n.language)} state={newVisit()}>
          {t('screen.notFound.find')}
        </Link>
      </p>
      <NextSteps quiet />
    </section>
  );
}

export function ReportFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('report');
  return (
    <section className="page report report--waiting">
      <h1>{t('screen.title')}</h1>
      <div role="alert">
        <p className="report-alert report-alert--error">{t('screen.failed')}</p>
      </div>
      <p>
        <button type="button" className="btn btn-primary btn-block" onClick={onRetry}>
          {t('screen.retry')}
        </button>
      </p>
    </section>
  );
}
