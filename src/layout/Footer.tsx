// The footer: the legal pages, one's privacy choices, the language switch, and who runs the site (GET /api/legal).
import { useCallback, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { LEGAL_PAGES } from '../../engine/site-pages.ts';
import { LangLink } from './LangLink.tsx';
import { LanguageToggle } from './LanguageToggle.tsx';

export function Footer() {
  const { t } = useTranslation('app');
  return (
    <footer className="site-footer">
      <nav aria-label={t('footer.links')} className="footer-links">
        {LEGAL_PAGES.map((page) => (
          <LangLink key={page} to={`/${page}`}>
            {t(`footer.${page}`)}
          </LangLink>
        ))}
        <LangLink to="/privacy">{t('footer.yourData')}</LangLink>
        <LanguageToggle />
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
