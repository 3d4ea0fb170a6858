// The footer: the legal pages, one's privacy choices, the language switch, and who runs the site (GET /api/legal).
import { useCallback, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageLocation } from '../page-history.ts';
import { LangLink } from './LangLink.tsx';
import { LEGAL_PAGES } from './site-links.ts';

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
        {LEGAL_PAGES.map((page) => (
          <LangLink key={page} to={`/${page}`}>
            {t(`footer.${page}`)}
          </LangLink>
        ))}
        <LangLink to="/privacy">{t('footer.yourData')}</LangLink>
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
 * Who runs the site and how to reach them (src/pages/legal/operator.tsx, with its call to GET /api/legal), fetched once
 * the footer is on screen: below the fold on a phone, so a funnel's first screen (where ads land) carries none of it.
 */
function Operator() {
  const [Block, setBlock] = useState<ComponentType>();
  const observe = useCallback((element: HTMLDivElement) => {
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) void import('../pages/legal/operator.tsx').then((chunk) => setBlock(() => chunk.default));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return <div ref={observe}>{Block && <Block />}</div>;
}
