// The footer: the legal pages, one's privacy choices, the language switch, and who runs the site (GET /api/legal).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLegalFacts } from '../api/legal.ts';
import { usePageLocation } from '../page-history.ts';
import { LangLink } from './LangLink.tsx';
import { operatorCopy } from './operator.ts';

export function Footer() {
  const { t, i18n } = useTranslation('app');
  const location = usePageLocation();
  const other = i18n.language === 'es' ? 'en' : 'es';

  const switchLanguage = () => {
    const params = new URLSearchParams(location.search);
    if (other === 'en') params.delete('lang');
    else params.set('lang', other);
    const search = params.toString();
    void i18n.changeLanguage(other);
    location.navigate(`${location.pathname}${search ? `?${search}` : ''}`, { replace: true, state: location.state });
  };

  return (
    <footer className="site-footer">
      <nav aria-label={t('footer.links')} className="footer-links">
        <LangLink to="/terms">{t('footer.terms')}</LangLink>
        <LangLink to="/privacy-policy">{t('footer.privacy')}</LangLink>
        <LangLink to="/privacy">{t('footer.yourData')}</LangLink>
        <LangLink to="/sms-terms">{t('footer.smsTerms')}</LangLink>
        <LangLink to="/disclaimer">{t('footer.disclaimer')}</LangLink>
        <LangLink to="/accessibility">{t('footer.accessibility')}</LangLink>
        <button type="button" className="text-button" lang={other} onClick={switchLanguage} aria-label={t('footer.switchLabel')}>
          {t('footer.switchTo')}
        </button>
      </nav>
      <p className="footer-notice">{t('footer.notice')}</p>
      <Operator />
    </footer>
  );
}

/**
 * Who runs the site and how to reach them, asked of the API once the footer nears the screen: it is below the fold on a
 * phone, so a funnel's first screen (where ads land) makes no request for it. Nothing until the API has said.
 */
function Operator() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: '300px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return <div ref={ref}>{near && <OperatorBlock />}</div>;
}

function OperatorBlock() {
  const { t } = useTranslation('app');
  const { state } = useLegalFacts();
  if (state.kind !== 'shown') return null;
  const { operator } = state.facts;
  const copy = operatorCopy(operator, t);
  return (
    <address className="footer-operator" aria-label={t('footer.operator')}>
      <p>
        {t('operator.runBy', copy)} <a href={copy.phoneHref}>{copy.phone}</a> · <a href={`mailto:${copy.email}`}>{copy.email}</a>
      </p>
      <p>{operator.advertisingDisclaimer ?? t('operator.advertising')}</p>
    </address>
  );
}
