// The way on from a report: what a claim could be worth, and a free consultation, in the visitor's language.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { withLang } from '../../layout/LangLink.tsx';
import { newVisit } from '../../page-history.ts';

export const CALCULATOR_ROUTE = '/calculate-your-accident-claim-value';
export const CONSULTATION_ROUTE = '/request-attorney';

/** quiet: both links as second actions, below a page's own main one. */
export function NextSteps({ quiet = false }: { quiet?: boolean }) {
  const { t, i18n } = useTranslation('report');
  return (
    <section className="report-section next-steps" aria-labelledby="report-next">
      <h2 id="report-next">{t('screen.next.title')}</h2>
      <ul className="next-steps__list">
        <li className="card next-step">
          <p className="next-step__text">{t('screen.next.calculatorText')}</p>
          <Link className={`btn ${quiet ? 'btn-secondary' : 'btn-primary'} btn-block`} href={withLang(CALCULATOR_ROUTE, i18n.language)} state={newVisit()}>
            {t('screen.next.calculator')}
          </Link>
        </li>
        <li className="card next-step">
          <p className="next-step__text">{t('screen.next.consultationText')}</p>
          <Link className="btn btn-secondary btn-block" href={withLang(CONSULTATION_ROUTE, i18n.language)} state={newVisit()}>
            {t('screen.next.consultation')}
          </Link>
        </li>
      </ul>
    </section>
  );
}
